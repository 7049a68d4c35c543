import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../fixtures/fake-socket";
import { loadSample, rawLegals } from "../fixtures/scenarios";
import { BACKOFF_MAX_MS, BACKOFF_MS, RemoteModel, type LinkStatus } from "../remote";
import { renderRemote } from "../widget";
import widget from "../widget";
import { fakeModel } from "../fixtures/fake-model";
import type { GameState } from "../types";

const LINK = { url: "ws://127.0.0.1:8765/ws/t1", token: "secret-token-of-ada" };
const S = loadSample();
const LEGAL = rawLegals()[0]; // packed, as it travels

/** A model over fake sockets, with the timers it asks for kept in a list to run by hand. */
function remote() {
  const sockets = fakeSockets();
  const timers: { f: () => void; ms: number }[] = [];
  const model = new RemoteModel(LINK, { socket: sockets.open, setTimer: (f, ms) => timers.push({ f, ms }), clearTimer: () => {} });
  const runTimer = (): number => {
    const t = timers.shift();
    if (!t) throw new Error("no timer pending");
    t.f();
    return t.ms;
  };
  return { model, sockets, timers, runTimer };
}

const welcome = (extra: object = {}) => ({ type: "welcome", seat: 0, role: "player", table: "t1", board: S.board, ...extra });
const view = (state: GameState = S.state, extra: object = {}) => ({ type: "view", state, legal: LEGAL, ...extra });
const link = (m: RemoteModel) => m.get("link") as LinkStatus;

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("RemoteModel", () => {
  it("says hello with the token on opening, and sends nothing else before the welcome", () => {
    const { model, sockets } = remote();
    const ws = sockets.last();
    expect(ws.url).toBe(LINK.url);
    expect(link(model).state).toBe("connecting");
    ws.accept();
    expect(ws.sent).toEqual([{ type: "hello", token: LINK.token, protocol: 1 }]);
    model.send({ type: "act", version: 1, action: { kind: "roll" } });
    expect(ws.sent).toHaveLength(1);
  });

  it("takes the board from the welcome and the state, legal and hint from each view, as change events", () => {
    const { model, sockets } = remote();
    const ws = sockets.last();
    const changed: string[] = [];
    for (const name of ["board", "state", "legal", "hint", "link"]) model.on(`change:${name}`, () => changed.push(name));
    ws.accept();
    ws.deliver(welcome({ seat: 2, role: "player" }));
    expect(model.get("board")).toEqual(S.board);
    expect([model.seat, model.role]).toEqual([2, "player"]);
    expect(link(model)).toEqual({ state: "open", reason: null });
    ws.deliver(view(S.state, { hint: { request: 0, version: S.state.version } }));
    expect(model.get("state")).toEqual(S.state);
    expect(model.get("legal")).toEqual(LEGAL);
    expect(changed).toEqual(["board", "link", "state", "legal", "hint"]);
    ws.deliver(view({ ...S.state, version: S.state.version + 1 }));
    expect(model.get("hint")).toEqual({ request: 0, version: S.state.version }); // no hint in the frame: kept
    ws.deliver("not json");
    ws.deliver({ type: "pong" });
    expect((model.get("state") as GameState).version).toBe(S.state.version + 1);
  });

  it("sends an intent as {type: intent, body}", () => {
    const { model, sockets } = remote();
    const ws = sockets.last();
    ws.accept();
    ws.deliver(welcome());
    const intent = { type: "act", version: 7, action: { kind: "end_turn" } };
    model.send(intent);
    expect(ws.sent[ws.sent.length - 1]).toEqual({ type: "intent", body: intent });
  });

  it("sends a seat's own settings on save_changes and refuses the host's, keeping their value", () => {
    const { model, sockets } = remote();
    const ws = sockets.last();
    ws.accept();
    ws.deliver(welcome());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    model.set("show_counting", true);
    model.set("theme", "dark");
    expect(model.get("theme")).toBe("dark"); // applies here at once
    model.save_changes();
    expect(ws.sent.slice(1)).toEqual([
      { type: "set", name: "show_counting", value: true },
      { type: "set", name: "theme", value: "dark" },
    ]);
    let redraws = 0;
    model.on("change:view", () => redraws++);
    for (const [name, value] of [["view", 2], ["bot_delay", 0], ["bots_paused", true], ["bot_level", "hard"], ["replay_at", 0], ["ready_seat", 1]] as const) {
      model.set(name, value);
    }
    model.save_changes();
    expect(ws.sent).toHaveLength(3);
    expect([model.get("view"), model.get("bot_delay"), model.get("bots_paused"), model.get("replay_at")]).toEqual([null, 0.6, false, null]);
    expect(redraws).toBe(1); // the menu is drawn again with the value kept
    expect(warn).toHaveBeenCalledTimes(6);
  });

  it("shows a refusal as the state's error, or before any state as the link's reason", () => {
    const { model, sockets } = remote();
    const ws = sockets.last();
    ws.accept();
    ws.deliver({ type: "refused", code: "bad_token", reason: "This link's token is not one of this table's." });
    expect(link(model).reason).toBe("This link's token is not one of this table's.");
    ws.drop(4401, "");
    expect(link(model)).toEqual({ state: "closed", reason: "This link's token is not one of this table's." });
    expect(sockets.all).toHaveLength(1); // no use trying again with the same token

    const b = remote();
    const ws2 = b.sockets.last();
    ws2.accept();
    ws2.deliver(welcome());
    ws2.deliver(view());
    ws2.deliver({ type: "refused", code: "rate", reason: "Too many messages: slow down." });
    expect((b.model.get("state") as GameState).error).toBe("Too many messages: slow down.");
  });

  it("reconnects with backoff, 0.5 s doubling to 8 s, and resyncs from the next welcome and view", () => {
    const { model, sockets, timers, runTimer } = remote();
    sockets.last().accept();
    sockets.last().deliver(welcome());
    sockets.last().deliver(view());
    model.set("show_pips", true);
    model.set("hint_request", 3);
    model.save_changes();
    sockets.last().drop();
    expect(link(model).state).toBe("reconnecting");
    expect(model.get("state")).toEqual(S.state); // the last view stays drawn meanwhile
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      waits.push(runTimer());
      sockets.last().drop(); // the server is still away
    }
    expect(waits).toEqual([BACKOFF_MS, 1000, 2000, 4000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
    runTimer();
    const ws = sockets.last();
    ws.accept();
    expect(ws.sent).toEqual([{ type: "hello", token: LINK.token, protocol: 1 }]);
    ws.deliver(welcome());
    // the link's own settings again (not the hint request: a new click asks), the hint in flight forgotten
    expect(ws.sent.slice(1)).toEqual([{ type: "set", name: "show_pips", value: true }]);
    expect(model.get("hint")).toEqual({ request: 3 });
    expect(link(model).state).toBe("open");
    const next = { ...S.state, version: 99 };
    ws.deliver(view(next));
    expect(model.get("state")).toEqual(next);
    ws.drop();
    expect(timers.map((t) => t.ms)).toEqual([BACKOFF_MS]); // a welcome starts the backoff again
  });

  it("tries again at once when woken (the page is shown again, the device is online)", () => {
    const { model, sockets, timers } = remote();
    sockets.last().accept();
    sockets.last().deliver(welcome());
    model.wake(); // nothing waits: nothing happens
    expect(sockets.all).toHaveLength(1);
    sockets.last().drop();
    expect(timers).toHaveLength(1);
    model.wake();
    expect(sockets.all).toHaveLength(2);
    expect(link(model).state).toBe("reconnecting"); // until the welcome
  });

  it("stops for good on close(): the socket is closed and nothing reconnects", () => {
    const { model, sockets, timers } = remote();
    const ws = sockets.last();
    ws.accept();
    model.close();
    expect(ws.closedWith).toEqual({ code: 1000, reason: "closed" });
    ws.drop();
    expect(timers).toHaveLength(0);
    expect(sockets.all).toHaveLength(1);
  });
});

describe("a seat drawn over a WebSocket", () => {
  function mountRemote() {
    const sockets = fakeSockets();
    const timers: (() => void)[] = [];
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(renderRemote(el, LINK, { socket: sockets.open, setTimer: (f) => timers.push(f), clearTimer: () => {} }));
    return { el, sockets, timers, root: () => el.querySelector(".catan-widget") as HTMLElement };
  }
  const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

  it("draws the board after the welcome and a view, sends clicks as intents, says when it reconnects", async () => {
    const { el, sockets, timers, root } = mountRemote();
    expect(el.querySelector(".cw-link")?.getAttribute("data-link")).toBe("connecting");
    const ws = sockets.last();
    ws.accept();
    ws.deliver(welcome());
    ws.deliver(view());
    await tick();
    expect(root().classList.contains("cw-ready")).toBe(true);
    expect(root().getAttribute("data-version")).toBe(String(S.state.version));
    expect(el.querySelector(".cw-link")).toBeNull();
    (el.querySelector('[data-action="end_turn"]') as HTMLElement).click();
    expect(ws.sent[ws.sent.length - 1]).toEqual({ type: "intent", body: { type: "act", version: S.state.version, action: { kind: "end_turn" } } });

    ws.drop();
    await tick();
    expect(el.querySelector(".cw-link")?.getAttribute("data-link")).toBe("reconnecting");
    expect(el.querySelector(".cw-link-text")?.textContent).toBe("Reconnecting…");
    expect(root().classList.contains("cw-offline")).toBe(true);
    expect(timers).toHaveLength(1); // a reconnection waits
    window.dispatchEvent(new Event("online")); // a phone back online does not wait out the backoff
    const again = sockets.last();
    expect(again).not.toBe(ws);
    again.accept();
    again.deliver(welcome());
    again.deliver(view()); // the same version: nothing happened meanwhile
    await tick();
    expect(el.querySelector(".cw-link")).toBeNull();
    expect(root().classList.contains("cw-offline")).toBe(false);
    (el.querySelector('[data-action="end_turn"]') as HTMLElement).click(); // the lost intent is sent again
    expect(again.sent[again.sent.length - 1]).toEqual({ type: "intent", body: { type: "act", version: S.state.version, action: { kind: "end_turn" } } });
  });

  it("is what a notebook widget with a `remote` trait draws (CatanWidget.join), the kernel's model left alone", async () => {
    const opened: string[] = [];
    const Real = globalThis.WebSocket;
    class Recorder {
      onopen = null;
      onmessage = null;
      onclose = null;
      onerror = null;
      constructor(url: string) {
        opened.push(url);
      }
      send(): void {}
      close(): void {}
    }
    globalThis.WebSocket = Recorder as unknown as typeof WebSocket;
    try {
      const model = fakeModel({ remote: { url: LINK.url, table: "t1", token: LINK.token } });
      const el = document.createElement("div");
      document.body.append(el);
      const cleanup = widget.render({ model, el });
      expect(opened).toEqual([LINK.url]);
      expect(el.querySelector(".cw-link")?.getAttribute("data-link")).toBe("connecting");
      cleanup();
      expect(el.querySelector(".catan-widget")).toBeNull();
      expect(model.sent).toEqual([]);
    } finally {
      globalThis.WebSocket = Real;
    }
  });
});
