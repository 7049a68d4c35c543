import { afterEach, describe, expect, it } from "vitest";
import widget from "../widget";
import { fakeModel, type FakeModel } from "../fixtures/fake-model";
import { loadSample, scenario } from "../fixtures/scenarios";
import type { GameState, Legal } from "../types";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
});

function mount(name = "main"): { el: HTMLElement; model: FakeModel; root: HTMLElement } {
  const x = name === "main" ? loadSample() : scenario(name);
  const model = fakeModel({ board: x.board, state: x.state, legal: x.legal });
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

describe("render", () => {
  it("draws the board and panels and sets data-version / data-phase", () => {
    const { root } = mount();
    expect(root.getAttribute("data-version")).toBe("57");
    expect(root.getAttribute("data-phase")).toBe("main");
    expect(root.classList.contains("cw-ready")).toBe(true);
    expect(root.querySelectorAll(".cw-hex")).toHaveLength(19);
    expect(root.querySelectorAll(".cw-player")).toHaveLength(4);
    expect(root.querySelector(".cw-banner-text")?.textContent).toBe("Ada's turn — build, trade or end the turn");
  });

  it("waits politely before the traits arrive", () => {
    const model = fakeModel({ board: null, state: null, legal: null });
    const el = document.createElement("div");
    cleanups.push(widget.render({ model, el }));
    const root = el.querySelector(".catan-widget") as HTMLElement;
    expect(root.classList.contains("cw-ready")).toBe(false);
    expect(root.querySelector(".cw-waiting")?.textContent).toContain("Waiting");
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
    expect(root.getAttribute("data-version")).toBe("57");
    expect(root.querySelectorAll('[data-action="roll"]:disabled')).toHaveLength(1);
  });

  it("disables illegal buttons with the reason as a tooltip", () => {
    const { root } = mount();
    const roll = root.querySelector('[data-action="roll"]') as HTMLButtonElement;
    expect(roll.disabled).toBe(true);
    expect(roll.title).toBe("You have already rolled this turn.");
    const end = root.querySelector('[data-action="end_turn"]') as HTMLButtonElement;
    expect(end.disabled).toBe(false);
    expect(end.hasAttribute("title")).toBe(false);
  });

  it("re-renders on change:state and change:legal, keeping the static layer", async () => {
    const { root, model } = mount();
    const hexBefore = root.querySelector('.cw-hex[data-hex="0"]');
    const state = { ...(model.get("state") as GameState), version: 58, phase: "roll" as const };
    const legal = { ...(model.get("legal") as Legal), version: 58, roll: true };
    model.set("state", state);
    model.set("legal", legal);
    await tick();
    expect(root.getAttribute("data-version")).toBe("58");
    expect(root.getAttribute("data-phase")).toBe("roll");
    expect((root.querySelector('[data-action="roll"]') as HTMLButtonElement).disabled).toBe(false);
    expect(root.querySelector('.cw-hex[data-hex="0"]')).toBe(hexBefore);
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
    expect(model.listenerCount()).toBe(3);
    cleanups.pop()?.();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".catan-widget")).toBeNull();
  });
});

describe("clicking through", () => {
  it("roll button sends roll with the version", async () => {
    const { root, model } = mount();
    const legal = { ...(model.get("legal") as Legal), roll: true };
    model.set("legal", legal);
    await tick();
    click(root, '[data-action="roll"]');
    expect(model.sent).toEqual([{ type: "act", version: 57, action: { kind: "roll" } }]);
  });

  it("build road: toggle, click a glowing path, see the ghost, confirm", () => {
    const { root, model } = mount();
    expect(root.querySelectorAll(".cw-edge.cw-legal")).toHaveLength(0);
    click(root, '[data-action="build_road"]');
    expect(root.querySelector('[data-action="build_road"]')?.getAttribute("aria-pressed")).toBe("true");
    expect(root.querySelectorAll(".cw-edge.cw-legal")).toHaveLength(10);
    click(root, '.cw-edge.cw-legal[data-edge="41"] .cw-hit');
    expect(root.querySelector(".cw-ghost-road")?.getAttribute("data-edge")).toBe("41");
    expect(model.sent).toEqual([]);
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([{ type: "act", version: 57, action: { kind: "build_road", edge: 41 } }]);
    expect(root.querySelector(".cw-ghost-road")).toBeNull();
  });

  it("cancel removes the ghost without sending", () => {
    const { root, model } = mount();
    click(root, '[data-action="build_settlement"]');
    click(root, '.cw-node.cw-legal[data-node="29"]');
    expect(root.querySelector(".cw-ghost-settlement")).not.toBeNull();
    click(root, '[data-action="cancel"]');
    expect(root.querySelector(".cw-ghost-settlement")).toBeNull();
    expect(model.sent).toEqual([]);
  });

  it("robber: click a hex, pick a victim in the chooser, confirm", () => {
    const { root, model } = mount("robber");
    expect(root.querySelectorAll(".cw-hex.cw-legal")).toHaveLength(18);
    click(root, '.cw-hex[data-hex="4"] .cw-hex-shape');
    const confirm = root.querySelector('[data-action="confirm"]') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect([...root.querySelectorAll("[data-victim]")].map((b) => b.getAttribute("data-victim"))).toEqual(["1", "2"]);
    click(root, '[data-victim="1"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([{ type: "act", version: 58, action: { kind: "move_robber", hex: 4, victim: 1 } }]);
  });

  it("robber with one victim shows no chooser", () => {
    const { root, model } = mount("robber");
    click(root, '.cw-hex[data-hex="7"]');
    expect(root.querySelectorAll("[data-victim]")).toHaveLength(0);
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([{ type: "act", version: 58, action: { kind: "move_robber", hex: 7, victim: 3 } }]);
  });

  it("discard: the button is enabled only when the count matches", () => {
    const { root, model } = mount("discard");
    const btn = (): HTMLButtonElement => root.querySelector('[data-action="discard"]') as HTMLButtonElement;
    expect(btn().disabled).toBe(true);
    const plus = (r: string): void => click(root, `[data-step="discard"][data-resource="${r}"][data-delta="1"]`);
    plus("wool");
    plus("wool");
    plus("wool");
    expect(btn().disabled).toBe(true);
    expect(root.querySelector(".cw-discard-count")?.textContent).toBe("3 / 4 chosen");
    plus("lumber");
    expect(btn().disabled).toBe(false);
    expect((root.querySelector('[data-step="discard"][data-resource="ore"][data-delta="1"]') as HTMLButtonElement).disabled).toBe(true);
    click(root, '[data-action="discard"]');
    expect(model.sent).toEqual([{ type: "act", version: 58, action: { kind: "discard", cards: { lumber: 1, wool: 3 } } }]);
  });

  it("year of plenty through the resource pickers", () => {
    const { root, model } = mount("yop");
    click(root, '[data-action="play_year_of_plenty"]');
    expect((root.querySelector('[data-dialog="year_of_plenty"] [data-resource="wool"]') as HTMLButtonElement).disabled).toBe(false);
    click(root, '[data-dialog="year_of_plenty"] [data-resource="grain"]');
    expect((root.querySelector('[data-dialog="year_of_plenty"] [data-resource="wool"]') as HTMLButtonElement).disabled).toBe(true);
    click(root, '[data-dialog="year_of_plenty"] [data-resource="grain"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([{ type: "act", version: 58, action: { kind: "play_year_of_plenty", resources: ["grain", "grain"] } }]);
  });

  it("maritime trade shows the rate and sends give/get", () => {
    const { root, model } = mount();
    click(root, '[data-action="maritime_trade"]');
    expect(root.querySelector('[data-role="give"][data-resource="wool"]')?.textContent).toContain("2:1");
    click(root, '[data-role="get"][data-resource="grain"]');
    expect(root.querySelector('[data-dialog="maritime"] .cw-summary')?.textContent).toBe("Give 2 wool → get 1 grain");
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([{ type: "act", version: 57, action: { kind: "maritime_trade", give: "wool", get: "grain" } }]);
  });

  it("responders accept, decline or counter", () => {
    const { root, model } = mount("trade");
    expect(root.querySelector('[data-dialog="trade"] .cw-summary')?.textContent).toBe("Bo offers everyone: gives 1 grain, wants 1 wool");
    click(root, '[data-action="accept_trade"]');
    click(root, '[data-action="decline_trade"]');
    click(root, '[data-action="counter_trade"]');
    expect(root.querySelector('[data-dialog="counter"]')).not.toBeNull();
    click(root, '[data-step="want"][data-resource="grain"][data-delta="1"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([
      { type: "act", version: 58, action: { kind: "accept_trade" } },
      { type: "act", version: 58, action: { kind: "decline_trade" } },
      { type: "act", version: 58, action: { kind: "counter_trade", give: { wool: 1 }, want: { grain: 2 } } },
    ]);
  });

  it("Accept is disabled with a reason when the responder lacks the cards", async () => {
    const { root, model } = mount("trade");
    model.set("legal", { ...(model.get("legal") as Legal), accept_trade: false });
    await tick();
    const accept = root.querySelector('[data-action="accept_trade"]') as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(accept.title).toBe("You do not have the cards this offer asks for.");
    expect((root.querySelector('[data-action="decline_trade"]') as HTMLButtonElement).disabled).toBe(false);
  });

  it("the proposer confirms one seat or cancels", () => {
    const { root, model } = mount("confirm");
    expect(root.querySelectorAll('[data-action="confirm_trade"]')).toHaveLength(2);
    click(root, '[data-action="confirm_trade"][data-seat="2"]');
    click(root, '[data-action="cancel_trade"]');
    expect(model.sent).toEqual([
      { type: "act", version: 58, action: { kind: "confirm_trade", player: 2 } },
      { type: "act", version: 58, action: { kind: "cancel_trade" } },
    ]);
  });

  it("offer trade with steppers and a target seat", () => {
    const { root, model } = mount();
    click(root, '[data-action="offer_trade"]');
    click(root, '[data-step="give"][data-resource="wool"][data-delta="1"]');
    click(root, '[data-step="want"][data-resource="ore"][data-delta="1"]');
    click(root, '[data-to="3"]');
    click(root, '[data-action="confirm"]');
    expect(model.sent).toEqual([{ type: "act", version: 57, action: { kind: "offer_trade", give: { wool: 1 }, want: { ore: 1 }, to: 3 } }]);
  });

  it("view selector and pip toggle send their intents", () => {
    const { root, model } = mount();
    const sel = root.querySelector('select[data-action="set_view"]') as HTMLSelectElement;
    sel.value = "-1";
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    click(root, '[data-action="toggle_pips"]');
    const pace = root.querySelector('select[data-action="set_bot_delay"]') as HTMLSelectElement;
    pace.value = "0";
    pace.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([
      { type: "act", version: 57, action: { kind: "set_view", seat: -1 } },
      { type: "act", version: 57, action: { kind: "toggle_pips" } },
      { type: "act", version: 57, action: { kind: "set_bot_delay", seconds: 0 } },
    ]);
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
    const { root } = mount();
    click(root, '[data-action="build_city"]');
    click(root, '.cw-node.cw-legal[data-node="44"]');
    expect(root.querySelector(".cw-ghost-city")).not.toBeNull();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(root.querySelector(".cw-ghost-city")).toBeNull();
  });
});
