/** The SVG board: a static layer (sea, harbors, terrain, tokens) and a dynamic one (pieces, legal spots). */
import type { BoardView } from "./contracts";
export type { BoardView } from "./contracts";
import { at, resourceGlyph, RESOURCE_COLORS, RESOURCE_TERRAIN, TERRAIN_COLORS, terrainArt } from "./art";
import { seatLetters } from "./cues";
import { clear, s, title } from "./dom";
import { drawChanges, linkBoard, markStyle } from "./highlights";
import { pipLabels } from "./pips";
import {
  boardViewBox,
  fmt,
  hexCorners,
  HARBOR_RADIUS,
  lerp,
  pipCount,
  pointsAttr,
  viewBoxAttr,
  type Point,
} from "./hex";
import { t } from "./i18n";
import type { Highlights, Placement } from "./interaction";
import { amountWords, hexPlace, resourceWord } from "./labels";
import { piece, roadLine, robberAt } from "./pieces";
import { HILITE, HILITE_GLOW, markTargets, withoutPending } from "./previews";
import type { Board, GameState, Harbor, HexInfo, Terrain } from "./types";

const NUMBER_FONT = "Georgia, 'DejaVu Serif', 'Times New Roman', serif";
const UI_FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";


/** The board's accessible name. */
function boardLabel(): string {
  return t("Catan board");
}

/** An empty board SVG with its two layers; `uid` keeps gradient ids unique per widget. */
export function createBoardView(uid: string): BoardView {
  const svg = s("svg", {
    class: "cw-board",
    role: "img",
    "aria-label": boardLabel(),
    preserveAspectRatio: "xMidYMid meet",
    "data-uid": uid,
  }) as SVGSVGElement;
  const layer = (cls: string): SVGGElement => s("g", { class: cls }) as SVGGElement;
  const view: BoardView = {
    svg,
    staticLayer: layer("cw-static"),
    changesLayer: layer("cw-changes"),
    dynamicLayer: layer("cw-dynamic"),
    targetsLayer: layer("cw-targets"),
    overlayLayer: layer("cw-overlay"),
    hexEls: new Map(),
    nodeEls: new Map(),
    edgeEls: new Map(),
  };
  svg.append(markStyle(), view.staticLayer, view.changesLayer, view.dynamicLayer, view.targetsLayer, view.overlayLayer);
  linkBoard(svg);
  return view;
}

function defs(uid: string): SVGElement {
  const d = s("defs");
  const radial = (id: string, stops: [string, string][], r = "75%"): SVGElement =>
    s("radialGradient", { id: `${uid}-${id}`, cx: "50%", cy: "45%", r }, ...stops.map(([o, c]) => s("stop", { offset: o, "stop-color": c })));
  d.append(
    radial("sea", [["0%", "#4d9fcf"], ["70%", "#2b78ad"], ["100%", "#1c557f"]], "70%"),
    radial("token", [["0%", "#fffaf0"], ["100%", "#eedfb8"]], "60%"),
    radial("harbor", [["0%", "#fffaf0"], ["100%", "#efe3c4"]], "60%"),
    s(
      "linearGradient",
      { id: `${uid}-wood`, x1: "0", y1: "0", x2: "1", y2: "1" },
      s("stop", { offset: "0%", "stop-color": "#9a6a3c" }),
      s("stop", { offset: "50%", "stop-color": "#7a5230" }),
      s("stop", { offset: "100%", "stop-color": "#5e3d20" }),
    ),
  );
  for (const [terrain, c] of Object.entries(TERRAIN_COLORS)) {
    d.append(radial(`t-${terrain}`, [["0%", c.light], ["100%", c.base]], "65%"));
    // each terrain's decoration is drawn once and reused by every hex of that terrain
    const art = terrainArt(terrain as Terrain, 0, 0);
    art.setAttribute("id", `${uid}-art-${terrain}`);
    d.append(art);
  }
  d.append(
    s(
      "filter",
      { id: `${uid}-shadow`, x: "-30%", y: "-30%", width: "160%", height: "160%" },
      s("feDropShadow", { dx: 0.02, dy: 0.05, stdDeviation: 0.04, "flood-color": "#000", "flood-opacity": 0.45 }),
    ),
    s(
      "filter",
      { id: `${uid}-glow`, x: "-50%", y: "-50%", width: "200%", height: "200%" },
      s("feGaussianBlur", { stdDeviation: 0.05, result: "b" }),
      s("feMerge", {}, s("feMergeNode", { in: "b" }), s("feMergeNode", { in: "SourceGraphic" })),
    ),
  );
  return d;
}

function sea(board: Board, uid: string): SVGElement {
  const vb = boardViewBox(board);
  const g = s("g", { class: "cw-sea", "pointer-events": "none" });
  g.append(
    s("rect", { class: "cw-frame", x: fmt(vb.x), y: fmt(vb.y), width: fmt(vb.w), height: fmt(vb.h), fill: `url(#${uid}-wood)` }),
    s("rect", {
      x: fmt(vb.x + 0.17), y: fmt(vb.y + 0.17), width: fmt(vb.w - 0.34), height: fmt(vb.h - 0.34), rx: 0.22,
      fill: `url(#${uid}-sea)`, stroke: "#3e2714", "stroke-width": 0.03,
    }),
    s("rect", {
      x: fmt(vb.x + 0.23), y: fmt(vb.y + 0.23), width: fmt(vb.w - 0.46), height: fmt(vb.h - 0.46), rx: 0.17,
      fill: "none", stroke: "#d9b07a", "stroke-width": 0.025, opacity: 0.55,
    }),
  );
  // a few painted wave marks, placed deterministically in the corners of the sea
  const waves: Point[] = [
    { x: vb.x + 0.9, y: vb.y + 1.1 }, { x: vb.x + vb.w - 1.1, y: vb.y + 0.9 },
    { x: vb.x + 0.8, y: vb.y + vb.h - 1.0 }, { x: vb.x + vb.w - 0.9, y: vb.y + vb.h - 1.2 },
    { x: vb.x + 1.5, y: vb.y + vb.h / 2 - 0.2 }, { x: vb.x + vb.w - 1.5, y: vb.y + vb.h / 2 + 0.3 },
  ];
  for (const w of waves) {
    g.append(at(w.x, w.y, 1, s("path", {
      d: "M-0.25 0 q0.125 -0.12 0.25 0 t0.25 0", fill: "none", stroke: "#bfe3f5", "stroke-width": 0.04,
      "stroke-linecap": "round", opacity: 0.55,
    })));
  }
  // the sandy coast under the island
  const coast = s("g", { class: "cw-coast" });
  for (const hx of board.hexes) coast.append(s("polygon", { points: pointsAttr(hexCorners(hx.x, hx.y, 1.2)), fill: "#b89a60" }));
  for (const hx of board.hexes) coast.append(s("polygon", { points: pointsAttr(hexCorners(hx.x, hx.y, 1.13)), fill: "#ead49b" }));
  g.append(coast);
  return g;
}

function harborMark(hb: Harbor, board: Board, uid: string): SVGElement {
  const color = hb.resource ? RESOURCE_COLORS[hb.resource] : "#f5f0e4";
  const g = s("g", { class: "cw-harbor", "data-harbor": hb.id, "data-kind": hb.kind });
  const m = { x: hb.x, y: hb.y };
  for (const nid of hb.nodes) {
    const n = board.nodes[nid];
    if (!n) continue;
    const a = lerp(n, m, 0.12);
    const b = lerp(n, m, 0.75);
    const line = { x1: fmt(a.x), y1: fmt(a.y), x2: fmt(b.x), y2: fmt(b.y), "stroke-linecap": "round" };
    g.append(
      s("line", { ...line, stroke: "#5b3a1e", "stroke-width": 0.11 }),
      s("line", { ...line, stroke: "#b07a45", "stroke-width": 0.06, "stroke-dasharray": "0.05 0.03" }),
    );
  }
  const R = HARBOR_RADIUS - 0.04;
  g.append(
    s("circle", { cx: fmt(m.x), cy: fmt(m.y), r: R, fill: `url(#${uid}-harbor)`, stroke: "#5b3a1e", "stroke-width": 0.035, filter: `url(#${uid}-shadow)` }),
    s("circle", { cx: fmt(m.x), cy: fmt(m.y), r: R - 0.05, fill: "none", stroke: color, "stroke-width": 0.06 }),
  );
  const label = hb.resource ? "2:1" : "3:1";
  if (hb.resource) {
    const colors = TERRAIN_COLORS[RESOURCE_TERRAIN[hb.resource]];
    g.append(
      s("circle", { cx: fmt(m.x), cy: fmt(m.y - 0.07), r: 0.15, fill: colors.light, stroke: colors.dark, "stroke-width": 0.02 }),
      resourceGlyph(hb.resource, m.x, m.y - 0.07, 0.5),
    );
  }
  else g.append(s("text", { x: fmt(m.x), y: fmt(m.y - 0.06), "text-anchor": "middle", "font-size": 0.15, "font-family": NUMBER_FONT, fill: "#3b3226", "font-weight": 700 }, "?"));
  g.append(
    s("text", {
      x: fmt(m.x), y: fmt(m.y + 0.2), "text-anchor": "middle", "font-size": 0.15, "font-weight": 700,
      "font-family": UI_FONT, fill: "#3b3226",
    }, label),
    title(harborWords(hb)),
  );
  return g;
}

/** What a harbor trades, in words. */
function harborWords(hb: Harbor): string {
  if (!hb.resource) return t("Harbor: 3 of one resource for 1 of any");
  // TRANSLATORS: a 2:1 harbor's tooltip; {cards} is "2 wool"
  return t("Harbor: {cards} for 1 of any resource", { cards: amountWords(hb.resource, 2) });
}

function token(hx: HexInfo, uid: string): SVGElement | null {
  if (hx.number == null) return null;
  const hot = hx.number === 6 || hx.number === 8;
  const color = hot ? "#c0262d" : "#2d261c";
  const pips = pipCount(hx.number);
  const g = s("g", { class: `cw-token${hot ? " cw-hot" : ""}`, "data-number": hx.number });
  g.append(
    s("circle", { cx: fmt(hx.x), cy: fmt(hx.y), r: 0.34, fill: `url(#${uid}-token)`, stroke: "#a88a55", "stroke-width": 0.025, filter: `url(#${uid}-shadow)` }),
    s("text", {
      x: fmt(hx.x), y: fmt(hx.y + 0.07), "text-anchor": "middle", "font-family": NUMBER_FONT,
      "font-size": hot ? 0.31 : 0.27, "font-weight": hot ? 800 : 600, fill: color, class: "cw-token-number",
    }, String(hx.number)),
  );
  const pipsG = s("g", { class: "cw-pips", fill: color });
  for (let i = 0; i < pips; i++) {
    pipsG.append(s("circle", { cx: fmt(hx.x + (i - (pips - 1) / 2) * 0.065), cy: fmt(hx.y + 0.19), r: 0.025 }));
  }
  g.append(pipsG);
  return g;
}

/** A hex's tooltip: its name ("mountains 8") and what it produces. */
function hexWords(hx: HexInfo): string {
  const place = hexPlace(hx);
  if (!hx.resource) return place;
  // TRANSLATORS: a hex's tooltip: its name ("mountains 8") and the resource it produces
  return t("{place} (produces {resource})", { place, resource: resourceWord(hx.resource) });
}

/** Draw the static layer: sea, frame, coast, harbors, terrain hexes with art and number tokens. */
export function drawStatic(view: BoardView, board: Board, uid: string): void {
  const layer = view.staticLayer;
  clear(layer);
  view.svg.setAttribute("viewBox", viewBoxAttr(boardViewBox(board)));
  view.svg.setAttribute("aria-label", boardLabel()); // drawn again when the language changes
  layer.append(defs(uid), sea(board, uid));
  const harbors = s("g", { class: "cw-harbors" });
  for (const hb of board.harbors) harbors.append(harborMark(hb, board, uid));
  layer.append(harbors);
  const hexes = s("g", { class: "cw-hexes" });
  for (const hx of board.hexes) {
    const g = s("g", { class: "cw-hex", "data-hex": hx.id, "data-terrain": hx.terrain });
    g.append(
      s("polygon", {
        class: "cw-hex-shape",
        points: pointsAttr(hexCorners(hx.x, hx.y)),
        fill: `url(#${uid}-t-${hx.terrain})`,
        stroke: "#f3e3b5",
        "stroke-width": 0.06,
        "stroke-linejoin": "round",
      }),
      s("polygon", {
        points: pointsAttr(hexCorners(hx.x, hx.y, 0.93)), fill: "none",
        stroke: TERRAIN_COLORS[hx.terrain].dark, "stroke-width": 0.025, opacity: 0.35,
      }),
      s("use", { href: `#${uid}-art-${hx.terrain}`, transform: `translate(${fmt(hx.x)} ${fmt(hx.y)})`, class: `cw-art cw-art-${hx.terrain}`, "pointer-events": "none" }),
      title(hexWords(hx)),
    );
    const tok = token(hx, uid);
    if (tok) g.append(tok);
    hexes.append(g);
    view.hexEls.set(hx.id, g);
  }
  layer.append(hexes);
  buildTargets(view, board);
}

/**
 * A node's hit radius (hex units): neighbours are 1 apart, so 0.42 leaves a gap between them and
 * makes each at least 24 px across on a phone's board (about 29 px a unit at 390 px wide).
 */
const NODE_HIT_R = 0.42;

/** One click target per edge and node (hit areas only; marks are added when legal). */
function buildTargets(view: BoardView, board: Board): void {
  clear(view.targetsLayer);
  view.edgeEls.clear();
  view.nodeEls.clear();
  const edges = s("g", { class: "cw-edge-targets" });
  for (const e of board.edges) {
    const a = board.nodes[e.a];
    const b = board.nodes[e.b];
    if (!a || !b) continue;
    const p = lerp(a, b, 0.2);
    const q = lerp(a, b, 0.8);
    // A filled band rather than a stroked line: a vertical line has a zero-width bounding box.
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const nx = (-(q.y - p.y) / len) * 0.18;
    const ny = ((q.x - p.x) / len) * 0.18;
    const band = [
      [p.x + nx, p.y + ny], [q.x + nx, q.y + ny], [q.x - nx, q.y - ny], [p.x - nx, p.y - ny],
    ].map(([x, y]) => `${fmt(x ?? 0)},${fmt(y ?? 0)}`).join(" ");
    const el = s("g", { class: "cw-edge", "data-edge": e.id },
      s("polygon", { points: band, class: "cw-hit", fill: "transparent" }));
    edges.append(el);
    view.edgeEls.set(e.id, el);
  }
  const nodes = s("g", { class: "cw-node-targets" });
  for (const n of board.nodes) {
    const el = s("g", { class: "cw-node", "data-node": n.id }, s("circle", { class: "cw-hit", cx: fmt(n.x), cy: fmt(n.y), r: NODE_HIT_R, fill: "transparent" }));
    nodes.append(el);
    view.nodeEls.set(n.id, el);
  }
  view.targetsLayer.append(edges, nodes);
}

export interface DynamicInput {
  board: Board;
  state: GameState;
  hl: Highlights;
  pending: Placement | null;
  /** seat placing the pending piece (for the ghost's colour) */
  seat: number | null;
  uid: string;
  /** the pips overlay (the `show_pips` setting), or null when off; `open` = the corners
   * listed as build_settlement actions now, drawn emphasised */
  pips: { open: Set<number> } | null;
  /** the hexes the newest roll paid: lit under the pieces */
  paid?: number[];
}

export function playerColor(board: Board, seat: number | null | undefined): string {
  return board.players.find((p) => p.seat === seat)?.color ?? "#888888";
}

/** Draw the dynamic layer: legal rings, pips, roads, buildings, robber, ghost piece, click targets, and the changes. */
export function drawDynamic(view: BoardView, inp: DynamicInput): void {
  const { board, state, hl, pending, uid } = inp;
  const layer = view.dynamicLayer;
  clear(layer);
  const shadow = `url(#${uid}-shadow)`;

  const rings = s("g", { class: "cw-hex-rings", "pointer-events": "none" });
  for (const id of hl.hexes) {
    const hx = board.hexes[id];
    if (!hx) continue;
    const chosen = pending?.kind === "move_robber" && pending.hex === id;
    rings.append(
      s(
        "g",
        { class: chosen ? "cw-hex-ring cw-chosen" : "cw-hex-ring", "data-hex": id },
        s("polygon", { points: pointsAttr(hexCorners(hx.x, hx.y, 0.86)), fill: chosen ? "rgba(255,226,110,0.25)" : "rgba(255,240,190,0.1)", stroke: HILITE_GLOW, "stroke-width": 0.16, opacity: 0.7, "stroke-linejoin": "round" }),
        s("polygon", { points: pointsAttr(hexCorners(hx.x, hx.y, 0.86)), fill: "none", stroke: HILITE, "stroke-width": 0.05, "stroke-linejoin": "round" }),
      ),
    );
  }

  const paid = s("g", { class: "cw-paid-layer", "pointer-events": "none" });
  for (const id of inp.paid ?? []) {
    const hx = board.hexes[id];
    if (!hx) continue;
    paid.append(
      s("polygon", { class: "cw-paid", "data-hex": id, points: pointsAttr(hexCorners(hx.x, hx.y, 0.9)), fill: "rgba(255,236,150,0.34)", stroke: HILITE_GLOW, "stroke-width": 0.13, "stroke-linejoin": "round" }),
    );
  }

  const roads = s("g", { class: "cw-roads", filter: shadow, "pointer-events": "none" });
  for (const [edge, seat] of state.roads) {
    const r = roadLine(board, edge, playerColor(board, seat), "cw-piece cw-road", seat);
    if (r) {
      r.setAttribute("data-seat", String(seat));
      roads.append(r);
    }
  }

  const occupied = new Set<number>();
  const letters = seatLetters(board.players);
  const buildings = s("g", { class: "cw-buildings", filter: shadow, "pointer-events": "none" });
  for (const [node, seat, kind] of state.buildings) {
    const n = board.nodes[node];
    if (!n) continue;
    occupied.add(node);
    buildings.append(piece(kind, playerColor(board, seat), n.x, n.y, `cw-piece cw-${kind}`, { "data-node": node, "data-seat": seat }, letters.get(seat)));
  }

  const robber = s("g", { class: "cw-robber-layer", filter: shadow, "pointer-events": "none" });
  const robberHex = board.hexes[state.robber];
  const movingRobber = pending?.kind === "move_robber";
  if (robberHex) {
    const r = robberAt(robberHex, "cw-robber");
    if (movingRobber) r.setAttribute("opacity", "0.35");
    robber.append(r);
  }

  // pip labels lie under the roads and buildings: the pieces always stay visible
  const pips = inp.pips ? pipLabels(board, occupied, inp.pips.open) : null;
  layer.append(paid, rings, ...(pips ? [pips] : []), roads, buildings, robber);
  markTargets(view, board, withoutPending(hl, pending), occupied, !!pips, playerColor(board, inp.seat));
  drawChanges(view.changesLayer, board, state, (seat) => playerColor(board, seat));
  clear(view.overlayLayer);
  view.overlayLayer.append(ghost(inp));
}

/** Where a pending placement sits on the board (to keep dialogs from covering it). */
export function placementPoint(board: Board, p: Placement): Point | null {
  if (p.kind === "build_road") return board.edges[p.edge] ?? null;
  if (p.kind === "move_robber") return board.hexes[p.hex] ?? null;
  return board.nodes[p.node] ?? null;
}

function ghost(inp: DynamicInput): SVGElement {
  const { board, pending } = inp;
  const g = s("g", { class: "cw-ghost-layer", "pointer-events": "none" });
  if (!pending) return g;
  // what is pending, for tests and assistive tools: "build_road:17"
  g.setAttribute("data-pending", `${pending.kind}:${pending.kind === "build_road" ? pending.edge : pending.kind === "move_robber" ? pending.hex : pending.node}`);
  const color = playerColor(board, inp.seat);
  if (pending.kind === "build_road") {
    const r = roadLine(board, pending.edge, color, "cw-ghost cw-ghost-road");
    if (r) g.append(r);
  } else if (pending.kind === "move_robber") {
    const hx = board.hexes[pending.hex];
    if (hx) g.append(robberAt(hx, "cw-ghost cw-ghost-robber"));
  } else {
    const n = board.nodes[pending.node];
    const kind = pending.kind === "build_city" ? "city" : "settlement";
    if (n) g.append(piece(kind, color, n.x, n.y, `cw-ghost cw-ghost-${kind}`, { "data-node": pending.node }));
  }
  return g;
}
