import { afterEach, describe, expect, it } from "vitest";
import widget from "../widget";
import { currentHint, hintPending, hintTarget } from "../hint";
import { fakeModel } from "../fixtures/fake-model";
import { loadSample, traitsOf } from "../fixtures/scenarios";
import { DEFAULT_SETTINGS } from "../settings";
import type { GameState } from "../types";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
});

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

function mount(extra: object = {}) {
  const x = loadSample();
  const model = fakeModel({ ...traitsOf(x), hint_request: 0, bot_level: "normal", ...extra });
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  return { model, x, root: el.querySelector(".catan-widget") as HTMLElement };
}

describe("the Hint control", () => {
  it("the button raises hint_request (a setting, not an intent)", () => {
    const { model, root } = mount();
    const btn = root.querySelector('button[data-action="hint"]') as HTMLElement;
    expect(btn.getAttribute("aria-disabled")).toBeNull();
    btn.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.get("hint_request")).toBe(1);
    expect(model.saves()).toBe(1);
    expect(model.sent).toEqual([]);
  });

  it("thinks from the click until the answer to that request arrives, taking no second click", async () => {
    const { model, x, root } = mount({ hint: {} });
    const button = (): HTMLElement => root.querySelector('button[data-action="hint"]') as HTMLElement;
    expect(button().getAttribute("data-state")).toBe("ready");
    button().dispatchEvent(new MouseEvent("click", { bubbles: true }));
    // at once, before Python says anything: disabled, busy, and saying so
    expect(button().getAttribute("data-state")).toBe("thinking");
    expect(button().getAttribute("aria-disabled")).toBe("true");
    expect(button().getAttribute("aria-busy")).toBe("true");
    expect(button().textContent).toBe("Thinking…");
    button().dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.get("hint_request")).toBe(1);
    expect(model.saves()).toBe(1);
    expect(root.querySelector(".cw-note")?.textContent ?? "").toContain("Thinking about your best move");
    expect(button().getAttribute("data-reason")).toBe(x.board.hint_thinking); // Python's words, from the fixture
    // Python: searching request 1, then the answer
    model.set("hint", { request: 1, version: x.state.version, pending: true });
    await tick();
    expect(button().getAttribute("data-state")).toBe("thinking");
    const node = x.board.nodes[7].id;
    model.set("hint", { seat: 0, action: { kind: "build_settlement", node }, reason: "settle here", version: x.state.version, request: 1 });
    await tick();
    expect(button().getAttribute("data-state")).toBe("ready");
    expect(button().getAttribute("aria-busy")).toBeNull();
    expect(button().getAttribute("data-value")).toBe("2");
    expect(root.querySelector(".cw-hint-text")?.textContent).toBe("Hint: settle here");
  });

  it("an answer without a hint (no human acts, or the search failed) ends the thinking too", async () => {
    const { model, x, root } = mount({ hint: {}, hint_request: 3 });
    const button = (): HTMLElement => root.querySelector('button[data-action="hint"]') as HTMLElement;
    expect(button().getAttribute("data-state")).toBe("thinking");
    model.set("hint", { request: 3, version: x.state.version });
    await tick();
    expect(button().getAttribute("data-state")).toBe("ready");
    expect(root.querySelector(".cw-hint-text")).toBeNull();
  });

  it("reads whether a hint is pending from the hint trait and the request count", () => {
    const at = (n: number) => ({ ...DEFAULT_SETTINGS, hint_request: n });
    expect(hintPending({}, at(0))).toBe(false);
    expect(hintPending({}, at(1))).toBe(true);
    expect(hintPending(null, at(0))).toBe(false);
    expect(hintPending({ request: 2, version: 5 }, at(2))).toBe(false);
    expect(hintPending({ request: 2, version: 5 }, at(3))).toBe(true);
    expect(hintPending({ request: 2, version: 5, pending: true }, at(2))).toBe(true);
    expect(hintPending({ request: "2", pending: "yes" }, at(0))).toBe(false);
    expect(hintPending({ request: Number.NaN }, at(1))).toBe(true);
  });

  it("shows the current hint's reason and rings its corner; a stale hint is not shown", async () => {
    const { model, x, root } = mount();
    const node = x.board.nodes[7].id;
    model.set("hint", { seat: 0, action: { kind: "build_settlement", node }, reason: "settle the corner of 6 ore: +0.4 cards per roll", version: x.state.version });
    await tick();
    expect(root.querySelector(".cw-hint-text")?.textContent).toBe("Hint: settle the corner of 6 ore: +0.4 cards per roll");
    expect(root.querySelector(".cw-hint-mark")?.getAttribute("data-node")).toBe(String(node));
    model.set("state", { ...(model.get("state") as GameState), version: x.state.version + 1 });
    await tick();
    expect(root.querySelector(".cw-hint-text")).toBeNull();
    expect(root.querySelector(".cw-hint-mark")).toBeNull();
  });

  it("reads only well-formed hints and finds their place on the board", () => {
    const { state } = loadSample();
    expect(currentHint(null, state)).toBeNull();
    expect(currentHint({ reason: 3 }, state)).toBeNull();
    const hint = { seat: 0, action: { kind: "move_robber" as const, hex: 4, victim: null }, reason: "r", version: state.version };
    expect(currentHint(hint, state)).toEqual(hint);
    expect(hintTarget(hint)).toEqual({ kind: "hex", id: 4 });
    expect(hintTarget({ ...hint, action: { kind: "build_road", edge: 9 } })).toEqual({ kind: "edge", id: 9 });
    expect(hintTarget({ ...hint, action: { kind: "end_turn" } })).toBeNull();
  });

  it("the bot menu sets bot_level", () => {
    const { model, root } = mount();
    const sel = root.querySelector('select[data-setting="bot_level"]') as HTMLSelectElement;
    expect(sel.value).toBe("normal");
    sel.value = "hard";
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("bot_level")).toBe("hard");
  });
});
