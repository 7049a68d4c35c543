/** anywidget glue: wires the three synced traits to the views and sends intents. */
import "./widget.css";
import type { AnyModel } from "@anywidget/types";
import { createBoardView, drawDynamic, drawStatic, placementPoint } from "./board";
import { actionBar, boardOverlay, dialogArea, modeHint } from "./dialogs";
import { clear, h } from "./dom";
import { eventFromChange, eventFromClick } from "./events";
import {
  highlights,
  initialUi,
  normalizeLegal,
  reconcile,
  reduce,
  type Ctx,
  type UiEvent,
  type UiState,
} from "./interaction";
import * as panels from "./panels";
import type { Board, GameState, Legal } from "./types";

export interface WidgetTraits {
  board: Board | null;
  state: GameState | null;
  legal: Legal | null;
  [key: string]: unknown;
}

export interface RenderArgs {
  model: AnyModel<WidgetTraits>;
  el: HTMLElement;
}

/** Replace the content of `slot` with `node` (or empty it). */
function fill(slot: Element, node: Node | null): void {
  clear(slot);
  if (node) slot.append(node);
}

export function render({ model, el }: RenderArgs): () => void {
  const uid = `cw${Math.random().toString(36).slice(2, 9)}`;
  const view = createBoardView(uid);
  const slot = (cls: string): HTMLDivElement => h("div", { class: cls });
  const bannerSlot = slot("cw-banner-slot");
  const toastSlot = slot("cw-toast-slot");
  const overlaySlot = slot("cw-overlay-slot");
  const dialogSlot = slot("cw-dialog-slot");
  const actionsSlot = slot("cw-actions-slot");
  const viewSlot = slot("cw-view-slot");
  const playersSlot = slot("cw-players-slot");
  const diceSlot = slot("cw-dice-slot");
  const bankSlot = slot("cw-bank-slot");
  const histSlot = slot("cw-hist-slot");
  const logSlot = slot("cw-log-slot");
  const waiting = h("div", { class: "cw-waiting" }, "Waiting for the game…");
  const root = h(
    "div",
    { class: "catan-widget", tabindex: "-1" },
    h(
      "div",
      { class: "cw-main" },
      bannerSlot,
      h("div", { class: "cw-board-wrap" }, view.svg, toastSlot, overlaySlot, waiting),
      actionsSlot,
      dialogSlot,
      viewSlot,
    ),
    h("div", { class: "cw-side" }, playersSlot, h("div", { class: "cw-box cw-roll-box" }, diceSlot, bankSlot), histSlot, logSlot),
  );
  el.append(root);

  let ui: UiState = initialUi();
  let drawnBoard: Board | null = null;
  let scheduled = false;
  /** what each side panel was last drawn from: unchanged panels are not rebuilt */
  const drawnKeys = new Map<Element, string>();
  const fillIfChanged = (slotEl: Element, key: string, build: () => Node | null): boolean => {
    if (drawnKeys.get(slotEl) === key) return false;
    drawnKeys.set(slotEl, key);
    fill(slotEl, build());
    return true;
  };

  /** Traits start as empty dicts on the Python side: treat those as "not yet". */
  const context = (): Ctx | null => {
    const state = model.get("state");
    if (!state || typeof state.version !== "number" || !Array.isArray(state.players)) return null;
    return { state, legal: normalizeLegal(model.get("legal"), state.version) };
  };

  const drawBoard = (): void => {
    const board = model.get("board");
    if (board && Array.isArray(board.hexes) && board !== drawnBoard) {
      drawStatic(view, board, uid);
      drawnBoard = board;
    }
  };

  const draw = (): void => {
    scheduled = false;
    drawBoard();
    const ctx = context();
    const board = drawnBoard;
    root.classList.toggle("cw-ready", !!(ctx && board));
    if (!ctx || !board) return;
    ui = reconcile(ui, ctx);
    const { state, legal } = ctx;
    root.setAttribute("data-version", String(state.version));
    root.setAttribute("data-phase", state.phase);
    root.setAttribute("data-seat", legal.seat == null ? "" : String(legal.seat));
    drawDynamic(view, { board, state, hl: highlights(ui, ctx), pending: ui.pending, seat: legal.seat, uid });
    fill(bannerSlot, panels.banner(state, board));
    const hint = modeHint(ui, ctx);
    if (hint) bannerSlot.append(hint);
    fill(toastSlot, panels.toast(state, ui.dismissed));
    fill(overlaySlot, boardOverlay(ui, ctx, board));
    const at = ui.pending ? placementPoint(board, ui.pending) : null;
    overlaySlot.classList.toggle("cw-top", !!at && at.y > 0.5);
    fill(dialogSlot, dialogArea(ui, ctx, board));
    fill(actionsSlot, actionBar(ui, ctx));
    const seats = JSON.stringify([state.players.map((p) => [p.seat, p.name]), state.viewer, state.show_pips]);
    fillIfChanged(viewSlot, seats, () => panels.viewControls(state));
    const who = [state.current, state.turn_player, state.winner];
    fillIfChanged(playersSlot, JSON.stringify([state.players, who, board.players]), () => panels.players(state, board));
    fillIfChanged(diceSlot, JSON.stringify(state.dice), () => panels.dice(state));
    fillIfChanged(bankSlot, JSON.stringify(state.bank), () => panels.bank(state));
    fillIfChanged(histSlot, JSON.stringify(state.dice_counts), () => panels.histogram(state));
    if (fillIfChanged(logSlot, JSON.stringify(state.log ?? []), () => panels.log(state))) panels.scrollLog(root);
  };

  /** performance.now() when the first change event of the pending update arrived */
  let changedAt = 0;
  /** Draw an update from Python; `data-render-ms` = its arrival to the redrawn DOM (benchmarks). */
  const drawChange = (): void => {
    draw();
    root.setAttribute("data-render-ms", (performance.now() - changedAt).toFixed(2));
  };

  /** Coalesce the change events of one update (state and legal arrive together). */
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    changedAt = performance.now();
    queueMicrotask(drawChange);
  };

  const dispatch = (ev: UiEvent | null): void => {
    if (!ev) return;
    const ctx = context();
    if (!ctx) return;
    const res = reduce(ui, ev, ctx);
    ui = res.ui;
    if (res.intent) model.send(res.intent);
    draw();
  };

  const onClick = (e: Event): void => dispatch(eventFromClick(e.target as Element | null));
  const onChange = (e: Event): void => dispatch(eventFromChange(e.target as Element | null));
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === "Escape") dispatch({ type: "action", name: "cancel" });
  };

  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("keydown", onKey);
  model.on("change:board", schedule);
  model.on("change:state", schedule);
  model.on("change:legal", schedule);
  draw();

  return () => {
    model.off("change:board", schedule);
    model.off("change:state", schedule);
    model.off("change:legal", schedule);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
