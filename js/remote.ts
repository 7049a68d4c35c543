/**
 * The widget's model over a WebSocket (docs/table-protocol.md): how a seat at a table draws the
 * same front-end without a kernel — a bare page (js/table-page.ts) or a notebook that joined a
 * table (`CatanWidget.join`). It implements the part of anywidget's model the front-end uses
 * (`get`, `set`, `on`, `off`, `send`, `save_changes`):
 *
 * - `hello` with the seat's token on every (re)connection; `welcome` gives `board` (and, from a
 *   table that speaks languages, `words` and `language`), `view` gives `state`, `legal` and
 *   `hint`, each set like a trait (a `change:<name>` event);
 * - the seat's language: the one picked in the Language menu, else the first of the browser's
 *   (`RemoteOptions.languages`) the table has, sent as the setting `language` when the welcome's
 *   is another (the table welcomes again in that language);
 * - `send(intent)` is `{"type": "intent", "body": intent}`;
 * - the settings a seat keeps for itself (FORWARDED) are sent as `set` on `save_changes`; the
 *   others (the view, the bots, the replay, the hand-over) belong to the table's host and are
 *   refused here, their value put back;
 * - `refused` is shown as the state's error (or, before any state, in the link's status);
 * - a lost connection comes back with backoff (0.5 s doubling to 8 s) and resyncs from the next
 *   welcome and view; meanwhile the trait `link` says "reconnecting" (the widget shows it).
 */
import type { LinkState, LinkStatus, RemoteLink, WidgetModel, WidgetTraits } from "./contracts";
export type { LinkState, LinkStatus, RemoteLink } from "./contracts";
import { chooseLanguage } from "./i18n";
import { DEFAULT_SETTINGS } from "./settings";
import type { GameState, Settings } from "./types";

/** The settings a seat sets for itself at a table (the rest are the host's). */
export const FORWARDED: readonly (keyof Settings)[] = ["show_counting", "hint_request", "theme", "show_pips", "show_ids", "language"];

/** The first wait before reconnecting (ms); it doubles up to BACKOFF_MAX_MS. */
export const BACKOFF_MS = 500;
export const BACKOFF_MAX_MS = 8000;

/** The protocol version sent in `hello`. */
export const PROTOCOL = 1;

/** Close codes after which reconnecting cannot help: a bad token, an origin not allowed. */
const FINAL_CLOSES = new Set([4401, 4403]);


/** What a RemoteModel needs of a WebSocket (the browser's, or a test double). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

/** Opens a socket to a URL (the browser's `new WebSocket(url)` by default). */
export type SocketFactory = (url: string) => SocketLike;


export interface RemoteOptions {
  socket?: SocketFactory;
  /** timers (tests drive them with fake timers) */
  setTimer?: (f: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** the words shown until the table sends its own (the `words` trait: js/i18n.ts) */
  words?: unknown;
  /** the languages the reader prefers, most wanted first (a browser's `navigator.languages`) */
  languages?: readonly string[];
}

/** An event listener (called with no arguments: the model raises change events only). */
type Handler = (...args: never[]) => void;

/** The traits a RemoteModel starts with (nothing drawn until the welcome; `words` until the table's). */
function initialTraits(words: unknown): Record<string, unknown> {
  return { ...DEFAULT_SETTINGS, board: null, state: null, legal: null, hint: {}, link: { state: "connecting", reason: null }, words: words ?? null };
}

function browserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One seat's model of a table, over a WebSocket that it reopens when it drops. */
export class RemoteModel implements WidgetModel {
  /** the seat this link plays (null for a spectator or the teacher), from the welcome */
  seat: number | null = null;
  /** "player", "spectator" or "teacher", from the welcome */
  role: string | null = null;

  private readonly traits: Record<string, unknown>;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly dirty = new Set<keyof Settings>();
  private readonly open: SocketFactory;
  private readonly setTimer: (f: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private socket: SocketLike | null = null;
  private welcomed = false;
  private wait = BACKOFF_MS;
  private timer: unknown = null;
  private closed = false;
  /** the languages the reader prefers (the browser's), most wanted first */
  private readonly preferred: readonly string[];
  /** the language picked in the Language menu (null: none yet) */
  private picked: string | null = null;

  constructor(
    private readonly link: RemoteLink,
    options: RemoteOptions = {},
  ) {
    this.traits = initialTraits(options.words);
    this.preferred = (options.languages ?? []).filter((code) => typeof code === "string" && code !== "");
    this.open = options.socket ?? browserSocket;
    this.setTimer = options.setTimer ?? ((f, ms) => setTimeout(f, ms));
    this.clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.connect();
  }

  get<K extends keyof WidgetTraits>(key: K): WidgetTraits[K] {
    return this.traits[key as string] as WidgetTraits[K];
  }

  /** Set a trait as the front-end does: a seat's own setting waits for save_changes; the host's are refused. */
  set<K extends keyof WidgetTraits>(key: K, value: WidgetTraits[K]): void {
    const name = key as string;
    if (name in DEFAULT_SETTINGS && !(FORWARDED as readonly string[]).includes(name)) {
      console.warn(`catan-widget: ${name} is the table host's setting; a seat cannot set it`);
      this.emit(`change:${name}`); // the control shows the value kept
      return;
    }
    if (name === "language" && typeof value === "string") this.picked = value;
    this.put(name, value);
    if (name in DEFAULT_SETTINGS) this.dirty.add(name as keyof Settings);
  }

  on(eventName: string, callback: Handler): void {
    let set = this.handlers.get(eventName);
    if (!set) this.handlers.set(eventName, (set = new Set()));
    set.add(callback);
  }

  off(eventName?: string | null, callback?: Handler | null): void {
    if (!eventName) this.handlers.clear();
    else if (!callback) this.handlers.delete(eventName);
    else this.handlers.get(eventName)?.delete(callback);
  }

  /** An intent (docs/protocol.md) to the table; dropped while the link is down (the next view resyncs). */
  send(content: unknown): void {
    this.frame({ type: "intent", body: content });
  }

  /** Send the seat's settings changed since the last call (its language as a `language` frame). */
  save_changes(): void {
    for (const name of this.dirty) {
      if (name === "language") this.frame({ type: "language", language: this.traits[name] });
      else this.frame({ type: "set", name, value: this.traits[name] });
    }
    this.dirty.clear();
  }

  /**
   * Try again now if a reconnection is waiting (the page came back to the front, the device is
   * online again: a phone puts a hidden tab's socket to sleep).
   */
  wake(): void {
    if (this.timer === null || this.closed) return;
    this.clearTimer(this.timer);
    this.connect();
  }

  /** Close the link for good (the widget was removed). */
  close(): void {
    this.closed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000, "closed");
    }
  }

  /** Put a trait's value and tell its listeners. */
  private put(name: string, value: unknown): void {
    this.traits[name] = value;
    this.emit(`change:${name}`);
  }

  private emit(eventName: string): void {
    for (const f of [...(this.handlers.get(eventName) ?? [])]) f();
  }

  private status(state: LinkState, reason: string | null = null): void {
    this.put("link", { state, reason } satisfies LinkStatus);
  }

  private frame(msg: object): void {
    if (this.socket && this.welcomed) this.socket.send(JSON.stringify(msg));
  }

  private connect(): void {
    this.timer = null;
    if (this.closed) return;
    let socket: SocketLike;
    try {
      socket = this.open(this.link.url);
    } catch (err) {
      this.retry(String(err));
      return;
    }
    this.socket = socket;
    this.welcomed = false;
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: this.link.token, protocol: PROTOCOL }));
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.welcomed = false;
      const reason = ev.reason || this.linkStatus().reason;
      if (FINAL_CLOSES.has(ev.code)) this.status("closed", reason || null);
      else this.retry(reason || null);
    };
    socket.onerror = () => {}; // a close follows
  }

  private retry(reason: string | null): void {
    if (this.closed) return;
    this.status("reconnecting", reason);
    this.timer = this.setTimer(() => this.connect(), this.wait);
    this.wait = Math.min(this.wait * 2, BACKOFF_MAX_MS);
  }

  private receive(data: unknown): void {
    let msg: unknown;
    try {
      msg = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!isRecord(msg)) return;
    switch (msg.type) {
      case "welcome":
        return this.welcome(msg);
      case "view":
        return this.view(msg);
      case "refused":
        return this.refused(typeof msg.reason === "string" ? msg.reason : String(msg.code ?? ""));
      default:
        return; // pong, or a type this front-end does not know
    }
  }

  private welcome(msg: Record<string, unknown>): void {
    this.welcomed = true;
    this.wait = BACKOFF_MS;
    this.seat = typeof msg.seat === "number" ? msg.seat : null;
    this.role = typeof msg.role === "string" ? msg.role : null;
    // a request in flight when the link dropped is lost: the next click asks again
    this.traits.hint = { request: this.traits.hint_request };
    if (isRecord(msg.board)) this.put("board", msg.board);
    // the table keeps no setting of a link: send again those that are not the default
    for (const name of FORWARDED) {
      if (name !== "hint_request" && name !== "language" && this.traits[name] !== DEFAULT_SETTINGS[name]) this.dirty.add(name);
    }
    this.welcomeWords(msg);
    this.save_changes();
    this.status("open");
  }

  /**
   * The welcome's words and language: shown as they come; when the seat wants another language
   * the table has (picked in the menu, else the browser's), a `language` frame asks for it.
   * A table that sends no words is not asked (it speaks one language).
   */
  private welcomeWords(msg: Record<string, unknown>): void {
    const words = msg.words;
    if (!isRecord(words)) return;
    const told = typeof msg.language === "string" ? msg.language : typeof words.language === "string" ? words.language : "";
    const codes = Array.isArray(words.languages) ? words.languages.map((x: unknown) => (Array.isArray(x) ? String(x[0]) : "")) : [];
    const wanted = this.picked ?? chooseLanguage(this.preferred, codes);
    this.put("words", words);
    if (wanted && wanted !== told && codes.includes(wanted)) {
      this.traits.language = wanted;
      this.dirty.add("language");
    } else this.traits.language = told;
    this.emit("change:language");
  }

  private view(msg: Record<string, unknown>): void {
    if (isRecord(msg.state)) this.traits.state = msg.state;
    if (isRecord(msg.legal)) this.traits.legal = msg.legal;
    if (isRecord(msg.hint)) this.traits.hint = msg.hint;
    // the widget coalesces the events of one update and draws once
    this.emit("change:state");
    this.emit("change:legal");
    if (isRecord(msg.hint)) this.emit("change:hint");
  }

  private refused(reason: string): void {
    const state = this.traits.state as GameState | null;
    if (state) this.put("state", { ...state, error: reason });
    else this.status(this.linkStatus().state, reason);
  }

  private linkStatus(): LinkStatus {
    return this.traits.link as LinkStatus;
  }
}
