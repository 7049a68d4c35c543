/**
 * anywidget glue: draws the synced traits (board, state, legal and the settings), sends
 * intents for moves and writes the settings traits back (model.set + save_changes).
 */
import "./widget.css";
import type { AnyModel } from "@anywidget/types";
import { createBoardView, drawDynamic, drawStatic, placementPoint } from "./board";
import { actionBar, boardOverlay, dialogArea, modeHint } from "./dialogs";
import { clear, h } from "./dom";
import { eventFromChange, eventFromClick } from "./events";
import { handleKey, keyCommand, mayTake } from "./keys";
import { currentHint, drawHintMark, hintBar, hintPending, levelSelect } from "./hint";
import { drawIds } from "./ids";
import { activeMode, highlights, initialUi, reconcile, reduce, type Ctx, type UiEvent, type UiState } from "./interaction";
import { nodes, normalizeLegal } from "./legal";
import { isolateNames } from "./names";
import * as panels from "./panels";
import * as replay from "./replay";
import { normalizeSettings, SETTING_NAMES } from "./settings";
import type { Board, GameState, LegalWire, Settings } from "./types";

/** The model's traits as the front-end sees them (settings may be missing: defaults apply). */
export interface WidgetTraits extends Partial<Settings> {
  board: Board | null;
  state: GameState | null;
  legal: LegalWire | null;
  [key: string]: unknown;
}

/** How long the note saying why a control is disabled stays (ms). */
const NOTE_MS = 4000;
/** Below this width (px) the widget stacks: the side column under the board, dialogs over it. */
const NARROW_PX = 700;

export interface RenderArgs {
  model: AnyModel<WidgetTraits>;
  el: HTMLElement;
}

/** Replace the content of `slot` with `node` (or empty it). */
function fill(slot: Element, node: Node | null): void {
  clear(slot);
  if (node) slot.append(node);
}

function render({ model, el }: RenderArgs): () => void {
  const uid = `cw${Math.random().toString(36).slice(2, 9)}`;
  const view = createBoardView(uid);
  const slot = (cls: string): HTMLDivElement => h("div", { class: cls });
  const bannerSlot = slot("cw-banner-slot");
  const toastSlot = slot("cw-toast-slot");
  const noteSlot = slot("cw-note-slot");
  const modeSlot = slot("cw-mode-slot");
  const overlaySlot = slot("cw-overlay-slot");
  const handoverSlot = slot("cw-handover-slot");
  const dialogSlot = slot("cw-dialog-slot");
  const actionsSlot = slot("cw-actions-slot");
  const viewSlot = slot("cw-view-slot");
  const playersSlot = slot("cw-players-slot");
  const diceSlot = slot("cw-dice-slot");
  const bankSlot = slot("cw-bank-slot");
  const histSlot = slot("cw-hist-slot");
  const logSlot = slot("cw-log-slot");
  const replaySlot = slot("cw-replay-slot");
  const togglesSlot = slot("cw-toggles-slot");
  const countingSlot = slot("cw-counting-slot");
  const summarySlot = slot("cw-summary-slot");
  const waiting = h("div", { class: "cw-waiting" }, "Loading the game…"); // before Python sends a state: not a sentence of the game
  const boardWrap = h("div", { class: "cw-board-wrap" }, view.svg, toastSlot, overlaySlot, handoverSlot, waiting);
  // wide: the board on the left (it never moves), the banner, the acting player's controls, the
  // dialog and the log tail on the right, all in one screen; narrow (NARROW_PX): stacked, the
  // dialog over the board
  const side = h(
    "div",
    { class: "cw-side" },
    bannerSlot,
    actionsSlot,
    modeSlot,
    noteSlot,
    dialogSlot,
    logSlot,
    summarySlot,
    playersSlot,
    countingSlot,
    h("div", { class: "cw-box cw-roll-box" }, diceSlot, bankSlot),
    histSlot,
  );
  const root = h(
    "div",
    { class: "catan-widget", tabindex: "-1" },
    h("div", { class: "cw-main" }, boardWrap, replaySlot, viewSlot, togglesSlot),
    side,
  );
  el.append(root);

  /** Put the dialog where the eye is: beside the board, or over its bottom when stacked. */
  const placeDialog = (width: number): void => {
    const narrow = width > 0 && width < NARROW_PX;
    root.classList.toggle("cw-narrow", narrow);
    const home = narrow ? boardWrap : side;
    if (dialogSlot.parentElement !== home) {
      if (narrow) boardWrap.append(dialogSlot);
      else noteSlot.after(dialogSlot);
    }
  };
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => placeDialog(entries[0]?.contentRect.width ?? 0)) : null;
  resize?.observe(root);

  let ui: UiState = initialUi();
  let noteTimer: ReturnType<typeof setTimeout> | null = null;
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

  const settings = (): Settings =>
    normalizeSettings({
      bot_delay: model.get("bot_delay"),
      view: model.get("view"),
      show_pips: model.get("show_pips"),
      theme: model.get("theme"),
      bots_paused: model.get("bots_paused"),
      show_ids: model.get("show_ids"),
      show_counting: model.get("show_counting"),
      replay_at: model.get("replay_at"),
      bot_level: model.get("bot_level"),
      hint_request: model.get("hint_request"),
      ready_seat: model.get("ready_seat"),
    });
  const idsCache = new WeakMap<Board, SVGGElement>();

  /** Traits start as empty dicts on the Python side: treat those as "not yet". */
  const context = (): Ctx | null => {
    const state = model.get("state");
    if (!state || typeof state.version !== "number" || !Array.isArray(state.players)) return null;
    return { state, legal: normalizeLegal(model.get("legal"), state.version), settings: settings() };
  };

  const drawBoard = (): void => {
    const board = model.get("board");
    if (board && Array.isArray(board.hexes) && board !== drawnBoard) {
      drawStatic(view, board, uid);
      drawnBoard = board;
      // the board's shape (width / height), so CSS sizes the board to the height available
      const box = view.svg.getAttribute("viewBox")?.split(" ").map(Number);
      if (box && box[2] > 0 && box[3] > 0) root.style.setProperty("--cw-board-ratio", (box[2] / box[3]).toFixed(4));
    }
  };

  const draw = (): void => {
    scheduled = false;
    drawBoard();
    const ctx = context();
    const board = drawnBoard;
    root.setAttribute("data-theme", (ctx?.settings ?? settings()).theme);
    root.classList.toggle("cw-ready", !!(ctx && board));
    if (!ctx || !board) return;
    ui = reconcile(ui, ctx);
    const { state, legal } = ctx;
    root.setAttribute("data-version", String(state.version));
    root.setAttribute("data-phase", state.phase);
    root.setAttribute("data-seat", legal.seat == null ? "" : String(legal.seat));
    // the mode in force makes every spot of its kind clickable, lit or not (see widget.css)
    view.svg.setAttribute("data-mode", activeMode(ui, ctx) ?? "");
    const pips = ctx.settings.show_pips ? { open: new Set(nodes(legal, "build_settlement")) } : null;
    drawDynamic(view, { board, state, hl: highlights(ui, ctx), pending: ui.pending, seat: legal.seat, uid, pips });
    fill(bannerSlot, panels.banner(state, board));
    drawIds(view.svg, board, ctx.settings.show_ids, idsCache);
    const timeline = model.get("timeline");
    const at = ctx.settings.replay_at;
    const replaying = at !== null && replay.isTimeline(timeline);
    const replayKey = replaying ? JSON.stringify([at, timeline.length, timeline.turns.length, timeline.locked]) : JSON.stringify([state.winner, at]);
    fillIfChanged(replaySlot, replayKey, () => (replaying ? replay.timelineBar(timeline, at) : replay.replayButton(state, ctx.settings)));
    fillIfChanged(togglesSlot, JSON.stringify([ctx.settings.show_ids, ctx.settings.show_counting]), () => replay.toggles(ctx.settings));
    fill(countingSlot, replay.countingBox(state, ctx.settings));
    const summary = model.get("summary");
    fillIfChanged(summarySlot, JSON.stringify([state.phase === "game_over", summary]), () =>
      state.phase === "game_over" && replay.isSummary(summary) ? replay.summaryPanel(summary, board) : null,
    );
    const paused = panels.pausedBar(ctx.settings);
    if (paused) bannerSlot.append(paused);
    fill(modeSlot, modeHint(ui, ctx));
    fill(toastSlot, panels.toast(state, ui.dismissed));
    fill(noteSlot, panels.note(ui.note));
    fill(overlaySlot, boardOverlay(ui, ctx, board));
    fill(handoverSlot, panels.handover(state));
    root.classList.toggle("cw-handing-over", !!state.handover);
    const point = ui.pending ? placementPoint(board, ui.pending) : null;
    overlaySlot.classList.toggle("cw-top", !!point && point.y > 0.5);
    fill(dialogSlot, dialogArea(ui, ctx, board));
    fill(actionsSlot, actionBar(ui, ctx));
    const rawHint = model.get("hint");
    const shownHint = currentHint(rawHint, state);
    actionsSlot.append(hintBar(legal, ctx.settings, shownHint, hintPending(rawHint, ctx.settings)));
    drawHintMark(view.overlayLayer, board, shownHint);
    const seats = JSON.stringify([state.players.map((p) => [p.seat, p.name, p.kind]), ctx.settings, state.current, state.viewer, state.phase, state.handover ?? null]);
    fillIfChanged(viewSlot, seats, () => {
      const controls = panels.viewControls(state, ctx.settings);
      const level = levelSelect(state, ctx.settings);
      if (level) controls.append(level);
      return controls;
    });
    const who = [state.current, state.turn_player, state.winner];
    fillIfChanged(playersSlot, JSON.stringify([state.players, who, board.players]), () => panels.players(state, board));
    fillIfChanged(diceSlot, JSON.stringify(state.dice), () => panels.dice(state));
    fillIfChanged(bankSlot, JSON.stringify(state.bank), () => panels.bank(state));
    fillIfChanged(histSlot, JSON.stringify(state.dice_counts), () => panels.histogram(state));
    if (fillIfChanged(logSlot, JSON.stringify([state.log ?? [], state.marks ?? []]), () => panels.log(state))) panels.scrollLog(root);
    // every player's name in what was just drawn, sentences included: isolated, ellipsised (names.ts)
    isolateNames(root, state.players.map((p) => p.name));
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
    const noted = ui.note;
    const res = reduce(ui, ev, ctx);
    ui = res.ui;
    if (res.intent) model.send(res.intent);
    if (res.setting) {
      model.set(res.setting.name, res.setting.value);
      model.save_changes();
    }
    if (ui.note !== noted || ev.type === "blocked") {
      if (noteTimer !== null) clearTimeout(noteTimer);
      noteTimer = ui.note === null ? null : setTimeout(() => dispatch({ type: "clear_note" }), NOTE_MS);
    }
    draw();
  };

  const onClick = (e: Event): void => dispatch(eventFromClick(e.target as Element | null));
  const onChange = (e: Event): void => dispatch(eventFromChange(e.target as Element | null));
  let pointerInside = false;
  const onEnter = (): void => {
    pointerInside = true;
  };
  const onLeave = (): void => {
    pointerInside = false;
  };
  /** Shortcuts (keys.ts), caught before the notebook's own (capture phase on window). */
  const onKey = (e: KeyboardEvent): void => {
    if (!root.isConnected) return;
    const active = document.activeElement;
    if (handleKey(e, root, active, pointerInside)) {
      e.preventDefault();
      e.stopPropagation();
    } else if (keyCommand(e) === "cancel" && mayTake(root, active, pointerInside)) {
      dispatch({ type: "action", name: "cancel" }); // leaves a build mode; the notebook still sees it
    }
  };

  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("pointerenter", onEnter);
  root.addEventListener("pointerleave", onLeave);
  window.addEventListener("keydown", onKey, true);
  const traits = ["board", "state", "legal", "timeline", "summary", "hint", ...SETTING_NAMES];
  for (const name of traits) model.on(`change:${name}`, schedule);
  draw();

  return () => {
    if (noteTimer !== null) clearTimeout(noteTimer);
    for (const name of traits) model.off(`change:${name}`, schedule);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("pointerenter", onEnter);
    root.removeEventListener("pointerleave", onLeave);
    window.removeEventListener("keydown", onKey, true);
    resize?.disconnect();
    root.remove();
  };
}

/**
 * anywidget's module: its default export alone (a named `render` export makes anywidget print a
 * deprecation warning in the browser console, and is taken instead of the default).
 */
export default { render };
