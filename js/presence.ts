/**
 * A table's marks (docs/table-protocol.md): the link's state while it is not open (the
 * front-end's own words, js/first-words.ts: nothing reaches it from Python then), the banner
 * that says the host's teacher view is on, and each human seat's connected / away mark. The banner's and the marks'
 * words come from Python (`board.table_words`); `state.table` says when they apply.
 */
import "./presence.css";
import { h } from "./dom";
import { linkWords } from "./first-words";
import type { LinkStatus, RemoteLink } from "./contracts";
import type { Board, GameState, TableInfo } from "./types";

/** The `remote` trait of a widget joined to a table (`CatanWidget.join`), checked; null otherwise. */
export function remoteLink(raw: unknown): RemoteLink | null {
  if (!raw || typeof raw !== "object") return null;
  const { url, token } = raw as Partial<RemoteLink>;
  return typeof url === "string" && /^wss?:\/\//.test(url) && typeof token === "string" && token ? { url, token } : null;
}

/** The `link` trait (js/remote.ts), checked; null for a kernel's model (which has no link). */
export function linkOf(raw: unknown): LinkStatus | null {
  if (!raw || typeof raw !== "object") return null;
  const { state, reason } = raw as Partial<LinkStatus>;
  if (state !== "connecting" && state !== "open" && state !== "reconnecting" && state !== "closed") return null;
  return { state, reason: typeof reason === "string" ? reason : null };
}

/** The link's notice while it is not open (`.cw-link[data-link]`), or null: its state in the
 * front-end's words, the reason (if any) the server's. */
export function linkNotice(link: LinkStatus | null): HTMLElement | null {
  if (!link || link.state === "open") return null;
  return h(
    "div",
    { class: "cw-link", role: "status", "aria-live": "polite", "data-link": link.state },
    h("span", { class: "cw-link-text" }, linkWords(link.state)),
    link.reason ? h("span", { class: "cw-link-reason" }, link.reason) : null,
  );
}

/** `state.table`, checked (null outside a table). */
export function tableOf(state: GameState): TableInfo | null {
  const table = state.table;
  if (!table || typeof table !== "object" || !Array.isArray(table.seats)) return null;
  return table;
}

/** The banner "Teacher view is on…" (`.cw-teacher-on`) while the host's all-seeing view is open. */
export function teacherBanner(state: GameState, board: Board): HTMLElement | null {
  const words = board.table_words?.teacher;
  if (tableOf(state)?.teacher !== true || !words) return null;
  return h("div", { class: "cw-teacher-on", role: "status" }, words);
}

/** A human seat's mark at a table: connected or away (`.cw-presence[data-connected]`), or null. */
export function presenceMark(state: GameState, board: Board, seat: number): HTMLElement | null {
  const info = tableOf(state)?.seats[seat];
  if (!info || info.kind !== "human") return null;
  const on = info.connected === true;
  const words = on ? board.table_words?.connected : board.table_words?.away;
  if (!words) return null;
  return h("span", { class: "cw-presence", "data-connected": String(on), title: words }, h("i", { class: "cw-presence-dot", "aria-hidden": "true" }), words);
}

/** True at a table: the settings of its host (view, bots, replay) are not a seat's to change. */
export function atTable(state: GameState): boolean {
  return tableOf(state) !== null;
}
