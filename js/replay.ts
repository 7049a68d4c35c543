/**
 * Replay, card counting and the end-of-game summary: panels drawn from the `timeline`,
 * `summary` and `state` traits. Every control is a settings button or select
 * (`data-setting` = `replay_at`, `show_ids`, `show_counting`), so clicks go through the same
 * path as the other settings and Python validates them.
 */
import { h } from "./dom";
import { atTable } from "./presence";
import type { Board, GameState, Resource, Settings } from "./types";
import { RESOURCES } from "./types";

/** The `timeline` trait: empty while playing live. */
export interface Timeline {
  length: number;
  /** turns[t] = the position where turn t began */
  turns: number[];
  /** positions just after each roll, build and robber move */
  marks: { roll: number[]; build: number[]; robber: number[] };
  /** a replay-only widget (CatanWidget.replay): there is no live game to go back to */
  locked: boolean;
}

/** One player's line of the `summary` trait. */
export interface SummaryPlayer {
  name: string;
  settlements: number;
  cities: number;
  longest_road: number;
  largest_army: number;
  vp_cards: number;
  total: number;
  produced: number;
  expected: number;
  luck: number;
}

/** The `summary` trait: sent once the shown game is over. */
export interface Summary {
  players: SummaryPlayer[];
  turns: number[];
  vp: number[][];
  winner: number | null;
  vp_to_win: number;
}

export function isTimeline(v: unknown): v is Timeline {
  const t = v as Timeline | null;
  return !!t && typeof t.length === "number" && Array.isArray(t.turns) && !!t.marks;
}

export function isSummary(v: unknown): v is Summary {
  const t = v as Summary | null;
  return !!t && Array.isArray(t.players) && Array.isArray(t.vp) && Array.isArray(t.turns);
}

function settingButton(name: keyof Settings, value: string, label: string, title: string, disabled = false, cls = "cw-btn cw-small"): HTMLButtonElement {
  const attrs: Record<string, string> = { type: "button", class: cls, "data-setting": name, "data-value": value, title };
  if (disabled) {
    attrs["aria-disabled"] = "true";
    attrs["data-reason"] = title;
    attrs.class = `${cls} cw-disabled`;
  }
  return h("button", attrs, label);
}

/** The first mark after `at`, or null. */
export function nextMark(marks: number[], at: number): number | null {
  for (const m of marks) if (m > at) return m;
  return null;
}

/** The last mark before `at`, or null. */
export function previousMark(marks: number[], at: number): number | null {
  let found: number | null = null;
  for (const m of marks) {
    if (m >= at) break;
    found = m;
  }
  return found;
}

/** The turn a position belongs to (the last turn started at or before it). */
export function turnOf(t: Timeline, at: number): number {
  let turn = 0;
  for (let i = 0; i < t.turns.length; i++) if (t.turns[i] <= at) turn = i;
  return turn;
}

/** The replay bar: slider, step back / forward, jumps to a turn and to the next roll, build, robber. */
export function timelineBar(t: Timeline, at: number): HTMLElement {
  const step = (to: number | null, label: string, title: string): HTMLButtonElement =>
    to === null || to < 0 || to > t.length || to === at
      ? settingButton("replay_at", String(at), label, `${title}: nothing there`, true)
      : settingButton("replay_at", String(to), label, title);
  const slider = h("input", {
    type: "range",
    class: "cw-replay-slider",
    min: "0",
    max: String(t.length),
    step: "1",
    value: String(at),
    "data-setting": "replay_at",
    "aria-label": "Position in the game",
  });
  const turn = turnOf(t, at);
  const turns = h("select", { class: "cw-replay-turn", "data-setting": "replay_at", title: "Jump to the start of a turn" });
  t.turns.forEach((pos, i) => {
    const opt = h("option", { value: String(pos) }, i === 0 ? "Setup" : `Turn ${i}`);
    if (i === turn) opt.selected = true;
    turns.append(opt);
  });
  const jumps = (["roll", "build", "robber"] as const).map((kind) =>
    h(
      "span",
      { class: "cw-replay-jump" },
      step(previousMark(t.marks[kind], at), "◂", `Previous ${kind}`),
      h("span", {}, kind),
      step(nextMark(t.marks[kind], at), "▸", `Next ${kind}`),
    ),
  );
  const bar = h(
    "div",
    { class: "cw-replay", "data-at": String(at), "data-length": String(t.length) },
    h("span", { class: "cw-replay-title" }, "Replay"),
    step(0, "«", "Back to the start"),
    step(at - 1, "◀", "One step back"),
    slider,
    step(at + 1, "▶", "One step forward"),
    step(t.length, "»", "To the end"),
    h("span", { class: "cw-replay-pos" }, `step ${at} / ${t.length}`),
    turns,
    ...jumps,
  );
  if (!t.locked) bar.append(settingButton("replay_at", "live", "Back to the game", "Leave the replay"));
  return bar;
}

/** The "Replay" button, offered once a live game is over. */
export function replayButton(state: GameState, settings: Settings): HTMLElement | null {
  if (state.winner == null || settings.replay_at !== null || atTable(state)) return null;
  return settingButton("replay_at", "0", "Replay this game", "Watch the game again from the start, step by step", false, "cw-btn cw-small cw-replay-start");
}

/** The ids and card-counting toggles. */
export function toggles(settings: Settings): HTMLElement {
  const toggle = (name: "show_ids" | "show_counting", label: string, title: string): HTMLButtonElement => {
    const on = settings[name];
    const b = settingButton(name, String(!on), label, title, false, on ? "cw-btn cw-small cw-on" : "cw-btn cw-small");
    b.setAttribute("aria-pressed", String(on));
    return b;
  };
  return h(
    "div",
    { class: "cw-toggles" },
    toggle("show_ids", "Show ids", "Write the ids the API uses on the board: hexes (H), corners (white) and paths (dark)"),
    toggle("show_counting", "Count cards", "What the viewing seat knows of each opponent's hand"),
  );
}

function cards(known: Partial<Record<Resource, number>>): string {
  const parts = RESOURCES.filter((r) => (known[r] ?? 0) > 0).map((r) => `${known[r]} ${r}`);
  return parts.length ? parts.join(", ") : "nothing known";
}

/** The card-counting box: for the viewer, each opponent's known cards and unknown count;
 * with no seat viewing, Python's words for choosing one (`board.counting_unseated`). */
export function countingBox(state: GameState, settings: Settings, board: Board): HTMLElement | null {
  if (!settings.show_counting) return null;
  const viewer = state.viewer;
  const title = h("div", { class: "cw-box-title" }, "Card counting");
  if (viewer == null || viewer < 0) {
    return h("div", { class: "cw-box cw-counting" }, title, h("div", {}, board.counting_unseated ?? ""));
  }
  const rows = state.players
    .filter((p) => p.seat !== viewer && p.known !== undefined)
    .map((p) =>
      h(
        "div",
        { class: "cw-counting-row", "data-seat": String(p.seat) },
        h("b", {}, p.name),
        `: ${cards(p.known ?? {})}`,
        (p.unknown ?? 0) > 0 ? ` + ${p.unknown} unknown` : "",
        ` (${p.resource_count} cards)`,
      ),
    );
  // the heading in the engine's words ("What you know"): players[viewer].counting
  const heading = state.players.find((p) => p.seat === viewer)?.counting ?? "";
  return h("div", { class: "cw-box cw-counting" }, title, h("div", { class: "cw-muted" }, heading), ...rows);
}

/** A small VP-over-turns chart (SVG polyline per player). */
function vpChart(sum: Summary, board: Board): SVGElement {
  const W = 260;
  const H = 110;
  const maxTurn = Math.max(1, sum.turns[sum.turns.length - 1] ?? 1);
  const maxVp = Math.max(sum.vp_to_win, ...sum.vp.flat());
  const x = (t: number): number => 24 + ((W - 30) * t) / maxTurn;
  const y = (v: number): number => H - 16 - ((H - 24) * v) / maxVp;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "cw-summary-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Victory points per turn");
  const add = (tag: string, attrs: Record<string, string>, text?: string): void => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text) el.textContent = text;
    svg.append(el);
  };
  add("line", { x1: String(x(0)), y1: String(y(sum.vp_to_win)), x2: String(x(maxTurn)), y2: String(y(sum.vp_to_win)), class: "cw-chart-goal" });
  add("text", { x: "2", y: String(y(sum.vp_to_win) + 3), class: "cw-chart-label" }, String(sum.vp_to_win));
  add("text", { x: "2", y: String(y(0) + 3), class: "cw-chart-label" }, "0");
  add("text", { x: String(W - 4), y: String(H - 2), "text-anchor": "end", class: "cw-chart-label" }, `turn ${maxTurn}`);
  add("text", { x: "24", y: String(H - 2), class: "cw-chart-label" }, "VP per turn");
  sum.vp.forEach((series, seat) => {
    const pts = series.map((v, i) => `${x(sum.turns[i]).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    add("polyline", { points: pts, fill: "none", stroke: board.players[seat]?.color ?? "#888", "stroke-width": "2" });
  });
  return svg;
}

/** The end of the game, explained: points by source, luck, and VP over the turns. */
export function summaryPanel(sum: Summary, board: Board): HTMLElement {
  const head: [string, string][] = [
    ["", ""],
    ["settl.", "points from settlements (1 each)"],
    ["cities", "points from cities (2 each)"],
    ["road", board.special_cards?.longest_road?.title ?? ""],
    ["army", board.special_cards?.largest_army?.title ?? ""],
    ["cards", "victory-point cards"],
    ["VP", "total victory points"],
    ["luck", "cards received from production minus what average dice would have paid"],
  ];
  // the five source columns are points (a city counts 2), not pieces: one heading says so
  const over = h("tr", { class: "cw-summary-over" }, h("th", {}), h("th", { colspan: 5, class: "cw-summary-points" }, "points from"), h("th", {}), h("th", {}));
  const table = h("table", { class: "cw-summary-table" }, over, h("tr", {}, ...head.map(([t, title]) => h("th", { title }, t))));
  sum.players.forEach((p, seat) => {
    const cells = [p.settlements, p.cities, p.longest_road, p.largest_army, p.vp_cards, p.total];
    const luck = `${p.luck >= 0 ? "+" : ""}${p.luck.toFixed(1)}`;
    table.append(
      h(
        "tr",
        { class: seat === sum.winner ? "cw-summary-winner" : "", "data-seat": String(seat) },
        h("th", { style: `color:${board.players[seat]?.color ?? "inherit"}` }, p.name),
        ...cells.map((c) => h("td", {}, String(c))),
        h("td", { title: `received ${p.produced} cards, expected ${p.expected.toFixed(1)}` }, luck),
      ),
    );
  });
  return h(
    "div",
    { class: "cw-box cw-summary" },
    h("div", { class: "cw-box-title" }, "How the game was won"),
    table,
    h("div", { class: "cw-muted" }, "Points by source. Luck: cards received from production minus what average dice would have paid the same buildings."),
    vpChart(sum, board),
  );
}
