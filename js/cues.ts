/**
 * A second cue besides colour (issue 20): each seat's pieces carry its letter (settlements and
 * cities) and its dash pattern (roads), so players who confuse two colours still tell them
 * apart; the player panels and the board's legend show the same letter.
 */
import { s } from "./dom";
import type { BoardPlayer } from "./types";

/** Road patterns by seat (a thin line along the road's middle; seat 0 plain). */
const ROAD_DASHES: (string | null)[] = [null, "0.05 0.05", "0.16 0.07", "0.02 0.04 0.1 0.04", "0.02 0.1", "0.1 0.03 0.02 0.03 0.02 0.03"];

/**
 * Each seat's letter: the players' initials when they differ, else the seat numbers from 1
 * (names like "Bot 1", "Bot 2" share an initial).
 */
export function seatLetters(players: readonly Pick<BoardPlayer, "seat" | "name">[]): Map<number, string> {
  const initials = players.map((p) => [...p.name.trim()][0]?.toLocaleUpperCase() ?? "");
  const unique = initials.every((c) => /^\p{L}$/u.test(c)) && new Set(initials).size === initials.length;
  return new Map(players.map((p, i) => [p.seat, unique ? initials[i] : String(i + 1)]));
}

/** The seat's letter drawn on a settlement or city (in the piece's own units, before scaling). */
export function pieceLetter(kind: "settlement" | "city", letter: string): SVGElement {
  const x = kind === "city" ? 0.13 : 0;
  return s(
    "text",
    {
      class: "cw-seat-letter", x, y: kind === "city" ? 0.115 : 0.085, "text-anchor": "middle",
      "font-size": 0.15, "font-weight": 800, "font-family": "system-ui, 'DejaVu Sans', sans-serif",
      fill: "#fff", stroke: "#1b1a17", "stroke-width": 0.035, "paint-order": "stroke", "pointer-events": "none",
    },
    letter,
  );
}

/** The seat's dash pattern along a road from (x1, y1) to (x2, y2), or null for a plain road. */
export function roadPattern(seat: number, line: Record<string, string>): SVGElement | null {
  const dashes = ROAD_DASHES[seat % ROAD_DASHES.length];
  if (!dashes) return null;
  return s("line", { ...line, class: "cw-road-cue", stroke: "#1b1a17", "stroke-width": 0.035, "stroke-dasharray": dashes, "stroke-linecap": "butt", opacity: 0.75 });
}

/** The seat's colour on this board (grey for a seat it does not list). */
export function seatColor(board: { players: readonly Pick<BoardPlayer, "seat" | "color">[] }, seat: number): string {
  return board.players.find((p) => p.seat === seat)?.color ?? "#888";
}
