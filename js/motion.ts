/**
 * Cards that move on the table: after a redraw, the cards of the events the widget has not shown
 * yet (`state.moves`, the engine's facts as this viewer sees them) fly from giver to taker: a
 * roll's cards from the dice to the players who got them, a stolen card from the victim to the
 * thief (face down for those who may not see it), a trade's between the traders, a payment to
 * the bank. At the bots' pace; nothing moves under prefers-reduced-motion, in a replay, or on a
 * first drawing. The cards are drawn over the widget after the redraw (nothing else moves, so a
 * click's answer is never delayed).
 */
import { resourceCard } from "./art";
import { h } from "./dom";
import { RESOURCES } from "./types";
import type { GameState } from "./types";

/** One move: `[event, giver, taker, resource, n]` (givers / takers seats, BANK or DICE). */
export type Move = [number, number, number, number, number];

export const BANK = -1;
export const DICE = -2;
/** The most cards in the air at once (a whole round of bots coalesced moves its last cards only). */
const MAX_CARDS = 12;

/** What the motion remembers between redraws: the newest event whose cards were shown. */
export interface Motion {
  shown: number | null;
}

/** The moves of `state` (checked: anything malformed is left out). */
export function movesOf(state: Pick<GameState, "moves">): Move[] {
  const raw = Array.isArray(state.moves) ? state.moves : [];
  return raw.filter((m): m is Move => Array.isArray(m) && m.length === 5 && m.every((x) => Number.isInteger(x)));
}

/** The moves not shown yet (none on the first drawing, when the events are old news). */
export function freshMoves(motion: Motion, moves: Move[]): Move[] {
  const newest = moves.reduce((n, m) => Math.max(n, m[0]), -1);
  const seen = motion.shown;
  if (newest < 0) return [];
  motion.shown = Math.max(newest, seen ?? -1);
  if (seen === null) return [];
  if (newest < seen) {
    motion.shown = newest; // taken back (an undo, a restored position): nothing flies
    return [];
  }
  return moves.filter((m) => m[0] > seen);
}

/** How long one card flies (ms): the bots' pace (`bot_delay`, seconds), kept between 250 and 700. */
export function flightMs(botDelay: number): number {
  return Math.round(Math.min(700, Math.max(250, botDelay * 700)));
}

/** Where a giver or taker sits in `root`: a seat's hand (its strip when shown, else its line), the bank, the dice. */
function placeOf(root: HTMLElement, who: number): Element | null {
  const shown = (el: Element | null): Element | null => (el && el.getBoundingClientRect().width > 0 ? el : null);
  if (who === DICE) return shown(root.querySelector(".cw-roll-slot"));
  if (who === BANK) return shown(root.querySelector(".cw-bank")) ?? shown(root.querySelector(".cw-roll-slot"));
  return shown(root.querySelector(`.cw-hand-strip[data-seat="${who}"]`)) ?? shown(root.querySelector(`.cw-player[data-seat="${who}"]`));
}

/** A flying card: the resource's face, or a card's back. */
function card(resource: number): HTMLElement {
  const r = RESOURCES[resource];
  return h("span", { class: "cw-fly", "aria-hidden": "true" }, r ? resourceCard(r, 22) : h("span", { class: "cw-card-back" }));
}

/**
 * Fly the cards of `moves` over `root`, `ms` each, one after another a little apart. Returns how
 * many cards took off (0 under prefers-reduced-motion or without the Web Animations API).
 */
export function fly(root: HTMLElement, moves: Move[], ms: number): number {
  if (moves.length === 0 || typeof Element.prototype.animate !== "function") return 0;
  if (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  const base = root.getBoundingClientRect();
  const cards: [number, number, number][] = [];
  for (const [, giver, taker, resource, n] of moves) for (let i = 0; i < n; i++) cards.push([giver, taker, resource]);
  let flown = 0;
  for (const [giver, taker, resource] of cards.slice(-MAX_CARDS)) {
    const from = placeOf(root, giver)?.getBoundingClientRect();
    const to = placeOf(root, taker)?.getBoundingClientRect();
    if (!from || !to) continue;
    const el = card(resource);
    const x0 = from.left + from.width / 2 - base.left - 11;
    const y0 = from.top + from.height / 2 - base.top - 15;
    el.style.left = `${x0}px`;
    el.style.top = `${y0}px`;
    root.append(el);
    const dx = to.left + to.width / 2 - base.left - 11 - x0;
    const dy = to.top + to.height / 2 - base.top - 15 - y0;
    const flight = el.animate(
      [
        { transform: "translate(0, 0) scale(0.8)", opacity: 0 },
        { transform: "translate(0, 0) scale(1)", opacity: 1, offset: 0.15 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 1, offset: 0.85 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: 0 },
      ],
      { duration: ms, delay: flown * 70, easing: "ease-in-out", fill: "backwards" },
    );
    const land = (): void => el.remove();
    flight.onfinish = land;
    flight.oncancel = land;
    flown++;
  }
  return flown;
}
