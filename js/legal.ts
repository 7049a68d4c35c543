/**
 * Reading the trait `legal` (docs/protocol.md, "Trait legal"): which controls are enabled and
 * which spots, pairs, targets and trades the engine lists. Pure look-ups in `legal.actions`:
 * no rule of the game is decided here.
 */
import { RESOURCES } from "./types";
import type { Action, ActionKind, ActionOf, Legal, LegalWire, OpenKind, PackedActions, Resource } from "./types";

const OPEN_KINDS: readonly string[] = ["offer_trade", "counter_trade"] satisfies OpenKind[];

/** The actions of a packed `legal.actions` (one column per field, per kind), in order. */
export function unpackActions(packed: PackedActions | Action[] | null | undefined): Action[] {
  if (Array.isArray(packed)) return packed;
  if (!packed || typeof packed !== "object") return [];
  const out: Action[] = [];
  for (const [kind, columns] of Object.entries(packed)) {
    if (!columns || typeof columns !== "object") continue;
    const fields = Object.entries(columns).filter(([, v]) => Array.isArray(v));
    const count = fields.length ? Math.min(...fields.map(([, v]) => v.length)) : 1;
    for (let i = 0; i < count; i++) {
      const action: Record<string, unknown> = { kind };
      for (const [field, values] of fields) action[field] = values[i];
      out.push(action as unknown as Action);
    }
  }
  return out;
}

/**
 * The reasons of a packed `legal.reasons` (each of Python's sentences once, with the controls
 * it explains: `{"<sentence>": ["roll", "end_turn"]}`), keyed by control again. The sentences
 * are shown as sent; none is written here.
 */
export function unpackReasons(packed: Partial<Record<string, string[] | string>> | null | undefined): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  if (!packed || typeof packed !== "object") return out;
  for (const [key, value] of Object.entries(packed)) {
    if (typeof value === "string") out[key] = value;
    else if (Array.isArray(value)) for (const kind of value) if (typeof kind === "string") out[kind] = key;
  }
  return out;
}

/** Fill every missing field of a (possibly partial, null or empty) legal trait; unpack actions. */
export function normalizeLegal(legal: LegalWire | null | undefined, version = 0): Legal {
  const l = legal ?? {};
  return {
    version: l.version ?? version,
    seat: l.seat ?? null,
    actions: unpackActions(l.actions),
    open: Array.isArray(l.open) ? l.open.filter((k) => OPEN_KINDS.includes(k)) : [],
    discard: l.discard ?? 0,
    rates: l.rates ?? {},
    trade_max: l.trade_max ?? 0,
    undo: !!l.undo,
    reasons: unpackReasons(l.reasons),
  };
}

/** The listed actions of one kind, in the engine's order. */
export function ofKind<K extends ActionKind>(legal: Legal, kind: K): ActionOf<K>[] {
  return legal.actions.filter((a): a is ActionOf<K> => a.kind === kind);
}

/** Is at least one action of this kind listed? */
export function has(legal: Legal, kind: ActionKind): boolean {
  return legal.actions.some((a) => a.kind === kind);
}

/** Is this open-ended kind (terms chosen by the player) allowed now? */
export function isOpen(legal: Legal, kind: OpenKind): boolean {
  return legal.open.includes(kind);
}

/** Is the control of this kind enabled: a listed action, an open kind, `undo`, a discard asked. */
export function allows(legal: Legal, kind: ActionKind): boolean {
  if (kind === "undo") return legal.undo;
  if (kind === "discard") return legal.discard > 0;
  if (kind === "offer_trade" || kind === "counter_trade") return isOpen(legal, kind);
  return has(legal, kind);
}

/** Why the control of this kind is disabled: the engine's sentence, shown as it is (Python sends
 * one for every disabled control; the front-end has no wording of its own). */
export function reason(legal: Legal, kind: ActionKind): string {
  return legal.reasons[kind] ?? "";
}

/** Edges listed as build_road actions. */
export function edges(legal: Legal): number[] {
  return ofKind(legal, "build_road").map((a) => a.edge);
}

export type NodeKind = "build_settlement" | "build_city";

/** Nodes listed as actions of this kind. */
export function nodes(legal: Legal, kind: NodeKind): number[] {
  return ofKind(legal, kind).map((a) => a.node);
}

/** The robber's listed targets: hex -> the seats that may be robbed there (empty: nobody). */
export function robberTargets(legal: Legal): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const a of ofKind(legal, "move_robber")) {
    const victims = out.get(a.hex) ?? [];
    if (a.victim != null && !victims.includes(a.victim)) victims.push(a.victim);
    out.set(a.hex, victims);
  }
  return out;
}

/** A kind placed by clicking the board, and the ids it lists (edges, nodes or hexes). */
export type SpotKind = "build_road" | NodeKind | "move_robber";

export function spots(legal: Legal, kind: SpotKind): number[] {
  if (kind === "build_road") return edges(legal);
  if (kind === "move_robber") return [...robberTargets(legal).keys()];
  return nodes(legal, kind);
}

/** The resource pairs listed for Year of Plenty. */
export function yopPairs(legal: Legal): [Resource, Resource][] {
  return ofKind(legal, "play_year_of_plenty").map((a) => a.resources);
}

export interface MaritimeOption {
  give: Resource;
  get: Resource;
  /** cards given for one (legal.rates) */
  rate: number;
}

/** The listed bank trades, each at this seat's rate for what it gives (`legal.rates`, which
 * Python sends with every listed trade: the rate is the engine's, never assumed here). */
export function maritimeOptions(legal: Legal): MaritimeOption[] {
  return ofKind(legal, "maritime_trade").flatMap((a) => {
    const rate = legal.rates[a.give];
    return rate === undefined ? [] : [{ give: a.give, get: a.get, rate }];
  });
}

/** The resources that may be given to the bank, in resource order, with their rate. */
export function maritimeGives(legal: Legal): { give: Resource; rate: number }[] {
  const opts = maritimeOptions(legal);
  return RESOURCES.flatMap((give) => {
    const found = opts.find((m) => m.give === give);
    return found ? [{ give, rate: found.rate }] : [];
  });
}

/** What the bank may give for `give`, in resource order. */
export function maritimeGets(legal: Legal, give: Resource | null): Resource[] {
  const opts = maritimeOptions(legal);
  return RESOURCES.filter((r) => opts.some((m) => m.give === give && m.get === r));
}

/** Seats whose answer the proposer may confirm now. */
export function confirmable(legal: Legal): number[] {
  return ofKind(legal, "confirm_trade").map((a) => a.player);
}

/** May this seat answer the offer now (accept, decline or counter)? */
export function mayRespond(legal: Legal): boolean {
  return has(legal, "accept_trade") || has(legal, "decline_trade") || isOpen(legal, "counter_trade");
}

