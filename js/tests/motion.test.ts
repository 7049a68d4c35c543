import { describe, expect, it } from "vitest";
import { BANK, DICE, flightMs, fly, freshMoves, movesOf, type Motion } from "../motion";

describe("cards that move", () => {
  it("reads the moves, leaving out anything malformed", () => {
    const state = { moves: [[4, DICE, 1, 0, 2], [5, 2, BANK, 3], "x", [6, 1, 2, -1, 1.5]] as unknown as number[][] };
    expect(movesOf(state)).toEqual([[4, DICE, 1, 0, 2]]);
    expect(movesOf({})).toEqual([]);
  });

  it("flies only the events not shown yet: none on the first drawing, none after an undo", () => {
    const motion: Motion = { shown: null };
    expect(freshMoves(motion, [[3, DICE, 0, 1, 1]])).toEqual([]);
    expect(motion.shown).toBe(3);
    expect(freshMoves(motion, [[3, DICE, 0, 1, 1], [4, 2, 1, -1, 1]])).toEqual([[4, 2, 1, -1, 1]]);
    expect(freshMoves(motion, [[3, DICE, 0, 1, 1], [4, 2, 1, -1, 1]])).toEqual([]);
    expect(freshMoves(motion, [[2, 0, BANK, 0, 1]])).toEqual([]); // taken back
    expect(motion.shown).toBe(2);
    expect(freshMoves(motion, [[3, 0, BANK, 1, 1]])).toEqual([[3, 0, BANK, 1, 1]]);
  });

  it("flies at the bots' pace, within bounds", () => {
    expect(flightMs(0)).toBe(250);
    expect(flightMs(0.6)).toBe(420);
    expect(flightMs(5)).toBe(700);
  });

  it("nothing flies without the Web Animations API (and so nothing is left behind)", () => {
    const root = document.createElement("div");
    expect(fly(root, [[1, DICE, 0, 0, 1]], 300)).toBe(0);
    expect(root.querySelectorAll(".cw-fly")).toHaveLength(0);
  });
});
