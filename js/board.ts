/** The SVG board: a static layer (sea, harbors, terrain, tokens) and a dynamic one (pieces, legal spots). */
import {
  at,
  cityShape,
  resourceGlyph,
  RESOURCE_COLORS,
  robberShape,
  settlementShape,
  TERRAIN_COLORS,
  terrainArt,
} from "./art";
import { clear, s, title } from "./dom";
import {
  boardViewBox,
  fmt,
  hexCorners,
  HARBOR_RADIUS,
  lerp,
  nodeNeighbours,
  nodePips,
  pipCount,
  pointsAttr,
  viewBoxAttr,
  type Point,
} from "./hex";
import type { Highlights, Placement } from "./interaction";
import type { Board, GameState, Harbor, HexInfo, Terrain } from "./types";

const INK = "#1b1a17";
const NUMBER_FONT = "Georgia, 'DejaVu Serif', 'Times New Roman', serif";
const UI_FONT = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";

export interface BoardView {
  svg: SVGSVGElement;
  staticLayer: SVGGElement;
  dynamicLayer: SVGGElement;
}

/** An empty board SVG with its two layers; `uid` keeps gradient ids unique per widget. */
export function createBoardView(uid: string): BoardView {
  const svg = s("svg", {
    class: "cw-board",
    role: "img",
    "aria-label": "Catan board",
    preserveAspectRatio: "xMidYMid meet",
    "data-uid": uid,
  }) as SVGSVGElement;
  const staticLayer = s("g", { class: "cw-static" }) as SVGGElement;
  const dynamicLayer = s("g", { class: "cw-dynamic" }) as SVGGElement;
  svg.append(staticLayer, dynamicLayer);
  return { svg, staticLayer, dynamicLayer };
}

function defs(uid: string): SVGElement {
  const d = s("defs");
  const radial = (id: string, stops: [string, string][], r = "75%"): SVGElement =>
    s("radialGradient", { id: `${uid}-${id}`, cx: "50%", cy: "45%", r }, ...stops.map(([o, c]) => s("stop", { offset: o, "stop-color": c })));
  d.append(
    radial("sea", [["0%", "#4d9fcf"], ["70%", "#2b78ad"], ["100%", "#1c557f"]], "70%"),
    radial("token", [["0%", "#fffaf0"], ["100%", "#eedfb8"]], "60%"),
    radial("harbor", [["0%", "#fffaf0"], ["100%", "#efe3c4"]], "60%"),
  );
  for (const [t, c] of Object.entries(TERRAIN_COLORS)) {
    d.append(radial(`t-${t}`, [["0%", c.light], ["100%", c.base]], "65%"));
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
    s("rect", { x: fmt(vb.x), y: fmt(vb.y), width: fmt(vb.w), height: fmt(vb.h), rx: 0.5, fill: `url(#${uid}-sea)` }),
    s("rect", {
      x: fmt(vb.x + 0.09), y: fmt(vb.y + 0.09), width: fmt(vb.w - 0.18), height: fmt(vb.h - 0.18), rx: 0.42,
      fill: "none", stroke: "#7a5230", "stroke-width": 0.16,
    }),
    s("rect", {
      x: fmt(vb.x + 0.19), y: fmt(vb.y + 0.19), width: fmt(vb.w - 0.38), height: fmt(vb.h - 0.38), rx: 0.34,
      fill: "none", stroke: "#c99a62", "stroke-width": 0.035, opacity: 0.8,
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
  if (hb.resource) g.append(resourceGlyph(hb.resource, m.x, m.y - 0.08, 0.55));
  else g.append(s("text", { x: fmt(m.x), y: fmt(m.y - 0.06), "text-anchor": "middle", "font-size": 0.15, "font-family": NUMBER_FONT, fill: "#3b3226", "font-weight": 700 }, "?"));
  g.append(
    s("text", {
      x: fmt(m.x), y: fmt(m.y + 0.2), "text-anchor": "middle", "font-size": 0.15, "font-weight": 700,
      "font-family": UI_FONT, fill: "#3b3226",
    }, label),
    title(hb.resource ? `Harbor: 2 ${hb.resource} for 1 of any resource` : "Harbor: 3 of one resource for 1 of any"),
  );
  return g;
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

const TERRAIN_NAMES: Record<Terrain, string> = {
  forest: "Forest (lumber)", pasture: "Pasture (wool)", fields: "Fields (grain)",
  hills: "Hills (brick)", mountains: "Mountains (ore)", desert: "Desert",
};

/** Draw the static layer: sea, frame, coast, harbors, terrain hexes with art and number tokens. */
export function drawStatic(view: BoardView, board: Board, uid: string): void {
  const layer = view.staticLayer;
  clear(layer);
  view.svg.setAttribute("viewBox", viewBoxAttr(boardViewBox(board)));
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
      terrainArt(hx.terrain, hx.x, hx.y),
      title(hx.number ? `${TERRAIN_NAMES[hx.terrain]} — ${hx.number}` : TERRAIN_NAMES[hx.terrain]),
    );
    const t = token(hx, uid);
    if (t) g.append(t);
    hexes.append(g);
  }
  layer.append(hexes);
}

/** Mark the static hexes that are legal robber targets (clickable). */
export function markLegalHexes(view: BoardView, legal: Set<number>): void {
  view.staticLayer.querySelectorAll(".cw-hex").forEach((el) => {
    const id = Number(el.getAttribute("data-hex"));
    el.classList.toggle("cw-legal", legal.has(id));
  });
}

function roadLine(board: Board, edgeId: number, color: string, cls: string): SVGElement | null {
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
  );
}

function piece(kind: "settlement" | "city", color: string, x: number, y: number, cls: string, attrs: Record<string, number>): SVGElement {
  const g = at(x, y, 1, kind === "city" ? cityShape(color) : settlementShape(color));
  g.setAttribute("class", cls);
  for (const [k, v] of Object.entries(attrs)) g.setAttribute(k, String(v));
  return g;
}

function robberAt(hx: HexInfo, cls: string): SVGElement {
  const g = at(hx.x + 0.42, hx.y + 0.3, 1, robberShape());
  g.setAttribute("class", cls);
  g.setAttribute("data-hex", String(hx.id));
  return g;
}

export interface DynamicInput {
  board: Board;
  state: GameState;
  hl: Highlights;
  pending: Placement | null;
  /** seat placing the pending piece (for the ghost's colour) */
  seat: number | null;
  uid: string;
}

export function playerColor(board: Board, seat: number | null | undefined): string {
  return board.players.find((p) => p.seat === seat)?.color ?? "#888888";
}

/** Draw the dynamic layer: legal rings, roads, buildings, robber, ghost piece, click targets, pips. */
export function drawDynamic(view: BoardView, inp: DynamicInput): void {
  const { board, state, hl, pending, uid } = inp;
  const layer = view.dynamicLayer;
  clear(layer);
  markLegalHexes(view, hl.hexes);
  const shadow = `url(#${uid}-shadow)`;

  const rings = s("g", { class: "cw-hex-rings", "pointer-events": "none" });
  for (const id of hl.hexes) {
    const hx = board.hexes[id];
    if (hx) rings.append(s("polygon", { class: "cw-hex-ring", points: pointsAttr(hexCorners(hx.x, hx.y, 0.9)), "data-hex": id }));
  }

  const roads = s("g", { class: "cw-roads", filter: shadow, "pointer-events": "none" });
  for (const [edge, seat] of state.roads) {
    const r = roadLine(board, edge, playerColor(board, seat), "cw-piece cw-road");
    if (r) {
      r.setAttribute("data-seat", String(seat));
      roads.append(r);
    }
  }

  const occupied = new Set<number>();
  const buildings = s("g", { class: "cw-buildings", filter: shadow, "pointer-events": "none" });
  for (const [node, seat, kind] of state.buildings) {
    const n = board.nodes[node];
    if (!n) continue;
    occupied.add(node);
    buildings.append(piece(kind, playerColor(board, seat), n.x, n.y, `cw-piece cw-${kind}`, { "data-node": node, "data-seat": seat }));
  }

  const robber = s("g", { class: "cw-robber-layer", filter: shadow, "pointer-events": "none" });
  const robberHex = board.hexes[state.robber];
  const movingRobber = pending?.kind === "move_robber";
  if (robberHex) {
    const r = robberAt(robberHex, "cw-robber");
    if (movingRobber) r.setAttribute("opacity", "0.35");
    robber.append(r);
  }

  layer.append(rings, roads, buildings, robber, ghost(inp), edgeTargets(board, hl), nodeTargets(board, hl, occupied));
  if (state.show_pips) layer.append(pipLabels(board, occupied));
}

function ghost(inp: DynamicInput): SVGElement {
  const { board, pending } = inp;
  const g = s("g", { class: "cw-ghost-layer", "pointer-events": "none" });
  if (!pending) return g;
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

function edgeTargets(board: Board, hl: Highlights): SVGElement {
  const g = s("g", { class: "cw-edge-targets" });
  for (const e of board.edges) {
    const a = board.nodes[e.a];
    const b = board.nodes[e.b];
    if (!a || !b) continue;
    const p = lerp(a, b, 0.2);
    const q = lerp(a, b, 0.8);
    const legal = hl.edges.has(e.id);
    const line = { x1: fmt(p.x), y1: fmt(p.y), x2: fmt(q.x), y2: fmt(q.y), "stroke-linecap": "round" };
    const el = s("g", { class: legal ? "cw-edge cw-legal" : "cw-edge", "data-edge": e.id });
    if (legal) {
      el.append(
        s("line", { ...line, class: "cw-legal-mark", stroke: "#fffbe6", "stroke-width": 0.12 }),
        s("line", { ...line, class: "cw-hit", stroke: "transparent", "stroke-width": 0.36 }),
      );
    } else {
      el.append(s("line", { ...line, class: "cw-hit", stroke: "transparent", "stroke-width": 0.3 }));
    }
    g.append(el);
  }
  return g;
}

function nodeTargets(board: Board, hl: Highlights, occupied: Set<number>): SVGElement {
  const g = s("g", { class: "cw-node-targets" });
  for (const n of board.nodes) {
    const legal = hl.nodes.has(n.id);
    const el = s("g", { class: legal ? "cw-node cw-legal" : "cw-node", "data-node": n.id });
    if (legal) {
      const r = occupied.has(n.id) ? 0.3 : 0.15;
      el.append(
        s("circle", { class: "cw-legal-mark", cx: fmt(n.x), cy: fmt(n.y), r, fill: occupied.has(n.id) ? "none" : "rgba(255,251,230,0.55)", stroke: "#fffbe6", "stroke-width": 0.05 }),
        s("circle", { class: "cw-hit", cx: fmt(n.x), cy: fmt(n.y), r: 0.3, fill: "transparent" }),
      );
    } else {
      el.append(s("circle", { class: "cw-hit", cx: fmt(n.x), cy: fmt(n.y), r: 0.22, fill: "transparent" }));
    }
    g.append(el);
  }
  return g;
}

/** Pip sums on every free intersection; spots blocked by the distance rule are dimmed. */
function pipLabels(board: Board, occupied: Set<number>): SVGElement {
  const g = s("g", { class: "cw-pip-overlay", "pointer-events": "none" });
  const nbrs = nodeNeighbours(board);
  for (const n of board.nodes) {
    if (occupied.has(n.id)) continue;
    const sum = nodePips(n, board.hexes);
    if (sum === 0) continue;
    const blocked = (nbrs.get(n.id) ?? []).some((m) => occupied.has(m));
    const w = sum >= 10 ? 0.3 : 0.24;
    g.append(
      s(
        "g",
        { class: blocked ? "cw-pip-label cw-blocked" : "cw-pip-label", "data-node": n.id, opacity: blocked ? 0.45 : 1 },
        s("rect", { x: fmt(n.x - w / 2), y: fmt(n.y - 0.1), width: w, height: 0.2, rx: 0.1, fill: "#1f2430", opacity: 0.85 }),
        s("text", { x: fmt(n.x), y: fmt(n.y + 0.055), "text-anchor": "middle", "font-size": 0.15, "font-weight": 700, "font-family": UI_FONT, fill: sum >= 10 ? "#ffd54a" : "#fff" }, String(sum)),
      ),
    );
  }
  return g;
}
