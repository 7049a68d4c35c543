/**
 * Pure interaction logic (no DOM): which intent a click produces, given the synced
 * `state` / `legal` and the UI-only state kept in the render closure.
 * Python judges every rule; this module only gates controls on what `legal` allows.
 */
import {
  bump,
  canDiscard,
  compact,
  DIRECT,
  maritimeGets,
  maritimeGives,
  modeList,
  MODES,
  ownHand,
  stepDiscard,
  total,
  yopCanPick,
  yopPair,
  type BuildMode,
} from "./choices";
import type { Action, Ctx, GameState, Intent, Legal, Resource, ResourceCounts } from "./types";

export type { BuildMode } from "./choices";
export type { Ctx } from "./types";
export type ActiveMode = BuildMode | "robber";

export type Placement =
  | { kind: "build_road"; edge: number }
  | { kind: "build_settlement"; node: number }
  | { kind: "build_city"; node: number }
  | { kind: "move_robber"; hex: number; victims: number[]; victim: number | null };

export type Dialog =
  | { kind: "year_of_plenty"; picks: Resource[] }
  | { kind: "monopoly"; resource: Resource | null }
  | { kind: "maritime"; give: Resource | null; get: Resource | null }
  | { kind: "offer"; give: ResourceCounts; want: ResourceCounts; to: number | null }
  | { kind: "counter"; give: ResourceCounts; want: ResourceCounts };

export interface UiState {
  /** state.version this UI state was last reconciled with */
  version: number | null;
  /** legal.seat this UI state belongs to */
  seat: number | null;
  mode: BuildMode | null;
  pending: Placement | null;
  dialog: Dialog | null;
  /** cards picked in the discard dialog */
  discard: ResourceCounts;
  /** state.version whose error toast was dismissed */
  dismissed: number | null;
}

export type UiEvent =
  | { type: "action"; name: string; seat?: number }
  | { type: "node"; node: number }
  | { type: "edge"; edge: number }
  | { type: "hex"; hex: number }
  | { type: "victim"; seat: number }
  | { type: "resource"; resource: Resource; role?: string }
  | { type: "step"; side: "discard" | "give" | "want"; resource: Resource; delta: number }
  | { type: "trade_to"; seat: number | null }
  | { type: "view"; seat: number | null }
  | { type: "bot_delay"; seconds: number }
  | { type: "dismiss_error" };

export interface Result {
  ui: UiState;
  intent: Intent | null;
}

export function initialUi(): UiState {
  return {
    version: null,
    seat: null,
    mode: null,
    pending: null,
    dialog: null,
    discard: {},
    dismissed: null,
  };
}

/** Fill every missing field of a (possibly partial or null) legal trait. */
export function normalizeLegal(legal: Partial<Legal> | null | undefined, version = 0): Legal {
  const l = legal ?? {};
  return {
    version: l.version ?? version,
    seat: l.seat ?? null,
    roll: !!l.roll,
    end_turn: !!l.end_turn,
    buy_development_card: !!l.buy_development_card,
    roads: l.roads ?? [],
    settlements: l.settlements ?? [],
    cities: l.cities ?? [],
    robber: l.robber ?? [],
    maritime: l.maritime ?? [],
    play: {
      knight: !!l.play?.knight,
      road_building: !!l.play?.road_building,
      year_of_plenty: !!l.play?.year_of_plenty,
      monopoly: !!l.play?.monopoly,
    },
    year_of_plenty: l.year_of_plenty ?? [],
    discard: l.discard ?? 0,
    offer_trade: !!l.offer_trade,
    respond_trade: !!l.respond_trade,
    accept_trade: l.accept_trade ?? !!l.respond_trade,
    confirm_trade: l.confirm_trade ?? [],
    cancel_trade: !!l.cancel_trade,
    undo: !!l.undo,
    reasons: l.reasons ?? {},
  };
}

export function makeIntent(state: Pick<GameState, "version">, action: Action): Intent {
  return { type: "act", version: state.version, action };
}

// ---------------------------------------------------------------- modes and highlights

export function activeMode(ui: UiState, ctx: Ctx): ActiveMode | null {
  const { legal, state } = ctx;
  if (legal.seat == null) return null;
  if (legal.robber.length > 0) return "robber";
  if (state.phase === "setup_settlement") return "settlement";
  if (state.phase === "setup_road" || state.phase === "road_building") return "road";
  return ui.mode;
}

export interface Highlights {
  nodes: Set<number>;
  edges: Set<number>;
  hexes: Set<number>;
}

/** Spots to light up (and make clickable) for the current mode. */
export function highlights(ui: UiState, ctx: Ctx): Highlights {
  const out: Highlights = { nodes: new Set(), edges: new Set(), hexes: new Set() };
  const mode = activeMode(ui, ctx);
  const { legal } = ctx;
  if (mode === "road") legal.roads.forEach((e) => out.edges.add(e));
  if (mode === "settlement") legal.settlements.forEach((n) => out.nodes.add(n));
  if (mode === "city") legal.cities.forEach((n) => out.nodes.add(n));
  if (mode === "robber") legal.robber.forEach((o) => out.hexes.add(o.hex));
  return out;
}

// ---------------------------------------------------------------- dialogs and placements

/** The intent a dialog's Confirm would send, or null while it is incomplete. */
export function dialogAction(dialog: Dialog, ctx: Ctx): Action | null {
  const { legal } = ctx;
  switch (dialog.kind) {
    case "year_of_plenty": {
      const pair = yopPair(dialog.picks, legal.year_of_plenty);
      return pair ? { kind: "play_year_of_plenty", resources: [pair[0], pair[1]] } : null;
    }
    case "monopoly":
      return dialog.resource ? { kind: "play_monopoly", resource: dialog.resource } : null;
    case "maritime": {
      const ok = legal.maritime.some((m) => m.give === dialog.give && m.get === dialog.get);
      return ok && dialog.give && dialog.get
        ? { kind: "maritime_trade", give: dialog.give, get: dialog.get }
        : null;
    }
    case "offer":
      if (total(dialog.give) === 0 || total(dialog.want) === 0) return null;
      return { kind: "offer_trade", give: compact(dialog.give), want: compact(dialog.want), to: dialog.to };
    case "counter":
      if (total(dialog.give) === 0 || total(dialog.want) === 0) return null;
      return { kind: "counter_trade", give: compact(dialog.give), want: compact(dialog.want) };
  }
}

/** The intent a pending placement's Confirm would send, or null (robber victim missing). */
export function placementAction(p: Placement): Action | null {
  switch (p.kind) {
    case "build_road":
      return { kind: "build_road", edge: p.edge };
    case "build_settlement":
      return { kind: "build_settlement", node: p.node };
    case "build_city":
      return { kind: "build_city", node: p.node };
    case "move_robber": {
      if (p.victims.length === 0) return { kind: "move_robber", hex: p.hex, victim: null };
      if (p.victims.length === 1) return { kind: "move_robber", hex: p.hex, victim: p.victims[0] };
      return p.victim == null ? null : { kind: "move_robber", hex: p.hex, victim: p.victim };
    }
  }
}

/** Does the victim chooser need to be shown for this placement? */
export function needsVictimChoice(p: Placement | null): boolean {
  return p?.kind === "move_robber" && p.victims.length > 1;
}

/** Is the pending placement still allowed by `legal`? */
function placementStillLegal(p: Placement, ui: UiState, ctx: Ctx): boolean {
  const hl = highlights(ui, ctx);
  switch (p.kind) {
    case "build_road":
      return hl.edges.has(p.edge);
    case "build_settlement":
      return hl.nodes.has(p.node) && ctx.legal.settlements.includes(p.node);
    case "build_city":
      return hl.nodes.has(p.node) && ctx.legal.cities.includes(p.node);
    case "move_robber":
      return ctx.legal.robber.some((o) => o.hex === p.hex);
  }
}

function dialogStillAllowed(d: Dialog, legal: Legal): boolean {
  switch (d.kind) {
    case "year_of_plenty":
      return legal.play.year_of_plenty;
    case "monopoly":
      return legal.play.monopoly;
    case "maritime":
      return legal.maritime.length > 0;
    case "offer":
      return legal.offer_trade;
    case "counter":
      return legal.respond_trade;
  }
}

/**
 * Bring the UI state in line with a new state/legal: drop whatever is no longer allowed,
 * reset everything when the acting seat changes.
 */
export function reconcile(ui: UiState, ctx: Ctx): UiState {
  const { state, legal } = ctx;
  if (legal.seat !== ui.seat) {
    return { ...initialUi(), version: state.version, seat: legal.seat, dismissed: ui.dismissed };
  }
  let next: UiState = { ...ui, version: state.version };
  if (next.mode && modeList(next.mode, legal).length === 0) next = { ...next, mode: null };
  if (next.pending && !placementStillLegal(next.pending, next, ctx)) next = { ...next, pending: null };
  if (next.dialog && !dialogStillAllowed(next.dialog, legal)) next = { ...next, dialog: null };
  if (legal.discard <= 0) next = { ...next, discard: {} };
  else if (total(next.discard) > legal.discard) next = { ...next, discard: {} };
  return next;
}

// ---------------------------------------------------------------- the reducer

function closed(ui: UiState): UiState {
  return { ...ui, pending: null, dialog: null };
}

function none(ui: UiState): Result {
  return { ui, intent: null };
}

function send(ui: UiState, ctx: Ctx, action: Action): Result {
  return { ui, intent: makeIntent(ctx.state, action) };
}

function onAction(ui: UiState, name: string, seat: number | undefined, ctx: Ctx): Result {
  const { legal, state } = ctx;
  const direct = DIRECT[name];
  if (direct) {
    return direct(legal) ? send(closed(ui), ctx, { kind: name } as Action) : none(ui);
  }
  const mode = MODES[name];
  if (mode) {
    if (modeList(mode, legal).length === 0) return none(ui);
    return none({ ...closed(ui), mode: ui.mode === mode ? null : mode });
  }
  switch (name) {
    case "toggle_pips":
      return send(ui, ctx, { kind: "toggle_pips" });
    case "play_year_of_plenty":
      if (!legal.play.year_of_plenty) return none(ui);
      return none({ ...closed(ui), mode: null, dialog: { kind: "year_of_plenty", picks: [] } });
    case "play_monopoly":
      if (!legal.play.monopoly) return none(ui);
      return none({ ...closed(ui), mode: null, dialog: { kind: "monopoly", resource: null } });
    case "maritime_trade": {
      if (legal.maritime.length === 0) return none(ui);
      const gives = maritimeGives(legal);
      const give = gives.length === 1 ? gives[0].give : null;
      return none({ ...closed(ui), mode: null, dialog: { kind: "maritime", give, get: null } });
    }
    case "offer_trade":
      if (!legal.offer_trade) return none(ui);
      return none({ ...closed(ui), mode: null, dialog: { kind: "offer", give: {}, want: {}, to: null } });
    case "counter_trade": {
      if (!legal.respond_trade || !state.trade) return none(ui);
      const t = state.trade;
      return none({ ...closed(ui), dialog: { kind: "counter", give: { ...t.want }, want: { ...t.give } } });
    }
    case "confirm_trade":
      if (seat == null || !legal.confirm_trade.includes(seat)) return none(ui);
      return send(ui, ctx, { kind: "confirm_trade", player: seat });
    case "discard":
      if (!canDiscard(ui.discard, legal.discard)) return none(ui);
      return send({ ...ui, discard: {} }, ctx, { kind: "discard", cards: compact(ui.discard) });
    case "confirm": {
      if (ui.pending) {
        const a = placementAction(ui.pending);
        // a confirmed build also leaves its mode: the next build starts from its button
        return a ? send({ ...ui, pending: null, mode: null }, ctx, a) : none(ui);
      }
      if (ui.dialog) {
        const a = dialogAction(ui.dialog, ctx);
        return a ? send({ ...ui, dialog: null }, ctx, a) : none(ui);
      }
      return none(ui);
    }
    case "cancel":
      if (ui.pending) return none({ ...ui, pending: null });
      if (ui.dialog) return none({ ...ui, dialog: null });
      return none({ ...ui, mode: null });
    default:
      return none(ui);
  }
}

function onResource(ui: UiState, r: Resource, role: string | undefined, ctx: Ctx): UiState {
  const d = ui.dialog;
  if (!d) return ui;
  if (d.kind === "year_of_plenty") {
    if (!yopCanPick(d.picks, r, ctx.legal.year_of_plenty)) return ui;
    const picks = d.picks.length >= 2 ? [r] : [...d.picks, r];
    return { ...ui, dialog: { ...d, picks } };
  }
  if (d.kind === "monopoly") return { ...ui, dialog: { ...d, resource: r } };
  if (d.kind === "maritime") {
    if (role === "get") {
      if (!maritimeGets(ctx.legal, d.give).includes(r)) return ui;
      return { ...ui, dialog: { ...d, get: r } };
    }
    if (!maritimeGives(ctx.legal).some((g) => g.give === r)) return ui;
    const get = d.get && maritimeGets(ctx.legal, r).includes(d.get) ? d.get : null;
    return { ...ui, dialog: { ...d, give: r, get } };
  }
  return ui;
}

const TRADE_MAX = 19;

function onStep(ui: UiState, side: "discard" | "give" | "want", r: Resource, delta: number, ctx: Ctx): UiState {
  if (side === "discard") {
    return { ...ui, discard: stepDiscard(ui.discard, r, delta, ownHand(ctx), ctx.legal.discard) };
  }
  const d = ui.dialog;
  if (!d || (d.kind !== "offer" && d.kind !== "counter")) return ui;
  const hand = ownHand(ctx);
  const max = side === "give" && hand ? hand[r] : TRADE_MAX;
  return { ...ui, dialog: { ...d, [side]: bump(d[side], r, delta, max) } };
}

/** Apply one UI event: the new UI state and the intent to send, if any. */
export function reduce(ui: UiState, ev: UiEvent, ctx: Ctx): Result {
  const { legal } = ctx;
  switch (ev.type) {
    case "action":
      return onAction(ui, ev.name, ev.seat, ctx);
    case "node": {
      const mode = activeMode(ui, ctx);
      if (mode === "settlement" && legal.settlements.includes(ev.node)) {
        return none({ ...ui, dialog: null, pending: { kind: "build_settlement", node: ev.node } });
      }
      if (mode === "city" && legal.cities.includes(ev.node)) {
        return none({ ...ui, dialog: null, pending: { kind: "build_city", node: ev.node } });
      }
      return none(ui);
    }
    case "edge":
      if (activeMode(ui, ctx) === "road" && legal.roads.includes(ev.edge)) {
        return none({ ...ui, dialog: null, pending: { kind: "build_road", edge: ev.edge } });
      }
      return none(ui);
    case "hex": {
      const opt = legal.robber.find((o) => o.hex === ev.hex);
      if (!opt || activeMode(ui, ctx) !== "robber") return none(ui);
      const victims = [...opt.victims];
      const victim = victims.length === 1 ? victims[0] : null;
      return none({ ...ui, dialog: null, pending: { kind: "move_robber", hex: ev.hex, victims, victim } });
    }
    case "victim": {
      const p = ui.pending;
      if (p?.kind !== "move_robber" || !p.victims.includes(ev.seat)) return none(ui);
      return none({ ...ui, pending: { ...p, victim: ev.seat } });
    }
    case "resource":
      return none(onResource(ui, ev.resource, ev.role, ctx));
    case "step":
      return none(onStep(ui, ev.side, ev.resource, ev.delta, ctx));
    case "trade_to": {
      const d = ui.dialog;
      if (d?.kind !== "offer") return none(ui);
      return none({ ...ui, dialog: { ...d, to: ev.seat } });
    }
    case "view":
      return send(ui, ctx, { kind: "set_view", seat: ev.seat });
    case "bot_delay":
      return send(ui, ctx, { kind: "set_bot_delay", seconds: ev.seconds });
    case "dismiss_error":
      return none({ ...ui, dismissed: ctx.state.version });
  }
}
