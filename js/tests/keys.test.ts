import { afterEach, describe, expect, it, vi } from "vitest";
import { commandButton, handleKey, isTyping, keyCommand, mayTake } from "../keys";
import widget from "../widget";
import { fakeModel } from "../fixtures/fake-model";
import { loadSample, traitsOf } from "../fixtures/scenarios";

/** A widget-like root: an action bar, a dialog slot and an input outside it. */
function page(): { root: HTMLElement; outside: HTMLInputElement; clicks: string[] } {
  document.body.innerHTML = `
    <div class="catan-widget" tabindex="-1">
      <div class="cw-actions">
        <button data-action="roll">Roll dice</button>
        <button data-action="end_turn" aria-disabled="true" class="cw-disabled">End turn</button>
      </div>
      <div class="cw-overlay-slot"></div>
      <div class="cw-dialog-slot"><div class="cw-dialog">
        <input class="in-dialog">
        <button data-action="discard" class="cw-btn cw-primary">Discard</button>
        <button data-action="cancel">Cancel</button>
      </div></div>
    </div>
    <textarea class="cell"></textarea><input class="outside">`;
  const root = document.querySelector(".catan-widget") as HTMLElement;
  const clicks: string[] = [];
  root.addEventListener("click", (e) => clicks.push((e.target as Element).getAttribute("data-action") ?? ""));
  return { root, outside: document.querySelector(".outside") as HTMLInputElement, clicks };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("keys", () => {
  it("maps Enter, Escape, R and E (either case) and nothing with a modifier", () => {
    expect(keyCommand({ key: "Enter" })).toBe("confirm");
    expect(keyCommand({ key: "Escape" })).toBe("cancel");
    expect(keyCommand({ key: "r" })).toBe("roll");
    expect(keyCommand({ key: "R" })).toBe("roll");
    expect(keyCommand({ key: "E" })).toBe("end_turn");
    expect(keyCommand({ key: "x" })).toBeNull();
    expect(keyCommand({ key: "r", ctrlKey: true })).toBeNull();
    expect(keyCommand({ key: "Enter", metaKey: true })).toBeNull();
  });

  it("finds only enabled buttons: the dialog's primary and cancel, the bar's roll and end turn", () => {
    const { root } = page();
    expect(commandButton(root, "roll")?.getAttribute("data-action")).toBe("roll");
    expect(commandButton(root, "end_turn")).toBeNull();
    expect(commandButton(root, "confirm")?.getAttribute("data-action")).toBe("discard");
    expect(commandButton(root, "cancel")?.getAttribute("data-action")).toBe("cancel");
    root.querySelector("[data-action='discard']")?.classList.add("cw-disabled");
    expect(commandButton(root, "confirm")).toBeNull();
  });

  it("never takes a key while the user types, in the widget or in a notebook cell", () => {
    const { root, outside, clicks } = page();
    expect(isTyping(outside)).toBe(true);
    expect(isTyping(document.querySelector(".cell"))).toBe(true);
    expect(isTyping(root)).toBe(false);
    expect(handleKey({ key: "r" }, root, outside)).toBe(false);
    expect(handleKey({ key: "r" }, root, root.querySelector(".in-dialog"))).toBe(false);
    expect(clicks).toEqual([]);
  });

  it("acts only with the focus in the widget or the pointer over it", () => {
    const { root, clicks } = page();
    // only while the widget has the focus: the pointer over it is not enough
    expect(mayTake(root, document.body)).toBe(false);
    expect(handleKey({ key: "r" }, root, document.body)).toBe(false);
    expect(handleKey({ key: "r" }, root, root)).toBe(true);
    expect(handleKey({ key: "Enter" }, root, root)).toBe(true);
    expect(handleKey({ key: "e" }, root, root)).toBe(false);
    expect(clicks).toEqual(["roll", "discard"]);
  });

  it("leaves Enter on a focused button of the widget to the browser", () => {
    const { root, clicks } = page();
    const cancel = root.querySelector("[data-action='cancel']");
    expect(handleKey({ key: "Enter" }, root, cancel)).toBe(false);
    expect(clicks).toEqual([]);
  });
});

describe("keys in the widget", () => {
  it("R sends the roll when the widget has the focus; not while typing in an input outside", () => {
    const x = loadSample();
    x.state.phase = "roll";
    x.legal.actions = [{ kind: "roll" }];
    const model = fakeModel(traitsOf(x));
    const send = vi.spyOn(model, "send");
    const el = document.createElement("div");
    const input = document.createElement("input");
    document.body.append(el, input);
    const cleanup = widget.render({ model, el });
    const root = el.querySelector(".catan-widget") as HTMLElement;
    input.focus();
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    expect(send).not.toHaveBeenCalled();
    root.focus();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    expect(send).toHaveBeenCalledWith({ type: "act", version: x.state.version, action: { kind: "roll" } });
    cleanup();
  });
});
