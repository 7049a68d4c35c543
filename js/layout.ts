/**
 * The widget's skeleton: one empty slot per part (banner, controls, dialog, panels, log…), the
 * board beside them, and where the dialog goes as the width changes. Nothing here reads a trait.
 */
import { h } from "./dom";
import { loadingWords } from "./first-words";

/** Below this width (px) the widget stacks: the side column under the board, dialogs over it. */
export const NARROW_PX = 700;

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
  const side = h(
    "div",
    { class: "cw-side" },
    // the turn: the banner and the last roll (one above the other; side by side when stacked)
    h("div", { class: "cw-turn" }, slots.banner, slots.roll),
    slots.actions,
    status,
    slots.dialog,
    slots.log,
    slots.summary,
    slots.players,
    slots.counting,
    h("div", { class: "cw-box cw-roll-box" }, slots.bank),
    slots.hist,
  );
  const root = h(
    "div",
    { class: "catan-widget", tabindex: "-1", "data-lm-suppress-shortcuts": "true" },
    h("div", { class: "cw-main" }, boardWrap, slots.hand, slots.legend, slots.replay, slots.view, slots.toggles),
    side,
  );
  return { root, boardWrap, side, waiting, slots };
}

/** Put the dialog where the eye is: beside the board, or over its bottom when stacked. */
export function placeDialog(layout: Layout, width: number): void {
  const { root, boardWrap, side, slots } = layout;
  const narrow = width > 0 && width < NARROW_PX;
  root.classList.toggle("cw-narrow", narrow);
  const home = narrow ? boardWrap : side;
  if (slots.dialog.parentElement !== home) {
    if (narrow) boardWrap.append(slots.dialog);
    else slots.note.parentElement?.after(slots.dialog);
  }
}
