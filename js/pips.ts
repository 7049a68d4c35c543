/** The pips overlay (the `show_pips` setting): pip sums on the corners, drawn under the pieces. */
import { s } from "./dom";
import { fmt, nodePips } from "./hex";
import type { Board } from "./types";

const HILITE_GLOW = "#ffc928";
const UI_FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";

/**
 * Pip sums on every corner without a building. Which corners may be built on is Python's call:
 * the ones listed as build_settlement actions now (`open`) are emphasised, no rule is applied.
 */
export function pipLabels(board: Board, occupied: Set<number>, open: Set<number>): SVGElement {
  const g = s("g", { class: "cw-pip-overlay", "pointer-events": "none" });
  for (const n of board.nodes) {
    if (occupied.has(n.id)) continue;
    const sum = nodePips(n, board.hexes);
    if (sum === 0) continue;
    const listed = open.has(n.id);
    const w = sum >= 10 ? 0.38 : 0.3;
    g.append(
      s(
        "g",
        { class: listed ? "cw-pip-label cw-open" : "cw-pip-label", "data-node": n.id },
        s("rect", {
          x: fmt(n.x - w / 2), y: fmt(n.y - 0.14), width: w, height: 0.28, rx: 0.14, fill: "#1f2430", opacity: 0.88,
          stroke: listed ? HILITE_GLOW : "#fff", "stroke-width": listed ? 0.045 : 0.02,
        }),
        s("text", { x: fmt(n.x), y: fmt(n.y + 0.07), "text-anchor": "middle", "font-size": 0.2, "font-weight": 700, "font-family": UI_FONT, fill: sum >= 10 ? "#ffd54a" : "#fff" }, String(sum)),
      ),
    );
  }
  return g;
}
