/**
 * The table around the board: the last roll shown large with what each player got, and the hand
 * you hold (resource and development cards as cards, the playable ones played from the hand).
 * Every number comes from `state` / `legal` / `board`; the costs are the engine's (`board.costs`).
 */
import "./table.css";
import { resourceCard, settlementShape } from "./art";
import { seatLetters, seatColor } from "./cues";
import { h, s } from "./dom";
import { control } from "./controls";
import { t } from "./i18n";
import type { UiState } from "./interaction";
import { amountWords, devCardFace, devCardWord, newWord } from "./labels";
import { dieFace } from "./panels";
import { DEV_KINDS, RESOURCES } from "./types";
import type { ActionKind, Board, Ctx, DevKind, GameState, PlayerState, Resource, ResourceCounts } from "./types";

/** The die size on the table (px): large enough to read at a glance. */
export const DIE_PX = 44;
/** Height of a card in the hand (px). */
export const CARD_PX = 46;


/** How many rolls were made so far: a new roll changes it, even when the dice show the same. */
export function rollCount(state: Pick<GameState, "dice_counts">): number {
  return (state.dice_counts ?? []).reduce((a, b) => a + b, 0);
}

/** The cards each seat got from the newest roll, in seat order: `[seat, [resource, n][]]`. */
export function gainsOf(state: Pick<GameState, "roll">): [number, [Resource, number][]][] {
  const gains = Array.isArray(state.roll) ? state.roll[2] : null;
  if (!gains || typeof gains !== "object") return [];
  return Object.entries(gains)
    .map(([seat, cards]): [number, [Resource, number][]] => [Number(seat), RESOURCES.filter((r) => (cards?.[r] ?? 0) > 0).map((r) => [r, cards[r] ?? 0])])
    .filter(([seat, cards]) => Number.isInteger(seat) && cards.length > 0)
    .sort((a, b) => a[0] - b[0]);
}

/** The hexes the newest roll paid (lit on the board during the roller's turn). */
export function paidHexes(state: Pick<GameState, "roll" | "turn_player">): number[] {
  const roll = state.roll;
  if (!Array.isArray(roll) || roll[0] !== state.turn_player || !Array.isArray(roll[1])) return [];
  return roll[1].filter((x) => Number.isInteger(x));
}

/** A few small cards: `n` of each resource as one card with its count (a cost, a gain). */
export function cardRow(counts: ResourceCounts | [Resource, number][], size = 16, cls = "cw-cost"): HTMLElement {
  const entries = Array.isArray(counts) ? counts : RESOURCES.filter((r) => (counts[r] ?? 0) > 0).map((r): [Resource, number] => [r, counts[r] ?? 0]);
  const el = h("span", { class: cls });
  for (const [r, n] of entries) {
    el.append(h("span", { class: "cw-mini", "data-resource": r, "data-count": n }, resourceCard(r, size, amountWords(r, n)), n > 1 ? h("b", { "aria-hidden": "true" }, String(n)) : null));
  }
  return el;
}

/**
 * The last roll, large, beside the board: the two dice and their sum (tumbling in when `fresh`,
 * not under prefers-reduced-motion), and what each player got, by seat colour.
 */
export function rollBox(state: GameState, board: Board, fresh: boolean): HTMLElement {
  const box = h("div", { class: fresh ? "cw-roll cw-rolling" : "cw-roll", "data-rolls": rollCount(state) });
  const dice = h("div", { class: "cw-roll-dice" });
  if (state.dice) {
    const [a, b] = state.dice;
    dice.append(dieFace(a, DIE_PX, "red"), dieFace(b, DIE_PX, "yellow"), h("span", { class: "cw-dice-sum cw-roll-sum", "data-sum": a + b }, String(a + b)));
  } else {
    dice.append(h("span", { class: "cw-die-blank", "aria-hidden": "true" }), h("span", { class: "cw-die-blank", "aria-hidden": "true" }));
  }
  const gains = h("div", { class: "cw-gains", role: "status" });
  for (const [seat, cards] of gainsOf(state)) {
    const name = board.players.find((p) => p.seat === seat)?.name ?? "";
    gains.append(
      h("span", { class: "cw-gain", "data-seat": seat, style: `--cw-player:${seatColor(board, seat)}` }, h("span", { class: "cw-gain-name" }, name), cardRow(cards, 16, "cw-gain-cards")),
    );
  }
  box.append(dice, gains);
  return box;
}

/** Whose hand the table shows: the viewer's; in the teacher's view, the seat acting now. */
export function handSeat(state: GameState, legalSeat: number | null): number | null {
  const v = state.viewer;
  if (v == null) return null;
  if (v >= 0) return v;
  return legalSeat ?? state.current;
}

function devCard(kind: DevKind, n: number, fresh: number, ui: UiState, ctx: Ctx, mine: boolean): HTMLElement {
  const label = devCardWord(kind);
  const inner = [
    h("span", { class: "cw-dcard-name" }, devCardFace(kind)),
    n > 1 ? h("b", { class: "cw-count-badge", "aria-hidden": "true" }, String(n)) : null,
    fresh ? h("i", { class: "cw-dcard-new" }, newWord()) : null,
  ];
  if (kind === "victory_point") return h("span", { class: "cw-dcard cw-dcard-vp", "data-dev": kind, title: label }, ...inner);
  const action = `play_${kind}` as ActionKind;
  const c = control(action, ui, ctx);
  const enabled = mine && c.enabled;
  const why = enabled ? undefined : c.reason || undefined;
  return h(
    "button",
    {
      type: "button",
      class: `cw-dcard${enabled ? " cw-playable" : " cw-disabled"}`,
      "data-action": action,
      "data-dev": kind,
      "aria-disabled": enabled ? undefined : "true",
      "aria-pressed": c.pressed === undefined ? undefined : String(c.pressed),
      title: why ?? label,
      "data-reason": why,
    },
    ...inner,
  );
}

/** What the hand is drawn from: it is rebuilt only when one of these changes. */
export function handKey(ui: UiState, ctx: Ctx): string {
  const { state, legal } = ctx;
  const seat = handSeat(state, legal.seat);
  const p = state.players.find((x) => x.seat === seat);
  if (!p) return "";
  const plays = DEV_KINDS.map((k) => (k === "victory_point" ? null : control(`play_${k}` as ActionKind, ui, ctx)));
  return JSON.stringify([p.seat, p.name, p.resources ?? null, p.dev_cards ?? null, p.dev_new ?? null, legal.seat, plays]);
}

/**
 * The hand you hold, under the board: each resource as a card with its count, the development
 * cards (playable ones are buttons: a click plays the card), or null when no hand is shown.
 */
export function handStrip(ui: UiState, ctx: Ctx, board: Board): HTMLElement | null {
  const { state, legal } = ctx;
  const seat = handSeat(state, legal.seat);
  const p: PlayerState | undefined = seat == null ? undefined : state.players.find((x) => x.seat === seat);
  if (!p || !p.resources) return null;
  const mine = legal.seat === p.seat;
  const cards = h("div", { class: "cw-hand-cards" });
  for (const r of RESOURCES) {
    const n = p.resources[r] ?? 0;
    const label = amountWords(r, n);
    cards.append(
      h(
        "span",
        { class: n ? "cw-hcard" : "cw-hcard cw-zero", "data-resource": r, "data-count": n, title: label },
        resourceCard(r, CARD_PX, label),
        h("b", { class: "cw-count-badge", "aria-hidden": "true" }, String(n)),
      ),
    );
  }
  const devs = h("div", { class: "cw-hand-devs" });
  for (const k of DEV_KINDS) {
    const n = p.dev_cards?.[k] ?? 0;
    if (n > 0) devs.append(devCard(k, n, p.dev_new?.[k] ?? 0, ui, ctx, mine));
  }
  const who = h(
    "span",
    { class: "cw-hand-owner", style: `--cw-player:${seatColor(board, p.seat)}`, title: p.name },
    s("svg", { viewBox: "-0.3 -0.3 0.6 0.52", width: 18, height: 16, "aria-hidden": "true" }, settlementShape(seatColor(board, p.seat))),
    h("span", { class: "cw-hand-name" }, p.name),
  );
  return h("div", { class: "cw-hand-strip", "data-seat": p.seat, role: "group", "aria-label": mine ? t("Your hand") : t("{name}'s hand", { name: p.name }) }, who, cards, devs);
}

/**
 * The board's legend: each seat's colour with the letter its pieces carry, and what the rings
 * on the hexes mean (a ring in a player's colour: what that player changed since your last
 * move; a gold glow: the hexes the roll paid).
 */
export function legend(board: Board): HTMLElement {
  const letters = seatLetters(board.players);
  const el = h("div", { class: "cw-legend-row", "aria-label": t("Legend") });
  for (const p of board.players) {
    el.append(
      h(
        "span",
        { class: "cw-legend-seat", "data-seat": p.seat, style: `--cw-player:${p.color}`, title: p.name },
        h("b", { class: "cw-seat-chip" }, letters.get(p.seat) ?? ""),
        h("span", { class: "cw-legend-name" }, p.name),
      ),
    );
  }
  el.append(
    h("span", { class: "cw-legend-key" }, h("i", { class: "cw-key-ring" }), t("changed since your move")),
    h("span", { class: "cw-legend-key" }, h("i", { class: "cw-key-paid" }), t("paid by the roll")),
  );
  return el;
}

/**
 * What the others did since your last move, in the engine's words (`state.since`), for the
 * status line under the controls: one sentence per player, or null when there is none.
 */
export function sinceLine(state: Pick<GameState, "since">): HTMLElement | null {
  const lines = Array.isArray(state.since?.text) ? state.since.text.filter((t) => typeof t === "string" && t) : [];
  if (lines.length === 0) return null;
  const el = h("span", { class: "cw-since", role: "status", title: lines.join("\n") });
  lines.forEach((t, i) => {
    if (i) el.append(h("span", { class: "cw-since-sep", "aria-hidden": "true" }, " · "));
    el.append(h("span", { class: "cw-since-item" }, t));
  });
  return el;
}
