/** The action bar and the dialogs (placement confirm, robber victim, cards, trades, discard). */
import { resourceCard } from "./art";
import { seatColor } from "./cues";
import { h, type Child } from "./dom";
import { canDiscard, ownHand, total, yopCanPick } from "./choices";
import { BAR_GROUPS, control, SHORTCUTS } from "./controls";
import { format, rich, slot, t, tc, tn } from "./i18n";
import {
  activeMode,
  dialogAction,
  needsVictimChoice,
  placementAction,
  type Ctx,
  type Dialog,
  type ModeKind,
  type Placement,
  type UiState,
} from "./interaction";
import { allows, confirmable, maritimeGets, maritimeGives, mayRespond, reason, yopPairs } from "./legal";
import { amountWords, cardsWords, hexPlace, resourceWord } from "./labels";
import { cardRow } from "./table";
import { RESOURCES } from "./types";
import type { Board, BuildCostKind, Resource, ResourceCounts, Trade, TradeResponse } from "./types";


function nameOf(ctx: Ctx, seat: number | null): string {
  return ctx.state.players.find((p) => p.seat === seat)?.name ?? t("Seat {seat}", { seat: seat ?? "?" });
}

/**
 * Attributes that disable a control without the `disabled` attribute, so a click (a tap on a
 * touch screen) still arrives and can show `reason`; nothing is sent for it (events.ts).
 */
export function disabledAttrs(enabled: boolean, reason?: string): Record<string, string | undefined> {
  if (enabled) return {};
  return { "aria-disabled": "true", title: reason || undefined, "data-reason": reason || undefined };
}

function button(action: string, label: Child | Child[], opts: { enabled?: boolean; reason?: string; cls?: string; pressed?: boolean; seat?: number } = {}): HTMLButtonElement {
  const enabled = opts.enabled ?? true;
  const cls = ["cw-btn", opts.cls, enabled ? null : "cw-disabled"].filter(Boolean).join(" ");
  return h(
    "button",
    {
      type: "button",
      class: cls,
      "data-action": action,
      "data-seat": opts.seat,
      ...disabledAttrs(enabled, opts.reason),
      "aria-pressed": opts.pressed === undefined ? undefined : String(opts.pressed),
    },
    ...(Array.isArray(label) ? label : [label]),
  );
}

/** A control's label with its keyboard shortcut, if it has one. */
function withKey(action: string, label: string): Child[] {
  const key = SHORTCUTS[action];
  return [h("span", { class: "cw-btn-label" }, label), key ? h("kbd", { class: "cw-kbd", "aria-hidden": "true" }, key) : null];
}

/** The action bar: Roll and End turn large, the builds with their cost cards (board.costs),
 * trades and Undo; disabled ones carry the reason (tooltip and tap note). */
export function actionBar(ui: UiState, ctx: Ctx, board?: Board): HTMLElement {
  const bar = h("div", { class: "cw-actions", role: "toolbar", "aria-label": t("Actions") });
  for (const [i, group] of BAR_GROUPS.entries()) {
    const g = h("div", { class: `cw-action-group cw-group-${["turn", "build", "trade"][i]}` });
    for (const kind of group) {
      const c = control(kind, ui, ctx);
      const primary = (c.action === "roll" || c.action === "end_turn") && c.enabled;
      const cls = [i === 0 ? "cw-big" : null, primary ? "cw-primary" : null, c.pressed ? "cw-on" : null].filter(Boolean).join(" ");
      const cost = board?.costs?.[kind as BuildCostKind];
      const body: Child[] = cost ? [h("span", { class: "cw-btn-label" }, c.label), cardRow(cost, 15)] : withKey(c.action, c.label);
      const btn = button(c.action, body, { enabled: c.enabled, reason: c.reason, cls: cls || undefined, pressed: c.pressed });
      if (c.action === "undo" && c.enabled) btn.title = t("Take back your last move");
      g.append(btn);
    }
    bar.append(g);
  }
  return bar;
}

/** Cards in words: "2 wool, 1 ore", or "nothing". */
export function describeCounts(c: ResourceCounts): string {
  return cardsWords(c);
}

/** A dialog's Confirm and Cancel; a disabled Confirm carries Python's words (`board.confirm_unready`). */
function confirmRow(board: Board, canConfirm: boolean, confirmLabel?: string): HTMLElement {
  return h(
    "div",
    { class: "cw-confirm-row" },
    button("confirm", withKey("confirm", confirmLabel ?? t("Confirm")), { enabled: canConfirm, cls: "cw-primary", reason: board.confirm_unready }),
    button("cancel", withKey("cancel", t("Cancel"))),
  );
}

function dialogBox(kind: string, heading: string, ...children: Child[]): HTMLElement {
  return h("div", { class: "cw-dialog", "data-dialog": kind, role: "dialog", "aria-label": heading }, h("div", { class: "cw-dialog-title" }, heading), ...children);
}

function resourceButton(r: Resource, opts: { enabled?: boolean; pressed?: boolean; role?: string; note?: string }): HTMLButtonElement {
  const enabled = opts.enabled !== false;
  const name = resourceWord(r);
  const label = opts.note ? detailed(name, opts.note) : name;
  return h(
    "button",
    {
      type: "button",
      class: `cw-res-btn${opts.pressed ? " cw-on" : ""}${enabled ? "" : " cw-disabled"}`,
      "data-resource": r,
      "data-role": opts.role,
      ...disabledAttrs(enabled),
      "aria-pressed": String(!!opts.pressed),
      title: label,
    },
    resourceCard(r, 26, label),
    h("span", {}, opts.note ?? name),
  );
}

/** A resource with a detail: how many are held, or the bank's rate ("ore (3)", "wool (2:1)"). */
function detailed(resource: string, detail: string | number): string {
  // TRANSLATORS: a resource and a detail in brackets: how many cards of it are held ("ore (3)") or the bank's rate ("wool (2:1)")
  return t("{resource} ({detail})", { resource, detail });
}

function placementDialog(p: Placement, ctx: Ctx, board: Board): HTMLElement {
  const ok = placementAction(p) !== null;
  if (p.kind === "move_robber") {
    const hx = board.hexes[p.hex];
    const place = hx ? hexPlace(hx) : t("hex {id}", { id: p.hex });
    const box = dialogBox("robber", t("Move the robber to {place}", { place }));
    if (needsVictimChoice(p)) {
      const row = h("div", { class: "cw-victims" }, h("span", {}, t("Steal from:")));
      for (const v of p.victims) {
        row.append(
          h(
            "button",
            { type: "button", class: `cw-btn cw-victim${p.victim === v ? " cw-on" : ""}`, "data-victim": v, "aria-pressed": String(p.victim === v), style: `--cw-player:${seatColor(board, v)}` },
            nameOf(ctx, v),
          ),
        );
      }
      box.append(row);
    } else {
      const words = p.victims.length === 1 ? format(board.robber_victim ?? "", { name: nameOf(ctx, p.victims[0]) }) : (board.robber_no_victim ?? "");
      box.append(h("p", { class: "cw-muted" }, words));
    }
    box.append(confirmRow(board, ok));
    return box;
  }
  const label = p.kind === "build_road" ? t("Build a road here?") : p.kind === "build_city" ? t("Upgrade to a city here?") : t("Build a settlement here?");
  return dialogBox("placement", label, confirmRow(board, ok));
}

function stepButton(side: "discard" | "give" | "want", r: Resource, delta: number, enabled: boolean): HTMLButtonElement {
  const resource = resourceWord(r);
  const label = delta < 0 ? t("One less {resource}", { resource }) : t("One more {resource}", { resource });
  const attrs = { type: "button", class: `cw-step${enabled ? "" : " cw-disabled"}`, "data-step": side, "data-resource": r, "data-delta": delta, "aria-label": label };
  return h("button", { ...attrs, ...disabledAttrs(enabled) }, delta < 0 ? "−" : "+");
}

function stepper(side: "discard" | "give" | "want", r: Resource, n: number, canUp: boolean): HTMLElement {
  return h(
    "span",
    { class: "cw-stepper", "data-side": side, "data-resource": r },
    stepButton(side, r, -1, n > 0),
    h("b", { class: "cw-step-value" }, String(n)),
    stepButton(side, r, 1, canUp),
  );
}

function discardDialog(ui: UiState, ctx: Ctx): HTMLElement {
  const target = ctx.legal.discard;
  const handCards = ownHand(ctx);
  const chosen = total(ui.discard);
  const rows = h("div", { class: "cw-steppers" });
  for (const r of RESOURCES) {
    const have = handCards?.[r] ?? 0;
    const n = ui.discard[r] ?? 0;
    const held = t("You hold {cards}", { cards: amountWords(r, have) });
    rows.append(h("div", { class: "cw-step-row" }, resourceCard(r, 24, held), h("span", { class: "cw-step-name" }, detailed(resourceWord(r), have)), stepper("discard", r, n, chosen < target && (!handCards || n < have))));
  }
  const ready = canDiscard(ui.discard, target);
  const name = nameOf(ctx, ctx.legal.seat);
  return dialogBox(
    "discard",
    tn("{name}: discard {n} card", "{name}: discard {n} cards", target, { name }),
    rows,
    h(
      "div",
      { class: "cw-confirm-row" },
      h("span", { class: "cw-discard-count", "data-chosen": chosen }, t("{chosen} / {total} chosen", { chosen, total: target })),
      button("discard", tc("button", "Discard"), { enabled: ready, cls: "cw-primary", reason: reason(ctx.legal, "discard") }),
    ),
  );
}

function tradeBuilder(d: Extract<Dialog, { kind: "offer_trade" | "counter_trade" }>, ctx: Ctx, board: Board): HTMLElement {
  const handCards = ownHand(ctx);
  const rows = h("div", { class: "cw-steppers cw-trade-grid" }, h("span", {}), h("span", { class: "cw-col-head" }, t("You give")), h("span", { class: "cw-col-head" }, t("You get")));
  for (const r of RESOURCES) {
    const g = d.give[r] ?? 0;
    const w = d.want[r] ?? 0;
    const name = resourceWord(r);
    rows.append(
      h("span", { class: "cw-step-name" }, resourceCard(r, 22, name), " ", handCards ? detailed(name, handCards[r]) : name),
      stepper("give", r, g, !handCards || g < handCards[r]),
      stepper("want", r, w, w < ctx.legal.trade_max),
    );
  }
  const offer = d.kind === "offer_trade";
  const from = nameOf(ctx, ctx.state.trade?.from ?? null);
  const box = dialogBox(d.kind, offer ? t("Offer a trade") : t("Counter {name}'s offer", { name: from }), rows);
  if (d.kind === "offer_trade") {
    const to = h("div", { class: "cw-trade-to" }, h("span", {}, t("To:")));
    to.append(h("button", { type: "button", class: `cw-btn cw-small${d.to == null ? " cw-on" : ""}`, "data-to": "", "aria-pressed": String(d.to == null) }, t("Everyone")));
    for (const p of ctx.state.players) {
      if (p.seat === ctx.legal.seat) continue;
      to.append(h("button", { type: "button", class: `cw-btn cw-small${d.to === p.seat ? " cw-on" : ""}`, "data-to": p.seat, "aria-pressed": String(d.to === p.seat) }, p.name));
    }
    box.append(to);
  }
  const give = describeCounts(d.give);
  const get = describeCounts(d.want);
  box.append(h("p", { class: "cw-summary" }, t("Give {give} — get {get}", { give, get })));
  box.append(confirmRow(board, dialogAction(d, ctx) !== null, offer ? t("Send offer") : t("Send counter")));
  return box;
}

function cardDialog(d: Dialog, ctx: Ctx, board: Board): HTMLElement {
  switch (d.kind) {
    case "play_year_of_plenty": {
      const pairs = yopPairs(ctx.legal);
      const row = h("div", { class: "cw-res-picker" });
      for (const r of RESOURCES) row.append(resourceButton(r, { enabled: yopCanPick(d.picks, r, pairs), role: "pick" }));
      const picked = h("div", { class: "cw-picked" }, h("span", {}, t("Taking:")), ...d.picks.map((r) => resourceCard(r, 24, amountWords(r, 1))), d.picks.length ? null : h("span", { class: "cw-muted" }, t("choose two")));
      return dialogBox(d.kind, t("Year of Plenty: take two resources from the bank"), row, picked, confirmRow(board, dialogAction(d, ctx) !== null));
    }
    case "play_monopoly": {
      const row = h("div", { class: "cw-res-picker" });
      for (const r of RESOURCES) row.append(resourceButton(r, { pressed: d.resource === r, role: "pick" }));
      return dialogBox(d.kind, t("Monopoly: every player gives you all their…"), row, confirmRow(board, d.resource !== null));
    }
    case "maritime_trade": {
      const offered = maritimeGives(ctx.legal);
      const gives = h("div", { class: "cw-res-picker" }, h("span", { class: "cw-row-label" }, tc("bank trade", "Give")));
      for (const g of offered) gives.append(resourceButton(g.give, { pressed: d.give === g.give, role: "give", note: `${g.rate}:1` }));
      const gets = h("div", { class: "cw-res-picker" }, h("span", { class: "cw-row-label" }, tc("bank trade", "Get")));
      const allowed = maritimeGets(ctx.legal, d.give);
      for (const r of RESOURCES) gets.append(resourceButton(r, { pressed: d.get === r, role: "get", enabled: allowed.includes(r) }));
      const rate = offered.find((g) => g.give === d.give)?.rate;
      return dialogBox(d.kind, t("Trade with the bank"), gives, gets, h("p", { class: "cw-summary" }, bankSummary(d.give, rate, d.get)), confirmRow(board, dialogAction(d, ctx) !== null));
    }
    case "offer_trade":
    case "counter_trade":
      return tradeBuilder(d, ctx, board);
  }
}

/** The bank trade chosen so far, in words: "Give 4 wool → get 1 ore". */
function bankSummary(give: Resource | null, rate: number | undefined, get: Resource | null): string {
  if (!give) return t("Choose what to give");
  const gives = rate === undefined ? resourceWord(give) : amountWords(give, rate);
  return get ? t("Give {give} → get {get}", { give: gives, get: amountWords(get, 1) }) : t("Give {give} → get…", { give: gives });
}

/** An open offer's countdown (docs/protocol.md, `state.trade.expires_in`): the seconds before
 * Python declines the offer for the human it waits on, ticking down on screen. Only the label:
 * the decline is Python's. */
type TimedTrade = Trade & { expires_in?: number };

function countdown(seconds: number): HTMLElement {
  const end = Date.now() + seconds * 1000;
  // TRANSLATORS: seconds left before an offer is declined, abbreviated ("13 s")
  const left = (): string => t("{n} s", { n: Math.max(0, Math.ceil((end - Date.now()) / 1000)) });
  const el = h("span", { class: "cw-countdown", "data-expires-in": String(seconds) }, left());
  const timer = setInterval(() => {
    if (!el.isConnected) clearInterval(timer); // redrawn or gone: this one stops
    else el.textContent = left();
  }, 250);
  return el;
}

/** One player's answer to an offer, as a sentence whose name is {@link slot} 0 (drawn in bold). */
export function responseWords(r: TradeResponse | undefined): string {
  const name = slot(0);
  if (r == null || r === "pending") return t("{name} is thinking…", { name });
  if (r === "accepted") return t("{name} accepts", { name });
  if (r === "declined") return t("{name} declines", { name });
  const give = describeCounts(r.give);
  const want = describeCounts(r.want);
  // TRANSLATORS: a counter-offer to your offer: what {name} would give and what they want instead
  return t("{name} counters: gives {give}, wants {want}", { name, give, want });
}

function tradeStatus(trade: TimedTrade, ctx: Ctx, board: Board): HTMLElement {
  const { legal } = ctx;
  const box = dialogBox("trade", tc("dialog", "Trade"), h("p", { class: "cw-summary" }, trade.text ?? ""));
  if (mayRespond(legal)) {
    const answer = (kind: "accept_trade" | "decline_trade" | "counter_trade", label: Child | Child[], cls?: string): HTMLButtonElement =>
      button(kind, label, { cls, enabled: allows(legal, kind), reason: reason(legal, kind) });
    // TRANSLATORS: the Decline button of an offer, with the seconds left before it is declined anyway ({time}: "13 s")
    const decline = typeof trade.expires_in === "number" ? rich(t("Decline {time}", { time: slot(0) }), [countdown(trade.expires_in)]) : t("Decline");
    box.append(h("div", { class: "cw-confirm-row" }, answer("accept_trade", t("Accept"), "cw-primary"), answer("decline_trade", decline), answer("counter_trade", t("Counter…"))));
    return box;
  }
  const list = h("ul", { class: "cw-responses" });
  for (const [seatStr, resp] of Object.entries(trade.responses ?? {})) {
    const seat = Number(seatStr);
    const li = h("li", { "data-seat": seat, style: `--cw-player:${seatColor(board, seat)}` }, ...rich(responseWords(resp), [h("b", {}, nameOf(ctx, seat))]), " ");
    if (confirmable(legal).includes(seat)) li.append(button("confirm_trade", t("Confirm"), { seat, cls: "cw-small cw-primary" }));
    list.append(li);
  }
  box.append(list);
  // several answers wait on the proposer: one click declines them all
  const cancel = confirmable(legal).length > 1 ? t("Decline all") : t("Cancel trade");
  if (allows(legal, "cancel_trade")) box.append(h("div", { class: "cw-confirm-row" }, button("cancel_trade", cancel)));
  return box;
}

function hint(ui: UiState, ctx: Ctx): HTMLElement | null {
  const mode = activeMode(ui, ctx);
  if (!mode) return null;
  const showCancel = ui.mode !== null && mode === ui.mode;
  return h("div", { class: "cw-hint", "data-mode": mode }, h("span", {}, modeWords(mode)), showCancel ? button("cancel", withKey("cancel", t("Cancel")), { cls: "cw-small" }) : null);
}

/** What to do in a placement mode. */
function modeWords(mode: ModeKind): string {
  switch (mode) {
    case "build_road":
      return t("Click a glowing path to place a road.");
    case "build_settlement":
      return t("Click a glowing corner to place a settlement.");
    case "build_city":
      return t("Click one of your glowing settlements to make it a city.");
    case "move_robber":
      return t("Click a glowing hex to move the robber there.");
  }
}

/** What floats over the board: the pending placement's Confirm / Cancel. */
export function boardOverlay(ui: UiState, ctx: Ctx, board: Board): HTMLElement | null {
  return ui.pending ? placementDialog(ui.pending, ctx, board) : null;
}

/** A one-line hint under the banner while a placement mode is active. */
export function modeHint(ui: UiState, ctx: Ctx): HTMLElement | null {
  return ui.pending || ui.dialog ? null : hint(ui, ctx);
}

/** The dialog under the action bar that fits the moment (cards, discard, trade), or null. */
export function dialogArea(ui: UiState, ctx: Ctx, board: Board): HTMLElement | null {
  const { legal, state } = ctx;
  if (ui.pending) return null;
  if (ui.dialog) return cardDialog(ui.dialog, ctx, board);
  if (legal.discard > 0) return discardDialog(ui, ctx);
  if (state.trade) return tradeStatus(state.trade, ctx, board);
  return null;
}
