/** The action bar as data: which buttons, enabled or not, and why (from legal.reasons). */
import { DIRECT, modeList, MODES } from "./choices";
import { activeMode, type UiState } from "./interaction";
import type { Ctx, Legal, TradeResponse } from "./types";

export interface Control {
  action: string;
  label: string;
  enabled: boolean;
  /** tooltip when disabled (from legal.reasons) */
  reason: string;
  pressed?: boolean;
}

const CONTROL_DEFS: [string, string, string][] = [
  ["roll", "Roll dice", "roll"],
  ["end_turn", "End turn", "end_turn"],
  ["build_road", "Road", "road"],
  ["build_settlement", "Settlement", "settlement"],
  ["build_city", "City", "city"],
  ["buy_development_card", "Buy card", "buy_development_card"],
  ["play_knight", "Knight", "knight"],
  ["play_road_building", "Road building", "road_building"],
  ["play_year_of_plenty", "Year of plenty", "year_of_plenty"],
  ["play_monopoly", "Monopoly", "monopoly"],
  ["maritime_trade", "Bank trade", "maritime"],
  ["offer_trade", "Offer trade", "offer_trade"],
  ["undo", "Undo", "undo"],
];

export function controlEnabled(action: string, legal: Legal): boolean {
  if (DIRECT[action]) return DIRECT[action](legal);
  if (MODES[action]) return modeList(MODES[action], legal).length > 0;
  if (action === "play_year_of_plenty") return legal.play.year_of_plenty;
  if (action === "play_monopoly") return legal.play.monopoly;
  if (action === "maritime_trade") return legal.maritime.length > 0;
  if (action === "offer_trade") return legal.offer_trade;
  return false;
}

/** The action-bar buttons with their enabled state, tooltip and toggle state. */
export function controls(ui: UiState, ctx: Ctx): Control[] {
  const { legal, state } = ctx;
  const mode = activeMode(ui, ctx);
  const waiting =
    legal.seat == null
      ? `Waiting for ${state.players.find((p) => p.seat === state.current)?.name ?? "another player"}.`
      : "Not possible right now.";
  return CONTROL_DEFS.map(([action, label, key]) => {
    const enabled = controlEnabled(action, legal);
    const c: Control = { action, label, enabled, reason: enabled ? "" : legal.reasons[key] ?? waiting };
    if (MODES[action]) c.pressed = mode === MODES[action];
    return c;
  });
}

/** Plain words for one response to a trade offer. */
export function describeResponse(r: TradeResponse | undefined): string {
  if (r == null || r === "pending") return "thinking…";
  if (r === "accepted") return "accepts";
  if (r === "declined") return "declines";
  return "counters";
}
