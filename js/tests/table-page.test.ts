import { describe, expect, it } from "vitest";
import { PAGE_WORDS, pageAddress, startPage, storageKey, type PageHost } from "../table-page";
import type { RemoteLink } from "../remote";

function host(href: string, stored: Record<string, string> = {}) {
  const url = new URL(href);
  const replaced: string[] = [];
  const store = { ...stored };
  const h: PageHost = {
    location: { protocol: url.protocol, host: url.host, pathname: url.pathname, search: url.search, hash: url.hash },
    history: { replaceState: (_d: unknown, _t: string, u?: string | URL | null) => void replaced.push(String(u)) },
    storage: { getItem: (k: string) => store[k] ?? null, setItem: (k: string, v: string) => void (store[k] = v) },
  };
  return { h, replaced, store };
}

function start(href: string, stored: Record<string, string> = {}) {
  const { h, replaced, store } = host(href, stored);
  const el = document.createElement("div");
  const drawn: RemoteLink[] = [];
  const link = startPage(el, h, (_el, l) => {
    drawn.push(l);
    return () => {};
  });
  return { link, drawn, replaced, store, el };
}

describe("the table's page", () => {
  it("reads the table from the path and builds the WebSocket's address from the page's", () => {
    const loc = (href: string) => {
      const u = new URL(href);
      return { protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search, hash: u.hash };
    };
    expect(pageAddress(loc("http://127.0.0.1:8765/t/ab12#k=tok_en-1"))).toEqual({ table: "ab12", url: "ws://127.0.0.1:8765/ws/ab12", token: "tok_en-1" });
    expect(pageAddress(loc("https://games.example.org/catan/t/x9"))).toEqual({ table: "x9", url: "wss://games.example.org/catan/ws/x9", token: null });
    expect(pageAddress(loc("http://127.0.0.1:8765/static/widget.js"))).toBeNull();
    expect(pageAddress(loc("http://127.0.0.1:8765/t/NOT-AN-ID#k=x"))).toBeNull();
  });

  it("takes the token out of the address bar, keeps it for a reload and draws the seat", () => {
    const first = start("http://127.0.0.1:8765/t/ab12?x=1#k=secret");
    expect(first.drawn).toEqual([{ url: "ws://127.0.0.1:8765/ws/ab12", token: "secret" }]);
    expect(first.replaced).toEqual(["/t/ab12?x=1"]);
    expect(first.store[storageKey("ab12")]).toBe("secret");
    const reload = start("http://127.0.0.1:8765/t/ab12", first.store);
    expect(reload.drawn).toEqual([{ url: "ws://127.0.0.1:8765/ws/ab12", token: "secret" }]);
    expect(reload.replaced).toEqual([]);
  });

  it("says why when the address is no table's or has no token", () => {
    const none = start("http://127.0.0.1:8765/t/ab12");
    expect(none.link).toBeNull();
    expect(none.el.textContent).toBe(PAGE_WORDS.noToken());
    const bad = start("http://127.0.0.1:8765/elsewhere#k=secret");
    expect(bad.link).toBeNull();
    expect(bad.el.textContent).toBe(PAGE_WORDS.badAddress());
    expect(bad.drawn).toEqual([]);
  });
});
