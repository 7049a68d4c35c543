import { describe, expect, it } from "vitest";
import { canDiscard, stepDiscard, yopCanPick, yopPair } from "../choices";
import { controls } from "../controls";
import {
  activeMode,
  highlights,
  initialUi,
  normalizeLegal,
  reconcile,
  reduce,
  type Ctx,
  type UiEvent,
  type UiState,
} from "../interaction";
import { loadSample, scenario } from "../fixtures/scenarios";
import type { Legal } from "../types";

function ctxOf(name = "main", legal: Partial<Legal> = {}): Ctx {
  const x = name === "main" ? loadSample() : scenario(name);
  return { state: x.state, legal: normalizeLegal({ ...x.legal, ...legal }) };
}

/** Apply events in order; return the final UI state and every intent sent. */
function run(ctx: Ctx, events: UiEvent[], ui: UiState = reconcile(initialUi(), ctx)) {
  const intents: unknown[] = [];
  for (const ev of events) {
    const res = reduce(ui, ev, ctx);
    ui = res.ui;
    if (res.intent) intents.push(res.intent);
  }
  return { ui, intents };
}

const act = (name: string, seat?: number): UiEvent => ({ type: "action", name, seat });
const V = 57;

describe("direct actions", () => {
  const cases: [string, Partial<Legal>][] = [
    ["roll", { roll: true }],
    ["end_turn", { end_turn: true }],
    ["buy_development_card", { buy_development_card: true }],
    ["play_knight", { play: { knight: true, road_building: false, year_of_plenty: false, monopoly: false } }],
    ["play_road_building", { play: { knight: false, road_building: true, year_of_plenty: false, monopoly: false } }],
    ["accept_trade", { respond_trade: true, accept_trade: true }],
    ["decline_trade", { respond_trade: true }],
    ["cancel_trade", { cancel_trade: true }],
    ["undo", { undo: true }],
  ];
  it.each(cases)("%s sends {kind: %s} with the state version", (kind, legal) => {
    const { intents } = run(ctxOf("main", legal), [act(kind)]);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind } }]);
  });

  it.each(cases)("%s sends nothing when legal does not allow it", (kind) => {
    const off = normalizeLegal({ seat: 0 });
    const { intents } = run({ state: loadSample().state, legal: off }, [act(kind)]);
    expect(intents).toEqual([]);
  });

  it("accept_trade needs legal.accept_trade when the engine sends it", () => {
    expect(run(ctxOf("main", { respond_trade: true, accept_trade: false }), [act("accept_trade")]).intents).toEqual([]);
    expect(normalizeLegal({ respond_trade: true }).accept_trade).toBe(true);
  });

  it("toggle_pips is always sent", () => {
    const { intents } = run(ctxOf("bot"), [act("toggle_pips")]);
    expect(intents).toEqual([{ type: "act", version: V + 1, action: { kind: "toggle_pips" } }]);
  });

  it("the view selector sends set_view with the seat", () => {
    const { intents } = run(ctxOf(), [{ type: "view", seat: -1 }]);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind: "set_view", seat: -1 } }]);
  });

  it("always echoes the current state.version", () => {
    const ctx = ctxOf("main", { roll: true });
    ctx.state.version = 1234;
    expect(run(ctx, [act("roll")]).intents).toEqual([{ type: "act", version: 1234, action: { kind: "roll" } }]);
  });
});

describe("building with a pending placement", () => {
  it("settlement: mode, click, ghost, confirm", () => {
    const ctx = ctxOf();
    const { ui, intents } = run(ctx, [act("build_settlement"), { type: "node", node: 29 }]);
    expect(ui.mode).toBe("settlement");
    expect(ui.pending).toEqual({ kind: "build_settlement", node: 29 });
    expect(intents).toEqual([]);
    const done = run(ctx, [act("confirm")], ui);
    expect(done.intents).toEqual([{ type: "act", version: V, action: { kind: "build_settlement", node: 29 } }]);
    expect(done.ui.pending).toBeNull();
    expect(done.ui.mode).toBeNull();
  });

  it("road: click a legal edge then confirm", () => {
    const { intents } = run(ctxOf(), [act("build_road"), { type: "edge", edge: 41 }, act("confirm")]);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind: "build_road", edge: 41 } }]);
  });

  it("city: click one of the own settlements then confirm", () => {
    const { intents } = run(ctxOf(), [act("build_city"), { type: "node", node: 44 }, act("confirm")]);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind: "build_city", node: 44 } }]);
  });

  it("ignores clicks on spots that are not legal", () => {
    const { ui } = run(ctxOf(), [act("build_road"), { type: "edge", edge: 0 }, { type: "node", node: 29 }]);
    expect(ui.pending).toBeNull();
  });

  it("ignores board clicks when no mode is chosen in the main phase", () => {
    const { ui } = run(ctxOf(), [{ type: "node", node: 29 }, { type: "edge", edge: 41 }]);
    expect(ui.pending).toBeNull();
  });

  it("a second click moves the pending placement", () => {
    const { ui } = run(ctxOf(), [act("build_road"), { type: "edge", edge: 41 }, { type: "edge", edge: 43 }]);
    expect(ui.pending).toEqual({ kind: "build_road", edge: 43 });
  });

  it("cancel drops the placement first, then the mode", () => {
    const ctx = ctxOf();
    const a = run(ctx, [act("build_road"), { type: "edge", edge: 41 }, act("cancel")]);
    expect(a.ui.pending).toBeNull();
    expect(a.ui.mode).toBe("road");
    expect(run(ctx, [act("cancel")], a.ui).ui.mode).toBeNull();
  });

  it("switching modes toggles and replaces", () => {
    const ctx = ctxOf();
    expect(run(ctx, [act("build_road"), act("build_settlement")]).ui.mode).toBe("settlement");
    expect(run(ctx, [act("build_road"), act("build_road")]).ui.mode).toBeNull();
    expect(run(ctxOf("main", { cities: [] }), [act("build_city")]).ui.mode).toBeNull();
  });

  it("confirm with nothing pending sends nothing", () => {
    expect(run(ctxOf(), [act("confirm")]).intents).toEqual([]);
  });

  it("setup and road-building phases need no mode button", () => {
    const setup = ctxOf("setup");
    expect(activeMode(initialUi(), setup)).toBe("settlement");
    const node = setup.legal.settlements[0];
    expect(run(setup, [{ type: "node", node }, act("confirm")]).intents).toEqual([
      { type: "act", version: V + 1, action: { kind: "build_settlement", node } },
    ]);
    const rb = ctxOf("main");
    rb.state.phase = "road_building";
    expect(activeMode(initialUi(), rb)).toBe("road");
    rb.state.phase = "setup_road";
    expect(highlights(initialUi(), rb).edges.size).toBe(rb.legal.roads.length);
  });

  it("lights up only the spots of the active mode", () => {
    const ctx = ctxOf();
    expect(highlights(initialUi(), ctx).edges.size).toBe(0);
    const { ui } = run(ctx, [act("build_city")]);
    const hl = highlights(ui, ctx);
    expect([...hl.nodes]).toEqual(ctx.legal.cities);
    expect(hl.edges.size).toBe(0);
  });

  it("nothing is lit or clickable when no human may act", () => {
    const ctx = ctxOf("bot", { roads: [1, 2] });
    expect(activeMode({ ...initialUi(), mode: "road" }, ctx)).toBeNull();
  });
});

describe("the robber", () => {
  const base = () => ctxOf("robber");

  it("skips the victim chooser with nobody to rob (victim null)", () => {
    const ctx = base();
    const { ui, intents } = run(ctx, [{ type: "hex", hex: 6 }, act("confirm")]);
    expect(ctx.legal.robber.find((o) => o.hex === 6)?.victims).toEqual([]);
    expect(ui.pending).toBeNull();
    expect(intents).toEqual([{ type: "act", version: V + 1, action: { kind: "move_robber", hex: 6, victim: null } }]);
  });

  it("skips the chooser with exactly one victim", () => {
    const { intents } = run(base(), [{ type: "hex", hex: 7 }, act("confirm")]);
    expect(intents).toEqual([{ type: "act", version: V + 1, action: { kind: "move_robber", hex: 7, victim: 3 } }]);
  });

  it("asks for a victim when there are several", () => {
    const ctx = base();
    const first = run(ctx, [{ type: "hex", hex: 4 }, act("confirm")]);
    expect(first.intents).toEqual([]);
    expect(first.ui.pending).toMatchObject({ kind: "move_robber", hex: 4, victims: [1, 2], victim: null });
    const second = run(ctx, [{ type: "victim", seat: 3 }, { type: "victim", seat: 2 }, act("confirm")], first.ui);
    expect(second.intents).toEqual([{ type: "act", version: V + 1, action: { kind: "move_robber", hex: 4, victim: 2 } }]);
  });

  it("does not select the robber's current hex", () => {
    const ctx = base();
    expect(run(ctx, [{ type: "hex", hex: ctx.state.robber }]).ui.pending).toBeNull();
  });
});

describe("discarding", () => {
  const hand = { lumber: 2, brick: 1, wool: 3, grain: 1, ore: 2 };

  it("counts picks up to the number asked and within the hand", () => {
    let p = {};
    for (let i = 0; i < 5; i++) p = stepDiscard(p, "brick", 1, hand, 4);
    expect(p).toEqual({ brick: 1 });
    for (let i = 0; i < 5; i++) p = stepDiscard(p, "wool", 1, hand, 4);
    expect(p).toEqual({ brick: 1, wool: 3 });
    expect(stepDiscard(p, "ore", 1, hand, 4)).toBe(p);
    expect(stepDiscard(p, "wool", -1, hand, 4)).toEqual({ brick: 1, wool: 2 });
    expect(stepDiscard({}, "ore", -1, hand, 4)).toEqual({ ore: 0 });
  });

  it("allows the discard only when the count matches exactly", () => {
    expect(canDiscard({ wool: 3 }, 4)).toBe(false);
    expect(canDiscard({ wool: 3, ore: 1 }, 4)).toBe(true);
    expect(canDiscard({}, 0)).toBe(false);
  });

  it("sends the chosen cards without zero entries", () => {
    const ctx = ctxOf("discard");
    const step = (resource: "wool" | "ore" | "grain", delta = 1): UiEvent => ({ type: "step", side: "discard", resource, delta });
    const early = run(ctx, [step("wool"), step("wool"), step("ore"), act("discard")]);
    expect(early.intents).toEqual([]);
    const { intents, ui } = run(ctx, [step("wool"), step("wool"), step("grain"), step("grain", -1), step("ore"), step("ore"), act("discard")]);
    expect(intents).toEqual([{ type: "act", version: V + 1, action: { kind: "discard", cards: { wool: 2, ore: 2 } } }]);
    expect(ui.discard).toEqual({});
  });
});

describe("development cards", () => {
  it("year of plenty: two picks from the allowed pairs", () => {
    const ctx = ctxOf("yop");
    const { ui, intents } = run(ctx, [
      act("play_year_of_plenty"),
      { type: "resource", resource: "grain" },
      { type: "resource", resource: "ore" },
      act("confirm"),
    ]);
    expect(intents).toEqual([{ type: "act", version: V + 1, action: { kind: "play_year_of_plenty", resources: ["ore", "grain"] } }]);
    expect(ui.dialog).toBeNull();
  });

  it("year of plenty refuses picks that no allowed pair contains", () => {
    const pairs: ["ore" | "grain", "ore" | "grain"][] = [["ore", "ore"], ["ore", "grain"]];
    expect(yopCanPick([], "wool", pairs)).toBe(false);
    expect(yopCanPick(["grain"], "grain", pairs)).toBe(false);
    expect(yopCanPick(["grain"], "ore", pairs)).toBe(true);
    expect(yopPair(["grain", "ore"], pairs)).toEqual(["ore", "grain"]);
    expect(yopPair(["grain"], pairs)).toBeNull();
  });

  it("year of plenty cannot open when the card is not playable", () => {
    expect(run(ctxOf(), [act("play_year_of_plenty")]).ui.dialog).toBeNull();
  });

  it("monopoly: pick a resource then confirm", () => {
    const ctx = ctxOf("main", { play: { knight: false, road_building: false, year_of_plenty: false, monopoly: true } });
    const a = run(ctx, [act("play_monopoly"), act("confirm")]);
    expect(a.intents).toEqual([]);
    const b = run(ctx, [{ type: "resource", resource: "ore" }, act("confirm")], a.ui);
    expect(b.intents).toEqual([{ type: "act", version: V, action: { kind: "play_monopoly", resource: "ore" } }]);
  });
});

describe("trading", () => {
  it("maritime: give and get among legal.maritime", () => {
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("maritime_trade")]);
    expect(ui.dialog).toEqual({ kind: "maritime", give: "wool", get: null });
    const bad = run(ctx, [{ type: "resource", resource: "wool", role: "get" }], ui);
    expect(bad.ui.dialog).toMatchObject({ get: null });
    const { intents } = run(ctx, [{ type: "resource", resource: "ore", role: "get" }, act("confirm")], ui);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind: "maritime_trade", give: "wool", get: "ore" } }]);
  });

  it("offer: steppers and a target seat build the offer", () => {
    const ctx = ctxOf();
    const { intents } = run(ctx, [
      act("offer_trade"),
      { type: "step", side: "give", resource: "wool", delta: 1 },
      { type: "step", side: "give", resource: "wool", delta: 1 },
      { type: "step", side: "want", resource: "ore", delta: 1 },
      { type: "trade_to", seat: 2 },
      act("confirm"),
    ]);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind: "offer_trade", give: { wool: 2 }, want: { ore: 1 }, to: 2 } }]);
  });

  it("offer to everyone sends to: null; an empty side cannot be sent", () => {
    const ctx = ctxOf();
    const empty = run(ctx, [act("offer_trade"), { type: "step", side: "want", resource: "ore", delta: 1 }, act("confirm")]);
    expect(empty.intents).toEqual([]);
    const { intents } = run(ctx, [{ type: "step", side: "give", resource: "brick", delta: 1 }, act("confirm")], empty.ui);
    expect(intents).toEqual([{ type: "act", version: V, action: { kind: "offer_trade", give: { brick: 1 }, want: { ore: 1 }, to: null } }]);
  });

  it("cannot offer more than the own hand", () => {
    const ctx = ctxOf();
    const steps: UiEvent[] = [1, 2, 3].map(() => ({ type: "step", side: "give", resource: "brick", delta: 1 }));
    expect(run(ctx, [act("offer_trade"), ...steps]).ui.dialog).toMatchObject({ give: { brick: 1 } });
  });

  it("counter: prefilled from the responder's side", () => {
    const ctx = ctxOf("trade");
    const { ui } = run(ctx, [act("counter_trade")]);
    expect(ui.dialog).toEqual({ kind: "counter", give: { wool: 1 }, want: { grain: 1 } });
    const { intents } = run(ctx, [{ type: "step", side: "want", resource: "grain", delta: 1 }, act("confirm")], ui);
    expect(intents).toEqual([{ type: "act", version: V + 1, action: { kind: "counter_trade", give: { wool: 1 }, want: { grain: 2 } } }]);
  });

  it("confirm_trade names the seat, only among legal.confirm_trade", () => {
    const ctx = ctxOf("confirm");
    expect(run(ctx, [act("confirm_trade", 2)]).intents).toEqual([{ type: "act", version: V + 1, action: { kind: "confirm_trade", player: 2 } }]);
    expect(run(ctx, [act("confirm_trade", 3)]).intents).toEqual([]);
  });
});

describe("reconciling with a new state", () => {
  it("keeps a placement that is still legal", () => {
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("build_road"), { type: "edge", edge: 41 }]);
    const next = { ...ctx, state: { ...ctx.state, version: V + 1 } };
    expect(reconcile(ui, next).pending).toEqual({ kind: "build_road", edge: 41 });
  });

  it("drops a placement and mode that are no longer legal", () => {
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("build_road"), { type: "edge", edge: 41 }]);
    const next: Ctx = { state: { ...ctx.state, version: V + 1 }, legal: { ...ctx.legal, roads: [] } };
    const r = reconcile(ui, next);
    expect(r.pending).toBeNull();
    expect(r.mode).toBeNull();
    expect(r.version).toBe(V + 1);
  });

  it("resets everything when the acting seat changes", () => {
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("offer_trade")]);
    const r = reconcile(ui, { ...ctx, legal: { ...ctx.legal, seat: 2 } });
    expect(r.dialog).toBeNull();
    expect(r.seat).toBe(2);
  });

  it("closes a dialog that legal no longer allows and clears discard picks", () => {
    const d = ctxOf("discard");
    const { ui } = run(d, [{ type: "step", side: "discard", resource: "wool", delta: 1 }]);
    expect(reconcile(ui, { ...d, legal: { ...d.legal, discard: 0 } }).discard).toEqual({});
    const m = ctxOf();
    const open = run(m, [act("offer_trade")]).ui;
    expect(reconcile(open, { ...m, legal: { ...m.legal, offer_trade: false } }).dialog).toBeNull();
  });

  it("dismissing the error remembers the version", () => {
    expect(run(ctxOf("error"), [{ type: "dismiss_error" }]).ui.dismissed).toBe(V + 1);
  });
});

describe("controls", () => {
  it("enables exactly what legal allows, with reasons as tooltips", () => {
    const ctx = ctxOf();
    const byAction = Object.fromEntries(controls(initialUi(), ctx).map((c) => [c.action, c]));
    expect(byAction.roll).toMatchObject({ enabled: false, reason: "You have already rolled this turn." });
    expect(byAction.end_turn.enabled).toBe(true);
    expect(byAction.build_road).toMatchObject({ enabled: true, pressed: false });
    expect(byAction.play_knight.enabled).toBe(true);
    expect(byAction.play_monopoly).toMatchObject({ enabled: false, reason: "You have no Monopoly card." });
    expect(byAction.undo.enabled).toBe(false);
  });

  it("says whom we wait for when no human may act", () => {
    const c = controls(initialUi(), ctxOf("bot"));
    expect(c.every((x) => !x.enabled)).toBe(true);
    expect(c[0].reason).toBe("Waiting for Cy.");
  });

  it("fills a missing legal trait with nothing allowed", () => {
    const l = normalizeLegal(null, 5);
    expect(l).toMatchObject({ version: 5, seat: null, roll: false, roads: [], discard: 0 });
  });
});
