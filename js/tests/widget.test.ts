import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../widget";
import { fakeModel, type FakeModel } from "../fixtures/fake-model";
import { edges, nodes, robberTargets } from "../legal";
import { loadSample, robberHex, scenario, traitsOf } from "../fixtures/scenarios";
import type { Action, Board, GameState, Legal } from "../types";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
  vi.useRealTimers();
});

const S = loadSample();
const V = S.state.version;
const ROADS = edges(S.legal);
const SETTLE = nodes(S.legal, "build_settlement")[0];
const OWN = S.state.buildings.find(([, seat, kind]) => seat === 0 && kind === "settlement")?.[0] ?? -1;
const UNLIT_EDGE = S.board.edges.find((e) => !ROADS.includes(e.id))?.id ?? -1;
const sent = (version: number, action: Action) => ({ type: "act", version, action });

function mount(name = "main", edit?: (l: Legal) => void): { el: HTMLElement; model: FakeModel; root: HTMLElement } {
  const x = name === "main" ? loadSample() : scenario(name);
  edit?.(x.legal);
  const model = fakeModel(traitsOf(x));
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  return { el, model, root: el.querySelector(".catan-widget") as HTMLElement };
}

function click(root: Element, selector: string): void {
  const target = root.querySelector(selector);
  if (!target) throw new Error(`nothing matches ${selector}`);
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** Python's answer to an intent: the same state and legal with the next version. */
function answer(model: FakeModel): void {
  const state = model.get("state") as GameState;
  const legal = model.get("legal") as Legal;
  model.set("state", { ...state, version: state.version + 1 });
  model.set("legal", { ...legal, version: legal.version + 1 });
}

const isOff = (el: Element | null): boolean => el?.getAttribute("aria-disabled") === "true" && el.classList.contains("cw-disabled");

describe("render", () => {
  it("draws the board and panels and sets data-version / data-phase / data-theme", () => {
    const { root } = mount();
    expect(root.getAttribute("data-version")).toBe(String(V));
    expect(root.getAttribute("data-phase")).toBe("main");
    expect(root.getAttribute("data-theme")).toBe("auto");
    expect(root.classList.contains("cw-ready")).toBe(true);
    expect(root.querySelectorAll(".cw-hex")).toHaveLength(19);
    expect(root.querySelectorAll(".cw-player")).toHaveLength(4);
    expect(root.querySelector(".cw-banner-text")?.textContent).toBe("Your turn — build, trade or end the turn");
  });

  it("waits politely before the traits arrive", () => {
    const model = fakeModel({ board: null, state: null, legal: null });
    const el = document.createElement("div");
    cleanups.push(widget.render({ model, el }));
    const root = el.querySelector(".catan-widget") as HTMLElement;
    expect(root.classList.contains("cw-ready")).toBe(false);
    expect(root.querySelector(".cw-waiting")?.textContent).toContain("Loading the game");
  });

  it("treats empty-dict traits (the Python defaults) as not yet arrived", async () => {
    const model = fakeModel({ board: {} as never, state: {} as never, legal: {} as never });
    const el = document.createElement("div");
    cleanups.push(widget.render({ model, el }));
    const root = el.querySelector(".catan-widget") as HTMLElement;
    expect(root.classList.contains("cw-ready")).toBe(false);
    const x = loadSample();
    model.set("board", x.board);
    model.set("state", x.state);
    await tick();
    expect(root.classList.contains("cw-ready")).toBe(true);
    expect(root.getAttribute("data-version")).toBe(String(V));
    expect(isOff(root.querySelector('[data-action="roll"]'))).toBe(true);
  });

  it("disables illegal buttons with aria-disabled and the reason as a tooltip", () => {
    const { root } = mount();
    const roll = root.querySelector('[data-action="roll"]') as HTMLButtonElement;
    expect(isOff(roll)).toBe(true);
    expect(roll.disabled).toBe(false); // so that a tap arrives and can show why
    expect(roll.title).toBe(S.legal.reasons.roll);
    const end = root.querySelector('[data-action="end_turn"]') as HTMLButtonElement;
    expect(end.hasAttribute("aria-disabled")).toBe(false);
    expect(end.hasAttribute("title")).toBe(false);
    const offs = [...root.querySelectorAll('.cw-actions [aria-disabled="true"]')];
    expect(offs.length).toBeGreaterThan(2);
    offs.forEach((b) => expect(b.getAttribute("title")).toBe(S.legal.reasons[b.getAttribute("data-action") ?? ""]));
  });

  it("a tap on a disabled button shows its reason for a while and sends nothing", () => {
    vi.useFakeTimers();
    const { root, model } = mount();
    click(root, '[data-action="roll"]');
    expect(model.sent).toEqual([]);
    expect(root.querySelector(".cw-note")?.textContent).toBe(S.legal.reasons.roll);
    vi.advanceTimersByTime(5000);
    expect(root.querySelector(".cw-note")).toBeNull();
    click(root, '[data-action="build_city"]');
    expect(root.querySelector(".cw-note")?.textContent).toBe(S.legal.reasons.build_city);
    click(root, '[data-action="build_road"]');
    expect(root.querySelector(".cw-note")).toBeNull();
    expect(model.sent).toEqual([]);
  });

  it("re-renders on change:state and change:legal, keeping the static layer", async () => {
    const { root, model } = mount();
    const hexBefore = root.querySelector('.cw-hex[data-hex="0"]');
    const state = { ...(model.get("state") as GameState), version: V + 1, phase: "roll" as const };
    const legal = { ...(model.get("legal") as Legal), version: V + 1, actions: [{ kind: "roll" as const }] };
    model.set("state", state);
    model.set("legal", legal);
    await tick();
    expect(root.getAttribute("data-version")).toBe(String(V + 1));
    expect(root.getAttribute("data-phase")).toBe("roll");
    expect(isOff(root.querySelector('[data-action="roll"]'))).toBe(false);
    expect(root.querySelector('.cw-hex[data-hex="0"]')).toBe(hexBefore);
  });

  it("redraws on a change of a settings trait", async () => {
    const { root, model } = mount();
    expect(root.querySelectorAll(".cw-pip-label")).toHaveLength(0);
    model.set("show_pips", true);
    model.set("theme", "dark");
    await tick();
    expect(root.querySelectorAll(".cw-pip-label").length).toBeGreaterThan(0);
    expect(root.querySelector(`.cw-pip-label.cw-open[data-node="${SETTLE}"]`)).not.toBeNull();
    expect(root.getAttribute("data-theme")).toBe("dark");
    expect((root.querySelector('select[data-setting="theme"]') as HTMLSelectElement).value).toBe("dark");
  });

  it("rebuilds the static layer when the board changes", async () => {
    const { root, model } = mount();
    const before = root.querySelector('.cw-hex[data-hex="0"]');
    model.set("board", loadSample().board);
    await tick();
    expect(root.querySelector('.cw-hex[data-hex="0"]')).not.toBe(before);
    expect(root.querySelectorAll(".cw-hex")).toHaveLength(19);
  });

  it("cleans up listeners and DOM", () => {
    const { el, model } = mount();
    expect(model.listenerCount()).toBe(22); // board, state, legal, timeline, summary, hint, review, compact, link (a table's, js/remote.ts), words and the 12 settings
    cleanups.pop()?.();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".catan-widget")).toBeNull();
  });
});

describe("clicking through", () => {
  it("roll button sends roll with the version", async () => {
    const { root, model } = mount();
    model.set("legal", { ...(model.get("legal") as Legal), actions: [{ kind: "roll" }] });
    await tick();
    click(root, '[data-action="roll"]');
    expect(model.sent).toEqual([sent(V, { kind: "roll" })]);
  });

  it("a double click sends one intent and says nothing; the next version takes clicks again", async () => {
    const { root, model } = mount();
    model.set("legal", { ...(model.get("legal") as Legal), actions: [{ kind: "roll" }, { kind: "end_turn" }] });
    await tick();
    click(root, '[data-action="roll"]');
    click(root, '[data-action="roll"]');
    click(root, '[data-action="end_turn"]');
    click(root, '[data-action="build_city"]'); // disabled: its reason is not shown either
    expect(model.sent).toEqual([sent(V, { kind: "roll" })]);
    expect(root.querySelector(".cw-note")).toBeNull();
    expect(root.querySelector(".cw-toast")).toBeNull();
    answer(model);
    await tick();
    click(root, '[data-action="end_turn"]');
    expect(model.sent).toEqual([sent(V, { kind: "roll" }), sent(V + 1, { kind: "end_turn" })]);
  });

  it("build road: toggle, click a glowing path, see the ghost, confirm", () => {
    const { root, model } = mount();
    expect(root.querySelectorAll(".cw-edge.cw-legal")).toHaveLength(0);
    click(root, '[data-action="build_road"]');
    expect(root.querySelector('[data-action="build_road"]')?.getAttribute("aria-pressed")).toBe("true");
    expect(root.querySelector(".cw-board")?.getAttribute("data-mode")).toBe("build_road");
    expect(root.querySelectorAll(".cw-edge.cw-legal")).toHaveLength(ROADS.length);
    click(root, `.cw-edge.cw-legal[data-edge="${ROADS[0]}"] .cw-hit`);
    expect(root.querySelector(".cw-ghost-road")?.getAttribute("data-edge")).toBe(String(ROADS[0]));
    expect(model.sent).toEqual([]);
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([sent(V, { kind: "build_road", edge: ROADS[0] })]);
    expect(root.querySelector(".cw-ghost-road")).toBeNull();
  });

  it("a click on a path that is not lit sends the road anyway (Python says why not)", () => {
    const { root, model } = mount();
    click(root, `.cw-edge[data-edge="${UNLIT_EDGE}"] .cw-hit`);
    expect(model.sent).toEqual([]); // no mode: the board is not a control
    click(root, '[data-action="build_road"]');
    click(root, `.cw-edge[data-edge="${UNLIT_EDGE}"] .cw-hit`);
    expect(model.sent).toEqual([sent(V, { kind: "build_road", edge: UNLIT_EDGE })]);
  });

  it("cancel removes the ghost without sending", () => {
    const { root, model } = mount();
    click(root, '[data-action="build_settlement"]');
    click(root, `.cw-node.cw-legal[data-node="${SETTLE}"]`);
    expect(root.querySelector(".cw-ghost-settlement")).not.toBeNull();
    click(root, '[data-action="cancel"]');
    expect(root.querySelector(".cw-ghost-settlement")).toBeNull();
    expect(model.sent).toEqual([]);
  });

  it("robber: click a hex, pick a victim in the chooser, confirm", () => {
    const { root, model } = mount("robber");
    const legal = model.get("legal") as Legal;
    const version = (model.get("state") as GameState).version;
    const hex = robberHex(legal, 2);
    const victims = robberTargets(legal).get(hex) ?? [];
    expect(root.querySelectorAll(".cw-hex.cw-legal")).toHaveLength(robberTargets(legal).size);
    click(root, `.cw-hex[data-hex="${hex}"] .cw-hex-shape`);
    expect(isOff(root.querySelector('[data-action="confirm"]'))).toBe(true);
    const unready = (model.get("board") as Board).confirm_unready;
    expect(unready).toBeTruthy(); // the fixture carries Python's sentence
    expect(root.querySelector('[data-action="confirm"]')?.getAttribute("data-reason")).toBe(unready);
    expect([...root.querySelectorAll("[data-victim]")].map((b) => Number(b.getAttribute("data-victim")))).toEqual(victims);
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([]);
    click(root, `[data-victim="${victims[1]}"]`);
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([sent(version, { kind: "move_robber", hex, victim: victims[1] })]);
  });

  it("robber with one victim shows no chooser", () => {
    const { root, model } = mount("robber");
    const legal = model.get("legal") as Legal;
    const hex = robberHex(legal, 1);
    click(root, `.cw-hex[data-hex="${hex}"]`);
    expect(root.querySelectorAll("[data-victim]")).toHaveLength(0);
    const victim = robberTargets(legal).get(hex)?.[0] ?? -1;
    const words = (model.get("board") as Board).robber_victim; // Python's sentence, from the fixture
    expect(words).toContain("{name}");
    const name = (model.get("state") as GameState).players[victim].name;
    expect(root.querySelector(`[data-dialog="robber"] .cw-muted`)?.textContent).toBe(words?.replace("{name}", name));
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([sent((model.get("state") as GameState).version, { kind: "move_robber", hex, victim })]);
  });

  it("discard: the button is enabled only when the count matches", () => {
    const { root, model } = mount("discard");
    const ask = (model.get("legal") as Legal).discard;
    const own = (model.get("state") as GameState).players[0].resources ?? { lumber: 0, brick: 0, wool: 0, grain: 0, ore: 0 };
    const picks = (["lumber", "brick", "wool", "grain", "ore"] as const).flatMap((r) => Array<string>(own[r]).fill(r)).slice(0, ask);
    const btn = (): Element | null => root.querySelector('[data-action="discard"]');
    expect(isOff(btn())).toBe(true);
    const rule = (model.get("legal") as Legal).reasons.discard; // the engine's words, as Python sent them
    expect(rule).toMatch(/^You must discard exactly half your hand/);
    expect(btn()?.getAttribute("data-reason")).toBe(rule);
    const plus = (r: string): void => click(root, `[data-step="discard"][data-resource="${r}"][data-delta="1"]`);
    picks.slice(0, -1).forEach(plus);
    expect(isOff(btn())).toBe(true);
    expect(root.querySelector(".cw-discard-count")?.textContent).toBe(`${ask - 1} / ${ask} chosen`);
    plus(picks[ask - 1]);
    expect(isOff(btn())).toBe(false);
    expect(isOff(root.querySelector('[data-step="discard"][data-resource="ore"][data-delta="1"]'))).toBe(true);
    click(root, '[data-action="discard"]');
    const cards: Record<string, number> = {};
    for (const r of picks) cards[r] = (cards[r] ?? 0) + 1;
    expect(model.sent).toEqual([sent((model.get("state") as GameState).version, { kind: "discard", cards })]);
  });

  it("year of plenty through the resource pickers", () => {
    const { root, model } = mount("yop");
    click(root, '[data-action="play_year_of_plenty"]');
    const wool = (): Element | null => root.querySelector('[data-dialog="play_year_of_plenty"] [data-resource="wool"]');
    expect(isOff(wool())).toBe(false);
    click(root, '[data-dialog="play_year_of_plenty"] [data-resource="grain"]');
    expect(isOff(wool())).toBe(true);
    click(root, '[data-dialog="play_year_of_plenty"] [data-resource="grain"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([sent(V + 1, { kind: "play_year_of_plenty", resources: ["grain", "grain"] })]);
  });

  it("maritime trade shows the rate and sends give/get", () => {
    const { root, model } = mount();
    const trade = S.legal.actions.find((a) => a.kind === "maritime_trade");
    if (trade?.kind !== "maritime_trade") throw new Error("no bank trade listed");
    const rate = S.legal.rates[trade.give];
    click(root, '[data-action="maritime_trade"]');
    expect(root.querySelector(`[data-role="give"][data-resource="${trade.give}"]`)?.textContent).toContain(`${rate}:1`);
    click(root, `[data-role="get"][data-resource="${trade.get}"]`);
    expect(root.querySelector('[data-dialog="maritime_trade"] .cw-summary')?.textContent).toBe(`Give ${rate} ${trade.give} → get 1 ${trade.get}`);
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([sent(V, { kind: "maritime_trade", give: trade.give, get: trade.get })]);
  });

  it("responders accept, decline or counter", () => {
    const { root, model } = mount("trade");
    expect(root.querySelector('[data-dialog="trade"] .cw-summary')?.textContent).toBe("Bo offers 1 grain for 1 wool to everyone"); // the engine's words (state.trade.text)
    click(root, '[data-action="accept_trade"]');
    answer(model);
    click(root, '[data-action="decline_trade"]');
    answer(model);
    click(root, '[data-action="counter_trade"]');
    expect(root.querySelector('[data-dialog="counter_trade"]')).not.toBeNull();
    click(root, '[data-step="want"][data-resource="grain"][data-delta="1"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([
      sent(V + 1, { kind: "accept_trade" }),
      sent(V + 2, { kind: "decline_trade" }),
      sent(V + 3, { kind: "counter_trade", give: { wool: 1 }, want: { grain: 2 } }),
    ]);
  });

  it("Accept is disabled with the engine's reason when accept_trade is not listed", async () => {
    const { root, model } = mount("trade");
    const legal = model.get("legal") as Legal;
    const why = "You do not have the cards this offer asks for.";
    model.set("legal", { ...legal, actions: legal.actions.filter((a) => a.kind !== "accept_trade"), reasons: { accept_trade: why } });
    await tick();
    const accept = root.querySelector('[data-action="accept_trade"]') as HTMLButtonElement;
    expect(isOff(accept)).toBe(true);
    expect(accept.title).toBe(why);
    expect(isOff(root.querySelector('[data-action="decline_trade"]'))).toBe(false);
    click(root, '[data-action="accept_trade"]');
    expect(model.sent).toEqual([]);
    expect(root.querySelector(".cw-note")?.textContent).toBe(why);
  });

  it("the proposer confirms one seat or cancels", () => {
    const { root, model } = mount("confirm");
    expect(root.querySelectorAll('[data-action="confirm_trade"]')).toHaveLength(2);
    click(root, '[data-action="confirm_trade"][data-seat="2"]');
    answer(model);
    click(root, '[data-action="cancel_trade"]');
    expect(model.sent).toEqual([sent(V + 1, { kind: "confirm_trade", player: 2 }), sent(V + 2, { kind: "cancel_trade" })]);
  });

  it("offer trade with steppers and a target seat", () => {
    const { root, model } = mount();
    click(root, '[data-action="offer_trade"]');
    expect(root.querySelector('[data-dialog="offer_trade"]')).not.toBeNull();
    click(root, '[data-step="give"][data-resource="lumber"][data-delta="1"]');
    click(root, '[data-step="want"][data-resource="wool"][data-delta="1"]');
    click(root, '[data-to="3"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([sent(V, { kind: "offer_trade", give: { lumber: 1 }, want: { wool: 1 }, to: 3 })]);
  });

  it("the settings controls write their traits (no intent) and redraw", async () => {
    const { root, model } = mount();
    const change = (setting: string, value: string): void => {
      const sel = root.querySelector(`select[data-setting="${setting}"]`) as HTMLSelectElement;
      sel.value = value;
      sel.dispatchEvent(new Event("change", { bubbles: true }));
    };
    change("view", "-1");
    click(root, '[data-setting="show_pips"]');
    change("bot_delay", "0");
    change("theme", "light");
    expect(model.sent).toEqual([]);
    expect([model.get("view"), model.get("show_pips"), model.get("bot_delay"), model.get("theme")]).toEqual([-1, true, 0, "light"]);
    expect(model.saves()).toBe(4);
    await tick();
    expect(root.getAttribute("data-theme")).toBe("light");
    expect(root.querySelector('[data-setting="show_pips"]')?.getAttribute("aria-pressed")).toBe("true");
    click(root, '[data-setting="show_pips"]');
    expect(model.get("show_pips")).toBe(false);
  });

  it("shows Resume bots only while the bots are paused; it sets bots_paused back to false", async () => {
    const { root, model } = mount("error");
    expect(root.querySelector('[data-setting="bots_paused"]')).toBeNull();
    model.set("bots_paused", true);
    await tick();
    const resume = root.querySelector('.cw-banner-slot button[data-setting="bots_paused"]');
    expect(resume?.textContent).toBe("Resume bots");
    expect(resume?.getAttribute("data-value")).toBe("false");
    expect(root.querySelector(".cw-toast-text")?.textContent).toContain("too close");
    click(root, '[data-setting="bots_paused"]');
    expect(model.get("bots_paused")).toBe(false);
    expect(model.saves()).toBe(1);
    expect(model.sent).toEqual([]);
    expect(root.querySelector('[data-setting="bots_paused"]')).toBeNull();
  });

  it("the error toast can be dismissed", () => {
    const { root, model } = mount("error");
    expect(root.querySelector(".cw-toast")).not.toBeNull();
    click(root, '[data-action="dismiss_error"]');
    expect(root.querySelector(".cw-toast")).toBeNull();
    expect(model.sent).toEqual([]);
  });

  it("clicks do nothing on a bot's turn", () => {
    const { root, model } = mount("bot");
    click(root, '[data-action="roll"]');
    click(root, '.cw-hex[data-hex="4"]');
    expect(model.sent).toEqual([]);
    expect((root.querySelector('[data-action="roll"]') as HTMLButtonElement).title).toBe("Waiting for Cy.");
  });

  it("Escape cancels a pending placement", () => {
    const { root } = mount("main", (l) => l.actions.push({ kind: "build_city", node: OWN }));
    click(root, '[data-action="build_city"]');
    click(root, `.cw-node.cw-legal[data-node="${OWN}"]`);
    expect(root.querySelector(".cw-ghost-city")).not.toBeNull();
    root.focus();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(root.querySelector(".cw-ghost-city")).toBeNull();
  });
});
