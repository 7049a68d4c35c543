import { describe, expect, it } from "vitest";
import { createBoardView, drawDynamic, drawStatic, placementPoint } from "../board";
import { highlights, initialUi, type Highlights, type Placement } from "../interaction";
import { edges, nodes, normalizeLegal } from "../legal";
import { loadSample } from "../fixtures/scenarios";
import type { Board, GameState } from "../types";

const S = loadSample();
const ROADS = edges(S.legal);
const SETTLE = nodes(S.legal, "build_settlement")[0];
const CITY = S.state.buildings.find((b) => b[2] === "city");
const OWN = S.state.buildings.find((b) => b[1] === 0 && b[2] === "settlement")?.[0] ?? -1;
const NO_PIPS = null;

function drawn(mut?: (b: Board, s: GameState) => void, hl?: Partial<Highlights>, pending: Placement | null = null, pips: { open: Set<number> } | null = NO_PIPS) {
  const { board, state } = loadSample();
  mut?.(board, state);
  const view = createBoardView("t");
  drawStatic(view, board, "t");
  const h: Highlights = { nodes: new Set(), edges: new Set(), hexes: new Set(), ...hl };
  drawDynamic(view, { board, state, hl: h, pending, seat: 0, uid: "t", pips });
  return { view, svg: view.svg, board, state };
}

describe("static layer", () => {
  it("draws 19 terrain hexes with their terrain", () => {
    const { svg } = drawn();
    const hexes = svg.querySelectorAll(".cw-hex");
    expect(hexes).toHaveLength(19);
    expect(hexes[0].getAttribute("data-hex")).toBe("0");
    expect(hexes[0].getAttribute("data-terrain")).toBe("mountains");
    expect(svg.querySelectorAll('.cw-hex[data-terrain="desert"]')).toHaveLength(1);
  });

  it("draws a mark for every terrain", () => {
    const { svg } = drawn();
    for (const t of ["forest", "pasture", "fields", "hills", "mountains", "desert"]) {
      expect(svg.querySelector(`.cw-art-${t}`)).not.toBeNull();
    }
  });

  it("puts a number token on every hex but the desert, with pips", () => {
    const { svg } = drawn();
    const tokens = svg.querySelectorAll(".cw-token");
    expect(tokens).toHaveLength(18);
    expect(svg.querySelector('.cw-hex[data-terrain="desert"] .cw-token')).toBeNull();
    const six = svg.querySelector('.cw-token[data-number="6"]');
    expect(six?.querySelectorAll(".cw-pips circle")).toHaveLength(5);
    const two = svg.querySelector('.cw-token[data-number="2"]');
    expect(two?.querySelectorAll(".cw-pips circle")).toHaveLength(1);
  });

  it("draws 6 and 8 red and bold, the others dark", () => {
    const { svg } = drawn();
    const hot = svg.querySelectorAll(".cw-token.cw-hot");
    expect(hot).toHaveLength(4);
    hot.forEach((t) => {
      expect(["6", "8"]).toContain(t.getAttribute("data-number"));
      const text = t.querySelector(".cw-token-number");
      expect(text?.getAttribute("fill")).toBe("#c0262d");
      expect(Number(text?.getAttribute("font-weight"))).toBeGreaterThanOrEqual(700);
    });
    const ten = svg.querySelector('.cw-token[data-number="10"] .cw-token-number');
    expect(ten?.getAttribute("fill")).not.toBe("#c0262d");
  });

  it("draws 9 harbors with their rate and two piers each", () => {
    const { svg } = drawn();
    const harbors = svg.querySelectorAll(".cw-harbor");
    expect(harbors).toHaveLength(9);
    const labels = [...harbors].map((h) => [...h.querySelectorAll("text")].map((t) => t.textContent).join(""));
    expect(labels.filter((l) => l.includes("3:1"))).toHaveLength(4);
    expect(labels.filter((l) => l.includes("2:1"))).toHaveLength(5);
    harbors.forEach((h) => expect(h.querySelectorAll("line").length).toBe(4));
  });

  it("sets the view box from the board", () => {
    const { svg } = drawn();
    const [x, y, w, h] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
    expect(x).toBeLessThan(-4.8);
    expect(y).toBeLessThan(-4.3);
    expect(w).toBeGreaterThan(9.6);
    expect(h).toBeGreaterThan(8.6);
  });

  it("prefixes gradient ids with the widget uid", () => {
    const { svg } = drawn();
    expect(svg.querySelector("#t-sea")).not.toBeNull();
    expect(svg.querySelector(".cw-hex-shape")?.getAttribute("fill")).toMatch(/^url\(#t-t-/);
  });
});

describe("dynamic layer", () => {
  it("draws one piece per road, settlement and city of the state", () => {
    const { svg, state } = drawn();
    expect(svg.querySelectorAll(".cw-road")).toHaveLength(state.roads.length);
    const settlements = state.buildings.filter((b) => b[2] === "settlement").length;
    expect(svg.querySelectorAll(".cw-settlement")).toHaveLength(settlements);
    expect(svg.querySelectorAll(".cw-city")).toHaveLength(state.buildings.length - settlements);
    const city = svg.querySelector(".cw-city");
    expect(city?.getAttribute("data-node")).toBe(String(CITY?.[0]));
    expect(city?.getAttribute("data-seat")).toBe(String(CITY?.[1]));
  });

  it("colours pieces by player, with a dark outline", () => {
    const { svg } = drawn();
    const road = svg.querySelector('.cw-road[data-seat="1"]');
    const lines = road?.querySelectorAll("line") ?? [];
    expect(lines[0].getAttribute("stroke")).toBe("#1b1a17");
    expect(lines[1].getAttribute("stroke")).toBe(S.board.players[1].color);
    const house = svg.querySelector('.cw-settlement[data-seat="2"] path');
    expect(house?.getAttribute("fill")).toBe(S.board.players[2].color);
    expect(house?.getAttribute("stroke")).toBe("#1b1a17");
  });

  it("gives cities a different shape from settlements", () => {
    const { svg } = drawn();
    const s = svg.querySelector(".cw-settlement path")?.getAttribute("d");
    const c = svg.querySelector(".cw-city path")?.getAttribute("d");
    expect(s).toBeTruthy();
    expect(c).toBeTruthy();
    expect(s).not.toBe(c);
  });

  it("puts the robber on state.robber", () => {
    const { svg } = drawn((_, s) => {
      s.robber = 4;
    });
    const robbers = svg.querySelectorAll(".cw-robber");
    expect(robbers).toHaveLength(1);
    expect(robbers[0].getAttribute("data-hex")).toBe("4");
  });

  it("has a click target for every node and edge, only the highlighted ones marked", () => {
    const { svg } = drawn(undefined, { nodes: new Set([SETTLE]), edges: new Set([ROADS[0], ROADS[1]]) });
    expect(svg.querySelectorAll(".cw-node[data-node]")).toHaveLength(54);
    expect(svg.querySelectorAll(".cw-edge[data-edge]")).toHaveLength(72);
    // every path's hit area is a filled band (a vertical stroked line would have no width)
    for (const hit of svg.querySelectorAll(".cw-edge .cw-hit")) {
      expect(hit.tagName.toLowerCase()).toBe("polygon");
      expect(hit.getAttribute("points")?.split(" ")).toHaveLength(4);
    }
    expect([...svg.querySelectorAll(".cw-node.cw-legal")].map((e) => e.getAttribute("data-node"))).toEqual([String(SETTLE)]);
    expect([...svg.querySelectorAll(".cw-edge.cw-legal")].map((e) => e.getAttribute("data-edge"))).toEqual([String(ROADS[0]), String(ROADS[1])]);
    expect(svg.querySelectorAll(".cw-legal .cw-legal-mark")).toHaveLength(3);
  });

  it("marks legal robber hexes on the static layer and rings them", () => {
    const { svg } = drawn(undefined, { hexes: new Set([4, 8]) });
    expect([...svg.querySelectorAll(".cw-hex.cw-legal")].map((e) => e.getAttribute("data-hex"))).toEqual(["4", "8"]);
    expect(svg.querySelectorAll(".cw-hex-ring")).toHaveLength(2);
  });

  it("previews the robber on a legal hex only, without taking the pointer, and drops it once the hexes are unlit", () => {
    const { view, svg, board, state } = drawn((_, s) => { s.robber = 9; }, { hexes: new Set([4, 8]) });
    const previews = [...svg.querySelectorAll(".cw-hex .cw-preview")];
    expect(previews.map((p) => p.closest(".cw-hex")?.getAttribute("data-hex"))).toEqual(["4", "8"]);
    for (const p of previews) {
      expect(p.getAttribute("pointer-events")).toBe("none");
      expect(p.querySelector("circle")).not.toBeNull(); // the robber's head
    }
    expect(svg.querySelector(`.cw-hex[data-hex="${state.robber}"] .cw-preview`)).toBeNull();
    const none: Highlights = { nodes: new Set(), edges: new Set(), hexes: new Set() };
    drawDynamic(view, { board, state, hl: none, pending: null, seat: 0, uid: "t", pips: null });
    expect(svg.querySelectorAll(".cw-hex .cw-preview, .cw-hex.cw-legal")).toHaveLength(0);
  });

  it("highlights are the spots legal.actions lists for the UI mode", () => {
    const { board, state, legal, settings } = loadSample();
    const view = createBoardView("t");
    drawStatic(view, board, "t");
    const ctx = { state, legal: normalizeLegal(legal), settings };
    drawDynamic(view, { board, state, hl: highlights({ ...initialUi(), mode: "build_road" }, ctx), pending: null, seat: 0, uid: "t", pips: null });
    expect(view.svg.querySelectorAll(".cw-edge.cw-legal")).toHaveLength(ROADS.length);
  });

  it("shows a ghost piece for a pending placement", () => {
    expect(drawn(undefined, {}, { kind: "build_settlement", node: SETTLE }).svg.querySelectorAll(".cw-ghost-settlement")).toHaveLength(1);
    expect(drawn(undefined, {}, { kind: "build_city", node: OWN }).svg.querySelectorAll(".cw-ghost-city")).toHaveLength(1);
    const road = drawn(undefined, {}, { kind: "build_road", edge: ROADS[0] }).svg.querySelector(".cw-ghost-road");
    expect(road?.getAttribute("data-edge")).toBe(String(ROADS[0]));
    expect(road?.querySelectorAll("line")[1].getAttribute("stroke")).toBe(S.board.players[0].color);
    const rob = drawn(undefined, {}, { kind: "move_robber", hex: 4, victims: [], victim: null }).svg;
    expect(rob.querySelector(".cw-ghost-robber")?.getAttribute("data-hex")).toBe("4");
    expect(rob.querySelector(".cw-robber")?.getAttribute("opacity")).toBe("0.35");
  });

  it("shows pip sums on every corner without a building only when the overlay is on", () => {
    expect(drawn().svg.querySelectorAll(".cw-pip-label")).toHaveLength(0);
    const { svg, state, board } = drawn(undefined, {}, null, { open: new Set([SETTLE]) });
    const labels = svg.querySelectorAll(".cw-pip-label");
    const occupied = new Set(state.buildings.map((b) => b[0]));
    expect(labels.length).toBe(board.nodes.filter((n) => !occupied.has(n.id) && n.hexes.some((h) => board.hexes[h].pips > 0)).length);
    labels.forEach((l) => expect(occupied.has(Number(l.getAttribute("data-node")))).toBe(false));
    const n = board.nodes.find((x) => x.hexes.length === 3 && !occupied.has(x.id));
    const want = n ? n.hexes.reduce((s, h) => s + board.hexes[h].pips, 0) : 0;
    expect(svg.querySelector(`.cw-pip-label[data-node="${n?.id}"] text`)?.textContent).toBe(String(want));
    // no rule: nothing is dimmed; the corners Python lists for a settlement are emphasised
    expect(svg.querySelectorAll(".cw-pip-label.cw-blocked")).toHaveLength(0);
    expect([...svg.querySelectorAll(".cw-pip-label.cw-open")].map((l) => l.getAttribute("data-node"))).toEqual([String(SETTLE)]);
  });

  it("redraws the dynamic layer without duplicating it", () => {
    const { view, board, state } = drawn();
    const hl = { nodes: new Set<number>(), edges: new Set<number>(), hexes: new Set<number>() };
    drawDynamic(view, { board, state, hl, pending: null, seat: 0, uid: "t", pips: null });
    drawDynamic(view, { board, state, hl, pending: null, seat: 0, uid: "t", pips: null });
    expect(view.svg.querySelectorAll(".cw-road")).toHaveLength(state.roads.length);
    expect(view.svg.querySelectorAll(".cw-hex")).toHaveLength(19);
  });

  it("locates a pending placement on the board", () => {
    const { board } = loadSample();
    expect(placementPoint(board, { kind: "build_settlement", node: 0 })).toMatchObject({ y: board.nodes[0].y });
    expect(placementPoint(board, { kind: "move_robber", hex: 18, victims: [], victim: null })?.y).toBe(3);
  });
});
