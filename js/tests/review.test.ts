import { describe, expect, it } from "vitest";
import { loadSample } from "../fixtures/scenarios";
import { betterMove, reviewBox, reviewKey, reviewOf, reviewStrip, type ReviewDone } from "../review";

function done(): ReviewDone {
  return {
    state: "done",
    names: ["Ada", "Bo", "Cy", "Di"],
    chances: [[0.25, 0.25, 0.25, 0.25], [0.3, 0.2, 0.25, 0.25], [0.1, 0.6, 0.15, 0.15]],
    turns: [0, 0, 1],
    accuracy: [81.5, 64, null, 90],
    moments: [{ at: 1, seat: 1, text: "Bo's road took 30 points of win chance from Ada" }],
    marks: [{ at: 1, seat: 1, grade: "blunder", grade_words: "blunder", best: { kind: "build_road", edge: 7 }, text: ["Bo: a road — blunder, 30 points of win chance lost", "Better: a road on the other path"] }],
  };
}

describe("the game review", () => {
  it("reads the trait, leaving out anything malformed", () => {
    expect(reviewOf(null)).toEqual({});
    expect(reviewOf({ state: "done", chances: 3 })).toEqual({});
    expect(reviewOf({ state: "running", done: 2, total: 9 })).toEqual({ state: "running", done: 2, total: 9 });
    expect(reviewKey(reviewOf(done()))).toContain("done 3");
  });

  it("offers the review at the end of a game, shows the bar, then the accuracy and the key moments", () => {
    const { state, board } = loadSample();
    expect(reviewBox({}, state, board)).toBeNull(); // not over
    state.phase = "game_over";
    const offer = reviewBox({}, state, board) as HTMLElement;
    expect(offer.querySelector("button[data-review='run']")?.textContent).toBe("Review this game");
    const running = reviewBox({ state: "running", done: 3, total: 10 }, state, board) as HTMLElement;
    expect(running.querySelector("progress")?.getAttribute("value")).toBe("3");
    expect(running.querySelector("button[data-review='cancel']")).not.toBeNull();
    const shown = reviewBox(done(), state, board) as HTMLElement;
    expect([...shown.querySelectorAll(".cw-review-player b")].map((b) => b.textContent)).toEqual(["81.5", "64", "—", "90"]);
    const moment = shown.querySelector(".cw-review-moments button") as HTMLElement;
    expect(moment.getAttribute("data-setting")).toBe("replay_at");
    expect(moment.getAttribute("data-value")).toBe("1");
    expect(reviewBox({ state: "cancelled" }, state, board)?.querySelector("button[data-review='run']")).not.toBeNull();
  });

  it("draws a line per player on the replay's strip, the marked moves dotted, and rings the better move", () => {
    const { board } = loadSample();
    const strip = reviewStrip(done(), 1, board) as SVGElement;
    expect(strip.querySelectorAll("polyline")).toHaveLength(4);
    expect(strip.querySelectorAll(".cw-review-mark.cw-grade-blunder")).toHaveLength(1);
    expect(strip.querySelector(".cw-review-at")?.getAttribute("x1")).toBe("300.0");
    expect(betterMove(done(), 1, 9)).toEqual({ seat: 1, action: { kind: "build_road", edge: 7 }, reason: "Better: a road on the other path", version: 9 });
    expect(betterMove(done(), 2, 9)).toBeNull();
    expect(betterMove(done(), null, 9)).toBeNull();
    expect(reviewStrip({}, 0, board)).toBeNull();
  });
});
