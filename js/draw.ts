/**
 * The drawing steps of one redraw, each named for what it draws: the board, the banner, the
 * replay bar, the overlays on the board, the controls, the settings, the side panels and the
 * log. `drawAll` runs them in order; widget.ts calls it with the traits of the moment.
 */
import { isFullScreen } from "./fullscreen";
import { drawDynamic, placementPoint, type BoardView } from "./board";
import { actionBar, boardOverlay, dialogArea, modeHint } from "./dialogs";
import { clear } from "./dom";
import { currentHint, drawHintMark, hintBar, hintPending, levelSelect } from "./hint";
import { drawIds } from "./ids";
import { highlights, type UiState } from "./interaction";
import type { Layout } from "./layout";
import { nodes } from "./legal";
import { isolateNames } from "./names";
import * as panels from "./panels";
import { panelMode, players } from "./players";
import * as replay from "./replay";
import { controls } from "./controls";
import { betterMove, reviewBox, reviewKey, reviewOf, reviewStrip } from "./review";
import { teacherBanner } from "./presence";
import { handKey, handStrip, legend, paidHexes, rollBox, rollCount, sinceLine } from "./table";
import type { Board, Ctx } from "./types";

/** Replace the content of `slot` with `node` (or empty it). */
export function fill(slot: Element, node: Node | null): void {
  clear(slot);
  if (node) slot.append(node);
}

/** What a redraw reads besides the state: the widget's parts and its other traits. */
export interface Canvas {
  view: BoardView;
  layout: Layout;
  uid: string;
  /** the ids layer of each board, built once */
  idsCache: WeakMap<Board, SVGGElement>;
  /** what each slot was last drawn from: a slot whose key is unchanged is not rebuilt */
  drawnKeys: Map<Element, string>;
  /** the number of rolls drawn last (null before the first state): a new roll tumbles in */
  rolls: number | null;
  /** the slots rebuilt by the redraw under way (their names are isolated once, at its end) */
  rebuilt: Element[];
  /** the seats whose panel is open (a click on a player's line opens or closes it) */
  openPlayers: Set<number>;
}

/** The traits a redraw reads besides state / legal / settings (unchecked: each step checks). */
export interface Extras {
  timeline: unknown;
  summary: unknown;
  hint: unknown;
  review: unknown;
}

/** Fill `slot` with `build()` unless it was last drawn from the same `key`; true if rebuilt. */
export function fillIfChanged(canvas: Canvas, slot: Element, key: string, build: () => Node | null): boolean {
  if (canvas.drawnKeys.get(slot) === key) return false;
  canvas.drawnKeys.set(slot, key);
  put(canvas, slot, build());
  return true;
}

/** Fill `slot` with `node` (or empty it), as a slot rebuilt by this redraw. */
function put(canvas: Canvas, slot: Element, node: Node | null): void {
  fill(slot, node);
  canvas.rebuilt.push(slot);
}

/** The root's data attributes (tests and CSS read them) and the board's mode in force. */
function markRoot(c: Canvas, ctx: Ctx, mode: string | null): void {
  const { root } = c.layout;
  const { state, legal } = ctx;
  root.setAttribute("data-version", String(state.version));
  root.setAttribute("data-phase", state.phase);
  root.setAttribute("data-players", String(state.players.length));
  root.setAttribute("data-seat", legal.seat == null ? "" : String(legal.seat));
  // the mode in force makes every spot of its kind clickable, lit or not (see widget.css)
  c.view.svg.setAttribute("data-mode", mode ?? "");
}

/** The pieces, the lit spots, the ghost, the pips and the ids on the board. */
function drawPieces(c: Canvas, ui: UiState, ctx: Ctx, board: Board): void {
  const { state, legal } = ctx;
  const pips = ctx.settings.show_pips ? { open: new Set(nodes(legal, "build_settlement")) } : null;
  drawDynamic(c.view, { board, state, hl: highlights(ui, ctx), pending: ui.pending, seat: legal.seat, uid: c.uid, pips, paid: paidHexes(state) });
  drawIds(c.view.svg, board, ctx.settings.show_ids, c.idsCache);
}

/** The banner (who must act and what), with the paused-bots bar under it. */
function drawBanner(c: Canvas, ctx: Ctx, board: Board): void {
  const slot = c.layout.slots.banner;
  put(c, slot, panels.banner(ctx.state, board));
  const paused = panels.pausedBar(ctx.settings);
  if (paused) slot.append(paused);
  const teacher = teacherBanner(ctx.state, board);
  if (teacher) slot.append(teacher);
}

/** The replay bar (or its button), the ids / counting toggles, the counting box, the summary. */
function drawReplayAndSummary(c: Canvas, ctx: Ctx, board: Board, extras: Extras): void {
  const { slots } = c.layout;
  const { state, settings } = ctx;
  const timeline = extras.timeline;
  const at = settings.replay_at;
  const replaying = at !== null && replay.isTimeline(timeline);
  const review = reviewOf(extras.review);
  const replayKey = replaying ? JSON.stringify([at, timeline.length, timeline.turns.length, timeline.locked, reviewKey(review)]) : JSON.stringify([state.winner, at]);
  fillIfChanged(c, slots.replay, replayKey, () => {
    if (!replaying) return replay.replayButton(state, settings);
    const bar = replay.timelineBar(timeline, at);
    const strip = reviewStrip(review, at, board);
    if (strip) bar.append(strip);
    return bar;
  });
  fillIfChanged(c, slots.toggles, JSON.stringify([settings.show_ids, settings.show_counting, isFullScreen(c.layout.root)]), () =>
    replay.toggles(settings),
  );
  put(c, slots.counting, replay.countingBox(state, settings, board));
  const summary = extras.summary;
  fillIfChanged(c, slots.summary, JSON.stringify([state.phase === "game_over", summary, reviewKey(review)]), () => {
    if (state.phase !== "game_over" || !replay.isSummary(summary)) return null;
    const panel = replay.summaryPanel(summary, board);
    const box = reviewBox(review, state, board);
    if (box) panel.append(box);
    return panel;
  });
}

/** What lies over the board: the error toast, the placement's confirm, the hand-over screen. */
function drawOverlays(c: Canvas, ui: UiState, ctx: Ctx, board: Board): void {
  const { root, slots } = c.layout;
  const { state } = ctx;
  put(c, slots.toast, panels.toast(state, ui.dismissed));
  put(c, slots.overlay, boardOverlay(ui, ctx, board));
  put(c, slots.handover, panels.handover(state));
  root.classList.toggle("cw-handing-over", !!state.handover);
  slots.overlay.classList.toggle("cw-spot-hex", ui.pending?.kind === "move_robber");
  placeBesideSpot(c, slots.overlay, ui.pending ? placementPoint(board, ui.pending) : null);
}

/**
 * Put the placement's confirm beside its spot, never over it: to the right of a spot on the
 * left half of the board, to the left of one on the right half, level with it; where that side
 * has no room for it, the other side; where neither has, above or below the spot. Always inside
 * the board, so nothing else moves and no word is cut.
 */
function placeBesideSpot(c: Canvas, slot: HTMLElement, point: { x: number; y: number } | null): void {
  const box = c.view.svg.getAttribute("viewBox")?.split(" ").map(Number);
  slot.classList.toggle("cw-at-spot", !!point && !!box);
  slot.classList.remove("cw-spot-above", "cw-spot-below");
  slot.style.removeProperty("--cw-left");
  if (!point || !box || !(box[2] > 0) || !(box[3] > 0)) return;
  const x = ((point.x - box[0]) / box[2]) * 100;
  const y = ((point.y - box[1]) / box[3]) * 100;
  slot.classList.toggle("cw-spot-right", x >= 50);
  slot.style.setProperty("--cw-x", `${x.toFixed(2)}%`);
  slot.style.setProperty("--cw-y", `${Math.min(90, Math.max(10, y)).toFixed(2)}%`);
  keepInside(slot, x, y);
}

/** Whether `inner` lies inside `outer` horizontally and vertically (1 px of slack). */
function inside(inner: DOMRect, outer: DOMRect): boolean {
  return inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
}

/**
 * Move the popover in `slot` (beside the spot at `x`, `y` percent of the board) to where it fits
 * in the board: the spot's other side, else above or below it, its left edge kept inside.
 */
function keepInside(slot: HTMLElement, x: number, y: number): void {
  const board = slot.parentElement?.getBoundingClientRect();
  const pop = slot.firstElementChild;
  if (!board || board.width === 0 || !pop) return; // not laid out (jsdom, a hidden tab)
  if (inside(pop.getBoundingClientRect(), board)) return;
  slot.classList.toggle("cw-spot-right");
  if (inside(pop.getBoundingClientRect(), board)) return;
  slot.classList.remove("cw-spot-right");
  slot.classList.add(y >= 50 ? "cw-spot-above" : "cw-spot-below");
  const width = pop.getBoundingClientRect().width;
  const left = Math.min(Math.max((x / 100) * board.width - width / 2, 0), Math.max(board.width - width, 0));
  slot.style.setProperty("--cw-left", `${left.toFixed(1)}px`);
}

/** The acting player's controls: the mode hint, the tap note, the dialog, the action bar, Hint. */
function drawControls(c: Canvas, ui: UiState, ctx: Ctx, board: Board, extras: Extras): void {
  const { slots } = c.layout;
  const { state, legal } = ctx;
  put(c, slots.mode, modeHint(ui, ctx));
  put(c, slots.note, panels.note(ui.note));
  put(c, slots.dialog, dialogArea(ui, ctx, board));
  // the bar (its cost cards are many small pictures) is rebuilt only when a control changes
  fillIfChanged(c, slots.actions, JSON.stringify(controls(ui, ctx)), () => actionBar(ui, ctx, board));
  const shownHint = currentHint(extras.hint, state);
  const bar = hintBar(legal, ctx.settings, shownHint, hintPending(extras.hint, ctx.settings), board);
  // no hint shown: the status line tells what the others did since your last move
  const since = shownHint ? null : sinceLine(state);
  if (since) bar.append(since);
  put(c, slots.hint, bar);
  c.layout.root.classList.toggle("cw-has-mode", slots.mode.firstChild !== null);
  // in a replay, the better move of a graded move played at this position is ringed
  drawHintMark(c.view.overlayLayer, board, shownHint ?? betterMove(reviewOf(extras.review), ctx.settings.replay_at, state.version));
}

/** The table: the last roll beside the board (a new one tumbles in), the hand under it. */
function drawTable(c: Canvas, ui: UiState, ctx: Ctx, board: Board): void {
  const { slots } = c.layout;
  const { state } = ctx;
  const rolls = rollCount(state);
  const fresh = c.rolls !== null && rolls > c.rolls;
  c.rolls = rolls;
  const names = board.players.map((p) => [p.seat, p.name, p.color]);
  fillIfChanged(c, slots.roll, JSON.stringify([rolls, state.dice, state.roll ?? null, names]), () => rollBox(state, board, fresh));
  fillIfChanged(c, slots.hand, handKey(ui, ctx), () => handStrip(ui, ctx, board));
  fillIfChanged(c, slots.legend, JSON.stringify(names), () => legend(board));
}

/** The settings under the board: whose hand, pips, bots' pace and level, theme. */
function drawSettings(c: Canvas, ctx: Ctx): void {
  const { state, settings } = ctx;
  const seats = JSON.stringify([state.players.map((p) => [p.seat, p.name, p.kind]), settings, state.current, state.viewer, state.phase, state.handover ?? null]);
  fillIfChanged(c, c.layout.slots.view, seats, () => {
    const controls = panels.viewControls(state, settings);
    const level = levelSelect(state, settings);
    if (level) controls.append(level);
    return controls;
  });
}

/** The players, the dice, the bank, the rolls' histogram and the log (each only when changed). */
function drawPanels(c: Canvas, ctx: Ctx, board: Board): void {
  const { root, slots } = c.layout;
  const { state } = ctx;
  const who = [state.current, state.turn_player, state.winner];
  const mode = panelMode(isFullScreen(root));
  const open = [...c.openPlayers].sort();
  fillIfChanged(c, slots.players, JSON.stringify([state.players, who, board.players, state.table?.seats ?? null, mode, open]), () =>
    players(state, board, mode, c.openPlayers),
  );
  fillIfChanged(c, slots.bank, JSON.stringify(state.bank), () => panels.bank(state));
  fillIfChanged(c, slots.hist, JSON.stringify(state.dice_counts), () => panels.histogram(state));
  if (fillIfChanged(c, slots.log, JSON.stringify([state.log ?? [], state.marks ?? []]), () => panels.log(state))) panels.scrollLog(root);
}

/** One redraw of everything from the state of the moment, in drawing order. */
export function drawAll(c: Canvas, ui: UiState, ctx: Ctx, board: Board, mode: string | null, extras: Extras): void {
  c.rebuilt = [];
  markRoot(c, ctx, mode);
  drawPieces(c, ui, ctx, board);
  drawBanner(c, ctx, board);
  drawReplayAndSummary(c, ctx, board, extras);
  drawOverlays(c, ui, ctx, board);
  drawControls(c, ui, ctx, board, extras);
  drawTable(c, ui, ctx, board);
  drawSettings(c, ctx);
  drawPanels(c, ctx, board);
  // every player's name in what was just drawn, sentences included: isolated, ellipsised
  // (names.ts); the slots left as they were hold their names isolated already
  const names = ctx.state.players.map((p) => p.name);
  for (const slot of c.rebuilt) isolateNames(slot, names);
}
