/**
 * The widget's skeleton: one empty slot per part (banner, controls, dialog, panels, log…), the
 * board beside them, and where the dialog goes as the width changes. Nothing here reads a trait.
 */
import { h } from "./dom";
import { loadingWords } from "./first-words";
import { isTyping } from "./keys";

/** Below this width (px) the widget stacks: the side column under the board, dialogs over it. */
export const NARROW_PX = 700;
/** From this width (px) of the cell on, the side is two columns: the play, and the table's news. */
export const WIDE_PX = 1180;

/** The slots every drawing step fills (each is a div with the class `cw-<name>-slot`). */
export interface Slots {
  banner: HTMLDivElement;
  toast: HTMLDivElement;
  note: HTMLDivElement;
  mode: HTMLDivElement;
  overlay: HTMLDivElement;
  handover: HTMLDivElement;
  dialog: HTMLDivElement;
  actions: HTMLDivElement;
  view: HTMLDivElement;
  players: HTMLDivElement;
  bank: HTMLDivElement;
  hist: HTMLDivElement;
  log: HTMLDivElement;
  replay: HTMLDivElement;
  toggles: HTMLDivElement;
  counting: HTMLDivElement;
  summary: HTMLDivElement;
  /** the last roll, large, and what each player got (table.ts) */
  roll: HTMLDivElement;
  /** the hand you hold, under the board (table.ts) */
  hand: HTMLDivElement;
  /** the Hint button and its words, beside the mode hint (one fixed-height line) */
  hint: HTMLDivElement;
  /** the board's legend (what the rings mean) */
  legend: HTMLDivElement;
  /** a table's link while it is not open: connecting, reconnecting, closed (presence.ts) */
  link: HTMLDivElement;
}

export interface Layout {
  root: HTMLDivElement;
  boardWrap: HTMLDivElement;
  side: HTMLDivElement;
  /** what shows until the game arrives (its words are redrawn when the language changes) */
  waiting: HTMLDivElement;
  slots: Slots;
}

const SLOT_NAMES: (keyof Slots)[] = [
  "banner", "toast", "note", "mode", "overlay", "handover", "dialog", "actions", "view",
  "players", "bank", "hist", "log", "replay", "toggles", "counting", "summary",
  "roll", "hand", "hint", "legend", "link",
];

/**
 * Build the skeleton around the board's `svg`. Wide: the board on the left (it never moves), the
 * banner, the acting player's controls, the dialog and the log tail on the right, all in one
 * screen; narrow (NARROW_PX): stacked, the dialog over the board.
 */
export function buildLayout(svg: SVGSVGElement): Layout {
  const slots = Object.fromEntries(SLOT_NAMES.map((n) => [n, h("div", { class: `cw-${n}-slot` })])) as unknown as Slots;
  const waiting = h("div", { class: "cw-waiting" }, loadingWords()); // before Python sends a state: not a sentence of the game
  // a box exactly over the board (its shape, --cw-board-ratio): what is placed beside a spot on
  // the board is positioned in it, in percent of the board
  const overBoard = h("div", { class: "cw-over-board" }, slots.overlay);
  const boardWrap = h("div", { class: "cw-board-wrap" }, svg, overBoard, slots.toast, slots.handover, slots.link, waiting);
  // one line of fixed height under the controls: the mode's hint or the Hint's words, and the
  // note of a tapped disabled control floating over it (nothing above the dialog ever moves)
  const status = h("div", { class: "cw-status" }, slots.mode, slots.hint, slots.note);
  // the side: what the acting player does (the turn, the controls, the dialog), then what the
  // table shows (the log, the players, the bank, the rolls); one column, or two side by side
  // when the cell is wide (cw-wide)
  const play = h("div", { class: "cw-side-play" }, h("div", { class: "cw-turn" }, slots.banner, slots.roll), slots.actions, status, slots.dialog);
  const info = h("div", { class: "cw-side-info" }, slots.log, slots.summary, slots.players, slots.counting, h("div", { class: "cw-box cw-roll-box" }, slots.bank), slots.hist);
  const side = h("div", { class: "cw-side" }, play, info);
  const root = h(
    "div",
    { class: "catan-widget", tabindex: "-1", "data-lm-suppress-shortcuts": "true" },
    h("div", { class: "cw-main" }, boardWrap, slots.hand, slots.legend, slots.replay, slots.view, slots.toggles),
    side,
  );
  return { root, boardWrap, side, waiting, slots };
}

/**
 * Put the dialog where the eye is: beside the board, or over its bottom when stacked (the widget
 * `width` px wide); and the side in two columns when the cell has `room` px (not in full screen).
 */
export function placeDialog(layout: Layout, width: number, room = 0): void {
  const { root, boardWrap, side, slots } = layout;
  const narrow = width > 0 && width < NARROW_PX;
  root.classList.toggle("cw-narrow", narrow);
  root.classList.toggle("cw-wide", !narrow && room >= WIDE_PX && document.fullscreenElement !== root);
  const home = narrow ? boardWrap : side;
  if (slots.dialog.parentElement?.closest(".cw-side, .cw-board-wrap") !== home) {
    if (narrow) boardWrap.append(slots.dialog);
    else slots.note.parentElement?.after(slots.dialog);
  }
}

/** The height (px) from the widget's top that holds the table: board, dice, bar, hand, players. */
export const TABLE_PX = 640;

/** The nearest ancestor of `el` that scrolls (the notebook's panel), or null (the page). */
function scroller(el: Element): Element | null {
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (box.scrollHeight > box.clientHeight && /(auto|scroll)/.test(getComputedStyle(box).overflowY)) return box;
  }
  return null;
}

/**
 * When a game is first drawn, scroll what holds the widget (the notebook) so that its table is in
 * view: the widget's top at the top, unless the first TABLE_PX of it are in view already; and
 * give it the keyboard (its keys work at once), unless something is being typed into. Nothing
 * happens in full screen or while the page is hidden.
 */
export function bringIntoView(root: HTMLElement): void {
  if (typeof requestAnimationFrame !== "function" || typeof root.scrollIntoView !== "function") return;
  requestAnimationFrame(() => {
    if (!root.isConnected || document.fullscreenElement || document.visibilityState === "hidden") return;
    const r = root.getBoundingClientRect();
    if (r.height === 0) return; // not laid out: a tab in the background
    if (!isTyping(document.activeElement)) root.focus({ preventScroll: true });
    const box = scroller(root)?.getBoundingClientRect();
    const top = Math.max(box?.top ?? 0, 0);
    const bottom = Math.min(box?.bottom ?? innerHeight, innerHeight);
    if (r.top >= top - 1 && r.top + Math.min(r.height, TABLE_PX) <= bottom + 1) return;
    const smooth = typeof matchMedia === "function" && !matchMedia("(prefers-reduced-motion: reduce)").matches;
    root.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  });
}
