/** Map a clicked DOM element to a UI event (the only DOM-reading part of the interaction). */
import type { UiEvent } from "./interaction";
import { parseSetting } from "./settings";
import { RESOURCES, type Resource } from "./types";

function isResource(v: string | null): v is Resource {
  return v !== null && (RESOURCES as readonly string[]).includes(v);
}

function num(v: string | null): number | undefined {
  if (v === null || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The UI event a click on `target` (inside the widget) stands for, or null. A disabled control
 * (`aria-disabled="true"`) never yields its action: at most its reason (`data-reason`), to show.
 */
export function eventFromClick(target: Element | null): UiEvent | null {
  if (!target) return null;
  const btn = target.closest("button");
  if (btn && (btn.disabled || btn.getAttribute("aria-disabled") === "true")) {
    const reason = btn.getAttribute("data-reason");
    return reason ? { type: "blocked", reason } : null;
  }
  const setting = target.closest("button[data-setting]");
  if (setting) {
    const change = parseSetting(setting.getAttribute("data-setting"), setting.getAttribute("data-value") ?? "");
    return change && { type: "setting", ...change };
  }
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

/** The UI event a change of a settings control (`data-setting` = the trait's name) stands for. */
export function eventFromChange(target: Element | null): UiEvent | null {
  const name = target?.getAttribute("data-setting");
  const value = (target as HTMLSelectElement | null)?.value ?? "";
  const change = parseSetting(name, value);
  return change && { type: "setting", ...change };
}
