/**
 * What `legal` offers, as plain data: the spots of each build mode, the actions sent at once,
 * and the arithmetic of card choices (discard, year of plenty, maritime). No DOM, no state.
 */
import { RESOURCES } from "./types";
import type { Ctx, Legal, Resource, ResourceCounts } from "./types";

export type BuildMode = "road" | "settlement" | "city";

/** Actions sent as soon as their button is pressed, and when legal allows each. */
export const DIRECT: Record<string, (l: Legal) => boolean> = {
  roll: (l) => l.roll,
  end_turn: (l) => l.end_turn,
  buy_development_card: (l) => l.buy_development_card,
  play_knight: (l) => l.play.knight,
  play_road_building: (l) => l.play.road_building,
  accept_trade: (l) => l.respond_trade && l.accept_trade !== false,
  decline_trade: (l) => l.respond_trade,
  cancel_trade: (l) => l.cancel_trade,
  undo: (l) => l.undo,
};

/** Build buttons and the placement mode each toggles. */
export const MODES: Record<string, BuildMode> = {
  build_road: "road",
  build_settlement: "settlement",
  build_city: "city",
};

/** The legal spots of a build mode. */
export function modeList(mode: BuildMode, legal: Legal): number[] {
  return mode === "road" ? legal.roads : mode === "settlement" ? legal.settlements : legal.cities;
}

// ---------------------------------------------------------------- counts

export function total(c: ResourceCounts): number {
  let n = 0;
  for (const r of RESOURCES) n += c[r] ?? 0;
  return n;
}

/** Drop zero entries, keep resource order. */
export function compact(c: ResourceCounts): ResourceCounts {
  const out: ResourceCounts = {};
  for (const r of RESOURCES) if ((c[r] ?? 0) > 0) out[r] = c[r];
  return out;
}

export function bump(c: ResourceCounts, r: Resource, delta: number, max: number): ResourceCounts {
  const v = Math.max(0, Math.min(max, (c[r] ?? 0) + delta));
  return { ...c, [r]: v };
}

/** The acting seat's own hand, when visible. */
export function ownHand(ctx: Ctx): Record<Resource, number> | null {
  const seat = ctx.legal.seat;
  if (seat == null) return null;
  return ctx.state.players.find((p) => p.seat === seat)?.resources ?? null;
}

/** Add `delta` of `r` to the discard picks, within the hand and the number asked. */
export function stepDiscard(
  picks: ResourceCounts,
  r: Resource,
  delta: number,
  hand: Record<Resource, number> | null,
  target: number,
): ResourceCounts {
  if (delta > 0 && total(picks) >= target) return picks;
  return bump(picks, r, delta, hand ? hand[r] : target);
}

export function canDiscard(picks: ResourceCounts, target: number): boolean {
  return target > 0 && total(picks) === target;
}

// ---------------------------------------------------------------- year of plenty, maritime

function sameMultiset(a: Resource[], b: Resource[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function containsMultiset(pair: Resource[], picks: Resource[]): boolean {
  const rest = [...pair];
  for (const p of picks) {
    const i = rest.indexOf(p);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** May `r` be added to the year-of-plenty picks (some allowed pair still fits)? */
export function yopCanPick(picks: Resource[], r: Resource, pairs: Resource[][]): boolean {
  const next = picks.length >= 2 ? [r] : [...picks, r];
  return pairs.some((p) => containsMultiset(p, next));
}

/** The allowed pair matching two picks, as listed in legal.year_of_plenty. */
export function yopPair(picks: Resource[], pairs: [Resource, Resource][]): [Resource, Resource] | null {
  if (picks.length !== 2) return null;
  return pairs.find((p) => sameMultiset(p, picks)) ?? null;
}

export function maritimeGives(legal: Legal): { give: Resource; rate: number }[] {
  const out: { give: Resource; rate: number }[] = [];
  for (const r of RESOURCES) {
    const opts = legal.maritime.filter((m) => m.give === r);
    if (opts.length) out.push({ give: r, rate: Math.min(...opts.map((m) => m.rate)) });
  }
  return out;
}

export function maritimeGets(legal: Legal, give: Resource | null): Resource[] {
  return RESOURCES.filter((r) => legal.maritime.some((m) => m.give === give && m.get === r));
}
