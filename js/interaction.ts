/**
 * Pure interaction logic (no DOM): which intent a click produces, given the synced
 * `state` / `legal` / settings and the UI-only state kept in the render closure.
 * Python judges every rule; this module only looks up what `legal` lists (legal.ts).
 * Names are the engine's action kinds throughout: a mode, a dialog, a control, a reason.
 */
import { bump, canDiscard, compact, ownHand, stepDiscard, total, yopCanPick, yopPair } from "./choices";
import {
  allows,
  confirmable,
  maritimeGets,
  maritimeGives,
  maritimeOptions,
  nodes,
  robberTargets,
  spots,
  yopPairs,
  type SpotKind,
} from "./legal";
import type { SettingChange } from "./settings";
import type { Action, ActionKind, Ctx, GameState, Intent, Resource, ResourceCounts } from "./types";

export type { Ctx } from "./types";

/** The build buttons: each toggles a placement mode of its own kind. */
export type BuildKind = "build_road" | "build_settlement" | "build_city";
/** A placement mode: a build kind, or the robber's move (forced by the phase). */
export type ModeKind = SpotKind;

export const BUILD_KINDS: readonly ActionKind[] = ["build_road", "build_settlement", "build_city"] satisfies BuildKind[];

/** Buttons whose action is sent as soon as they are pressed. */
export const SENT_AT_ONCE: readonly ActionKind[] = [
  "roll",
  "end_turn",
  "buy_development_card",
  "play_knight",
  "play_road_building",
  "accept_trade",
  "decline_trade",
  "cancel_trade",
  "undo",
];

export type Placement =
  | { kind: "build_road"; edge: number }
  | { kind: "build_settlement"; node: number }
  | { kind: "build_city"; node: number }
  | { kind: "move_robber"; hex: number; victims: number[]; victim: number | null };

/** A dialog where the player chooses the terms of one action, named by its kind. */
export type Dialog =
  | { kind: "play_year_of_plenty"; picks: Resource[] }
  | { kind: "play_monopoly"; resource: Resource | null }
  | { kind: "maritime_trade"; give: Resource | null; get: Resource | null }
  | { kind: "offer_trade"; give: ResourceCounts; want: ResourceCounts; to: number | null }
  | { kind: "counter_trade"; give: ResourceCounts; want: ResourceCounts };

export type DialogKind = Dialog["kind"];
export const DIALOG_KINDS: readonly ActionKind[] = [
  "play_year_of_plenty",
  "play_monopoly",
  "maritime_trade",
  "offer_trade",
  "counter_trade",
] satisfies DialogKind[];

export interface UiState {
  /** state.version this UI state was last reconciled with */
  version: number | null;
  /** legal.seat this UI state belongs to */
  seat: number | null;
  mode: BuildKind | null;
  pending: Placement | null;
  dialog: Dialog | null;
  /** cards picked in the discard dialog */
  discard: ResourceCounts;
  /** state.version whose error toast was dismissed */
  dismissed: number | null;
  /** why the disabled control just tapped is disabled (a transient note) */
  note: string | null;
  /** state.version an intent was just sent on: move clicks do nothing until a newer one arrives */
  inflight: number | null;
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
  | ({ type: "setting" } & SettingChange)
  /** a click on a disabled control: show its reason, send nothing */
  | { type: "blocked"; reason: string }
  | { type: "clear_note" }
  | { type: "dismiss_error" };

export interface Result {
  ui: UiState;
  intent: Intent | null;
  /** a settings trait to write */
  setting: SettingChange | null;
}

export function initialUi(): UiState {
  return { version: null, seat: null, mode: null, pending: null, dialog: null, discard: {}, dismissed: null, note: null, inflight: null };
}

export function makeIntent(state: Pick<GameState, "version">, action: Action): Intent {
  return { type: "act", version: state.version, action };
}

function isBuildKind(name: string): name is BuildKind {
  return (BUILD_KINDS as readonly string[]).includes(name);
}

function isDialogKind(name: string): name is DialogKind {
  return (DIALOG_KINDS as readonly string[]).includes(name);
}

// ---------------------------------------------------------------- modes and highlights

/** The placement mode in force: forced by the phase (setup, robber, free roads) or a build button's. */
export function activeMode(ui: UiState, ctx: Ctx): ModeKind | null {
  const { legal, state } = ctx;
  if (legal.seat == null) return null;
  if (state.phase === "move_robber") return "move_robber";
  if (state.phase === "setup_settlement") return "build_settlement";
  if (state.phase === "setup_road" || state.phase === "road_building") return "build_road";
  return ui.mode;
}

export interface Highlights {
  nodes: Set<number>;
  edges: Set<number>;
  hexes: Set<number>;
}

/** Spots to light up for the current mode: exactly the ones `legal.actions` lists. */
export function highlights(ui: UiState, ctx: Ctx): Highlights {
  const out: Highlights = { nodes: new Set(), edges: new Set(), hexes: new Set() };
  const mode = activeMode(ui, ctx);
  if (!mode) return out;
  const target = mode === "build_road" ? out.edges : mode === "move_robber" ? out.hexes : out.nodes;
  for (const id of spots(ctx.legal, mode)) target.add(id);
  return out;
}

// ---------------------------------------------------------------- dialogs and placements

function newDialog(kind: DialogKind, ctx: Ctx): Dialog | null {
  switch (kind) {
    case "play_year_of_plenty":
      return { kind, picks: [] };
    case "play_monopoly":
      return { kind, resource: null };
    case "maritime_trade": {
      const gives = maritimeGives(ctx.legal);
      return { kind, give: gives.length === 1 ? gives[0].give : null, get: null };
    }
    case "offer_trade":
      return { kind, give: {}, want: {}, to: null };
    case "counter_trade": {
      const t = ctx.state.trade;
      return t ? { kind, give: { ...t.want }, want: { ...t.give } } : null;
    }
  }
}

/** The intent a dialog's Confirm would send, or null while it is incomplete. */
export function dialogAction(dialog: Dialog, ctx: Ctx): Action | null {
  const { legal } = ctx;
  switch (dialog.kind) {
    case "play_year_of_plenty": {
      const pair = yopPair(dialog.picks, yopPairs(legal));
      return pair ? { kind: dialog.kind, resources: [pair[0], pair[1]] } : null;
    }
    case "play_monopoly":
      return dialog.resource ? { kind: dialog.kind, resource: dialog.resource } : null;
    case "maritime_trade": {
      const ok = maritimeOptions(legal).some((m) => m.give === dialog.give && m.get === dialog.get);
      return ok && dialog.give && dialog.get ? { kind: dialog.kind, give: dialog.give, get: dialog.get } : null;
    }
    case "offer_trade":
      if (total(dialog.give) === 0 || total(dialog.want) === 0) return null;
      return { kind: dialog.kind, give: compact(dialog.give), want: compact(dialog.want), to: dialog.to };
    case "counter_trade":
      if (total(dialog.give) === 0 || total(dialog.want) === 0) return null;
      return { kind: dialog.kind, give: compact(dialog.give), want: compact(dialog.want) };
  }
}

/** The intent a pending placement's Confirm would send, or null (robber victim missing). */
export function placementAction(p: Placement): Action | null {
  switch (p.kind) {
    case "build_road":
      return { kind: p.kind, edge: p.edge };
    case "build_settlement":
    case "build_city":
      return { kind: p.kind, node: p.node };
    case "move_robber": {
      if (p.victims.length === 0) return { kind: p.kind, hex: p.hex, victim: null };
      if (p.victims.length === 1) return { kind: p.kind, hex: p.hex, victim: p.victims[0] };
      return p.victim == null ? null : { kind: p.kind, hex: p.hex, victim: p.victim };
    }
  }
}

/** Does the victim chooser need to be shown for this placement? */
export function needsVictimChoice(p: Placement | null): boolean {
  return p?.kind === "move_robber" && p.victims.length > 1;
}

function spotOf(p: Placement): number {
  return p.kind === "build_road" ? p.edge : p.kind === "move_robber" ? p.hex : p.node;
}

/** Is the pending placement still listed, in the mode still in force? */
function placementStillLegal(p: Placement, ui: UiState, ctx: Ctx): boolean {
  return activeMode(ui, ctx) === p.kind && spots(ctx.legal, p.kind).includes(spotOf(p));
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
  let next: UiState = { ...ui, version: state.version, inflight: ui.inflight === state.version ? ui.inflight : null };
  if (next.mode && !allows(legal, next.mode)) next = { ...next, mode: null };
  if (next.pending && !placementStillLegal(next.pending, next, ctx)) next = { ...next, pending: null };
  if (next.dialog && !allows(legal, next.dialog.kind)) next = { ...next, dialog: null };
  if (legal.discard <= 0) next = { ...next, discard: {} };
  else if (total(next.discard) > legal.discard) next = { ...next, discard: {} };
  return next;
}

// ---------------------------------------------------------------- the reducer

function closed(ui: UiState): UiState {
  return { ...ui, pending: null, dialog: null };
}

function none(ui: UiState): Result {
  return { ui, intent: null, setting: null };
}

function send(ui: UiState, ctx: Ctx, action: Action): Result {
  return { ui: { ...ui, inflight: ctx.state.version }, intent: makeIntent(ctx.state, action), setting: null };
}

/**
 * Is this a click on a move control (or the board) while an intent is in flight? Then it does
 * nothing and says nothing: a double click sends one intent.
 */
export function inFlight(ui: UiState, ev: UiEvent, ctx: Ctx): boolean {
  if (ui.inflight === null || ui.inflight !== ctx.state.version) return false;
  if (ev.type === "action") return ev.name !== "cancel";
  return ev.type === "node" || ev.type === "edge" || ev.type === "hex" || ev.type === "blocked";
}

function onAction(ui: UiState, name: string, seat: number | undefined, ctx: Ctx): Result {
  const { legal } = ctx;
  if ((SENT_AT_ONCE as readonly string[]).includes(name)) {
    const kind = name as ActionKind;
    return allows(legal, kind) ? send(closed(ui), ctx, { kind } as Action) : none(ui);
  }
  if (isBuildKind(name)) {
    if (!allows(legal, name)) return none(ui);
    return none({ ...closed(ui), mode: ui.mode === name ? null : name });
  }
  if (isDialogKind(name)) {
    const dialog = allows(legal, name) ? newDialog(name, ctx) : null;
    if (!dialog) return none(ui);
    return none({ ...closed(ui), mode: name === "counter_trade" ? ui.mode : null, dialog });
  }
  switch (name) {
    case "confirm_trade":
      if (seat == null || !confirmable(legal).includes(seat)) return none(ui);
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
  if (d.kind === "play_year_of_plenty") {
    if (!yopCanPick(d.picks, r, yopPairs(ctx.legal))) return ui;
    const picks = d.picks.length >= 2 ? [r] : [...d.picks, r];
    return { ...ui, dialog: { ...d, picks } };
  }
  if (d.kind === "play_monopoly") return { ...ui, dialog: { ...d, resource: r } };
  if (d.kind === "maritime_trade") {
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

function onStep(ui: UiState, side: "discard" | "give" | "want", r: Resource, delta: number, ctx: Ctx): UiState {
  if (side === "discard") {
    return { ...ui, discard: stepDiscard(ui.discard, r, delta, ownHand(ctx), ctx.legal.discard) };
  }
  const d = ui.dialog;
  if (!d || (d.kind !== "offer_trade" && d.kind !== "counter_trade")) return ui;
  const hand = ownHand(ctx);
  const max = side === "give" && hand ? hand[r] : ctx.legal.trade_max;
  return { ...ui, dialog: { ...d, [side]: bump(d[side], r, delta, max) } };
}

/**
 * A click on the board. A lit spot becomes the pending placement (Confirm sends it); a spot
 * that is not lit, while a mode is in force, is sent at once so Python says why it is refused.
 */
function onSpot(ui: UiState, ev: Extract<UiEvent, { type: "node" | "edge" | "hex" }>, ctx: Ctx): Result {
  const mode = activeMode(ui, ctx);
  const { legal } = ctx;
  if (ev.type === "node" && (mode === "build_settlement" || mode === "build_city")) {
    if (!nodes(legal, mode).includes(ev.node)) return send(ui, ctx, { kind: mode, node: ev.node });
    return none({ ...ui, dialog: null, pending: { kind: mode, node: ev.node } });
  }
  if (ev.type === "edge" && mode === "build_road") {
    if (!spots(legal, mode).includes(ev.edge)) return send(ui, ctx, { kind: mode, edge: ev.edge });
    return none({ ...ui, dialog: null, pending: { kind: mode, edge: ev.edge } });
  }
  if (ev.type === "hex" && mode === "move_robber") {
    const victims = robberTargets(legal).get(ev.hex);
    if (!victims) return send(ui, ctx, { kind: mode, hex: ev.hex, victim: null });
    const victim = victims.length === 1 ? victims[0] : null;
    return none({ ...ui, dialog: null, pending: { kind: mode, hex: ev.hex, victims: [...victims], victim } });
  }
  return none(ui);
}

/** Apply one UI event: the new UI state, and the intent to send or the setting to write, if any. */
export function reduce(ui: UiState, ev: UiEvent, ctx: Ctx): Result {
  if (inFlight(ui, ev, ctx)) return none(ui);
  if (ev.type === "blocked") return none({ ...ui, note: ev.reason });
  if (ui.note !== null) ui = { ...ui, note: null };
  switch (ev.type) {
    case "action":
      return onAction(ui, ev.name, ev.seat, ctx);
    case "node":
    case "edge":
    case "hex":
      return onSpot(ui, ev, ctx);
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
      if (d?.kind !== "offer_trade") return none(ui);
      return none({ ...ui, dialog: { ...d, to: ev.seat } });
    }
    case "setting":
      return { ui, intent: null, setting: { name: ev.name, value: ev.value } as SettingChange };
    case "clear_note":
      return none(ui);
    case "dismiss_error":
      return none({ ...ui, dismissed: ctx.state.version });
  }
}
