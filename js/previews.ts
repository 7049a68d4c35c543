/** The legal spots on the board: their glowing marks and the hover preview of the piece
 * (a road, a settlement or city, the robber), shown by table.css while the pointer is over the spot. */
import { at, cityShape, settlementShape } from "./art";
import { s } from "./dom";
import { fmt, lerp } from "./hex";
import type { BoardView } from "./contracts";
import type { Highlights, Placement } from "./interaction";
import { PIECE_SCALE, roadLine, robberAt } from "./pieces";
import type { Board } from "./types";

/** The legal spots' light and glow colours. */
export const HILITE = "#fffdf2";
export const HILITE_GLOW = "#ffc928";

function setLegal(el: Element, mark: SVGElement | null, preview: SVGElement | null = null): void {
  el.querySelector(".cw-legal-mark")?.remove();
  el.classList.toggle("cw-legal", mark !== null);
  if (mark) el.prepend(mark);
  setPreview(el, mark ? preview : null);
}

/** Replace the spot's hover preview with `preview` (none when null); it never takes the pointer. */
function setPreview(el: Element, preview: SVGElement | null): void {
  el.querySelector(".cw-preview")?.remove();
  if (!preview) return;
  preview.setAttribute("class", "cw-preview");
  preview.setAttribute("pointer-events", "none");
  el.append(preview);
}

function edgeMark(board: Board, id: number): SVGElement | null {
  const e = board.edges[id];
  const a = e && board.nodes[e.a];
  const b = e && board.nodes[e.b];
  if (!a || !b) return null;
  const p = lerp(a, b, 0.2);
  const q = lerp(a, b, 0.8);
  const line = { x1: fmt(p.x), y1: fmt(p.y), x2: fmt(q.x), y2: fmt(q.y), "stroke-linecap": "round" };
  return s(
    "g",
    { class: "cw-legal-mark" },
    s("line", { ...line, stroke: HILITE_GLOW, "stroke-width": 0.26, opacity: 0.75 }),
    s("line", { ...line, stroke: HILITE, "stroke-width": 0.1 }),
  );
}

function nodeMark(board: Board, id: number, occupied: boolean, pips: boolean): SVGElement | null {
  const n = board.nodes[id];
  if (!n) return null;
  const c = { cx: fmt(n.x), cy: fmt(n.y) };
  // with the pips overlay on, an open corner gets a ring around its pip label, not a disc over it
  if (pips && !occupied) {
    return s("g", { class: "cw-legal-mark" },
      s("circle", { ...c, r: 0.27, fill: "none", stroke: HILITE_GLOW, "stroke-width": 0.07, opacity: 0.8 }));
  }
  return occupied
    ? s("g", { class: "cw-legal-mark" },
        s("circle", { ...c, r: 0.38, fill: "none", stroke: HILITE_GLOW, "stroke-width": 0.12, opacity: 0.75 }),
        s("circle", { ...c, r: 0.38, fill: "none", stroke: HILITE, "stroke-width": 0.045 }))
    : s("g", { class: "cw-legal-mark" },
        s("circle", { ...c, r: 0.2, fill: HILITE_GLOW, opacity: 0.55 }),
        s("circle", { ...c, r: 0.11, fill: HILITE, stroke: "#7a5a00", "stroke-width": 0.03 }));
}

/** The pending spot shows its ghost piece instead of a glow. */
export function withoutPending(hl: Highlights, p: Placement | null): Highlights {
  if (!p || p.kind === "move_robber") return hl;
  const nodes = new Set(hl.nodes);
  const edges = new Set(hl.edges);
  if (p.kind === "build_road") edges.delete(p.edge);
  else nodes.delete(p.node);
  return { nodes, edges, hexes: hl.hexes };
}

/** Mark the legal hexes, nodes and edges (clickable, glowing, with a hover preview of the piece
 * in `color`, or of the robber on a hex it may move to: table.css shows it while the pointer is
 * over the spot); unmark the rest. */
export function markTargets(view: BoardView, board: Board, hl: Highlights, occupied: Set<number>, pips: boolean, color: string): void {
  view.hexEls.forEach((el, id) => {
    const hx = hl.hexes.has(id) ? board.hexes[id] : undefined;
    if (!hx && !el.classList.contains("cw-legal")) return;
    el.classList.toggle("cw-legal", !!hx);
    setPreview(el, hx ? robberAt(hx, "") : null);
  });
  view.edgeEls.forEach((el, id) => {
    const legal = hl.edges.has(id);
    if (legal || el.classList.contains("cw-legal")) setLegal(el, legal ? edgeMark(board, id) : null, legal ? roadLine(board, id, color, "") : null);
  });
  view.nodeEls.forEach((el, id) => {
    const legal = hl.nodes.has(id);
    if (!legal && !el.classList.contains("cw-legal")) return;
    const n = board.nodes[id];
    const ghost = legal && n ? at(n.x, n.y, PIECE_SCALE, occupied.has(id) ? cityShape(color) : settlementShape(color)) : null;
    setLegal(el, legal ? nodeMark(board, id, occupied.has(id), pips) : null, ghost);
  });
}
