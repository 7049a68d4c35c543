import { describe, expect, it } from "vitest";
import { canDiscard, stepDiscard, yopCanPick, yopPair } from "../choices";
import { controls } from "../controls";
import { activeMode, highlights, inFlight, initialUi, reconcile, reduce, type Ctx, type UiEvent, type UiState } from "../interaction";
import { edges, nodes, normalizeLegal, robberTargets } from "../legal";
import { loadSample, robberHex, scenario } from "../fixtures/scenarios";
import type { Action, Legal } from "../types";

const S = loadSample();
const V = S.state.version;
/** the edges, settlement corner and bank trades Python lists in the main position */
const ROADS = edges(S.legal);
const SETTLE = nodes(S.legal, "build_settlement")[0];
const OWN = S.state.buildings.filter(([, seat, kind]) => seat === 0 && kind === "settlement").map(([n]) => n);
const UNLIT_EDGE = S.board.edges.find((e) => !ROADS.includes(e.id))?.id ?? -1;
const UNLIT_NODE = S.board.nodes.find((n) => n.id !== SETTLE && !OWN.includes(n.id))?.id ?? -1;
const GIVE = S.legal.actions.find((a) => a.kind === "maritime_trade");

function ctxOf(name = "main", edit?: (l: Legal) => void): Ctx {
  const x = name === "main" ? loadSample() : scenario(name);
  const legal = normalizeLegal(x.legal);
  edit?.(legal);
  return { state: x.state, legal, settings: x.settings };
}

/** A legal edit: these actions listed as well. */
const plus = (...actions: Action[]) => (l: Legal): void => {
  l.actions.push(...actions);
};

/** Apply events in order; return the final UI state, every intent sent and every setting written. */
function run(ctx: Ctx, events: UiEvent[], ui: UiState = reconcile(initialUi(), ctx)) {
  const intents: unknown[] = [];
  const settings: unknown[] = [];
  for (const ev of events) {
    const res = reduce(ui, ev, ctx);
    ui = res.ui;
    if (res.intent) intents.push(res.intent);
    if (res.setting) settings.push(res.setting);
  }
  return { ui, intents, settings };
}

const act = (name: string, seat?: number): UiEvent => ({ type: "action", name, seat });
const sent = (version: number, action: Action) => ({ type: "act", version, action });

describe("fixture", () => {
  it("is the main phase with roads, a settlement and bank trades listed by Python", () => {
    expect(S.state.phase).toBe("main");
    expect(S.legal.seat).toBe(0);
    expect(ROADS.length).toBeGreaterThan(1);
    expect(SETTLE).toBeTypeOf("number");
    expect(GIVE).toBeDefined();
    expect(UNLIT_EDGE).toBeGreaterThanOrEqual(0);
  });
});

describe("direct actions", () => {
  const cases: [Action["kind"], (l: Legal) => void][] = [
    ["roll", plus({ kind: "roll" })],
    ["end_turn", plus({ kind: "end_turn" })],
    ["buy_development_card", plus({ kind: "buy_development_card" })],
    ["play_knight", plus({ kind: "play_knight" })],
    ["play_road_building", plus({ kind: "play_road_building" })],
    ["accept_trade", plus({ kind: "accept_trade" })],
    ["decline_trade", plus({ kind: "decline_trade" })],
    ["cancel_trade", plus({ kind: "cancel_trade" })],
    ["undo", (l) => (l.undo = true)],
  ];
  it.each(cases)("%s sends {kind: %s} with the state version", (kind, edit) => {
    const { intents } = run(ctxOf("main", edit), [act(kind)]);
    expect(intents).toEqual([sent(V, { kind } as Action)]);
  });

  it.each(cases)("%s sends nothing when legal does not list it", (kind) => {
    const off = normalizeLegal({ seat: 0 });
    const { intents } = run({ ...ctxOf(), legal: off }, [act(kind)]);
    expect(intents).toEqual([]);
  });

  it("the settings controls write their trait and send no intent", () => {
    const { intents, settings } = run(ctxOf("bot"), [
      { type: "setting", name: "view", value: -1 },
      { type: "setting", name: "show_pips", value: true },
      { type: "setting", name: "bot_delay", value: 0 },
      { type: "setting", name: "theme", value: "dark" },
    ]);
    expect(intents).toEqual([]);
    expect(settings).toEqual([
      { name: "view", value: -1 },
      { name: "show_pips", value: true },
      { name: "bot_delay", value: 0 },
      { name: "theme", value: "dark" },
    ]);
  });

  it("always echoes the current state.version", () => {
    const ctx = ctxOf("main", plus({ kind: "roll" }));
    ctx.state.version = 1234;
    expect(run(ctx, [act("roll")]).intents).toEqual([sent(1234, { kind: "roll" })]);
  });

  it("a tap on a disabled control shows its reason until the next event", () => {
    const a = run(ctxOf(), [{ type: "blocked", reason: "You have already rolled." }]);
    expect(a.ui.note).toBe("You have already rolled.");
    expect(a.intents).toEqual([]);
    expect(run(ctxOf(), [act("cancel")], a.ui).ui.note).toBeNull();
    expect(run(ctxOf(), [{ type: "clear_note" }], a.ui).ui.note).toBeNull();
  });
});

describe("building with a pending placement", () => {
  it("settlement: mode, click, ghost, confirm", () => {
    const ctx = ctxOf();
    const { ui, intents } = run(ctx, [act("build_settlement"), { type: "node", node: SETTLE }]);
    expect(ui.mode).toBe("build_settlement");
    expect(ui.pending).toEqual({ kind: "build_settlement", node: SETTLE });
    expect(intents).toEqual([]);
    const done = run(ctx, [act("confirm")], ui);
    expect(done.intents).toEqual([sent(V, { kind: "build_settlement", node: SETTLE })]);
    expect(done.ui.pending).toBeNull();
    expect(done.ui.mode).toBeNull();
  });

  it("road: click a listed edge then confirm", () => {
    const { intents } = run(ctxOf(), [act("build_road"), { type: "edge", edge: ROADS[0] }, act("confirm")]);
    expect(intents).toEqual([sent(V, { kind: "build_road", edge: ROADS[0] })]);
  });

  it("city: click one of the listed settlements then confirm", () => {
    const ctx = ctxOf("main", plus({ kind: "build_city", node: OWN[0] }));
    const { intents } = run(ctx, [act("build_city"), { type: "node", node: OWN[0] }, act("confirm")]);
    expect(intents).toEqual([sent(V, { kind: "build_city", node: OWN[0] })]);
  });

  it("a click on a spot that is not lit is sent at once: Python says why not", () => {
    const road = run(ctxOf(), [act("build_road"), { type: "edge", edge: UNLIT_EDGE }]);
    expect(road.ui.pending).toBeNull();
    expect(road.intents).toEqual([sent(V, { kind: "build_road", edge: UNLIT_EDGE })]);
    const settle = run(ctxOf(), [act("build_settlement"), { type: "node", node: UNLIT_NODE }]);
    expect(settle.intents).toEqual([sent(V, { kind: "build_settlement", node: UNLIT_NODE })]);
  });

  it("ignores clicks on spots of another kind than the mode's", () => {
    const { ui, intents } = run(ctxOf(), [act("build_road"), { type: "node", node: SETTLE }, { type: "hex", hex: 0 }]);
    expect(ui.pending).toBeNull();
    expect(intents).toEqual([]);
  });

  it("ignores board clicks when no mode is chosen in the main phase", () => {
    const { ui, intents } = run(ctxOf(), [{ type: "node", node: SETTLE }, { type: "edge", edge: ROADS[0] }, { type: "edge", edge: UNLIT_EDGE }]);
    expect(ui.pending).toBeNull();
    expect(intents).toEqual([]);
  });

  it("a second click moves the pending placement", () => {
    const { ui } = run(ctxOf(), [act("build_road"), { type: "edge", edge: ROADS[0] }, { type: "edge", edge: ROADS[1] }]);
    expect(ui.pending).toEqual({ kind: "build_road", edge: ROADS[1] });
  });

  it("cancel drops the placement first, then the mode", () => {
    const ctx = ctxOf();
    const a = run(ctx, [act("build_road"), { type: "edge", edge: ROADS[0] }, act("cancel")]);
    expect(a.ui.pending).toBeNull();
    expect(a.ui.mode).toBe("build_road");
    expect(run(ctx, [act("cancel")], a.ui).ui.mode).toBeNull();
  });

  it("switching modes toggles and replaces; an unlisted kind has no mode", () => {
    const ctx = ctxOf();
    expect(run(ctx, [act("build_road"), act("build_settlement")]).ui.mode).toBe("build_settlement");
    expect(run(ctx, [act("build_road"), act("build_road")]).ui.mode).toBeNull();
    expect(run(ctx, [act("build_city")]).ui.mode).toBeNull();
  });

  it("confirm with nothing pending sends nothing", () => {
    expect(run(ctxOf(), [act("confirm")]).intents).toEqual([]);
  });

  it("setup and road-building phases need no mode button, and unlit clicks are sent", () => {
    const setup = ctxOf("setup");
    expect(activeMode(initialUi(), setup)).toBe("build_settlement");
    const listed = nodes(setup.legal, "build_settlement");
    expect(run(setup, [{ type: "node", node: listed[0] }, act("confirm")]).intents).toEqual([
      sent(setup.state.version, { kind: "build_settlement", node: listed[0] }),
    ]);
    const taken = setup.state.buildings[0][0];
    expect(listed).not.toContain(taken);
    expect(run(setup, [{ type: "node", node: taken }]).intents).toEqual([sent(setup.state.version, { kind: "build_settlement", node: taken })]);
    const rb = ctxOf("main");
    rb.state.phase = "road_building";
    expect(activeMode(initialUi(), rb)).toBe("build_road");
    rb.state.phase = "setup_road";
    expect(highlights(initialUi(), rb).edges.size).toBe(ROADS.length);
  });

  it("lights up only the spots of the active mode, as listed", () => {
    const ctx = ctxOf("main", plus({ kind: "build_city", node: OWN[0] }, { kind: "build_city", node: OWN[1] }));
    expect(highlights(initialUi(), ctx).edges.size).toBe(0);
    const { ui } = run(ctx, [act("build_city")]);
    const hl = highlights(ui, ctx);
    expect([...hl.nodes]).toEqual([OWN[0], OWN[1]]);
    expect(hl.edges.size).toBe(0);
  });

  it("nothing is lit or clickable when no human may act", () => {
    const ctx = ctxOf("bot", plus({ kind: "build_road", edge: 1 }));
    expect(activeMode({ ...initialUi(), mode: "build_road" }, ctx)).toBeNull();
    expect(run(ctx, [{ type: "edge", edge: 1 }, { type: "hex", hex: 4 }]).intents).toEqual([]);
  });
});

describe("the robber", () => {
  const base = () => ctxOf("robber");
  const RV = scenario("robber").state.version;

  it("lights every listed hex, with its victims from the listed actions", () => {
    const ctx = base();
    const targets = robberTargets(ctx.legal);
    expect(highlights(initialUi(), ctx).hexes).toEqual(new Set(targets.keys()));
    expect(targets.has(ctx.state.robber)).toBe(false);
  });

  it("skips the victim chooser with nobody to rob (victim null)", () => {
    const ctx = base();
    const hex = robberHex(ctx.legal, 0);
    const { ui, intents } = run(ctx, [{ type: "hex", hex }, act("confirm")]);
    expect(ui.pending).toBeNull();
    expect(intents).toEqual([sent(RV, { kind: "move_robber", hex, victim: null })]);
  });

  it("skips the chooser with exactly one victim", () => {
    const ctx = base();
    const hex = robberHex(ctx.legal, 1);
    const victim = robberTargets(ctx.legal).get(hex)?.[0] ?? -1;
    expect(run(ctx, [{ type: "hex", hex }, act("confirm")]).intents).toEqual([sent(RV, { kind: "move_robber", hex, victim })]);
  });

  it("asks for a victim when there are several", () => {
    const ctx = base();
    const hex = robberHex(ctx.legal, 2);
    const victims = robberTargets(ctx.legal).get(hex) ?? [];
    const first = run(ctx, [{ type: "hex", hex }, act("confirm")]);
    expect(first.intents).toEqual([]);
    expect(first.ui.pending).toMatchObject({ kind: "move_robber", hex, victims, victim: null });
    const second = run(ctx, [{ type: "victim", seat: 0 }, { type: "victim", seat: victims[1] }, act("confirm")], first.ui);
    expect(second.intents).toEqual([sent(RV, { kind: "move_robber", hex, victim: victims[1] })]);
  });

  it("a click on the robber's own hex is sent (victim null) for Python to refuse", () => {
    const ctx = base();
    const res = run(ctx, [{ type: "hex", hex: ctx.state.robber }]);
    expect(res.ui.pending).toBeNull();
    expect(res.intents).toEqual([sent(RV, { kind: "move_robber", hex: ctx.state.robber, victim: null })]);
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

  it("sends the chosen cards without zero entries, picked from the own hand", () => {
    const ctx = ctxOf("discard");
    const ask = ctx.legal.discard;
    const own = ctx.state.players[0].resources ?? { lumber: 0, brick: 0, wool: 0, grain: 0, ore: 0 };
    const picks = (["lumber", "brick", "wool", "grain", "ore"] as const).flatMap((r) => Array<typeof r>(own[r]).fill(r)).slice(0, ask);
    const step = (resource: (typeof picks)[number], delta = 1): UiEvent => ({ type: "step", side: "discard", resource, delta });
    const early = run(ctx, [...picks.slice(1).map((r) => step(r)), act("discard")]);
    expect(early.intents).toEqual([]);
    const { intents, ui } = run(ctx, [...picks.map((r) => step(r)), act("discard")]);
    const cards: Record<string, number> = {};
    for (const r of picks) cards[r] = (cards[r] ?? 0) + 1;
    expect(intents).toEqual([sent(ctx.state.version, { kind: "discard", cards })]);
    expect(ui.discard).toEqual({});
  });
});

describe("development cards", () => {
  it("year of plenty: two picks among the listed pairs", () => {
    const ctx = ctxOf("yop");
    const { ui, intents } = run(ctx, [
      act("play_year_of_plenty"),
      { type: "resource", resource: "ore" },
      { type: "resource", resource: "grain" },
      act("confirm"),
    ]);
    expect(intents).toEqual([sent(V + 1, { kind: "play_year_of_plenty", resources: ["grain", "ore"] })]);
    expect(ui.dialog).toBeNull();
  });

  it("year of plenty refuses picks that no listed pair contains", () => {
    const pairs: ["ore" | "grain", "ore" | "grain"][] = [["ore", "ore"], ["ore", "grain"]];
    expect(yopCanPick([], "wool", pairs)).toBe(false);
    expect(yopCanPick(["grain"], "grain", pairs)).toBe(false);
    expect(yopCanPick(["grain"], "ore", pairs)).toBe(true);
    expect(yopPair(["grain", "ore"], pairs)).toEqual(["ore", "grain"]);
    expect(yopPair(["grain"], pairs)).toBeNull();
  });

  it("year of plenty cannot open when no pair is listed", () => {
    expect(run(ctxOf(), [act("play_year_of_plenty")]).ui.dialog).toBeNull();
  });

  it("monopoly: pick a resource then confirm", () => {
    const ctx = ctxOf("main", plus({ kind: "play_monopoly", resource: "ore" }, { kind: "play_monopoly", resource: "wool" }));
    const a = run(ctx, [act("play_monopoly"), act("confirm")]);
    expect(a.intents).toEqual([]);
    const b = run(ctx, [{ type: "resource", resource: "ore" }, act("confirm")], a.ui);
    expect(b.intents).toEqual([sent(V, { kind: "play_monopoly", resource: "ore" })]);
  });
});

describe("trading", () => {
  it("maritime: give and get among the listed trades", () => {
    if (GIVE?.kind !== "maritime_trade") throw new Error("no bank trade listed");
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("maritime_trade")]);
    expect(ui.dialog).toEqual({ kind: "maritime_trade", give: GIVE.give, get: null });
    const bad = run(ctx, [{ type: "resource", resource: GIVE.give, role: "get" }], ui);
    expect(bad.ui.dialog).toMatchObject({ get: null });
    const { intents } = run(ctx, [{ type: "resource", resource: GIVE.get, role: "get" }, act("confirm")], ui);
    expect(intents).toEqual([sent(V, { kind: "maritime_trade", give: GIVE.give, get: GIVE.get })]);
  });

  it("offer: steppers and a target seat build the offer", () => {
    const { intents } = run(ctxOf(), [
      act("offer_trade"),
      { type: "step", side: "give", resource: "lumber", delta: 1 },
      { type: "step", side: "give", resource: "lumber", delta: 1 },
      { type: "step", side: "want", resource: "wool", delta: 1 },
      { type: "trade_to", seat: 2 },
      act("confirm"),
    ]);
    expect(intents).toEqual([sent(V, { kind: "offer_trade", give: { lumber: 2 }, want: { wool: 1 }, to: 2 })]);
  });

  it("offer to everyone sends to: null; an empty side cannot be sent", () => {
    const ctx = ctxOf();
    const empty = run(ctx, [act("offer_trade"), { type: "step", side: "want", resource: "wool", delta: 1 }, act("confirm")]);
    expect(empty.intents).toEqual([]);
    const { intents } = run(ctx, [{ type: "step", side: "give", resource: "brick", delta: 1 }, act("confirm")], empty.ui);
    expect(intents).toEqual([sent(V, { kind: "offer_trade", give: { brick: 1 }, want: { wool: 1 }, to: null })]);
  });

  it("offer_trade opens only when legal.open lists it", () => {
    expect(run(ctxOf("main", (l) => (l.open = [])), [act("offer_trade")]).ui.dialog).toBeNull();
  });

  it("asks for at most legal.trade_max of one resource (the board's count, sent by Python)", () => {
    const want = (n: number): UiEvent[] => Array.from({ length: n }, () => ({ type: "step", side: "want", resource: "ore", delta: 1 }));
    const asked = (max: number) => {
      const { ui } = run(ctxOf("main", (l) => (l.trade_max = max)), [act("offer_trade"), ...want(30)]);
      return ui.dialog && ui.dialog.kind === "offer_trade" ? ui.dialog.want.ore : -1;
    };
    expect(normalizeLegal(S.legal).trade_max).toBe(19);
    expect(asked(19)).toBe(19);
    expect(asked(24)).toBe(24);
  });

  it("cannot offer more than the own hand", () => {
    const steps: UiEvent[] = [1, 2, 3].map(() => ({ type: "step", side: "give", resource: "brick", delta: 1 }));
    expect(run(ctxOf(), [act("offer_trade"), ...steps]).ui.dialog).toMatchObject({ give: { brick: 1 } });
  });

  it("counter: prefilled from the responder's side, allowed by legal.open", () => {
    const ctx = ctxOf("trade");
    const { ui } = run(ctx, [act("counter_trade")]);
    expect(ui.dialog).toEqual({ kind: "counter_trade", give: { wool: 1 }, want: { grain: 1 } });
    const { intents } = run(ctx, [{ type: "step", side: "want", resource: "grain", delta: 1 }, act("confirm")], ui);
    expect(intents).toEqual([sent(V + 1, { kind: "counter_trade", give: { wool: 1 }, want: { grain: 2 } })]);
    expect(run(ctxOf("trade", (l) => (l.open = [])), [act("counter_trade")]).ui.dialog).toBeNull();
  });

  it("confirm_trade names the seat, only among the listed confirm_trade actions", () => {
    const ctx = ctxOf("confirm");
    expect(run(ctx, [act("confirm_trade", 2)]).intents).toEqual([sent(V + 1, { kind: "confirm_trade", player: 2 })]);
    expect(run(ctx, [act("confirm_trade", 3)]).intents).toEqual([]);
  });
});

describe("reconciling with a new state", () => {
  it("keeps a placement that is still listed", () => {
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("build_road"), { type: "edge", edge: ROADS[0] }]);
    const next = { ...ctx, state: { ...ctx.state, version: V + 1 } };
    expect(reconcile(ui, next).pending).toEqual({ kind: "build_road", edge: ROADS[0] });
  });

  it("drops a placement and mode that are no longer listed", () => {
    const ctx = ctxOf();
    const { ui } = run(ctx, [act("build_road"), { type: "edge", edge: ROADS[0] }]);
    const actions = ctx.legal.actions.filter((a) => a.kind !== "build_road");
    const r = reconcile(ui, { ...ctx, state: { ...ctx.state, version: V + 1 }, legal: { ...ctx.legal, actions } });
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
    const { ui } = run(d, [{ type: "step", side: "discard", resource: "lumber", delta: 1 }]);
    expect(reconcile(ui, { ...d, legal: { ...d.legal, discard: 0 } }).discard).toEqual({});
    const m = ctxOf();
    const open = run(m, [act("offer_trade")]).ui;
    expect(reconcile(open, { ...m, legal: { ...m.legal, open: [] } }).dialog).toBeNull();
  });

  it("dismissing the error remembers the version", () => {
    expect(run(ctxOf("error"), [{ type: "dismiss_error" }]).ui.dismissed).toBe(V + 1);
  });
});

describe("controls", () => {
  it("enables exactly what legal lists, with its reasons keyed by action kind", () => {
    const ctx = ctxOf();
    const byAction = Object.fromEntries(controls(initialUi(), ctx).map((c) => [c.action, c]));
    expect(byAction.roll).toMatchObject({ enabled: false, reason: S.legal.reasons.roll });
    expect(byAction.end_turn.enabled).toBe(true);
    expect(byAction.build_road).toMatchObject({ enabled: true, pressed: false });
    expect(byAction.build_city).toMatchObject({ enabled: false, reason: S.legal.reasons.build_city });
    expect(byAction.maritime_trade.enabled).toBe(true);
    expect(byAction.offer_trade).toMatchObject({ enabled: true, pressed: false });
    expect(byAction.play_monopoly).toMatchObject({ enabled: false, reason: S.legal.reasons.play_monopoly });
    expect(byAction.undo.enabled).toBe(false);
  });

  it("presses the build button of the mode and the button of the open dialog", () => {
    const ctx = ctxOf();
    const pressed = (ui: UiState) => controls(ui, ctx).filter((c) => c.pressed).map((c) => c.action);
    expect(pressed(run(ctx, [act("build_road")]).ui)).toEqual(["build_road"]);
    expect(pressed(run(ctx, [act("offer_trade")]).ui)).toEqual(["offer_trade"]);
  });

  it("says whom we wait for when no human may act", () => {
    const c = controls(initialUi(), ctxOf("bot"));
    expect(c.every((x) => !x.enabled)).toBe(true);
    expect(c[0].reason).toBe("Waiting for Cy.");
    expect(c.every((x) => x.reason === "Waiting for Cy.")).toBe(true); // every one from Python, undo too
  });

  it("labels the card controls as the rulebook names the cards", () => {
    const labels = Object.fromEntries(controls(initialUi(), ctxOf()).map((c) => [c.action, c.label]));
    expect([labels.play_road_building, labels.play_year_of_plenty]).toEqual(["Road Building", "Year of Plenty"]);
  });

  it("fills a missing legal trait with nothing allowed", () => {
    const l = normalizeLegal(null, 5);
    expect(l).toEqual({ version: 5, seat: null, actions: [], open: [], discard: 0, rates: {}, trade_max: 0, undo: false, reasons: {} });
  });
});

describe("in-flight guard (a double click sends one intent)", () => {
  it("ignores move clicks after an intent until a newer version arrives, silently", () => {
    const ctx = ctxOf("main", plus({ kind: "roll" }));
    const { ui, intents } = run(ctx, [act("roll"), act("roll"), act("end_turn"), { type: "edge", edge: ROADS[0] }, { type: "blocked", reason: "no" }]);
    expect(intents).toEqual([sent(V, { kind: "roll" })]);
    expect(ui.inflight).toBe(V);
    expect(ui.note).toBeNull();
    expect(inFlight(ui, act("cancel"), ctx)).toBe(false);
    expect(inFlight(ui, { type: "setting", name: "theme", value: "dark" }, ctx)).toBe(false);
  });

  it("a build confirm clicked twice sends one road", () => {
    const ctx = ctxOf();
    const { intents } = run(ctx, [act("build_road"), { type: "edge", edge: ROADS[0] }, act("confirm"), act("confirm"), act("build_road")]);
    expect(intents).toEqual([sent(V, { kind: "build_road", edge: ROADS[0] })]);
  });

  it("the next state version lifts the guard", () => {
    const ctx = ctxOf("main", plus({ kind: "roll" }));
    const first = run(ctx, [act("roll")]);
    const next: Ctx = { ...ctx, state: { ...ctx.state, version: V + 1 }, legal: { ...ctx.legal, version: V + 1 } };
    const ui = reconcile(first.ui, next);
    expect(ui.inflight).toBeNull();
    expect(run(next, [act("end_turn")], ui).intents).toEqual([sent(V + 1, { kind: "end_turn" })]);
  });
});
