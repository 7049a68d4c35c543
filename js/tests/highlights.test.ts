import { describe, expect, it } from "vitest";
import { createBoardView, drawDynamic, drawStatic, playerColor } from "../board";
import { h } from "../dom";
import { changes, linesAt, markedLines } from "../highlights";
import { loadSample } from "../fixtures/scenarios";
import * as panels from "../panels";
import type { GameState, Mark } from "../types";

const S = loadSample();
const SETUP = S.positions.setup.state;

/** The main sample with these marks, drawn in a widget root holding the board and the log. */
function mounted(marks: Mark[], pips = false) {
  const { board, state } = loadSample();
  state.marks = marks;
  const view = createBoardView("t");
  drawStatic(view, board, "t");
  const none = { nodes: new Set<number>(), edges: new Set<number>(), hexes: new Set<number>() };
  const draw = (st: GameState): void =>
    drawDynamic(view, { board, state: st, hl: none, pending: null, seat: 0, uid: "t", pips: pips ? { open: new Set() } : null });
  draw(state);
  const log = panels.log(state);
  const root = h("div", { class: "catan-widget" }, view.svg, log);
  document.body.append(root);
  return { root, svg: view.svg, view, board, state, draw, log };
}

const hover = (el: Element | null): void => {
  if (!el) throw new Error("nothing to hover");
  el.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
};
const linked = (root: Element): string[] => [...root.querySelectorAll(".cw-linked")].map((el) => el.tagName.toLowerCase() + ":" + (el.getAttribute("data-line") ?? ""));

describe("changes (state.marks)", () => {
  it("reads each place of each entry, with its line and seat, oldest first", () => {
    expect(changes({ marks: [[3, 1, "h4", "h15"], [5, 2, "e17"], [-1, 3, "n12"], [6, 3, "r9"]] })).toEqual([
      { line: 3, seat: 1, kind: "h", id: 4 },
      { line: 3, seat: 1, kind: "h", id: 15 },
      { line: 5, seat: 2, kind: "e", id: 17 },
      { line: -1, seat: 3, kind: "n", id: 12 },
      { line: 6, seat: 3, kind: "r", id: 9 },
    ]);
  });

  it("skips what is not a place and copes with no marks at all", () => {
    const junk = [[1, 1, "x4", "e", "e123", 7], ["1", 1, "e3"], "e3", [2, 0, "n5"]] as unknown as Mark[];
    expect(changes({ marks: junk })).toEqual([{ line: 2, seat: 0, kind: "n", id: 5 }]);
    expect(changes({})).toEqual([]);
    expect(markedLines({ marks: [[-1, 1, "e3"], [4, 1, "e5", "n6"]] })).toEqual(new Set([4]));
  });

  it("Python's setup position lists the bots' settlements and roads", () => {
    const got = changes(SETUP);
    expect(got.length).toBeGreaterThan(0);
    for (const c of got) {
      expect(c.seat).not.toBe(0);
      if (c.kind === "n") expect(SETUP.buildings.some(([n, seat]) => n === c.id && seat === c.seat)).toBe(true);
      if (c.kind === "e") expect(SETUP.roads.some(([e, seat]) => e === c.id && seat === c.seat)).toBe(true);
    }
  });
});

describe("marks on the board", () => {
  it("rings each changed place in the mover's colour, under the pieces", () => {
    const { svg, board, view } = mounted([[9, 1, "h4", "h15"], [10, 1, "e17"], [11, 2, "n12"], [11, 2, "r9"]]);
    const marks = svg.querySelectorAll(".cw-change");
    expect(marks).toHaveLength(5);
    const road = svg.querySelector('.cw-change-e[data-edge="17"]');
    expect(road?.getAttribute("data-line")).toBe("10");
    expect(road?.querySelector("line")?.getAttribute("stroke")).toBe(playerColor(board, 1));
    expect(svg.querySelector('.cw-change-n[data-node="12"] circle')?.getAttribute("stroke")).toBe(playerColor(board, 2));
    expect(svg.querySelector('.cw-change-r[data-hex="9"]')?.getAttribute("pointer-events")).toBe("none");
    expect(svg.querySelectorAll(".cw-change-h")).toHaveLength(2);
    // the layer sits under the pieces: after the terrain, before roads and buildings
    const layers = [...svg.children].filter((el) => el.tagName.toLowerCase() === "g");
    expect(layers.indexOf(view.changesLayer)).toBe(layers.indexOf(view.staticLayer) + 1);
    expect(layers.indexOf(view.changesLayer)).toBeLessThan(layers.indexOf(view.dynamicLayer));
  });

  it("new marks fade in; unchanged marks are not redrawn", async () => {
    const { svg, state, draw } = mounted([[10, 1, "e17"]]);
    const first = svg.querySelector(".cw-change");
    expect(first?.classList.contains("cw-new")).toBe(true);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(first?.classList.contains("cw-new")).toBe(false);
    draw(state);
    expect(svg.querySelector(".cw-change")).toBe(first);
    draw({ ...state, marks: [] });
    expect(svg.querySelectorAll(".cw-change")).toHaveLength(0);
  });

  it("the pips overlay lies under the roads and buildings", () => {
    const { svg } = mounted([], true);
    const overlay = svg.querySelector(".cw-pip-overlay");
    const roads = svg.querySelector(".cw-roads");
    const buildings = svg.querySelector(".cw-buildings");
    expect(overlay).not.toBeNull();
    expect(overlay?.parentElement).toBe(roads?.parentElement);
    const order = [...(roads?.parentElement?.children ?? [])];
    expect(order.indexOf(overlay as Element)).toBeLessThan(order.indexOf(roads as Element));
    expect(order.indexOf(overlay as Element)).toBeLessThan(order.indexOf(buildings as Element));
  });
});

describe("log and board, linked", () => {
  it("hovering a log line lights up its places, and leaving clears them", () => {
    const { root, log } = mounted([[9, 1, "h4", "h15"], [10, 1, "e17"]]);
    expect(log.querySelectorAll("li.cw-marked")).toHaveLength(2);
    hover(log.querySelector('li[data-line="9"]'));
    expect(linked(root).sort()).toEqual(["g:9", "g:9", "li:9"]);
    hover(log.querySelector('li[data-line="2"]'));
    expect(linked(root)).toEqual(["li:2"]);
    log.querySelector("ol")?.dispatchEvent(new MouseEvent("mouseleave"));
    expect(linked(root)).toEqual([]);
  });

  it("hovering a changed piece, or a hex that produced, lights up its log line", () => {
    const { root, svg } = mounted([[9, 1, "h4"], [10, 1, "e17"]]);
    hover(svg.querySelector('.cw-change[data-edge="17"] line'));
    expect(linked(root).sort()).toEqual(["g:10", "li:10"]);
    hover(svg.querySelector('.cw-hex[data-hex="4"] polygon'));
    expect(linked(root).sort()).toEqual(["g:9", "li:9"]);
    expect(linesAt(svg.querySelector('.cw-hex[data-hex="5"]'), svg)).toEqual([]);
    svg.dispatchEvent(new MouseEvent("mouseleave"));
    expect(linked(root)).toEqual([]);
  });
});
