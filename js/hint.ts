/**
 * The Hint control and the bot menu. "Hint" raises the `hint_request` trait; Python asks the
 * search bot for the acting human's best move and answers in the `hint` trait, which is shown
 * (a line of words, and a ring on the board where the move goes) only while it is current:
 * `hint.version === state.version`. From the click until the answer to that request arrives
 * (`hint.request`, or `hint.pending` while Python searches) the button says "Thinking…" and
 * takes no click: one search at a time.
 */
import { h, s } from "./dom";
import { fmt } from "./hex";
import { t, tc } from "./i18n";
import { atTable } from "./presence";
import { BOT_LEVELS } from "./settings";
import type { Board, BotLevel, GameState, Hint, Legal, Settings } from "./types";

/** The `hint` trait if it is well formed and about the position shown now, else null. */
export function currentHint(raw: unknown, state: GameState): Hint | null {
  if (!raw || typeof raw !== "object") return null;
  const hint = raw as Partial<Hint>;
  if (typeof hint.reason !== "string" || typeof hint.version !== "number" || !hint.action || typeof hint.action !== "object") return null;
  return hint.version === state.version ? (hint as Hint) : null;
}

/** Where on the board a hinted move goes: a corner, a path or a hex (null for other moves). */
export function hintTarget(hint: Hint | null): { kind: "node" | "edge" | "hex"; id: number } | null {
  const a = hint?.action;
  if (!a) return null;
  if (a.kind === "build_settlement" || a.kind === "build_city") return { kind: "node", id: a.node };
  if (a.kind === "build_road") return { kind: "edge", id: a.edge };
  if (a.kind === "move_robber") return { kind: "hex", id: a.hex };
  return null;
}

/**
 * True while a hint asked for has not been answered: Python says it is searching
 * (`hint.pending`), or the button raised `hint_request` past the last request answered
 * (`hint.request`; `{}`, before any request, answers request 0).
 */
export function hintPending(raw: unknown, settings: Settings): boolean {
  const hint = raw && typeof raw === "object" ? (raw as { request?: unknown; pending?: unknown }) : {};
  if (hint.pending === true) return true;
  const answered = typeof hint.request === "number" && Number.isFinite(hint.request) ? hint.request : 0;
  return settings.hint_request > answered;
}

/**
 * The Hint button (enabled when a human at this screen must act and no hint is pending:
 * `data-state` is "ready", "thinking" or "off") and the current hint's words. While a hint is
 * pending its reason is Python's (`board.hint_thinking`).
 */
export function hintBar(legal: Legal, settings: Settings, hint: Hint | null, pending = false, board?: Board): HTMLElement {
  const thinkingWhy = board?.hint_thinking ?? "";
  const can = legal.seat != null && settings.replay_at === null;
  const thinking = can && pending;
  const state = thinking ? "thinking" : can ? "ready" : "off";
  const notNow = legal.reasons["hint"] ?? ""; // the engine's waiting sentence (Python sends it)
  const attrs: Record<string, string> = {
    type: "button",
    class: state === "ready" ? "cw-btn cw-small cw-hint-btn" : "cw-btn cw-small cw-hint-btn cw-disabled",
    "data-action": "hint",
    "data-state": state,
    title: state === "ready" ? t("Ask the search bot for your best move") : thinking ? thinkingWhy : notNow,
  };
  if (state === "ready") {
    attrs["data-setting"] = "hint_request";
    attrs["data-value"] = String(settings.hint_request + 1);
  } else {
    attrs["aria-disabled"] = "true";
    attrs["data-reason"] = thinking ? thinkingWhy : notNow;
  }
  if (thinking) attrs["aria-busy"] = "true";
  const bar = h("div", { class: "cw-hint-bar" }, h("button", attrs, thinking ? t("Thinking…") : tc("button", "Hint")));
  // TRANSLATORS: the hint's words; {reason} is the search bot's advice, in its own words
  if (hint) bar.append(h("span", { class: "cw-hint-text", role: "status" }, t("Hint: {reason}", { reason: hint.reason })));
  return bar;
}

/** Put a ring where the hinted move goes (drawn above the pieces; removed when stale). */
export function drawHintMark(layer: Element, board: Board, hint: Hint | null): void {
  layer.querySelector(".cw-hint-mark")?.remove();
  const target = hintTarget(hint);
  if (!target) return;
  const point = target.kind === "node" ? board.nodes[target.id] : target.kind === "edge" ? board.edges[target.id] : board.hexes[target.id];
  if (!point) return;
  const r = target.kind === "hex" ? 0.55 : 0.26;
  layer.append(
    s(
      "g",
      { class: "cw-hint-mark", "pointer-events": "none", [`data-${target.kind}`]: target.id },
      s("circle", { cx: fmt(point.x), cy: fmt(point.y), r, fill: "none", stroke: "#ff4fa3", "stroke-width": 0.08, "stroke-dasharray": "0.12 0.07" }),
    ),
  );
}

/** The bot menu (`bot_level`): easy, normal or hard; absent when the bots are custom objects. */
export function levelSelect(state: GameState, settings: Settings): HTMLElement | null {
  if (!settings.bot_level || !state.players.some((p) => p.kind === "bot") || atTable(state)) return null;
  const el = h("select", { class: "cw-level-select", "data-setting": "bot_level", title: t("How strong the bots play: random, greedy or search") });
  for (const v of BOT_LEVELS) el.append(h("option", { value: v }, levelWords(v)));
  el.value = settings.bot_level;
  return h("label", {}, tc("setting", "Level"), " ", el);
}

/** A bot level's name. */
function levelWords(level: BotLevel): string {
  switch (level) {
    case "easy":
      return tc("bot level", "Easy");
    case "normal":
      return tc("bot level", "Normal");
    case "hard":
      return tc("bot level", "Hard");
    default:
      return level;
  }
}
