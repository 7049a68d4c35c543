/** Pure hex geometry (pointy-top hexes, size 1 = centre-to-corner distance). */
import type { Board, HexInfo, NodeInfo } from "./types";

export const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

/** Centre of axial hex (q, r): x = √3·(q + r/2), y = 1.5·r. */
export function hexCenter(q: number, r: number, size = 1): Point {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

/** The six corners of a pointy-top hex, at angles -90, -30, 30, 90, 150, 210 degrees. */
export function hexCorners(cx: number, cy: number, size = 1): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const a = ((-90 + 60 * k) * Math.PI) / 180;
    out.push({ x: cx + size * Math.cos(a), y: cy + size * Math.sin(a) });
  }
  return out;
}

/** Round to 3 decimals so SVG attributes stay short. */
export function fmt(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? "0" : String(r);
}

/** SVG `points` attribute for a polygon. */
export function pointsAttr(points: Point[]): string {
  return points.map((p) => `${fmt(p.x)},${fmt(p.y)}`).join(" ");
}

/** Number of pips (dots) under a number token: the count of 36ths that roll it. */
export function pipCount(n: number | null | undefined): number {
  if (n == null || n < 2 || n > 12 || n === 7) return 0;
  return 6 - Math.abs(7 - n);
}

/** Expected count of each total 2..12 in `rolls` rolls of two dice. */
export function expectedRolls(rolls: number): number[] {
  const out: number[] = [];
  for (let t = 2; t <= 12; t++) out.push((rolls * (6 - Math.abs(7 - t))) / 36);
  return out;
}

export interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Smallest box centred on the island's centre (the middle of its hexes' corners: (0, 0) on the
 * base board, off it on the extension's) that holds every hex corner and harbor marker, plus a
 * margin: the island stays in the middle however the harbors are placed, and a larger board
 * is scaled to fit the same space.
 */
export function boardViewBox(board: Pick<Board, "hexes" | "harbors">, margin = 0.35): ViewBox {
  const corners = board.hexes.flatMap((h) => hexCorners(h.x, h.y));
  if (corners.length === 0) return { x: -5, y: -5, w: 10, h: 10 };
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  let hw = 0;
  let hh = 0;
  const add = (x: number, y: number, pad: number): void => {
    hw = Math.max(hw, Math.abs(x - cx) + pad);
    hh = Math.max(hh, Math.abs(y - cy) + pad);
  };
  for (const c of corners) add(c.x, c.y, 0);
  for (const hb of board.harbors) add(hb.x, hb.y, HARBOR_RADIUS);
  hw += margin;
  hh += margin;
  return { x: cx - hw, y: cy - hh, w: 2 * hw, h: 2 * hh };
}

export const HARBOR_RADIUS = 0.4;

export function viewBoxAttr(vb: ViewBox): string {
  return [vb.x, vb.y, vb.w, vb.h].map(fmt).join(" ");
}

/** Sum of the pips of the hexes around a node. */
export function nodePips(node: NodeInfo, hexes: HexInfo[]): number {
  let sum = 0;
  for (const id of node.hexes) sum += hexes[id]?.pips ?? 0;
  return sum;
}

/** Point at fraction t along the segment a→b. */
export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Pip positions (x, y) on a die face of value 1..6, in a unit square centred on 0. */
export function diePipOffsets(value: number): Point[] {
  const a = 0.27;
  const c: Point = { x: 0, y: 0 };
  const tl = { x: -a, y: -a };
  const tr = { x: a, y: -a };
  const bl = { x: -a, y: a };
  const br = { x: a, y: a };
  const ml = { x: -a, y: 0 };
  const mr = { x: a, y: 0 };
  switch (value) {
    case 1:
      return [c];
    case 2:
      return [tr, bl];
    case 3:
      return [tr, c, bl];
    case 4:
      return [tl, tr, bl, br];
    case 5:
      return [tl, tr, c, bl, br];
    case 6:
      return [tl, tr, ml, mr, bl, br];
    default:
      return [];
  }
}
