import { describe, expect, it } from "vitest";
import { eventFromChange, eventFromClick } from "../events";
import { h, s } from "../dom";

function inside(html: string, selector: string): Element {
  const root = document.createElement("div");
  root.innerHTML = html;
  const el = root.querySelector(selector);
  if (!el) throw new Error(selector);
  return el;
}

describe("click targets become UI events", () => {
  it("action buttons, with an optional seat", () => {
    expect(eventFromClick(inside('<button data-action="roll">Roll <b>now</b></button>', "b"))).toEqual({ type: "action", name: "roll", seat: undefined });
    expect(eventFromClick(inside('<button data-action="confirm_trade" data-seat="2">x</button>', "button"))).toEqual({ type: "action", name: "confirm_trade", seat: 2 });
  });

  it("a disabled button yields its reason, never its action", () => {
    expect(eventFromClick(inside('<button data-action="roll" disabled>Roll</button>', "button"))).toBeNull();
    const why = '<button data-action="roll" aria-disabled="true" title="Rolled." data-reason="Rolled."><b>Roll</b></button>';
    expect(eventFromClick(inside(why, "b"))).toEqual({ type: "blocked", reason: "Rolled." });
    expect(eventFromClick(inside('<button data-step="give" data-resource="ore" data-delta="1" aria-disabled="true">+</button>', "button"))).toBeNull();
  });

  it("steppers, pickers, victims and trade targets", () => {
    expect(eventFromClick(inside('<button data-step="discard" data-resource="ore" data-delta="-1">-</button>', "button"))).toEqual({ type: "step", side: "discard", resource: "ore", delta: -1 });
    expect(eventFromClick(inside('<button data-resource="wool" data-role="give"><span>w</span></button>', "span"))).toEqual({ type: "resource", resource: "wool", role: "give" });
    expect(eventFromClick(inside('<button data-resource="gold">g</button>', "button"))).toBeNull();
    expect(eventFromClick(inside('<button data-victim="3">Di</button>', "button"))).toEqual({ type: "victim", seat: 3 });
    expect(eventFromClick(inside('<button data-to="">All</button>', "button"))).toEqual({ type: "trade_to", seat: null });
    expect(eventFromClick(inside('<button data-to="1">Bo</button>', "button"))).toEqual({ type: "trade_to", seat: 1 });
    expect(eventFromClick(inside('<button data-action="dismiss_error">x</button>', "button"))).toEqual({ type: "dismiss_error" });
  });

  it("board nodes, edges and hexes (from any child element)", () => {
    const node = s("g", { class: "cw-node cw-legal", "data-node": 12 }, s("circle", { class: "cw-hit" }));
    const edge = s("g", { class: "cw-edge", "data-edge": 17 }, s("line", {}));
    const hex = s("g", { class: "cw-hex", "data-hex": 4 }, s("polygon", {}));
    expect(eventFromClick(node.firstElementChild)).toEqual({ type: "node", node: 12 });
    expect(eventFromClick(edge.firstElementChild)).toEqual({ type: "edge", edge: 17 });
    expect(eventFromClick(hex.firstElementChild)).toEqual({ type: "hex", hex: 4 });
  });

  it("pieces and panels are not clickable", () => {
    const piece = s("g", { class: "cw-piece cw-settlement", "data-node": 12 }, s("path", {}));
    expect(eventFromClick(piece.firstElementChild)).toBeNull();
    expect(eventFromClick(h("span", { class: "cw-res", "data-resource": "ore" }))).toBeNull();
    expect(eventFromClick(null)).toBeNull();
  });

  it("settings controls: their trait's name and value", () => {
    const sel = h("select", { "data-setting": "view" }, h("option", { value: "-1" }, "Teacher"), h("option", { value: "2" }, "Cy"));
    sel.value = "2";
    expect(eventFromChange(sel)).toEqual({ type: "setting", name: "view", value: 2 });
    expect(eventFromChange(h("select", {}))).toBeNull();
    const auto = h("select", { "data-setting": "view" }, h("option", { value: "auto" }, "Automatic"));
    expect(eventFromChange(auto)).toEqual({ type: "setting", name: "view", value: null });
    const pace = h("select", { "data-setting": "bot_delay" }, h("option", { value: "0.3" }, "fast"));
    expect(eventFromChange(pace)).toEqual({ type: "setting", name: "bot_delay", value: 0.3 });
    const theme = h("select", { "data-setting": "theme" }, h("option", { value: "dark" }, "Dark"));
    expect(eventFromChange(theme)).toEqual({ type: "setting", name: "theme", value: "dark" });
    const bad = h("select", { "data-setting": "theme" }, h("option", { value: "pink" }, "Pink"));
    expect(eventFromChange(bad)).toBeNull();
    const pips = h("button", { "data-setting": "show_pips", "data-value": "true" }, h("span", {}, "Show pips"));
    expect(eventFromClick(pips.firstElementChild)).toEqual({ type: "setting", name: "show_pips", value: true });
    const resume = h("button", { "data-setting": "bots_paused", "data-value": "false" }, "Resume bots");
    expect(eventFromClick(resume)).toEqual({ type: "setting", name: "bots_paused", value: false });
  });
});
