/**
 * The table's bare page (catan_widget/static/table.html, served at `/t/<table>`): a seat on a
 * phone or any browser, drawn by the widget's own bundle over a WebSocket (js/remote.ts). The
 * table's id comes from the path, the seat's token from the fragment (`#k=<token>`: browsers
 * never send a fragment to a server), which the page then takes out of the address bar so it is
 * not shared by accident; the tab keeps it (sessionStorage) so a reload still has it.
 * js/build.mjs bundles this file with `./widget` left as an import of `../static/widget.js` (the
 * bundle the server serves beside the page) and writes it inline into the page.
 *
 * The words shown before any server answers (this page's, the link's, the game loading) are
 * bundled in every language (js/generated/page-words.json, made by tools/catalogues.py from this
 * file and js/first-words.ts), in the first of the browser's languages there is; every other
 * word comes from the table, in the language it welcomes the seat with.
 */
import pageWords from "./generated/page-words.json";
import { chooseLanguage, ENGLISH, lang, setWords, t, type WordsTable } from "./i18n";
import { renderRemote } from "./widget";
import type { RemoteLink } from "./remote";

/** Where a page is: what it reads of `location`. */
export interface PageLocation {
  protocol: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
}

/** A page's table: its id, the WebSocket's URL and the token given in the fragment (null: none). */
export interface PageAddress {
  table: string;
  url: string;
  token: string | null;
}

/** A table's id (docs/table-protocol.md). */
const TABLE_ID = /^(.*)\/t\/([a-z0-9]{1,32})\/?$/;

/** What the page says when it cannot join (its own words: Python cannot answer before a link). */
export const PAGE_WORDS = {
  badAddress: (): string => t("This is not a table's address: it should end in /t/<table>."),
  noToken: (): string => t("This link has no seat token: ask the host for your link again."),
  title: (): string => t("Catan table"),
};

/** The bundled words of each language: `{language: {key: template}}` (English is the code's). */
export type PageWords = Record<string, Record<string, string>>;

/**
 * The words table of the first of `preferred` (the browser's languages) there are bundled
 * words for, English when none: the page's words, and the widget's until the table answers.
 */
export function pageTable(preferred: readonly string[], bundled: PageWords = pageWords as PageWords): WordsTable {
  const language = chooseLanguage(preferred, [ENGLISH, ...Object.keys(bundled)]) ?? ENGLISH;
  return { language, messages: bundled[language] ?? {}, plural: "", decimal: ".", group: ",", languages: [] };
}

/** The table's id and the WebSocket's URL from a page's address (null when the path is no table's). */
export function pageAddress(loc: PageLocation): PageAddress | null {
  const m = TABLE_ID.exec(loc.pathname);
  if (!m) return null;
  const [, prefix, table] = m;
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  const token = new URLSearchParams(loc.hash.replace(/^#/, "")).get("k");
  return { table, url: `${scheme}//${loc.host}${prefix}/ws/${table}`, token: token || null };
}

/** What the page needs of the browser (tests give their own). */
export interface PageHost {
  location: PageLocation;
  history: Pick<History, "replaceState">;
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  /** the reader's languages, most wanted first (`navigator.languages`) */
  languages?: readonly string[];
}

/** The key under which a tab keeps a table's token (for a reload: the fragment is gone then). */
export function storageKey(table: string): string {
  return `catan-widget:token:${table}`;
}

/**
 * Read the page's table and token, take the token out of the address bar, and draw the seat into
 * `el` (or say why not), in the reader's language. Returns the link drawn, or null.
 */
export function startPage(el: HTMLElement, host: PageHost, render: typeof renderRemote = renderRemote): RemoteLink | null {
  const languages = host.languages ?? [];
  const words = pageTable(languages);
  setWords(words);
  const addr = pageAddress(host.location);
  if (!addr) {
    el.textContent = PAGE_WORDS.badAddress();
    return null;
  }
  if (addr.token) {
    host.storage?.setItem(storageKey(addr.table), addr.token);
    host.history.replaceState(null, "", host.location.pathname + host.location.search);
  }
  const token = addr.token ?? host.storage?.getItem(storageKey(addr.table)) ?? null;
  if (!token) {
    el.textContent = PAGE_WORDS.noToken();
    return null;
  }
  const link = { url: addr.url, token };
  render(el, link, { words, languages });
  return link;
}

/** The page's own start (not in tests: they call startPage). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused (a privacy setting): a reload then needs the link again
  }
}

const app = typeof document !== "undefined" ? document.getElementById("catan-table") : null;
if (app) {
  startPage(app, { location: window.location, history: window.history, storage: sessionStore(), languages: navigator.languages ?? [navigator.language] });
  document.documentElement.lang = lang();
  document.title = PAGE_WORDS.title();
}
