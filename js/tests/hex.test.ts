import { describe, expect, it } from "vitest";
import {
  boardViewBox,
  diePipOffsets,
  expectedRolls,
  hexCenter,
  hexCorners,
  nodePips,
  pipCount,
  pointsAttr,
  SQRT3,
  viewBoxAttr,
} from "../hex";
import { loadSample } from "../fixtures/scenarios";

const close = (a: number, b: number, eps = 1e-6): boolean => Math.abs(a - b) < eps;

describe("hex geometry", () => {
  it("places axial hex centres at x = √3(q + r/2), y = 1.5 r", () => {
    expect(hexCenter(0, 0)).toEqual({ x: 0, y: 0 });
    const c = hexCenter(0, -2);
    expect(c.x).toBeCloseTo(-SQRT3);
    expect(c.y).toBe(-3);
    expect(hexCenter(2, 0).x).toBeCloseTo(2 * SQRT3);
  });

  it("puts the first corner of a pointy-top hex straight above the centre", () => {
    const [top, upRight, downRight, bottom, downLeft, upLeft] = hexCorners(0, 0);
    expect(top.x).toBeCloseTo(0);
    expect(top.y).toBeCloseTo(-1);
    expect(upRight.x).toBeCloseTo(SQRT3 / 2);
    expect(upRight.y).toBeCloseTo(-0.5);
    expect(downRight.y).toBeCloseTo(0.5);
    expect(bottom.y).toBeCloseTo(1);
    expect(downLeft.x).toBeCloseTo(-SQRT3 / 2);
    expect(upLeft.y).toBeCloseTo(-0.5);
  });

  it("keeps every corner at the given size from the centre", () => {
    for (const p of hexCorners(3, -2, 1.5)) expect(Math.hypot(p.x - 3, p.y + 2)).toBeCloseTo(1.5);
  });

  it("writes compact polygon points without negative zero", () => {
    expect(pointsAttr([{ x: -0.0000001, y: 1.23456 }, { x: 2, y: -3 }])).toBe("0,1.235 2,-3");
  });

  it("counts pips as the 36ths that roll a number", () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(pipCount)).toEqual([1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1]);
    expect(pipCount(null)).toBe(0);
  });

  it("expects rolls in proportion to the 36ths", () => {
    const e = expectedRolls(36);
    expect(e).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    expect(expectedRolls(0).every((v) => v === 0)).toBe(true);
  });

  it("draws the right number of pips on each die face", () => {
    for (let v = 1; v <= 6; v++) expect(diePipOffsets(v)).toHaveLength(v);
    expect(diePipOffsets(7)).toHaveLength(0);
  });
});

describe("view box", () => {
  const { board } = loadSample();

  it("holds every hex corner and harbor marker", () => {
    const vb = boardViewBox(board, 0);
    for (const h of board.hexes) {
      for (const c of hexCorners(h.x, h.y)) {
        expect(c.x).toBeGreaterThanOrEqual(vb.x - 1e-9);
        expect(c.x).toBeLessThanOrEqual(vb.x + vb.w + 1e-9);
        expect(c.y).toBeGreaterThanOrEqual(vb.y - 1e-9);
        expect(c.y).toBeLessThanOrEqual(vb.y + vb.h + 1e-9);
      }
    }
    for (const hb of board.harbors) {
      expect(hb.x).toBeGreaterThan(vb.x);
      expect(hb.x).toBeLessThan(vb.x + vb.w);
      expect(hb.y).toBeGreaterThan(vb.y);
      expect(hb.y).toBeLessThan(vb.y + vb.h);
    }
  });

  it("adds the margin on every side", () => {
    const a = boardViewBox(board, 0);
    const b = boardViewBox(board, 0.5);
    expect(b.x).toBeCloseTo(a.x - 0.5);
    expect(b.w).toBeCloseTo(a.w + 1);
    expect(b.h).toBeCloseTo(a.h + 1);
  });

  it("spans the island of radius 2 (y within ±4 before harbors)", () => {
    const vb = boardViewBox({ hexes: board.hexes, harbors: [] }, 0);
    expect(vb.y).toBeCloseTo(-4);
    expect(vb.h).toBeCloseTo(8);
    expect(vb.w).toBeCloseTo(5 * SQRT3);
    expect(viewBoxAttr(vb)).toBe("-4.33 -4 8.66 8");
  });

  it("stays centred on the board centre whatever the harbors", () => {
    const lopsided = { hexes: board.hexes, harbors: [{ ...board.harbors[0], x: 6, y: 0 }] };
    const vb = boardViewBox(lopsided, 0.2);
    expect(vb.x + vb.w / 2).toBeCloseTo(0);
    expect(vb.y + vb.h / 2).toBeCloseTo(0);
    expect(vb.x).toBeCloseTo(-(6 + 0.4 + 0.2));
  });

  it("falls back to a default box for an empty board", () => {
    expect(boardViewBox({ hexes: [], harbors: [] })).toEqual({ x: -5, y: -5, w: 10, h: 10 });
  });
});

describe("the sample board fixture", () => {
  const { board } = loadSample();

  it("has 19 hexes, 54 nodes, 72 edges, 9 harbors", () => {
    expect(board.hexes).toHaveLength(19);
    expect(board.nodes).toHaveLength(54);
    expect(board.edges).toHaveLength(72);
    expect(board.harbors).toHaveLength(9);
  });

  it("puts every node on a corner of each of its hexes", () => {
    for (const n of board.nodes) {
      expect(n.hexes.length).toBeGreaterThanOrEqual(1);
      for (const hid of n.hexes) {
        const h = board.hexes[hid];
        expect(hexCorners(h.x, h.y).some((c) => close(c.x, n.x, 2e-3) && close(c.y, n.y, 2e-3))).toBe(true);
      }
    }
  });

  it("numbers nodes in reading order (y, then x)", () => {
    for (let i = 1; i < board.nodes.length; i++) {
      const a = board.nodes[i - 1];
      const b = board.nodes[i];
      expect(a.y < b.y - 1e-6 || (close(a.y, b.y, 1e-3) && a.x < b.x)).toBe(true);
    }
  });

  it("makes every edge one hex side long, with its midpoint stored", () => {
    for (const e of board.edges) {
      const a = board.nodes[e.a];
      const b = board.nodes[e.b];
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(1, 2);
      expect(e.x).toBeCloseTo((a.x + b.x) / 2, 2);
    }
  });

  it("gives each harbor two neighbouring coast nodes", () => {
    const joined = (a: number, b: number): boolean => board.edges.some((e) => (e.a === a && e.b === b) || (e.a === b && e.b === a));
    for (const hb of board.harbors) {
      expect(joined(hb.nodes[0], hb.nodes[1])).toBe(true);
      expect(hb.rate).toBe(hb.kind === "3:1" ? 3 : 2);
    }
    expect(board.harbors.filter((h) => h.kind === "3:1")).toHaveLength(4);
  });

  it("sums the pips around a node", () => {
    const top = board.nodes[0];
    expect(nodePips(top, board.hexes)).toBe(board.hexes[top.hexes[0]].pips);
    const inner = board.nodes.find((n) => n.hexes.length === 3);
    expect(inner).toBeDefined();
    if (inner) expect(nodePips(inner, board.hexes)).toBe(inner.hexes.reduce((s, h) => s + board.hexes[h].pips, 0));
  });

  it("has the beginner layout with the desert in the middle", () => {
    expect(board.hexes.map((h) => h.number)).toEqual([10, 2, 9, 12, 6, 4, 10, 9, 11, null, 3, 8, 8, 3, 4, 5, 5, 6, 11]);
    expect(board.hexes[9]).toMatchObject({ terrain: "desert", resource: null, pips: 0, q: 0, r: 0 });
  });
});
