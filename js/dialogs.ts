/** The action bar and the dialogs (placement confirm, robber victim, cards, trades, discard). */
import { resourceCard } from "./art";
import { h, type Child } from "./dom";
import { canDiscard, maritimeGets, maritimeGives, ownHand, total, yopCanPick } from "./choices";
import { controls, describeResponse } from "./controls";
import {
  activeMode,
  dialogAction,
  needsVictimChoice,
  placementAction,
  type Ctx,
  type Dialog,
  type Placement,
  type UiState,
} from "./interaction";
import { RESOURCES } from "./types";
import type { Board, Resource, ResourceCounts, Trade } from "./types";

function colorOf(board: Board, seat: number): string {
  return board.players.find((p) => p.seat === seat)?.color ?? "#888";
}

function nameOf(ctx: Ctx, seat: number | null): string {
  return ctx.state.players.find((p) => p.seat === seat)?.name ?? `Player ${seat}`;
}

function button(action: string, label: Child, opts: { enabled?: boolean; title?: string; cls?: string; pressed?: boolean; seat?: number } = {}): HTMLButtonElement {
  const enabled = opts.enabled ?? true;
  return h(
    "button",
    {
      type: "button",
      class: `cw-btn${opts.cls ? ` ${opts.cls}` : ""}`,
      "data-action": action,
      "data-seat": opts.seat,
      disabled: !enabled,
      title: opts.title || undefined,
      "aria-pressed": opts.pressed === undefined ? undefined : String(opts.pressed),
    },
    label,
  );
}

const GROUPS: string[][] = [
  ["roll", "end_turn"],
  ["build_road", "build_settlement", "build_city", "buy_development_card"],
  ["play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"],
  ["maritime_trade", "offer_trade", "undo"],
];

/** Buttons that open a dialog, and the dialog they open. */
const OPENS: Record<string, string> = {
  play_year_of_plenty: "year_of_plenty",
  play_monopoly: "monopoly",
  maritime_trade: "maritime",
  offer_trade: "offer",
};

/** Buttons for every action; disabled ones carry the reason as a tooltip. */
export function actionBar(ui: UiState, ctx: Ctx): HTMLElement {
  const all = controls(ui, ctx);
  const bar = h("div", { class: "cw-actions", role: "toolbar", "aria-label": "Actions" });
  for (const group of GROUPS) {
    const g = h("div", { class: "cw-action-group" });
    for (const c of all.filter((x) => group.includes(x.action))) {
      const primary = (c.action === "roll" || c.action === "end_turn") && c.enabled;
      g.append(
        button(c.action, c.label, {
          enabled: c.enabled,
          title: c.enabled ? undefined : c.reason,
          cls: `${primary ? "cw-primary" : ""}${c.pressed || (ui.dialog && OPENS[c.action] === ui.dialog.kind) ? " cw-on" : ""}`.trim() || undefined,
          pressed: c.pressed ?? (OPENS[c.action] !== undefined ? OPENS[c.action] === ui.dialog?.kind : undefined),
        }),
      );
    }
    bar.append(g);
  }
  return bar;
}

export function describeCounts(c: ResourceCounts): string {
  const parts = RESOURCES.filter((r) => (c[r] ?? 0) > 0).map((r) => `${c[r]} ${r}`);
  return parts.length ? parts.join(" + ") : "nothing";
}

function confirmRow(canConfirm: boolean, confirmLabel = "Confirm"): HTMLElement {
  return h(
    "div",
    { class: "cw-confirm-row" },
    button("confirm", confirmLabel, { enabled: canConfirm, cls: "cw-primary", title: canConfirm ? undefined : "Choose first" }),
    button("cancel", "Cancel"),
  );
}

function dialogBox(kind: string, heading: string, ...children: Child[]): HTMLElement {
  return h("div", { class: "cw-dialog", "data-dialog": kind, role: "dialog", "aria-label": heading }, h("div", { class: "cw-dialog-title" }, heading), ...children);
}

function resourceButton(r: Resource, opts: { enabled?: boolean; pressed?: boolean; role?: string; note?: string }): HTMLButtonElement {
  return h(
    "button",
    {
      type: "button",
      class: `cw-res-btn${opts.pressed ? " cw-on" : ""}`,
      "data-resource": r,
      "data-role": opts.role,
      disabled: opts.enabled === false,
      "aria-pressed": String(!!opts.pressed),
      title: r,
    },
    resourceCard(r, 26),
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
      box.append(h("p", { class: "cw-muted" }, p.victims.length === 1 ? `You will steal a card from ${nameOf(ctx, p.victims[0])}.` : "Nobody to steal from there."));
    }
    box.append(confirmRow(ok));
    return box;
  }
  const label = p.kind === "build_road" ? "Build a road here?" : p.kind === "build_city" ? "Upgrade to a city here?" : "Build a settlement here?";
  return dialogBox("placement", label, confirmRow(ok));
}

function stepper(side: "discard" | "give" | "want", r: Resource, n: number, canUp: boolean): HTMLElement {
  return h(
    "span",
    { class: "cw-stepper", "data-side": side, "data-resource": r },
    h("button", { type: "button", class: "cw-step", "data-step": side, "data-resource": r, "data-delta": -1, disabled: n <= 0, "aria-label": `one less ${r}` }, "−"),
    h("b", { class: "cw-step-value" }, String(n)),
    h("button", { type: "button", class: "cw-step", "data-step": side, "data-resource": r, "data-delta": 1, disabled: !canUp, "aria-label": `one more ${r}` }, "+"),
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
    rows.append(h("div", { class: "cw-step-row" }, resourceCard(r, 24), h("span", { class: "cw-step-name" }, `${r} (${have})`), stepper("discard", r, n, chosen < target && (!handCards || n < have))));
  }
  const ready = canDiscard(ui.discard, target);
  return dialogBox(
    "discard",
    `${nameOf(ctx, ctx.legal.seat)}: discard ${target} card${target === 1 ? "" : "s"}`,
    rows,
    h("div", { class: "cw-confirm-row" }, h("span", { class: "cw-discard-count", "data-chosen": chosen }, `${chosen} / ${target} chosen`), button("discard", "Discard", { enabled: ready, cls: "cw-primary", title: ready ? undefined : `Choose exactly ${target} cards` })),
  );
}

function tradeBuilder(d: Extract<Dialog, { kind: "offer" | "counter" }>, ctx: Ctx): HTMLElement {
  const handCards = ownHand(ctx);
  const rows = h("div", { class: "cw-steppers cw-trade-grid" }, h("span", {}), h("span", { class: "cw-col-head" }, "You give"), h("span", { class: "cw-col-head" }, "You get"));
  for (const r of RESOURCES) {
    const g = d.give[r] ?? 0;
    const w = d.want[r] ?? 0;
    rows.append(
      h("span", { class: "cw-step-name" }, resourceCard(r, 22), handCards ? ` ${r} (${handCards[r]})` : ` ${r}`),
      stepper("give", r, g, !handCards || g < handCards[r]),
      stepper("want", r, w, w < 19),
    );
  }
  const box = dialogBox(d.kind === "offer" ? "offer" : "counter", d.kind === "offer" ? "Offer a trade" : `Counter ${nameOf(ctx, ctx.state.trade?.from ?? null)}'s offer`, rows);
  if (d.kind === "offer") {
    const to = h("div", { class: "cw-trade-to" }, h("span", {}, "To: "));
    to.append(h("button", { type: "button", class: `cw-btn cw-small${d.to == null ? " cw-on" : ""}`, "data-to": "", "aria-pressed": String(d.to == null) }, "Everyone"));
    for (const p of ctx.state.players) {
      if (p.seat === ctx.legal.seat) continue;
      to.append(h("button", { type: "button", class: `cw-btn cw-small${d.to === p.seat ? " cw-on" : ""}`, "data-to": p.seat, "aria-pressed": String(d.to === p.seat) }, p.name));
    }
    box.append(to);
  }
  box.append(h("p", { class: "cw-summary" }, `Give ${describeCounts(d.give)} — get ${describeCounts(d.want)}`));
  box.append(confirmRow(dialogAction(d, ctx) !== null, d.kind === "offer" ? "Send offer" : "Send counter"));
  return box;
}

function cardDialog(d: Dialog, ctx: Ctx): HTMLElement {
  switch (d.kind) {
    case "year_of_plenty": {
      const row = h("div", { class: "cw-res-picker" });
      for (const r of RESOURCES) row.append(resourceButton(r, { enabled: yopCanPick(d.picks, r, ctx.legal.year_of_plenty), role: "pick" }));
      const picked = h("div", { class: "cw-picked" }, h("span", {}, "Taking: "), ...d.picks.map((r) => resourceCard(r, 24)), d.picks.length ? null : h("span", { class: "cw-muted" }, "choose two"));
      return dialogBox("year_of_plenty", "Year of Plenty: take two resources from the bank", row, picked, confirmRow(dialogAction(d, ctx) !== null));
    }
    case "monopoly": {
      const row = h("div", { class: "cw-res-picker" });
      for (const r of RESOURCES) row.append(resourceButton(r, { pressed: d.resource === r, role: "pick" }));
      return dialogBox("monopoly", "Monopoly: every player gives you all their…", row, confirmRow(d.resource !== null));
    }
    case "maritime": {
      const gives = h("div", { class: "cw-res-picker" }, h("span", { class: "cw-row-label" }, "Give"));
      for (const g of maritimeGives(ctx.legal)) gives.append(resourceButton(g.give, { pressed: d.give === g.give, role: "give", note: `${g.rate}:1` }));
      const gets = h("div", { class: "cw-res-picker" }, h("span", { class: "cw-row-label" }, "Get"));
      const allowed = maritimeGets(ctx.legal, d.give);
      for (const r of RESOURCES) gets.append(resourceButton(r, { pressed: d.get === r, role: "get", enabled: allowed.includes(r) }));
      const rate = ctx.legal.maritime.find((m) => m.give === d.give && m.get === d.get)?.rate ?? maritimeGives(ctx.legal).find((g) => g.give === d.give)?.rate;
      const summary = d.give ? `Give ${rate ?? "?"} ${d.give} → get 1 ${d.get ?? "…"}` : "Choose what to give";
      return dialogBox("maritime", "Trade with the bank", gives, gets, h("p", { class: "cw-summary" }, summary), confirmRow(dialogAction(d, ctx) !== null));
    }
    case "offer":
    case "counter":
      return tradeBuilder(d, ctx);
  }
}

function offerLine(t: Trade, ctx: Ctx): string {
  const to = t.to == null ? "everyone" : nameOf(ctx, t.to);
  return `${nameOf(ctx, t.from)} offers ${to}: gives ${describeCounts(t.give)}, wants ${describeCounts(t.want)}`;
}

function tradeStatus(t: Trade, ctx: Ctx, board: Board): HTMLElement {
  const { legal } = ctx;
  const box = dialogBox("trade", "Trade", h("p", { class: "cw-summary" }, offerLine(t, ctx)));
  if (legal.respond_trade) {
    const canAccept = legal.accept_trade !== false;
    const why = legal.reasons.accept_trade ?? "You do not have the cards this offer asks for.";
    box.append(
      h(
        "div",
        { class: "cw-confirm-row" },
        button("accept_trade", "Accept", { cls: "cw-primary", enabled: canAccept, title: canAccept ? undefined : why }),
        button("decline_trade", "Decline"),
        button("counter_trade", "Counter…"),
      ),
    );
    return box;
  }
  const list = h("ul", { class: "cw-responses" });
  for (const [seatStr, resp] of Object.entries(t.responses ?? {})) {
    const seat = Number(seatStr);
    const counter = typeof resp === "object" && resp !== null ? ` (gives ${describeCounts(resp.give)}, wants ${describeCounts(resp.want)})` : "";
    const li = h("li", { "data-seat": seat, style: `--cw-player:${colorOf(board, seat)}` }, h("b", {}, nameOf(ctx, seat)), ` ${describeResponse(resp)}${counter} `);
    if (legal.confirm_trade.includes(seat)) li.append(button("confirm_trade", "Confirm", { seat, cls: "cw-small cw-primary" }));
    list.append(li);
  }
  box.append(list);
  if (legal.cancel_trade) box.append(h("div", { class: "cw-confirm-row" }, button("cancel_trade", "Cancel trade")));
  return box;
}

function hint(ui: UiState, ctx: Ctx): HTMLElement | null {
  const mode = activeMode(ui, ctx);
  const text: Record<string, string> = {
    road: "Click a glowing path to place a road.",
    settlement: "Click a glowing corner to place a settlement.",
    city: "Click one of your glowing settlements to make it a city.",
    robber: "Click a glowing hex to move the robber there.",
  };
  if (!mode) return null;
  const showCancel = ui.mode !== null && mode === ui.mode;
  return h("div", { class: "cw-hint", "data-mode": mode }, h("span", {}, text[mode]), showCancel ? button("cancel", "Cancel", { cls: "cw-small" }) : null);
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
  if (ui.dialog) return cardDialog(ui.dialog, ctx);
  if (legal.discard > 0) return discardDialog(ui, ctx);
  if (state.trade) return tradeStatus(state.trade, ctx, board);
  return null;
}
