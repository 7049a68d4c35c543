/**
 * Replay, card counting and the end-of-game summary: panels drawn from the `timeline`,
 * `summary` and `state` traits. Every control is a settings button or select
 * (`data-setting` = `replay_at`, `show_ids`, `show_counting`), so clicks go through the same
 * path as the other settings and Python validates them.
 */
import { fullScreenButton } from "./fullscreen";
import { h } from "./dom";
import { num, rich, slot, t, tc, tn } from "./i18n";
import { cardsWords } from "./labels";
import { atTable } from "./presence";
import type { Board, GameState, Resource, Settings } from "./types";

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

/** The kinds of marks the replay jumps between. */
type MarkKind = keyof Timeline["marks"];

/** A kind of mark's name, and the titles of its two jumps. */
function markWords(kind: MarkKind): { name: string; previous: string; next: string } {
  switch (kind) {
    case "roll":
      return { name: tc("replay", "roll"), previous: t("Previous roll"), next: t("Next roll") };
    case "build":
      return { name: tc("replay", "build"), previous: t("Previous build"), next: t("Next build") };
    case "robber":
      return { name: tc("replay", "robber"), previous: t("Previous robber move"), next: t("Next robber move") };
  }
}

/** The replay bar: slider, step back / forward, jumps to a turn and to the next roll, build, robber. */
export function timelineBar(tl: Timeline, at: number): HTMLElement {
  const step = (to: number | null, label: string, title: string): HTMLButtonElement =>
    to === null || to < 0 || to > tl.length || to === at
      ? // TRANSLATORS: the tooltip of a replay button with nowhere to go; {action} is its title ("Next roll")
        settingButton("replay_at", String(at), label, t("{action}: nothing there", { action: title }), true)
      : settingButton("replay_at", String(to), label, title);
  const slider = h("input", {
    type: "range",
    class: "cw-replay-slider",
    min: "0",
    max: String(tl.length),
    step: "1",
    value: String(at),
    "data-setting": "replay_at",
    "aria-label": t("Position in the game"),
  });
  const turn = turnOf(tl, at);
  const turns = h("select", { class: "cw-replay-turn", "data-setting": "replay_at", title: t("Jump to the start of a turn") });
  tl.turns.forEach((pos, i) => {
    const opt = h("option", { value: String(pos) }, i === 0 ? tc("replay", "Setup") : t("Turn {n}", { n: i }));
    if (i === turn) opt.selected = true;
    turns.append(opt);
  });
  const jumps = (["roll", "build", "robber"] as const).map((kind) => {
    const words = markWords(kind);
    return h(
      "span",
      { class: "cw-replay-jump" },
      step(previousMark(tl.marks[kind], at), "◂", words.previous),
      h("span", {}, words.name),
      step(nextMark(tl.marks[kind], at), "▸", words.next),
    );
  });
  const bar = h(
    "div",
    { class: "cw-replay", "data-at": String(at), "data-length": String(tl.length) },
    h("span", { class: "cw-replay-title" }, tc("replay", "Replay")),
    step(0, "«", t("Back to the start")),
    step(at - 1, "◀", t("One step back")),
    slider,
    step(at + 1, "▶", t("One step forward")),
    step(tl.length, "»", t("To the end")),
    // TRANSLATORS: where the replay is: step {at} of {length}
    h("span", { class: "cw-replay-pos" }, t("step {at} / {length}", { at, length: tl.length })),
    turns,
    ...jumps,
  );
  if (!tl.locked) bar.append(settingButton("replay_at", "live", t("Back to the game"), t("Leave the replay")));
  return bar;
}

/** The "Replay" button, offered once a live game is over. */
export function replayButton(state: GameState, settings: Settings): HTMLElement | null {
  if (state.winner == null || settings.replay_at !== null || atTable(state)) return null;
  return settingButton("replay_at", "0", t("Replay this game"), t("Watch the game again from the start, step by step"), false, "cw-btn cw-small cw-replay-start");
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
    toggle("show_ids", t("Show ids"), t("Write the ids the API uses on the board: hexes (H), corners (white) and paths (dark)")),
    toggle("show_counting", t("Count cards"), t("What the viewing seat knows of each opponent's hand")),
    fullScreenButton(),
  );
}

/** One opponent's line of the card counting, its name {@link slot} 0 (drawn in bold). */
function countingWords(known: Partial<Record<Resource, number>>, unknown: number, held: number): string {
  const cards = cardsWords(known, tc("cards", "nothing known"));
  const name = slot(0);
  if (unknown > 0) {
    // TRANSLATORS: what you know of an opponent's hand: {cards} you can name, {unknown} cards you cannot, {n} cards in all
    return tn("{name}: {cards} + {unknown} unknown ({n} card)", "{name}: {cards} + {unknown} unknown ({n} cards)", held, { name, cards, unknown });
  }
  // TRANSLATORS: what you know of an opponent's hand: {cards} you can name, {n} cards in all
  return tn("{name}: {cards} ({n} card)", "{name}: {cards} ({n} cards)", held, { name, cards });
}

/** The card-counting box: for the viewer, each opponent's known cards and unknown count;
 * with no seat viewing, Python's words for choosing one (`board.counting_unseated`). */
export function countingBox(state: GameState, settings: Settings, board: Board): HTMLElement | null {
  if (!settings.show_counting) return null;
  const viewer = state.viewer;
  const title = h("div", { class: "cw-box-title" }, t("Card counting"));
  if (viewer == null || viewer < 0) {
    return h("div", { class: "cw-box cw-counting" }, title, h("div", {}, board.counting_unseated ?? ""));
  }
  const rows = state.players
    .filter((p) => p.seat !== viewer && p.known !== undefined)
    .map((p) =>
      h("div", { class: "cw-counting-row", "data-seat": String(p.seat) }, ...rich(countingWords(p.known ?? {}, p.unknown ?? 0, p.resource_count), [h("b", {}, p.name)])),
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
  svg.setAttribute("aria-label", t("Victory points per turn"));
  const add = (tag: string, attrs: Record<string, string>, text?: string): void => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text) el.textContent = text;
    svg.append(el);
  };
  add("line", { x1: String(x(0)), y1: String(y(sum.vp_to_win)), x2: String(x(maxTurn)), y2: String(y(sum.vp_to_win)), class: "cw-chart-goal" });
  add("text", { x: "2", y: String(y(sum.vp_to_win) + 3), class: "cw-chart-label" }, String(sum.vp_to_win));
  add("text", { x: "2", y: String(y(0) + 3), class: "cw-chart-label" }, "0");
  add("text", { x: String(W - 4), y: String(H - 2), "text-anchor": "end", class: "cw-chart-label" }, t("turn {n}", { n: maxTurn }));
  add("text", { x: "24", y: String(H - 2), class: "cw-chart-label" }, t("VP per turn"));
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
    [tc("summary column", "settl."), t("points from settlements (1 each)")],
    [tc("summary column", "cities"), t("points from cities (2 each)")],
    [tc("summary column", "road"), board.special_cards?.longest_road?.title ?? ""],
    [tc("summary column", "army"), board.special_cards?.largest_army?.title ?? ""],
    [tc("summary column", "cards"), t("victory-point cards")],
    [tc("summary column", "VP"), t("total victory points")],
    [tc("summary column", "luck"), t("cards received from production minus what average dice would have paid")],
  ];
  // the five source columns are points (a city counts 2), not pieces: one heading says so
  const over = h("tr", { class: "cw-summary-over" }, h("th", {}), h("th", { colspan: 5, class: "cw-summary-points" }, t("points from")), h("th", {}), h("th", {}));
  const table = h("table", { class: "cw-summary-table" }, over, h("tr", {}, ...head.map(([t, title]) => h("th", { title }, t))));
  sum.players.forEach((p, seat) => {
    const cells = [p.settlements, p.cities, p.longest_road, p.largest_army, p.vp_cards, p.total];
    const luck = `${p.luck >= 0 ? "+" : ""}${num(p.luck, 1)}`;
    table.append(
      h(
        "tr",
        { class: seat === sum.winner ? "cw-summary-winner" : "", "data-seat": String(seat) },
        h("th", { style: `color:${board.players[seat]?.color ?? "inherit"}` }, p.name),
        ...cells.map((c) => h("td", {}, String(c))),
        h("td", { title: tn("received {n} card, expected {expected}", "received {n} cards, expected {expected}", p.produced, { expected: num(p.expected, 1) }) }, luck),
      ),
    );
  });
  return h(
    "div",
    { class: "cw-box cw-summary" },
    h("div", { class: "cw-box-title" }, t("How the game was won")),
    table,
    h("div", { class: "cw-muted" }, t("Points by source. Luck: cards received from production minus what average dice would have paid the same buildings.")),
    vpChart(sum, board),
  );
}
