/** The action bar as data: which buttons, enabled or not, and why (from legal.reasons). */
import { activeMode, BUILD_KINDS, DIALOG_KINDS, type UiState } from "./interaction";
import { allows, reason } from "./legal";
import { DEV_NAMES } from "./panels";
import type { ActionKind, Ctx, Phase, TradeResponse } from "./types";

export interface Control {
  /** the action kind (also the button's data-action and the key of its reason) */
  action: ActionKind;
  label: string;
  enabled: boolean;
  /** tooltip and tap note when disabled (from legal.reasons) */
  reason: string;
  /** toggle state of build buttons and of buttons that open a dialog */
  pressed?: boolean;
}

/** The action bar, in groups of [kind, label]. */
export const CONTROL_GROUPS: [ActionKind, string][][] = [
  [["roll", "Roll dice"], ["end_turn", "End turn"]],
  [["build_road", "Road"], ["build_settlement", "Settlement"], ["build_city", "City"], ["buy_development_card", "Buy card"]],
  [["play_knight", DEV_NAMES.knight], ["play_road_building", DEV_NAMES.road_building], ["play_year_of_plenty", DEV_NAMES.year_of_plenty], ["play_monopoly", DEV_NAMES.monopoly]],
  [["maritime_trade", "Bank trade"], ["offer_trade", "Offer trade"], ["undo", "Undo"]],
];

/** The action bar as drawn: your turn's two big buttons, the builds with their costs, trades
 * and Undo. The development cards are played from the hand (table.ts). */
export const BAR_GROUPS: [ActionKind, string][][] = [CONTROL_GROUPS[0], CONTROL_GROUPS[1], CONTROL_GROUPS[3]];

/** The keyboard shortcut of a control, shown on it (keys.ts binds them). */
export const SHORTCUTS: Partial<Record<string, string>> = { roll: "R", end_turn: "E", confirm: "Enter", cancel: "Esc" };

/** The labels a phase gives some controls instead: in the Special Building Phase, ending
 * (`end_turn`) passes the phase on to the next player. */
export const PHASE_LABELS: Partial<Record<Phase, Partial<Record<ActionKind, string>>>> = {
  special_build: { end_turn: "Pass" },
};

/** One button of the bar with its enabled state, tooltip and toggle state. */
export function control(kind: ActionKind, label: string, ui: UiState, ctx: Ctx): Control {
  const enabled = allows(ctx.legal, kind);
  const shown = PHASE_LABELS[ctx.state.phase]?.[kind] ?? label;
  const c: Control = { action: kind, label: shown, enabled, reason: enabled ? "" : reason(ctx.legal, kind) };
  if (BUILD_KINDS.includes(kind)) c.pressed = activeMode(ui, ctx) === kind;
  else if (DIALOG_KINDS.includes(kind)) c.pressed = ui.dialog?.kind === kind;
  return c;
}

/** Every action-bar button, flat, in bar order. */
export function controls(ui: UiState, ctx: Ctx): Control[] {
  return CONTROL_GROUPS.flat().map(([kind, label]) => control(kind, label, ui, ctx));
}

/** Plain words for one response to a trade offer. */
export function describeResponse(r: TradeResponse | undefined): string {
  if (r == null || r === "pending") return "thinking…";
  if (r === "accepted") return "accepts";
  if (r === "declined") return "declines";
  return "counters";
}
