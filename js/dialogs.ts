/** The action bar and the dialogs (placement confirm, robber victim, cards, trades, discard). */
import { resourceCard } from "./art";
import { h, type Child } from "./dom";
import { canDiscard, ownHand, total, yopCanPick } from "./choices";
import { BAR_GROUPS, control, describeResponse, SHORTCUTS } from "./controls";
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
import { cardRow } from "./table";
import { RESOURCES } from "./types";
import type { Board, BuildCostKind, Resource, ResourceCounts, Trade } from "./types";

function colorOf(board: Board, seat: number): string {
  return board.players.find((p) => p.seat === seat)?.color ?? "#888";
}

function nameOf(ctx: Ctx, seat: number | null): string {
  return ctx.state.players.find((p) => p.seat === seat)?.name ?? `Player ${seat}`;
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
  const bar = h("div", { class: "cw-actions", role: "toolbar", "aria-label": "Actions" });
  for (const [i, group] of BAR_GROUPS.entries()) {
    const g = h("div", { class: `cw-action-group cw-group-${["turn", "build", "trade"][i]}` });
    for (const [kind, label] of group) {
      const c = control(kind, label, ui, ctx);
      const primary = (c.action === "roll" || c.action === "end_turn") && c.enabled;
      const cls = [i === 0 ? "cw-big" : null, primary ? "cw-primary" : null, c.pressed ? "cw-on" : null].filter(Boolean).join(" ");
      const cost = board?.costs?.[kind as BuildCostKind];
      const body: Child[] = cost ? [h("span", { class: "cw-btn-label" }, c.label), cardRow(cost, 15)] : withKey(c.action, c.label);
      const btn = button(c.action, body, { enabled: c.enabled, reason: c.reason, cls: cls || undefined, pressed: c.pressed });
      if (c.action === "undo" && c.enabled) btn.title = "Take back your last move";
      g.append(btn);
    }
    bar.append(g);
  }
  return bar;
}

export function describeCounts(c: ResourceCounts): string {
  const parts = RESOURCES.filter((r) => (c[r] ?? 0) > 0).map((r) => `${c[r]} ${r}`);
  return parts.length ? parts.join(" + ") : "nothing";
}

/** A dialog's Confirm and Cancel; a disabled Confirm carries Python's words (`board.confirm_unready`). */
function confirmRow(board: Board, canConfirm: boolean, confirmLabel = "Confirm"): HTMLElement {
  return h(
    "div",
    { class: "cw-confirm-row" },
    button("confirm", withKey("confirm", confirmLabel), { enabled: canConfirm, cls: "cw-primary", reason: board.confirm_unready }),
    button("cancel", withKey("cancel", "Cancel")),
  );
}

function dialogBox(kind: string, heading: string, ...children: Child[]): HTMLElement {
  return h("div", { class: "cw-dialog", "data-dialog": kind, role: "dialog", "aria-label": heading }, h("div", { class: "cw-dialog-title" }, heading), ...children);
}

function resourceButton(r: Resource, opts: { enabled?: boolean; pressed?: boolean; role?: string; note?: string }): HTMLButtonElement {
  const enabled = opts.enabled !== false;
  return h(
    "button",
    {
      type: "button",
      class: `cw-res-btn${opts.pressed ? " cw-on" : ""}${enabled ? "" : " cw-disabled"}`,
      "data-resource": r,
      "data-role": opts.role,
      ...disabledAttrs(enabled),
      "aria-pressed": String(!!opts.pressed),
      title: opts.note ? `${r} (${opts.note})` : r,
    },
    resourceCard(r, 26, opts.note ? `${r} (${opts.note})` : r),
    h("span", {}, opts.note ?? r),
  );
}

function placementDialog(p: Placement, ctx: Ctx, board: Board): HTMLElement {
  const ok = placementAction(p) !== null;
  if (p.kind === "move_robber") {
    const hx = board.hexes[p.hex];
    const where = hx ? `${hx.terrain}${hx.number ? ` ${hx.number}` : ""}` : `hex ${p.hex}`;
    const box = dialogBox("robber", `Move the robber to ${where}`);
    if (needsVictimChoice(p)) {
      const row = h("div", { class: "cw-victims" }, h("span", {}, "Steal from: "));
      for (const v of p.victims) {
        row.append(
          h(
            "button",
            { type: "button", class: `cw-btn cw-victim${p.victim === v ? " cw-on" : ""}`, "data-victim": v, "aria-pressed": String(p.victim === v), style: `--cw-player:${colorOf(board, v)}` },
            nameOf(ctx, v),
          ),
        );
      }
      box.append(row);
    } else {
      const words = p.victims.length === 1 ? (board.robber_victim ?? "").replace("{name}", nameOf(ctx, p.victims[0])) : (board.robber_no_victim ?? "");
      box.append(h("p", { class: "cw-muted" }, words));
    }
    box.append(confirmRow(board, ok));
    return box;
  }
  const label = p.kind === "build_road" ? "Build a road here?" : p.kind === "build_city" ? "Upgrade to a city here?" : "Build a settlement here?";
  return dialogBox("placement", label, confirmRow(board, ok));
}

function stepButton(side: "discard" | "give" | "want", r: Resource, delta: number, enabled: boolean): HTMLButtonElement {
  const label = `${delta < 0 ? "one less" : "one more"} ${r}`;
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
    rows.append(h("div", { class: "cw-step-row" }, resourceCard(r, 24, `${r}: you hold ${have}`), h("span", { class: "cw-step-name" }, `${r} (${have})`), stepper("discard", r, n, chosen < target && (!handCards || n < have))));
  }
  const ready = canDiscard(ui.discard, target);
  return dialogBox(
    "discard",
    `${nameOf(ctx, ctx.legal.seat)}: discard ${target} card${target === 1 ? "" : "s"}`,
    rows,
    h("div", { class: "cw-confirm-row" }, h("span", { class: "cw-discard-count", "data-chosen": chosen }, `${chosen} / ${target} chosen`), button("discard", "Discard", { enabled: ready, cls: "cw-primary", reason: reason(ctx.legal, "discard") })),
  );
}

function tradeBuilder(d: Extract<Dialog, { kind: "offer_trade" | "counter_trade" }>, ctx: Ctx, board: Board): HTMLElement {
  const handCards = ownHand(ctx);
  const rows = h("div", { class: "cw-steppers cw-trade-grid" }, h("span", {}), h("span", { class: "cw-col-head" }, "You give"), h("span", { class: "cw-col-head" }, "You get"));
  for (const r of RESOURCES) {
    const g = d.give[r] ?? 0;
    const w = d.want[r] ?? 0;
    rows.append(
      h("span", { class: "cw-step-name" }, resourceCard(r, 22), handCards ? ` ${r} (${handCards[r]})` : ` ${r}`),
      stepper("give", r, g, !handCards || g < handCards[r]),
      stepper("want", r, w, w < ctx.legal.trade_max),
    );
  }
  const offer = d.kind === "offer_trade";
  const box = dialogBox(d.kind, offer ? "Offer a trade" : `Counter ${nameOf(ctx, ctx.state.trade?.from ?? null)}'s offer`, rows);
  if (d.kind === "offer_trade") {
    const to = h("div", { class: "cw-trade-to" }, h("span", {}, "To: "));
    to.append(h("button", { type: "button", class: `cw-btn cw-small${d.to == null ? " cw-on" : ""}`, "data-to": "", "aria-pressed": String(d.to == null) }, "Everyone"));
    for (const p of ctx.state.players) {
      if (p.seat === ctx.legal.seat) continue;
      to.append(h("button", { type: "button", class: `cw-btn cw-small${d.to === p.seat ? " cw-on" : ""}`, "data-to": p.seat, "aria-pressed": String(d.to === p.seat) }, p.name));
    }
    box.append(to);
  }
  box.append(h("p", { class: "cw-summary" }, `Give ${describeCounts(d.give)} — get ${describeCounts(d.want)}`));
  box.append(confirmRow(board, dialogAction(d, ctx) !== null, offer ? "Send offer" : "Send counter"));
  return box;
}

function cardDialog(d: Dialog, ctx: Ctx, board: Board): HTMLElement {
  switch (d.kind) {
    case "play_year_of_plenty": {
      const pairs = yopPairs(ctx.legal);
      const row = h("div", { class: "cw-res-picker" });
      for (const r of RESOURCES) row.append(resourceButton(r, { enabled: yopCanPick(d.picks, r, pairs), role: "pick" }));
      const picked = h("div", { class: "cw-picked" }, h("span", {}, "Taking: "), ...d.picks.map((r) => resourceCard(r, 24, `1 ${r}`)), d.picks.length ? null : h("span", { class: "cw-muted" }, "choose two"));
      return dialogBox(d.kind, "Year of Plenty: take two resources from the bank", row, picked, confirmRow(board, dialogAction(d, ctx) !== null));
    }
    case "play_monopoly": {
      const row = h("div", { class: "cw-res-picker" });
      for (const r of RESOURCES) row.append(resourceButton(r, { pressed: d.resource === r, role: "pick" }));
      return dialogBox(d.kind, "Monopoly: every player gives you all their…", row, confirmRow(board, d.resource !== null));
    }
    case "maritime_trade": {
      const offered = maritimeGives(ctx.legal);
      const gives = h("div", { class: "cw-res-picker" }, h("span", { class: "cw-row-label" }, "Give"));
      for (const g of offered) gives.append(resourceButton(g.give, { pressed: d.give === g.give, role: "give", note: `${g.rate}:1` }));
      const gets = h("div", { class: "cw-res-picker" }, h("span", { class: "cw-row-label" }, "Get"));
      const allowed = maritimeGets(ctx.legal, d.give);
      for (const r of RESOURCES) gets.append(resourceButton(r, { pressed: d.get === r, role: "get", enabled: allowed.includes(r) }));
      const rate = offered.find((g) => g.give === d.give)?.rate;
      const summary = d.give ? `Give ${rate ?? "?"} ${d.give} → get 1 ${d.get ?? "…"}` : "Choose what to give";
      return dialogBox(d.kind, "Trade with the bank", gives, gets, h("p", { class: "cw-summary" }, summary), confirmRow(board, dialogAction(d, ctx) !== null));
    }
    case "offer_trade":
    case "counter_trade":
      return tradeBuilder(d, ctx, board);
  }
}

/** An open offer's countdown (docs/protocol.md, `state.trade.expires_in`): the seconds before
 * Python declines the offer for the human it waits on, ticking down on screen. Only the label:
 * the decline is Python's. */
type TimedTrade = Trade & { expires_in?: number };

function countdown(seconds: number): HTMLElement {
  const end = Date.now() + seconds * 1000;
  const left = (): string => `${Math.max(0, Math.ceil((end - Date.now()) / 1000))} s`;
  const el = h("span", { class: "cw-countdown", "data-expires-in": String(seconds) }, left());
  const timer = setInterval(() => {
    if (!el.isConnected) clearInterval(timer); // redrawn or gone: this one stops
    else el.textContent = left();
  }, 250);
  return el;
}

function tradeStatus(t: TimedTrade, ctx: Ctx, board: Board): HTMLElement {
  const { legal } = ctx;
  const box = dialogBox("trade", "Trade", h("p", { class: "cw-summary" }, t.text ?? ""));
  if (mayRespond(legal)) {
    const answer = (kind: "accept_trade" | "decline_trade" | "counter_trade", label: Child, cls?: string): HTMLButtonElement =>
      button(kind, label, { cls, enabled: allows(legal, kind), reason: reason(legal, kind) });
    const decline = typeof t.expires_in === "number" ? h("span", {}, "Decline ", countdown(t.expires_in)) : "Decline";
    box.append(h("div", { class: "cw-confirm-row" }, answer("accept_trade", "Accept", "cw-primary"), answer("decline_trade", decline), answer("counter_trade", "Counter…")));
    return box;
  }
  const list = h("ul", { class: "cw-responses" });
  for (const [seatStr, resp] of Object.entries(t.responses ?? {})) {
    const seat = Number(seatStr);
    const counter = typeof resp === "object" && resp !== null ? ` (gives ${describeCounts(resp.give)}, wants ${describeCounts(resp.want)})` : "";
    const li = h("li", { "data-seat": seat, style: `--cw-player:${colorOf(board, seat)}` }, h("b", {}, nameOf(ctx, seat)), ` ${describeResponse(resp)}${counter} `);
    if (confirmable(legal).includes(seat)) li.append(button("confirm_trade", "Confirm", { seat, cls: "cw-small cw-primary" }));
    list.append(li);
  }
  box.append(list);
  // several answers wait on the proposer: one click declines them all
  const cancel = confirmable(legal).length > 1 ? "Decline all" : "Cancel trade";
  if (allows(legal, "cancel_trade")) box.append(h("div", { class: "cw-confirm-row" }, button("cancel_trade", cancel)));
  return box;
}

function hint(ui: UiState, ctx: Ctx): HTMLElement | null {
  const mode = activeMode(ui, ctx);
  const text: Record<ModeKind, string> = {
    build_road: "Click a glowing path to place a road.",
    build_settlement: "Click a glowing corner to place a settlement.",
    build_city: "Click one of your glowing settlements to make it a city.",
    move_robber: "Click a glowing hex to move the robber there.",
  };
  if (!mode) return null;
  const showCancel = ui.mode !== null && mode === ui.mode;
  return h("div", { class: "cw-hint", "data-mode": mode }, h("span", {}, text[mode]), showCancel ? button("cancel", withKey("cancel", "Cancel"), { cls: "cw-small" }) : null);
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
