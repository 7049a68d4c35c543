/**
 * The arithmetic of card choices (counts, discard picks, Year of Plenty picks among the listed
 * pairs). No DOM, no state, no rules: what is allowed comes from `legal` (see legal.ts).
 */
import { RESOURCES } from "./types";
import type { Ctx, Resource, ResourceCounts } from "./types";

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

// ---------------------------------------------------------------- year of plenty

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

/** The listed pair matching two picks (in the order the engine lists it). */
export function yopPair(picks: Resource[], pairs: [Resource, Resource][]): [Resource, Resource] | null {
  if (picks.length !== 2) return null;
  return pairs.find((p) => sameMultiset(p, picks)) ?? null;
}

