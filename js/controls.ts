/** The action bar as data: which buttons, enabled or not, and why (from legal.reasons). */
import { t, tc } from "./i18n";
import { activeMode, BUILD_KINDS, DIALOG_KINDS, type UiState } from "./interaction";
import { devCardWord } from "./labels";
import { allows, reason } from "./legal";
import type { ActionKind, Ctx, Phase } from "./types";

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

/** The action bar, in groups of action kinds (each labelled by {@link controlLabel}). */
export const CONTROL_GROUPS: ActionKind[][] = [
  ["roll", "end_turn"],
  ["build_road", "build_settlement", "build_city", "buy_development_card"],
  ["play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"],
  ["maritime_trade", "offer_trade", "undo"],
];

/** The action bar as drawn: your turn's two big buttons, the builds with their costs, trades
 * and Undo. The development cards are played from the hand (table.ts). */
export const BAR_GROUPS: ActionKind[][] = [CONTROL_GROUPS[0], CONTROL_GROUPS[1], CONTROL_GROUPS[3]];

/** The keyboard shortcut of a control, shown on it (keys.ts binds them). */
export const SHORTCUTS: Partial<Record<string, string>> = { roll: "R", end_turn: "E", confirm: "Enter", cancel: "Esc" };

/**
 * A control's label in the reader's language. In the Special Building Phase, ending
 * (`end_turn`) passes the phase on to the next player: "Pass".
 */
export function controlLabel(kind: ActionKind, phase?: Phase): string {
  switch (kind) {
    case "roll":
      return t("Roll dice");
    case "end_turn":
      return phase === "special_build" ? tc("button", "Pass") : t("End turn");
    case "build_road":
      return tc("button", "Road");
    case "build_settlement":
      return tc("button", "Settlement");
    case "build_city":
      return tc("button", "City");
    case "buy_development_card":
      return t("Buy card");
    case "play_knight":
      return devCardWord("knight");
    case "play_road_building":
      return devCardWord("road_building");
    case "play_year_of_plenty":
      return devCardWord("year_of_plenty");
    case "play_monopoly":
      return devCardWord("monopoly");
    case "maritime_trade":
      return t("Bank trade");
    case "offer_trade":
      return t("Offer trade");
    case "undo":
      return t("Undo");
    default:
      return kind;
  }
}

/** One button of the bar with its label, enabled state, tooltip and toggle state. */
export function control(kind: ActionKind, ui: UiState, ctx: Ctx): Control {
  const enabled = allows(ctx.legal, kind);
  const c: Control = { action: kind, label: controlLabel(kind, ctx.state.phase), enabled, reason: enabled ? "" : reason(ctx.legal, kind) };
  if (BUILD_KINDS.includes(kind)) c.pressed = activeMode(ui, ctx) === kind;
  else if (DIALOG_KINDS.includes(kind)) c.pressed = ui.dialog?.kind === kind;
  return c;
}

/** Every action-bar button, flat, in bar order. */
export function controls(ui: UiState, ctx: Ctx): Control[] {
  return CONTROL_GROUPS.flat().map((kind) => control(kind, ui, ctx));
}
