/** The pieces as the board draws them: roads, settlements and cities, the robber. */
import { at, cityShape, robberShape, settlementShape } from "./art";
import { pieceLetter, roadPattern } from "./cues";
import { s } from "./dom";
import { fmt, lerp } from "./hex";
import type { Board, HexInfo } from "./types";

const INK = "#1b1a17";
/** How much larger than the art's unit a building is drawn. */
export const PIECE_SCALE = 1.3;

/** A road on `edgeId` in `color` (with the seat's pattern when `seat` is given). */
export function roadLine(board: Board, edgeId: number, color: string, cls: string, seat?: number): SVGElement | null {
  const e = board.edges[edgeId];
  if (!e) return null;
  const a = board.nodes[e.a];
  const b = board.nodes[e.b];
  const p = lerp(a, b, 0.17);
  const q = lerp(a, b, 0.83);
  const line = { x1: fmt(p.x), y1: fmt(p.y), x2: fmt(q.x), y2: fmt(q.y), "stroke-linecap": "round" };
  return s(
    "g",
    { class: cls, "data-edge": edgeId },
    s("line", { ...line, stroke: INK, "stroke-width": 0.2 }),
    s("line", { ...line, stroke: color, "stroke-width": 0.12 }),
    seat === undefined ? null : roadPattern(seat, line),
  );
}

/** A settlement or city at (x, y), with the seat's letter when given. */
export function piece(kind: "settlement" | "city", color: string, x: number, y: number, cls: string, attrs: Record<string, number>, letter?: string): SVGElement {
  const body = kind === "city" ? cityShape(color) : settlementShape(color);
  if (letter) body.append(pieceLetter(kind, letter));
  const g = at(x, y, PIECE_SCALE, body);
  g.setAttribute("class", cls);
  for (const [k, v] of Object.entries(attrs)) g.setAttribute(k, String(v));
  return g;
}

/** The robber on hex `hx`. */
export function robberAt(hx: HexInfo, cls: string): SVGElement {
  const g = at(hx.x + 0.42, hx.y + 0.3, 1, robberShape());
  g.setAttribute("class", cls);
  g.setAttribute("data-hex", String(hx.id));
  return g;
}
