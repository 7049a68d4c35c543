/**
 * anywidget glue: draws the synced traits (board, state, legal and the settings), sends
 * intents for moves and writes the settings traits back (model.set + save_changes), in the
 * reader's language: the `words` trait (js/i18n.ts), which Python sends when `language`
 * changes (the Language menu sets it). The model is the kernel's (a notebook) or a table's
 * WebSocket (js/remote.ts): a widget whose `remote` trait names a table (`CatanWidget.join`)
 * and the table's bare page (`renderRemote`) draw with that.
 */
import "./widget.css";
import type { WidgetModel } from "./contracts";
import { createBoardView, drawStatic } from "./board";
import { drawAll, fill, type Canvas } from "./draw";
import { togglePlayer } from "./players";
import { eventFromChange, eventFromClick } from "./events";
import { loadingWords } from "./first-words";
import { toggleFullScreen } from "./fullscreen";
import { drawFollow, followClick, followParts } from "./follow";
import { lang, setWords } from "./i18n";
import { handleKey, keyCommand, mayTake } from "./keys";
import { activeMode, initialUi, reconcile, reduce, type Ctx, type UiEvent, type UiState } from "./interaction";
import { bringIntoView, buildLayout, placeDialog } from "./layout";
import { normalizeLegal } from "./legal";
import { scrollLog } from "./panels";
import { linkNotice, linkOf, remoteLink } from "./presence";
import { RemoteModel, type RemoteLink, type RemoteOptions } from "./remote";
import { normalizeSettings, parseSetting, SETTING_NAMES } from "./settings";
import { reviewOf, stripPosition } from "./review";
import { nearestLit } from "./snap";
import { flightMs, fly, freshMoves, movesOf, type Motion } from "./motion";
import type { Board, Settings } from "./types";
export type { WidgetModel, WidgetTraits } from "./contracts";


/** How long the note saying why a control is disabled stays (ms). */
const NOTE_MS = 4000;


export interface RenderArgs {
  model: WidgetModel;
  el: HTMLElement;
}

/** The settings traits as the model holds them now (defaults for the missing ones). */
function readSettings(model: WidgetModel): Settings {
  return normalizeSettings(Object.fromEntries(SETTING_NAMES.map((name) => [name, model.get(name)])));
}

/** Traits start as empty dicts on the Python side: treat those as "not yet". */
function readContext(model: WidgetModel): Ctx | null {
  const state = model.get("state");
  if (!state || typeof state.version !== "number" || !Array.isArray(state.players)) return null;
  return { state, legal: normalizeLegal(model.get("legal"), state.version), settings: readSettings(model) };
}

/** Draw the board's static layer when a new board arrives; the board drawn now (or null). */
function drawBoardOnce(c: Canvas, board: Board | null, drawn: Board | null): Board | null {
  if (!board || !Array.isArray(board.hexes) || board === drawn) return drawn;
  drawStatic(c.view, board, c.uid);
  // the board's shape (width / height), so CSS sizes the board to the height available
  const box = c.view.svg.getAttribute("viewBox")?.split(" ").map(Number);
  if (box && box[2] > 0 && box[3] > 0) c.layout.root.style.setProperty("--cw-board-ratio", (box[2] / box[3]).toFixed(4));
  return board;
}

/**
 * Wire the pointer and the keyboard to `dispatch`: clicks and changes inside the widget, the
 * shortcuts (keys.ts, caught before the notebook's own, capture phase on window). Returns the
 * function that unwires them.
 */
function wireInput(root: HTMLElement, dispatch: (ev: UiEvent | null) => void): () => void {
  const onClick = (e: Event): void => {
    const target = e.target as Element | null;
    if (target?.closest("button[data-fullscreen]")) {
      void toggleFullScreen(root).catch(() => undefined); // refused by the page (an iframe without allowfullscreen)
      return;
    }
    const ev = eventFromClick(target);
    // a tap on the board that hits no spot of the mode in force takes the nearest lit one
    const board = target?.closest("svg.cw-board");
    const snapped = board && (ev === null || ev.type === "hex") && e instanceof MouseEvent ? nearestLit(board, e.clientX, e.clientY) : null;
    dispatch(snapped ?? ev);
  };
  const onChange = (e: Event): void => dispatch(eventFromChange(e.target as Element | null));
  // a click anywhere in the widget gives it the keyboard (a menu or a button keeps its own focus)
  const onPointerDown = (e: Event): void => {
    const target = e.target as Element | null;
    if (!root.contains(document.activeElement) && !target?.closest("select, input, textarea, button")) {
      root.focus({ preventScroll: true });
    }
  };
  const onKey = (e: KeyboardEvent): void => {
    if (!root.isConnected) return;
    const active = document.activeElement;
    if (handleKey(e, root, active)) {
      e.preventDefault();
      e.stopPropagation();
    } else if (keyCommand(e) === "cancel" && mayTake(root, active)) {
      dispatch({ type: "action", name: "cancel" }); // leaves a build mode; the notebook still sees it
    }
  };
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("keydown", onKey, true);
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("pointerdown", onPointerDown);
    window.removeEventListener("keydown", onKey, true);
  };
}

/**
 * Keep the keyboard in the widget across a redraw: a focused button that the redraw replaced is
 * gone from the page (the focus fell to the page's body), so the root takes the focus back.
 */
function keepFocus(root: HTMLElement, draw: () => void): void {
  const active = document.activeElement;
  const had = root.contains(active);
  // a player's line or a control drawn again takes the focus back (the keyboard goes on from it)
  const again = had ? focusSelector(active) : null;
  draw();
  if (!had || root.contains(document.activeElement)) return;
  const same = again ? root.querySelector<HTMLElement>(again) : null;
  (same ?? root).focus({ preventScroll: true });
}

/** A selector for the element that takes `el`'s place when it is drawn again (null: none). */
function focusSelector(el: Element | null): string | null {
  const seat = el?.getAttribute("data-open-player");
  if (seat != null) return `[data-open-player="${CSS.escape(seat)}"]`;
  const action = el?.getAttribute("data-action");
  return action != null && el?.tagName === "BUTTON" ? `button[data-action="${CSS.escape(action)}"]` : null;
}

/**
 * The review's own clicks: Review / Cancel (a `review` message to Python), and a click on the
 * win-chance strip (that position of the replay). True when the click was one of them.
 */
function reviewClick(e: Event, model: WidgetModel, dispatch: (ev: UiEvent | null) => void): boolean {
  const target = e.target as Element | null;
  const button = target?.closest("button[data-review]");
  if (button) {
    model.send({ type: "review", run: button.getAttribute("data-review") === "run" });
    return true;
  }
  const strip = target?.closest(".cw-review-strip");
  if (!strip || !(e instanceof MouseEvent)) return false;
  const at = stripPosition(strip, e.clientX, reviewOf(model.get("review")));
  const change = at === null ? null : parseSetting("replay_at", String(at));
  if (change) dispatch({ type: "setting", ...change });
  return true;
}

/** The traits whose change redraws the widget. */
const TRAITS = ["board", "state", "legal", "timeline", "summary", "hint", "review", "compact", "link", "words", ...SETTING_NAMES];

function render({ model, el }: RenderArgs): () => void {
  const remote = remoteLink(model.get("remote"));
  // joined to a table: the kernel's words until the table sends its own, in the kernel's language
  if (remote) return renderRemote(el, remote, { words: model.get("words"), languages: [String(model.get("language") ?? "")] });
  // the words of this widget (several widgets may each have a language: each draw sets its own)
  let shownWords = model.get("words");
  setWords(shownWords);
  const uid = `cw${Math.random().toString(36).slice(2, 9)}`;
  const view = createBoardView(uid);
  const layout = buildLayout(view.svg);
  const { root } = layout;
  root.setAttribute("lang", lang());
  el.append(root);
  const follow = followParts(layout.slots.log, layout.slots.summary);
  const canvas: Canvas = { view, layout, uid, idsCache: new WeakMap(), drawnKeys: new Map(), rolls: null, rebuilt: [], openPlayers: new Set() };
  // a resize (a tab switch too: hidden, then shown again) places the dialog and brings the log
  // back to its newest line
  // (the cell's width too: a wide cell gives the side two columns)
  const onResize = (): void => {
    placeDialog(layout, root.getBoundingClientRect().width, el.getBoundingClientRect().width);
    scrollLog(root);
  };
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  resize?.observe(root);
  resize?.observe(el);
  // shown again (a notebook tab brought back to the front): the log's newest line again
  const shown = typeof IntersectionObserver === "function" ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && scrollLog(root)) : null;
  shown?.observe(root);

  let ui: UiState = initialUi();
  let noteTimer: ReturnType<typeof setTimeout> | null = null;
  let drawnBoard: Board | null = null;
  let scheduled = false;
  /** whether a game was drawn yet (the first one scrolls the table into view) */
  let drawnGame = false;
  const motion: Motion = { shown: null };

  /** Use this widget's words; when they changed (a new language), everything is drawn again. */
  const useWords = (): void => {
    const words = model.get("words");
    setWords(words);
    if (words === shownWords) return;
    shownWords = words;
    canvas.drawnKeys.clear();
    drawnBoard = null;
    follow.drawn = "";
    layout.waiting.textContent = loadingWords();
    root.setAttribute("lang", lang());
  };

  const drawNow = (): void => {
    scheduled = false;
    useWords();
    drawnBoard = drawBoardOnce(canvas, model.get("board"), drawnBoard);
    const link = linkOf(model.get("link"));
    const offline = link !== null && link.state !== "open";
    root.classList.toggle("cw-offline", offline);
    fill(layout.slots.link, linkNotice(link));
    // an intent sent as the link dropped was lost: after the resync the controls answer again
    if (offline) ui = { ...ui, inflight: null };
    const ctx = readContext(model);
    const board = drawnBoard;
    root.setAttribute("data-theme", (ctx?.settings ?? readSettings(model)).theme);
    root.classList.toggle("cw-ready", !!(ctx && board));
    if (!ctx || !board) return;
    ui = reconcile(ui, ctx);
    if (!drawnGame) {
      drawnGame = true;
      // a game to play (not a board-only view of the rules tour): in view, and the keys work
      if (model.get("compact") !== true) bringIntoView(root);
    }
    drawAll(canvas, ui, ctx, board, activeMode(ui, ctx), { timeline: model.get("timeline"), summary: model.get("summary"), hint: model.get("hint"), review: model.get("review") });
    // the cards of the new events fly after this frame is drawn (never in a replay)
    const moves = freshMoves(motion, movesOf(ctx.state));
    if (moves.length && ctx.settings.replay_at == null && typeof requestAnimationFrame === "function") {
      const ms = flightMs(ctx.settings.bot_delay);
      requestAnimationFrame(() => fly(root, moves, ms));
    }
    const following = { dialog: ui.dialog !== null && ctx.legal.seat === null, replaying: ctx.settings.replay_at != null, compact: model.get("compact") === true, root };
    drawFollow(follow, ctx.state, following, (msg) => model.send(msg));
  };
  const draw = (): void => keepFocus(root, drawNow);

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
    const link = linkOf(model.get("link"));
    if (link && link.state !== "open" && ev.type !== "clear_note") return; // nothing reaches the table meanwhile
    const ctx = readContext(model);
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

  // the "since" box's toggle and "New game" are this widget's own (js/follow.ts), not moves; so
  // is opening a player's line
  const onFollow = (e: Event): void => {
    if (togglePlayer(canvas.openPlayers, e.target as Element | null)) {
      e.stopPropagation();
      draw();
      return;
    }
    if (reviewClick(e, model, dispatch)) {
      e.stopPropagation();
      return;
    }
    if (followClick(follow, e.target as Element | null, readContext(model)?.state.version ?? null, (msg) => model.send(msg))) {
      e.stopPropagation();
      draw();
    }
  };
  root.addEventListener("click", onFollow, true);
  const unwire = wireInput(root, dispatch);
  for (const name of TRAITS) model.on(`change:${name}`, schedule);
  // entering or leaving full screen redraws (the compact panels, the control's words) and keeps
  // the keyboard in the widget
  const onFullScreen = (): void => {
    if (document.fullscreenElement === root) root.focus({ preventScroll: true });
    draw();
  };
  document.addEventListener("fullscreenchange", onFullScreen);
  draw();

  return () => {
    if (noteTimer !== null) clearTimeout(noteTimer);
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
    document.removeEventListener("fullscreenchange", onFullScreen);
    unwire();
    root.removeEventListener("click", onFollow, true);
    resize?.disconnect();
    shown?.disconnect();
    root.remove();
  };
}

/**
 * Draw a table's seat into `el` over a WebSocket (js/remote.ts): the bare page (js/table-page.ts)
 * and a notebook widget joined to a table. Returns the function that removes it and closes the link.
 */
export function renderRemote(el: HTMLElement, link: RemoteLink, options?: RemoteOptions): () => void {
  const model = new RemoteModel(link, options);
  const cleanup = render({ model, el });
  // back to the front, or online again: no need to wait out the backoff
  const wake = (): void => {
    if (document.visibilityState !== "hidden") model.wake();
  };
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  return () => {
    document.removeEventListener("visibilitychange", wake);
    window.removeEventListener("online", wake);
    cleanup();
    model.close();
  };
}

/**
 * anywidget's module: its default export (a named `render` export makes anywidget print a
 * deprecation warning in the browser console, and is taken instead of the default); the table's
 * page imports `renderRemote` besides.
 */
export default { render };
