/** HTML side panels: banner, players, bank, dice, histogram, log, error toast. */
import { resourceCard } from "./art";
import { seatColor } from "./cues";
import { bannerSentence } from "./follow";
import { h, s } from "./dom";
import { diePipOffsets, expectedRolls, fmt } from "./hex";
import { linkLog, markedLines } from "./highlights";
import { lang, languages, num, t, tc, tn } from "./i18n";
import { amountWords } from "./labels";
import { atTable } from "./presence";
import { RESOURCES } from "./types";
import type { Board, GameState, Settings, Theme } from "./types";


/**
 * The sentence that says who must act and what (`state.prompt`), or while a bot acts the move
 * just made (js/follow.ts): the engine words both.
 */
export function bannerText(state: GameState): string {
  return bannerSentence(state);
}

/** The header ("Round 27 · Bo's turn"): the engine words it (`state.heading`). */
export function roundText(state: GameState): string {
  return state.heading ?? "";
}

export function banner(state: GameState, board: Board): HTMLElement {
  const seat = state.phase === "game_over" && state.winner != null ? state.winner : state.current;
  return h(
    "div",
    { class: "cw-banner", "data-phase": state.phase, style: `--cw-player:${seatColor(board, seat)}` },
    h("span", { class: "cw-banner-dot" }),
    h("span", { class: "cw-banner-text", title: bannerText(state) }, bannerText(state)),
    h("span", { class: "cw-banner-turn" }, roundText(state)),
  );
}

export function bank(state: GameState): HTMLElement {
  const el = h("div", { class: "cw-bank" }, h("div", { class: "cw-box-title" }, t("Bank")));
  const row = h("div", { class: "cw-hand" });
  for (const r of RESOURCES) {
    const label = t("{cards} in the bank", { cards: amountWords(r, state.bank[r]) });
    row.append(h("span", { class: "cw-res", "data-resource": r, title: label }, resourceCard(r, 22, label), h("b", { "aria-hidden": "true" }, String(state.bank[r]))));
  }
  row.append(h("span", { class: "cw-res", "data-resource": "dev_cards", title: t("Development cards left") }, h("span", { class: "cw-card-back cw-dev-back" }), h("b", {}, String(state.bank.dev_cards))));
  el.append(row);
  return el;
}

const DIE_STYLES = {
  red: { face: "#c8312b", edge: "#7d1712", pip: "#fff8e7" },
  yellow: { face: "#f4c534", edge: "#8a6a0c", pip: "#3a2a05" },
  white: { face: "#fdfbf5", edge: "#3a3428", pip: "#2a241b" },
};

export function dieFace(value: number, size = 34, style: keyof typeof DIE_STYLES = "white"): SVGElement {
  const c = DIE_STYLES[style];
  const svg = s("svg", { viewBox: "-0.55 -0.55 1.1 1.1", width: size, height: size, class: `cw-die cw-die-${style}`, "data-value": value, role: "img", "aria-label": t("Die showing {n}", { n: value }) });
  svg.append(s("rect", { x: -0.48, y: -0.48, width: 0.96, height: 0.96, rx: 0.18, fill: c.face, stroke: c.edge, "stroke-width": 0.05 }));
  for (const p of diePipOffsets(value)) {
    svg.append(s("circle", { cx: fmt(p.x), cy: fmt(p.y), r: 0.095, fill: c.pip }));
  }
  return svg;
}

export function dice(state: GameState): HTMLElement {
  const el = h("div", { class: "cw-dice" });
  if (!state.dice) {
    el.append(h("span", { class: "cw-muted cw-no-roll" }, t("No roll yet")));
    return el;
  }
  const [a, b] = state.dice;
  el.append(dieFace(a, 34, "red"), dieFace(b, 34, "yellow"), h("span", { class: "cw-dice-sum", "data-sum": a + b }, `= ${a + b}`));
  return el;
}

/** Bar chart of the rolls 2..12 so far, with the expected counts as a faint line. */
export function histogram(state: GameState): HTMLElement {
  const counts = state.dice_counts ?? [];
  const rolls = counts.reduce((x, y) => x + y, 0);
  const expected = expectedRolls(rolls);
  const W = 220;
  const H = 92;
  const top = 14;
  const base = 76;
  const bw = W / 11;
  const max = Math.max(1, ...counts, ...expected);
  const y = (v: number): number => base - ((base - top) * v) / max;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "cw-histogram-svg", role: "img", "aria-label": t("Dice rolls so far") });
  svg.append(s("line", { x1: 0, y1: base, x2: W, y2: base, class: "cw-axis" }));
  for (let i = 0; i < 11; i++) {
    const v = counts[i] ?? 0;
    const x = i * bw + 3;
    const hot = i === 4 || i === 6;
    // TRANSLATORS: a bar of the dice histogram: {total} is the sum rolled (2..12), {n} how often, {expected} how often on average
    const barTitle = tn("{total}: rolled {n} time, expected {expected}", "{total}: rolled {n} times, expected {expected}", v, { total: i + 2, expected: num(expected[i], 1) });
    svg.append(
      s("rect", { class: hot ? "cw-bar cw-bar-hot" : "cw-bar", "data-total": i + 2, "data-count": v, x: fmt(x), y: fmt(y(v)), width: fmt(bw - 6), height: fmt(base - y(v)), rx: 2 }, s("title", {}, barTitle)),
      s("text", { x: fmt(x + (bw - 6) / 2), y: base + 12, "text-anchor": "middle", class: "cw-axis-label" }, String(i + 2)),
    );
    if (v > 0) svg.append(s("text", { x: fmt(x + (bw - 6) / 2), y: fmt(y(v) - 2), "text-anchor": "middle", class: "cw-bar-label" }, String(v)));
  }
  if (rolls === 0) {
    svg.append(s("text", { x: W / 2, y: base / 2 + 4, "text-anchor": "middle", class: "cw-empty" }, t("No rolls yet")));
  } else {
    const pts = expected.map((e, i) => `${fmt(i * bw + bw / 2)},${fmt(y(e))}`).join(" ");
    svg.append(s("polyline", { points: pts, class: "cw-expected" }));
  }
  return h(
    "div",
    { class: "cw-histogram cw-box", "data-rolls": rolls },
    h("div", { class: "cw-box-title" }, tn("Dice — {n} roll", "Dice — {n} rolls", rolls), h("span", { class: "cw-legend" }, t("— expected"))),
    svg,
  );
}

/** The log; a line that changed places on the board (`state.marks`) is linked to them on hover. */
export function log(state: GameState): HTMLElement {
  const list = h("ol", { class: "cw-log-list" });
  const marked = markedLines(state);
  (state.log ?? []).forEach((line, i) => list.append(h("li", { "data-line": i, class: marked.has(i) ? "cw-marked" : null }, line)));
  linkLog(list);
  return h("div", { class: "cw-log cw-box" }, h("div", { class: "cw-box-title" }, t("Log")), list);
}

/** Keep the log scrolled to the newest line. */
/** Keep the log scrolled to its newest line.  Done in the next animation frame: reading
 * `scrollHeight` now would force a synchronous layout of the whole page on every update. */
export function scrollLog(root: HTMLElement): void {
  const list = root.querySelector(".cw-log-list");
  if (!list) return;
  const scroll = (): void => {
    list.scrollTop = list.scrollHeight;
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(scroll);
  else scroll();
}

/** Why the disabled control just tapped is disabled: a transient note (touch screens get no tooltip). */
export function note(text: string | null): HTMLElement | null {
  return text ? h("div", { class: "cw-note", role: "status" }, text) : null;
}

export function toast(state: GameState, dismissed: number | null): HTMLElement | null {
  if (!state.error || dismissed === state.version) return null;
  return h(
    "div",
    { class: "cw-toast", role: "alert" },
    h("span", { class: "cw-toast-text" }, state.error),
    h("button", { type: "button", class: "cw-toast-close", "data-action": "dismiss_error", title: t("Dismiss"), "aria-label": t("Dismiss") }, "×"),
  );
}

/**
 * While the bots are paused (the `bots_paused` setting: Python pauses them when a bot fails and
 * says why in `state.error`), a bar with "Resume bots", which sets `bots_paused` back to false.
 */
export function pausedBar(settings: Settings): HTMLElement | null {
  if (!settings.bots_paused) return null;
  return h(
    "div",
    { class: "cw-paused", role: "status" },
    h("span", {}, t("The bots are paused.")),
    h(
      "button",
      { type: "button", class: "cw-btn cw-small cw-primary", "data-setting": "bots_paused", "data-value": "false", title: t("Let the bots play on") },
      t("Resume bots"),
    ),
  );
}

/** The bots' paces (seconds between two bot moves), in words. */
function botSpeeds(): [number, string][] {
  return [
    [0, tc("bot pace", "instant")],
    [0.3, tc("bot pace", "fast")],
    [0.6, tc("bot pace", "normal")],
    [1, tc("bot pace", "slow")],
    [2, tc("bot pace", "very slow")],
  ];
}

/** The colour themes, in words. */
function themeNames(): [Theme, string][] {
  return [
    ["auto", tc("theme", "Auto")],
    ["light", tc("theme", "Light")],
    ["dark", tc("theme", "Dark")],
  ];
}

function select(setting: keyof Settings, cls: string, title: string, options: [string | number, string][], value: string): HTMLSelectElement {
  const el = h("select", { class: cls, "data-setting": setting, title });
  for (const [v, label] of options) el.append(h("option", { value: v }, label));
  el.value = value;
  return el;
}

/**
 * The hot-seat hand-over screen over the board: every hand is hidden (Python sends none) until
 * the next human clicks; the click sets `ready_seat` to that seat.
 */
export function handover(state: GameState): HTMLElement | null {
  const next = state.handover;
  if (!next) return null;
  return h(
    "div",
    { class: "cw-handover", role: "dialog", "aria-label": t("Pass to {name}", { name: next.name }) },
    h("div", { class: "cw-handover-title" }, t("Pass to {name}", { name: next.name })),
    h("p", {}, t("Every hand is hidden until then.")),
    h("button", { type: "button", class: "cw-btn cw-primary", "data-setting": "ready_seat", "data-value": String(next.seat) }, t("{name}, click when ready", { name: next.name })),
  );
}

/**
 * The settings traits as controls (`data-setting` = the trait's name): whose hand to show, the
 * pips overlay, the bots' pace and the colour theme. They show the traits, not `state`.
 */
export function viewControls(state: GameState, settings: Settings): HTMLElement {
  let seats = state.players.map((p): [string, string] => [String(p.seat), p.name]);
  let teacher: [string, string][] = [["-1", t("Teacher (all hands)")]];
  // hot-seat: only the acting human's view (Python refuses the others unless teacher=True,
  // which shows every hand: viewer -1)
  if (state.players.filter((p) => p.kind === "human").length > 1 && state.viewer !== -1) {
    const acting = state.players[state.current];
    seats = acting && acting.kind === "human" && state.phase !== "game_over" && !state.handover ? [[String(acting.seat), acting.name]] : [];
    teacher = [];
  }
  const view = select("view", "cw-view-select", t("Whose hand to show"), [["auto", t("Automatic")], ...teacher, ...seats], settings.view == null ? "auto" : String(settings.view));
  const on = settings.show_pips;
  // at a table the view and the bots are the host's (js/remote.ts refuses them)
  const host = !atTable(state);
  const out = h(
    "div",
    { class: "cw-view" },
    host ? h("label", {}, tc("setting", "View"), " ", view) : null,
    h(
      "button",
      { type: "button", class: on ? "cw-btn cw-small cw-on" : "cw-btn cw-small", "data-setting": "show_pips", "data-value": String(!on), "aria-pressed": String(on), title: t("Show the pip sum of every corner without a building") },
      t("Show pips"),
    ),
  );
  if (host && state.players.some((p) => p.kind === "bot")) {
    const speeds = botSpeeds();
    // TRANSLATORS: a pause between two bot moves, in seconds, abbreviated ("1.5 s")
    if (!speeds.some(([v]) => v === settings.bot_delay)) speeds.push([settings.bot_delay, t("{n} s", { n: settings.bot_delay })]);
    out.append(h("label", {}, tc("setting", "Bots"), " ", select("bot_delay", "cw-pace-select", t("Pause between two bot moves"), speeds.sort((a, b) => a[0] - b[0]), String(settings.bot_delay))));
  }
  out.append(h("label", {}, tc("setting", "Theme"), " ", select("theme", "cw-theme-select", t("Colours: follow JupyterLab, or always light or dark"), themeNames(), settings.theme)));
  const menu = languageMenu();
  if (menu) out.append(menu);
  return out;
}

/**
 * The Language menu (the `language` setting): every language there is, each named in its own
 * words (`words.languages`, from Python), the one shown now chosen; none before Python sent
 * the languages.
 */
export function languageMenu(): HTMLElement | null {
  const all = languages();
  if (all.length < 2) return null;
  const shown = lang();
  const options: [string, string][] = all.some(([code]) => code === shown) ? [...all] : [[shown, shown], ...all];
  const el = select("language", "cw-language-select", t("The language of the game's words"), options, shown);
  for (const [i, [code]] of options.entries()) el.options[i]?.setAttribute("lang", code);
  return h("label", {}, t("Language"), " ", el);
}
