/** Map a clicked DOM element to a UI event (the only DOM-reading part of the interaction). */
import type { UiEvent } from "./interaction";
import { RESOURCES, type Resource } from "./types";

function isResource(v: string | null): v is Resource {
  return v !== null && (RESOURCES as readonly string[]).includes(v);
}

function num(v: string | null): number | undefined {
  if (v === null || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The UI event a click on `target` (inside the widget) stands for, or null. */
export function eventFromClick(target: Element | null): UiEvent | null {
  if (!target) return null;
  const btn = target.closest("button");
  if (btn && (btn as HTMLButtonElement).disabled) return null;
  const step = target.closest("[data-step]");
  if (step) {
    const side = step.getAttribute("data-step");
    const r = step.getAttribute("data-resource");
    const delta = num(step.getAttribute("data-delta")) ?? 0;
    if ((side === "discard" || side === "give" || side === "want") && isResource(r)) {
      return { type: "step", side, resource: r, delta };
    }
    return null;
  }
  const victim = target.closest("[data-victim]");
  if (victim) {
    const seat = num(victim.getAttribute("data-victim"));
    return seat === undefined ? null : { type: "victim", seat };
  }
  const to = target.closest("[data-to]");
  if (to) return { type: "trade_to", seat: num(to.getAttribute("data-to")) ?? null };
  const resBtn = target.closest("button[data-resource]");
  if (resBtn) {
    const r = resBtn.getAttribute("data-resource");
    if (!isResource(r)) return null;
    return { type: "resource", resource: r, role: resBtn.getAttribute("data-role") ?? undefined };
  }
  const action = target.closest("button[data-action]");
  if (action) {
    const name = action.getAttribute("data-action") ?? "";
    if (name === "dismiss_error") return { type: "dismiss_error" };
    return { type: "action", name, seat: num(action.getAttribute("data-seat")) };
  }
  const node = target.closest(".cw-node[data-node]");
  if (node) return { type: "node", node: Number(node.getAttribute("data-node")) };
  const edge = target.closest(".cw-edge[data-edge]");
  if (edge) return { type: "edge", edge: Number(edge.getAttribute("data-edge")) };
  const hex = target.closest(".cw-hex[data-hex]");
  if (hex) return { type: "hex", hex: Number(hex.getAttribute("data-hex")) };
  return null;
}

/** The UI event a change of a form control stands for (view selector, bot pace). */
export function eventFromChange(target: Element | null): UiEvent | null {
  const action = target?.getAttribute("data-action");
  const value = (target as HTMLSelectElement | null)?.value ?? "";
  if (action === "set_view") {
    if (value === "auto") return { type: "view", seat: null };
    const seat = num(value);
    return seat === undefined ? null : { type: "view", seat };
  }
  if (action === "set_bot_delay") {
    const seconds = num(value);
    return seconds === undefined ? null : { type: "bot_delay", seconds };
  }
  return null;
}
