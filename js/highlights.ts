/**
 * "See what happened": the places the other players changed since the viewer last moved
 * (`state.marks`, from Python) ringed in the mover's colour under the pieces, fading in; and
 * the link between a log line and its places (hover one, the other lights up).
 */
import { clear, s } from "./dom";
import { fmt, hexCorners, lerp, pointsAttr } from "./hex";
import type { Board, GameState } from "./types";

/** "e" a new road, "n" a new settlement or city, "r" the robber's new hex, "h" a hex that produced. */
export type ChangeKind = "e" | "n" | "r" | "h";

/** One place that changed, and the log line (index in `state.log`, -1 if scrolled out) telling it. */
export interface Change {
  line: number;
  seat: number;
  kind: ChangeKind;
  id: number;
}

const PLACE = /^([enrh])(\d{1,2})$/;
const ATTR: Record<ChangeKind, string> = { e: "data-edge", n: "data-node", r: "data-hex", h: "data-hex" };
/** How long a new mark takes to fade in (ms). */
export const FADE_MS = 300;

/** The changes listed in `state.marks`, oldest first; malformed entries are skipped. */
export function changes(state: Pick<GameState, "marks">): Change[] {
  const out: Change[] = [];
  for (const mark of state.marks ?? []) {
    if (!Array.isArray(mark)) continue;
    const [line, seat, ...places] = mark;
    if (typeof line !== "number" || typeof seat !== "number") continue;
    for (const p of places) {
      const m = typeof p === "string" ? PLACE.exec(p) : null;
      if (m) out.push({ line, seat, kind: m[1] as ChangeKind, id: Number(m[2]) });
    }
  }
  return out;
}

/** The log lines that have places on the board. */
export function markedLines(state: Pick<GameState, "marks">): Set<number> {
  return new Set(changes(state).map((c) => c.line).filter((l) => l >= 0));
}

/** The styles of the marks and of the linked log lines (kept with the marks, not in widget.css). */
export function markStyle(): SVGElement {
  return s(
    "style",
    {},
    `.cw-change { transition: opacity ${FADE_MS}ms ease-out; }
.cw-change.cw-new { opacity: 0; }
.cw-change .cw-change-glow, .cw-change .cw-change-halo { transition: opacity 150ms ease-out; }
.cw-change.cw-linked .cw-change-glow, .cw-change.cw-linked .cw-change-halo { opacity: 1; }
.cw-board[data-mode="move_robber"] .cw-change { pointer-events: none; }
.catan-widget .cw-log-list li.cw-marked { border-left: 3px solid rgba(255, 201, 40, 0.8); padding-left: 4px; }
.catan-widget .cw-log-list li.cw-linked { background: rgba(255, 201, 40, 0.3); }
@media (prefers-reduced-motion: reduce) { .cw-change, .cw-change * { transition: none; } }`,
  );
}

function shape(board: Board, c: Change, color: string): SVGElement | null {
  const common = { class: `cw-change cw-change-${c.kind} cw-new`, "data-line": c.line, "data-seat": c.seat, [ATTR[c.kind]]: c.id };
  if (c.kind === "e") {
    const e = board.edges[c.id];
    const a = e && board.nodes[e.a];
    const b = e && board.nodes[e.b];
    if (!a || !b) return null;
    const p = lerp(a, b, 0.12);
    const q = lerp(a, b, 0.88);
    const line = { x1: fmt(p.x), y1: fmt(p.y), x2: fmt(q.x), y2: fmt(q.y), "stroke-linecap": "round" };
    return s("g", common,
      s("line", { ...line, class: "cw-change-halo", stroke: color, "stroke-width": 0.56, opacity: 0.45 }),
      s("line", { ...line, class: "cw-change-glow", stroke: "#fffdf2", "stroke-width": 0.32, opacity: 0.8 }));
  }
  if (c.kind === "n") {
    const n = board.nodes[c.id];
    if (!n) return null;
    const at = { cx: fmt(n.x), cy: fmt(n.y) };
    return s("g", common,
      s("circle", { ...at, r: 0.44, class: "cw-change-halo", fill: color, "fill-opacity": 0.3, stroke: color, "stroke-width": 0.07 }),
      s("circle", { ...at, r: 0.5, class: "cw-change-glow", fill: "none", stroke: "#fffdf2", "stroke-width": 0.035, opacity: 0.8 }));
  }
  const hx = board.hexes[c.id];
  if (!hx) return null;
  // hexes stay clickable (the robber's move): their marks never take the pointer
  const robber = c.kind === "r";
  return s("g", { ...common, "pointer-events": "none" },
    s("polygon", {
      points: pointsAttr(hexCorners(hx.x, hx.y, robber ? 0.8 : 0.9)), class: "cw-change-halo", fill: color, "fill-opacity": robber ? 0.18 : 0.1,
      stroke: color, "stroke-width": 0.09, "stroke-linejoin": "round", "stroke-dasharray": robber ? "0.18 0.1" : null,
    }),
    s("polygon", {
      points: pointsAttr(hexCorners(hx.x, hx.y, robber ? 0.74 : 0.84)), class: "cw-change-glow", fill: "none",
      stroke: "#fffdf2", "stroke-width": 0.035, opacity: 0.7, "stroke-linejoin": "round",
    }));
}

/**
 * Draw the changes into `layer` (under the pieces), in each mover's colour. Unchanged marks are
 * left as they are; new ones fade in over FADE_MS.
 */
export function drawChanges(layer: SVGGElement, board: Board, state: Pick<GameState, "marks">, color: (seat: number) => string): void {
  const key = JSON.stringify(state.marks ?? []);
  if (layer.getAttribute("data-key") === key) return;
  layer.setAttribute("data-key", key);
  clear(layer);
  const hexes: SVGElement[] = [];
  const pieces: SVGElement[] = [];
  for (const c of changes(state)) {
    const el = shape(board, c, color(c.seat));
    if (el) (c.kind === "e" || c.kind === "n" ? pieces : hexes).push(el);
  }
  const drawn = [...hexes, ...pieces]; // hexes first: rings of pieces on their edge stay on top
  layer.append(...drawn);
  const show = (): void => drawn.forEach((el) => el.classList.remove("cw-new"));
  // two frames: the first paints them transparent, so the second transitions to visible
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => requestAnimationFrame(show));
  else show();
}

function rootOf(el: Element): ParentNode {
  return el.closest(".catan-widget") ?? el.ownerDocument;
}

function setHot(root: ParentNode, lines: Iterable<number>): void {
  root.querySelectorAll(".cw-linked").forEach((el) => el.classList.remove("cw-linked"));
  for (const line of lines) {
    if (line < 0) continue;
    root.querySelectorAll(`.cw-change[data-line="${line}"], .cw-log-list li[data-line="${line}"]`).forEach((el) => el.classList.add("cw-linked"));
  }
}

/** Hovering a log line lights up its places on the board (and the line itself). */
export function linkLog(list: HTMLElement): void {
  list.addEventListener("mouseover", (e) => {
    const li = (e.target as Element | null)?.closest("li[data-line]");
    setHot(rootOf(list), li ? [Number(li.getAttribute("data-line"))] : []);
  });
  list.addEventListener("mouseleave", () => setHot(rootOf(list), []));
}

/** The log lines of the change marks at the hovered board element (a mark, or a hex with marks). */
export function linesAt(target: Element | null, svg: SVGSVGElement): number[] {
  const mark = target?.closest(".cw-change[data-line]");
  if (mark) return [Number(mark.getAttribute("data-line"))];
  const hex = target?.closest(".cw-hex[data-hex]");
  if (!hex) return [];
  const id = hex.getAttribute("data-hex");
  return [...svg.querySelectorAll(`.cw-change[data-hex="${id}"]`)].map((m) => Number(m.getAttribute("data-line")));
}

/** Hovering a changed piece (or a marked hex) lights up its log line (and its places). */
export function linkBoard(svg: SVGSVGElement): void {
  svg.addEventListener("mouseover", (e) => setHot(rootOf(svg), linesAt(e.target as Element | null, svg)));
  svg.addEventListener("mouseleave", () => setHot(rootOf(svg), []));
}
