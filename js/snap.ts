/**
 * Forgiving taps on a small board (a phone): in a placement mode, a tap that hits no spot but
 * lands within SNAP_PX of a lit one is a tap on the nearest lit one. With the spots' own hit
 * areas, every lit spot takes taps at least 24 px across (WCAG 2.2 target size).
 */
import type { UiEvent } from "./interaction";

/** How far (px) from a lit spot's centre a tap that hits nothing still takes it. */
export const SNAP_PX = 16;

/** The spots each placement mode lights (the board's `data-mode`), and the event a tap makes. */
const LIT: Record<string, { selector: string; event: (el: Element) => UiEvent }> = {
  build_road: { selector: ".cw-edge.cw-legal[data-edge]", event: (el) => ({ type: "edge", edge: Number(el.getAttribute("data-edge")) }) },
  build_settlement: { selector: ".cw-node.cw-legal[data-node]", event: (el) => ({ type: "node", node: Number(el.getAttribute("data-node")) }) },
  build_city: { selector: ".cw-node.cw-legal[data-node]", event: (el) => ({ type: "node", node: Number(el.getAttribute("data-node")) }) },
};

/** The tap at (`x`, `y`) in the page as a tap on the nearest lit spot of `svg`'s mode, or null. */
export function nearestLit(svg: Element, x: number, y: number): UiEvent | null {
  const lit = LIT[svg.getAttribute("data-mode") ?? ""];
  if (!lit) return null;
  let best: Element | null = null;
  let bestDistance = SNAP_PX;
  for (const el of svg.querySelectorAll(lit.selector)) {
    const r = (el.querySelector(".cw-hit") ?? el).getBoundingClientRect();
    const d = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
    if (d <= bestDistance) {
      best = el;
      bestDistance = d;
    }
  }
  return best ? lit.event(best) : null;
}
