/**
 * The game review in the widget (the `review` trait, catan_widget/widget/reviewing.py): at the
 * end of a game, "Review this game" (a `review` message), the bar while it works (with Cancel),
 * then each player's accuracy and the key moments (each a button to that position of the
 * replay); in the replay, a strip of every player's win chance over the game (a click goes to
 * that position, the blunders dotted) and, where a graded move was played, the better move
 * ringed on the board.
 */
import "./review.css";
import { seatColor } from "./cues";
import { h, s } from "./dom";
import { num, t } from "./i18n";
import { atTable } from "./presence";
import type { Action, Board, GameState, Hint } from "./types";

/** A graded move worse than good: where (`at`, the position before it), whose, the better move. */
export interface ReviewMark {
  at: number;
  seat: number;
  grade: string;
  grade_words: string;
  best: Action;
  /** the move with its grade and loss; the better move (two sentences) */
  text: [string, string];
}

/** The `review` trait once done. */
export interface ReviewDone {
  state: "done";
  names: string[];
  chances: number[][];
  turns: number[];
  accuracy: (number | null)[];
  moments: { at: number; seat: number; text: string }[];
  marks: ReviewMark[];
}

export type ReviewTrait = ReviewDone | { state: "running"; done: number; total: number } | { state: "cancelled" | "failed" } | Record<string, never>;

/** The strip's size in its own units (it is drawn to the replay bar's width). */
const STRIP_W = 600;
const STRIP_H = 56;

/** The trait as the widget holds it (anything malformed is "none asked for"). */
export function reviewOf(raw: unknown): ReviewTrait {
  const r = raw as { state?: unknown } | null;
  if (!r || typeof r !== "object" || typeof r.state !== "string") return {};
  if (r.state === "done") {
    const d = r as ReviewDone;
    return Array.isArray(d.chances) && Array.isArray(d.accuracy) && Array.isArray(d.moments) && Array.isArray(d.marks) ? d : {};
  }
  return r as ReviewTrait;
}

/** A short key of what the review shows (a slot is redrawn when it changes). */
export function reviewKey(r: ReviewTrait): string {
  if (!("state" in r)) return "";
  if (r.state === "running") return `running ${r.done}/${r.total}`;
  return r.state === "done" ? `done ${r.chances.length} ${r.moments.map((m) => m.text).join("|")}` : r.state;
}

/** A button that starts (`run`) or cancels the review. */
function reviewButton(run: boolean, label: string, title: string, cls = "cw-btn cw-small"): HTMLElement {
  return h("button", { type: "button", class: cls, "data-review": run ? "run" : "cancel", title }, label);
}

/** The review part of the end-of-game summary (none at a table: a seat reviews in a notebook). */
export function reviewBox(r: ReviewTrait, state: GameState, board: Board): HTMLElement | null {
  if (state.phase !== "game_over" || atTable(state)) return null;
  const box = h("div", { class: "cw-review", "data-review-state": "state" in r ? r.state : "none" });
  if ("state" in r && r.state === "running") {
    const words = t("Reviewing the game: {done} of {total} moves", { done: r.done, total: r.total });
    box.append(
      h("progress", { class: "cw-review-bar", max: String(Math.max(1, r.total)), value: String(r.done), "aria-label": words }),
      h("span", { class: "cw-muted" }, words),
      reviewButton(false, t("Cancel"), t("Stop the review")),
    );
    return box;
  }
  if (!("state" in r) || r.state !== "done") {
    box.append(reviewButton(true, t("Review this game"), t("Who was winning at every move, and which moves cost the most"), "cw-btn cw-small cw-primary"));
    return box;
  }
  const rows = h("div", { class: "cw-review-accuracy", title: t("How close each player's moves came to the best ones (0–100)") });
  rows.append(h("b", {}, t("Accuracy")));
  r.accuracy.forEach((a, seat) => {
    rows.append(
      h("span", { class: "cw-review-player", style: `--cw-player:${seatColor(board, seat)}` }, h("span", { class: "cw-review-dot" }), h("span", { class: "cw-name" }, r.names[seat] ?? ""), " ", h("b", {}, a === null ? "—" : num(a))),
    );
  });
  const moments = h("ol", { class: "cw-review-moments", "aria-label": t("Key moments") });
  for (const m of r.moments) {
    moments.append(
      h("li", {}, h("button", { type: "button", class: "cw-moment", "data-setting": "replay_at", "data-value": String(m.at), title: t("Go to this moment in the replay") }, m.text)),
    );
  }
  box.append(rows, h("div", { class: "cw-box-title" }, t("Key moments")), moments);
  return box;
}

/** The review's strip under the replay bar: every player's win chance, `at` marked. */
export function reviewStrip(r: ReviewTrait, at: number, board: Board): SVGElement | null {
  if (!("state" in r) || r.state !== "done" || r.chances.length < 2) return null;
  const n = r.chances.length - 1;
  const x = (i: number): string => ((i / n) * STRIP_W).toFixed(1);
  const y = (c: number): string => ((1 - c) * (STRIP_H - 4) + 2).toFixed(1);
  const svg = s("svg", { class: "cw-review-strip", viewBox: `0 0 ${STRIP_W} ${STRIP_H}`, preserveAspectRatio: "none", role: "img", "aria-label": t("Each player's chance to win over the game: click to go there") });
  svg.append(s("title", {}, t("Each player's chance to win over the game: click to go there")));
  r.names.forEach((_, seat) => {
    const points = r.chances.map((row, i) => `${x(i)},${y(row[seat] ?? 0)}`).join(" ");
    svg.append(s("polyline", { points, fill: "none", stroke: seatColor(board, seat), "stroke-width": 2, "vector-effect": "non-scaling-stroke" }));
  });
  // the blunders (their words on hover): the mistakes and inaccuracies would hide the lines
  for (const m of r.marks) {
    if (m.grade !== "blunder") continue;
    const dot = s("circle", { class: `cw-review-mark cw-grade-${m.grade}`, cx: x(m.at + 1), cy: y(r.chances[m.at + 1]?.[m.seat] ?? 0), r: 3.5, "vector-effect": "non-scaling-stroke" });
    dot.append(s("title", {}, m.text.join("\n")));
    svg.append(dot);
  }
  svg.append(s("line", { class: "cw-review-at", x1: x(at), x2: x(at), y1: 0, y2: STRIP_H, "vector-effect": "non-scaling-stroke" }));
  return svg;
}

/** The position a click at `clientX` on the strip `svg` stands for. */
export function stripPosition(svg: Element, clientX: number, r: ReviewTrait): number | null {
  if (!("state" in r) || r.state !== "done") return null;
  const box = svg.getBoundingClientRect();
  if (!(box.width > 0)) return null;
  const n = r.chances.length - 1;
  return Math.min(n, Math.max(0, Math.round(((clientX - box.left) / box.width) * n)));
}

/** In the replay at `at`: the better move of the graded move played there, as a hint to ring. */
export function betterMove(r: ReviewTrait, at: number | null, version: number): Hint | null {
  if (at === null || !("state" in r) || r.state !== "done") return null;
  const mark = r.marks.find((m) => m.at === at);
  return mark ? { seat: mark.seat, action: mark.best, reason: mark.text[1], version } : null;
}
