/**
 * The ids overlay (`show_ids`): the ids the Python API uses, written on the board — hexes as
 * "H7" under their token, corners in white discs, paths in small dark tags. Drawn from the
 * static `board` trait into a layer of its own that never takes clicks.
 */
import { s } from "./dom";
import type { Board } from "./types";

const LAYER = "cw-ids";

/** The SVG layer with every id label of `board`. */
export function idsLayer(board: Board): SVGGElement {
  const g = s("g", { class: LAYER, "pointer-events": "none", "aria-hidden": "true" }) as SVGGElement;
  for (const e of board.edges) {
    g.append(
      s("g", { class: "cw-id cw-id-edge", "data-id": e.id },
        s("rect", { x: e.x - 0.17, y: e.y - 0.1, width: 0.34, height: 0.2, rx: 0.05 }),
        s("text", { x: e.x, y: e.y + 0.065 }, String(e.id))),
    );
  }
  for (const n of board.nodes) {
    g.append(
      s("g", { class: "cw-id cw-id-node", "data-id": n.id },
        s("circle", { cx: n.x, cy: n.y, r: 0.17 }),
        s("text", { x: n.x, y: n.y + 0.07 }, String(n.id))),
    );
  }
  for (const hx of board.hexes) {
    const y = hx.y + 0.62;
    g.append(
      s("g", { class: "cw-id cw-id-hex", "data-id": hx.id },
        s("rect", { x: hx.x - 0.28, y: y - 0.14, width: 0.56, height: 0.26, rx: 0.06 }),
        s("text", { x: hx.x, y: y + 0.07 }, `H${hx.id}`)),
    );
  }
  return g;
}

/** Show or hide the ids overlay on `svg` (built once per board, then toggled). */
export function drawIds(svg: SVGSVGElement, board: Board, on: boolean, cache: WeakMap<Board, SVGGElement>): void {
  const current = svg.querySelector(`:scope > g.${LAYER}`);
  let layer = cache.get(board);
  if (on && !layer) {
    layer = idsLayer(board);
    cache.set(board, layer);
  }
  if (current && current !== layer) current.remove();
  if (on && layer) {
    if (layer.parentNode !== svg || svg.lastChild !== layer) svg.append(layer);
  } else if (layer?.parentNode) {
    layer.remove();
  }
}
