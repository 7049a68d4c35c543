/** HTML side panels: banner, players, bank, dice, histogram, log, error toast. */
import { cityShape, resourceCard, settlementShape } from "./art";
import { seatLetters } from "./cues";
import { bannerSentence } from "./follow";
import { h, s } from "./dom";
import { diePipOffsets, expectedRolls, fmt } from "./hex";
import { linkLog, markedLines } from "./highlights";
import { lang, languages, num, rich, slot, t, tc, tn } from "./i18n";
import { amountWords, devCardWord, newWord } from "./labels";
import { atTable, presenceMark } from "./presence";
import "./six.css";
import { DEV_KINDS, RESOURCES } from "./types";
import type { Board, GameState, PlayerState, Settings, SpecialKind, Theme } from "./types";

/** The badge of a special card's holder: its name, and what it is worth on hover (the engine's words). */
function specialBadge(board: Board, kind: SpecialKind, cls: string): HTMLElement {
  const card = board.special_cards?.[kind];
  return h("span", { class: `cw-badge ${cls}`, title: card?.title ?? "" }, card?.name ?? "");
}

function colorOf(board: Board, seat: number): string {
  return board.players.find((p) => p.seat === seat)?.color ?? "#888";
}

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
    { class: "cw-banner", "data-phase": state.phase, style: `--cw-player:${colorOf(board, seat)}` },
    h("span", { class: "cw-banner-dot" }),
    h("span", { class: "cw-banner-text", title: bannerText(state) }, bannerText(state)),
    h("span", { class: "cw-banner-turn" }, roundText(state)),
  );
}

function pieceIcon(kind: "road" | "settlement" | "city", color: string): SVGElement {
  const body =
    kind === "road"
      ? s("rect", { x: -0.3, y: -0.07, width: 0.6, height: 0.14, rx: 0.06, fill: color, stroke: "#1b1a17", "stroke-width": 0.04, transform: "rotate(-30)" })
      : kind === "city"
        ? cityShape(color)
        : settlementShape(color);
  return s("svg", { viewBox: "-0.34 -0.34 0.68 0.6", width: 18, height: 16, class: "cw-icon", "aria-hidden": "true" }, body);
}

/** From this many players on, the panels are compact (js/six.css `.cw-players-compact`): six fit beside the board. */
export const COMPACT_PLAYERS = 5;

function hand(p: PlayerState, compact: boolean): HTMLElement {
  if (p.resources) {
    const el = h("div", { class: "cw-hand", "data-hidden": "false" });
    for (const r of RESOURCES) {
      const n = p.resources[r] ?? 0;
      const label = amountWords(r, n);
      el.append(
        h("span", { class: n ? "cw-res" : "cw-res cw-zero", "data-resource": r, title: label }, resourceCard(r, compact ? 15 : 22, label), h("b", { "aria-hidden": "true" }, String(n))),
      );
    }
    return el;
  }
  const n = p.resource_count;
  const hidden = tn("{n} resource card (hidden)", "{n} resource cards (hidden)", n);
  return h(
    "div",
    { class: "cw-hand cw-hidden", "data-hidden": "true", title: hidden, role: "img", "aria-label": hidden },
    h("span", { class: "cw-card-back" }),
    h("b", { class: "cw-count" }, compact ? num(n) : `× ${num(n)}`),
    // TRANSLATORS: the word after a count of hidden cards ("× 5 cards"); the count is shown before it
    compact ? null : h("span", { class: "cw-muted" }, tn("card", "cards", n)),
  );
}

function devCards(p: PlayerState, compact: boolean): HTMLElement {
  const el = h("div", { class: "cw-dev" });
  if (!p.dev_cards && compact) {
    // compact: the deck's back and the count; the words are its title
    const words = tn("{n} development card", "{n} development cards", p.dev_count);
    el.append(h("span", { class: "cw-dev-card cw-dev-hidden", title: words, "aria-label": words }, h("span", { class: "cw-card-back cw-dev-back" }), h("b", { class: "cw-count" }, String(p.dev_count))));
    return el;
  }
  if (p.dev_cards) {
    const items = DEV_KINDS.filter((k) => (p.dev_cards?.[k] ?? 0) > 0);
    if (items.length === 0) el.append(h("span", { class: "cw-muted" }, t("No development cards")));
    for (const k of items) {
      const n = p.dev_cards[k] ?? 0;
      const fresh = p.dev_new?.[k] ?? 0;
      const card = devCardWord(k);
      el.append(
        h(
          "span",
          { class: "cw-dev-card", "data-dev": k, title: fresh ? tn("{n} bought this turn", "{n} bought this turn", fresh) : card },
          // TRANSLATORS: a development card held more than once ("Knight ×2")
          n > 1 ? t("{card} ×{n}", { card, n }) : card,
          fresh ? h("i", {}, newWord()) : null,
        ),
      );
    }
  } else {
    el.append(h("span", { class: "cw-dev-card cw-dev-hidden" }, tn("{n} development card", "{n} development cards", p.dev_count)));
  }
  return el;
}

/** The pieces a player has left, in words. */
function piecesLeft(p: PlayerState): string {
  const roads = tn("{n} road", "{n} roads", p.pieces.roads);
  const settlements = tn("{n} settlement", "{n} settlements", p.pieces.settlements);
  const cities = tn("{n} city", "{n} cities", p.pieces.cities);
  return t("Pieces left: {roads}, {settlements}, {cities}", { roads, settlements, cities });
}

/** Knights played, road length and (full panels) the pieces left; compact, the pieces are its title. */
function stats(p: PlayerState, color: string, compact: boolean): HTMLElement {
  return h(
    "div",
    { class: "cw-stats", title: compact ? piecesLeft(p) : null },
    h("span", { title: t("Knights played") }, t("Knights {n}", { n: p.knights_played })),
    h("span", { title: t("Longest road length") }, t("Road {n}", { n: p.road_length })),
    compact
      ? null
      : h(
          "span",
          { class: "cw-pieces", title: t("Pieces left: roads, settlements, cities") },
          pieceIcon("road", color), String(p.pieces.roads),
          pieceIcon("settlement", color), String(p.pieces.settlements),
          pieceIcon("city", color), String(p.pieces.cities),
        ),
  );
}

function playerPanel(p: PlayerState, state: GameState, board: Board, compact: boolean): HTMLElement {
  const color = colorOf(board, p.seat);
  const cls = ["cw-player"];
  if (p.seat === state.current) cls.push("cw-current");
  if (p.seat === state.turn_player) cls.push("cw-turn");
  if (state.winner === p.seat) cls.push("cw-winner");
  const total = p.vp + (p.vp_hidden ?? 0);
  const vpTitle = p.vp_hidden
    ? tn("{n} victory point: {public} public + {hidden} hidden", "{n} victory points: {public} public + {hidden} hidden", total, { public: p.vp, hidden: p.vp_hidden })
    : tn("{n} victory point", "{n} victory points", p.vp);
  const winner = t("Winner");
  const badges = [
    state.winner === p.seat ? h("span", { class: "cw-badge cw-badge-winner", title: winner }, winner) : null,
    p.longest_road ? specialBadge(board, "longest_road", "cw-badge-road") : null,
    p.largest_army ? specialBadge(board, "largest_army", "cw-badge-army") : null,
  ];
  return h(
    "div",
    { class: cls.join(" "), "data-seat": p.seat, style: `--cw-player:${color}` },
    h(
      "div",
      { class: "cw-player-head" },
      h("span", { class: "cw-turn-marker", title: t("Whose turn"), "aria-hidden": "true" }, p.seat === state.turn_player ? "▶" : ""),
      h("b", { class: "cw-seat-chip", title: t("The letter on this player's pieces") }, seatLetters(board.players).get(p.seat) ?? ""),
      h("span", { class: "cw-player-name" }, p.name),
      p.kind === "bot" ? h("span", { class: "cw-tag" }, tc("player", "bot")) : null,
      presenceMark(state, board, p.seat),
      ...(compact ? [] : badges),
      state.phase === "game_over"
        ? h("span", { class: "cw-vp", title: tn("{n} victory point", "{n} victory points", total) }, ...vpWords(h("b", {}, num(total))))
        : h("span", { class: "cw-vp", title: vpTitle }, ...vpWords(h("b", {}, num(p.vp)), p.vp_hidden ? h("small", {}, `+${num(p.vp_hidden)}`) : null)),
    ),
    // compact: the hand, the development cards, knights and road on one line; the special cards under it
    compact ? h("div", { class: "cw-player-cards" }, hand(p, true), devCards(p, true), stats(p, color, true)) : hand(p, false),
    compact ? null : devCards(p, false),
    compact ? (badges.some(Boolean) ? h("div", { class: "cw-player-badges" }, ...badges) : null) : stats(p, color, false),
    (p.discard ?? 0) > 0 ? h("div", { class: "cw-must-discard" }, tn("Must discard {n} card", "Must discard {n} cards", p.discard ?? 0)) : null,
  );
}

/** A player's points, short: "4 VP", the count drawn in bold (and the hidden points after it). */
function vpWords(count: HTMLElement, hidden?: HTMLElement | null): (Node | string)[] {
  const points = hidden ? h("span", {}, count, hidden) : count;
  // TRANSLATORS: victory points, short, after their count ("4 VP"); {n} is the count
  return rich(t("{n} VP", { n: slot(0) }), [points]);
}

/** Every player's panel, in seat order; compact from COMPACT_PLAYERS players on, and in full screen. */
export function players(state: GameState, board: Board, fullScreen = false): HTMLElement {
  const compact = fullScreen || state.players.length >= COMPACT_PLAYERS;
  const el = h("div", { class: compact ? "cw-players cw-players-compact" : "cw-players", "data-players": state.players.length });
  for (const p of state.players) el.append(playerPanel(p, state, board, compact));
  return el;
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
