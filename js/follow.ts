/**
 * Following the bots (issue 20): the "since your last turn" box (`state.since`, worded by the
 * engine), the banner's move at the bots' pace, the "New game" button of a finished game, the
 * compact board-only view, and telling Python when a dialog of the viewer's own is open (the
 * bots wait while it is: catan_widget/widget/runner.py). Every sentence comes from Python
 * (the button's word is the catalogue's: js/i18n.ts).
 */
import "./follow.css";
import { h } from "./dom";
import { t } from "./i18n";
import { isolateNames } from "./names";
import type { GameState } from "./types";

/** `state.since`: what the others did since the viewer last moved (docs/protocol.md). */
export interface Since {
  title: string;
  text: string[];
  /** the index in `state.log` of the first line it sums up (-1: scrolled out) */
  from: number;
}

/** The message that says a dialog of the viewer's own opened or closed. */
export interface DialogMessage {
  type: "dialog";
  open: boolean;
}

/** The game-over dialog's "New game" message (on the version it was clicked on). */
export interface NewGameMessage {
  type: "new_game";
  version: number;
}

/** `state.since`, checked (null when absent or malformed). */
export function sinceOf(state: GameState): Since | null {
  const since = (state as { since?: unknown }).since as Partial<Since> | null | undefined;
  if (!since || typeof since.title !== "string" || !Array.isArray(since.text)) return null;
  return { title: since.title, text: since.text.filter((line) => typeof line === "string"), from: typeof since.from === "number" ? since.from : -1 };
}

/**
 * The banner's sentence: while a bot must act and the others have moved since the viewer, the
 * move just made (the newest log line, the engine's words); otherwise `state.prompt`.
 */
export function bannerSentence(state: GameState): string {
  const bot = state.players?.[state.current]?.kind === "bot";
  const newest = state.log?.[state.log.length - 1];
  if (bot && state.phase !== "game_over" && sinceOf(state) && newest) return newest;
  return state.prompt ?? "";
}

/** The log lines the box opens to: those it sums up (all the tail when they scrolled out). */
export function sinceLines(state: GameState, since: Since): string[] {
  const log = state.log ?? [];
  return since.from >= 0 ? log.slice(since.from) : log.slice();
}

/**
 * The "since your last turn" box: its title as a toggle; opened, a sentence per player and the
 * log lines they sum up (the status line already gives the sentences at a glance: js/table.ts).
 */
export function sinceBox(state: GameState, since: Since, open: boolean): HTMLElement {
  const toggle = h(
    "button",
    { type: "button", class: "cw-since-box-toggle", "data-follow": "since", "aria-expanded": open ? "true" : "false" },
    since.title,
  );
  if (!open) return h("div", { class: "cw-box cw-since-box", "data-open": "false" }, toggle);
  const lines = h("ul", { class: "cw-since-box-text" }, ...since.text.map((line) => h("li", {}, line)));
  const detail = h("ol", { class: "cw-since-box-log" }, ...sinceLines(state, since).map((line) => h("li", {}, line)));
  return h("div", { class: "cw-box cw-since-box", "data-open": "true" }, toggle, lines, detail);
}

/** The "New game" button of a finished game (none in a replay). */
export function newGameButton(state: GameState, replaying: boolean): HTMLElement | null {
  if (state.phase !== "game_over" || replaying) return null;
  return h("button", { type: "button", class: "cw-btn cw-new-game", "data-follow": "new_game" }, t("New game"));
}

/** What the widget keeps between redraws for these parts. */
export interface FollowParts {
  since: HTMLDivElement;
  newGame: HTMLDivElement;
  /** the box opened to its log lines */
  open: boolean;
  /** what Python was last told: a dialog of the viewer's own is open (null: nothing told yet) */
  told: boolean | null;
  /** the key of what the slots show now (redrawn only when it changes) */
  drawn: string;
}

/** The two slots, put in the widget's skeleton: the box above `log`, the button after `summary`. */
export function followParts(log: HTMLElement, summary: HTMLElement): FollowParts {
  const since = h("div", { class: "cw-since-slot" });
  const newGame = h("div", { class: "cw-new-game-slot" });
  log.before(since);
  summary.after(newGame);
  return { since, newGame, open: false, told: null, drawn: "" };
}

/**
 * Draw the parts for `state`, and say to Python (`send`) whether a dialog of the viewer's own is
 * open, only when that changes: the box opened to its lines, or a choice dialog (`dialog`) left
 * open while no human of this widget acts (the bots' moves are what the wait is for).
 */
export function drawFollow(
  parts: FollowParts,
  state: GameState,
  opts: { dialog: boolean; replaying: boolean; compact: boolean; root: HTMLElement },
  send: (msg: DialogMessage) => void,
): void {
  opts.root.classList.toggle("cw-compact", opts.compact);
  const since = opts.compact ? null : sinceOf(state);
  if (!since) parts.open = false;
  const key = JSON.stringify([since, parts.open, since && parts.open ? state.log : null, state.phase, opts.replaying]);
  if (key !== parts.drawn) {
    parts.drawn = key;
    parts.since.replaceChildren(...(since ? [sinceBox(state, since, parts.open)] : []));
    const button = opts.compact ? null : newGameButton(state, opts.replaying);
    parts.newGame.replaceChildren(...(button ? [button] : []));
    isolateNames(parts.since, state.players.map((p) => p.name)); // as every slot's (names.ts)
  }
  const reading = opts.dialog || parts.open;
  if (reading !== parts.told && (parts.told !== null || reading)) send({ type: "dialog", open: reading });
  parts.told = reading;
}

/**
 * A click on one of these parts: the box's toggle (true: redraw) or "New game" (sends its
 * message on `version`); false for any other click.
 */
export function followClick(parts: FollowParts, target: Element | null, version: number | null, send: (msg: NewGameMessage) => void): boolean {
  const el = target?.closest("[data-follow]");
  if (!el) return false;
  const what = el.getAttribute("data-follow");
  if (what === "since") {
    parts.open = !parts.open;
    return true;
  }
  if (what === "new_game" && version !== null) send({ type: "new_game", version });
  return what === "new_game";
}
