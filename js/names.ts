/**
 * Player names on screen: every name is isolated from the text around it (a `<bdi>`, so a name
 * in Arabic or Hebrew cannot reorder the sentence it stands in) and cut with an ellipsis when
 * it is long (CSS `.cw-name`, the full name in its `title`), so nothing a name holds can reorder
 * a sentence or widen the widget.
 *
 * Names reach the screen in the panels, dialogs and buttons, and inside sentences Python words
 * (`state.prompt`, `state.heading`, `state.log`, `state.error`, the reasons of disabled
 * controls): `isolateNames` wraps every player's name in the widget's text after each draw, so
 * every place is covered without each building its own. The engine already refuses control,
 * format (bidi overrides, zero-width), surrogate and unassigned characters and names over 24
 * characters (catan_widget/engine/names.py): this is defence in depth.
 */
import { h, SVG_NS } from "./dom";

/** The class of a wrapped name (widget.css). */
export const NAME_CLASS = "cw-name";

/** A letter, digit, combining mark or underscore: a name is matched as a whole word. */
const WORD = /^[\p{L}\p{N}\p{M}_]$/u;
/** Elements whose text is never wrapped: SVG (its text is drawn, not laid out), form controls
 * (an `<option>` holds text only) and names already wrapped. */
const SKIP = `option, select, textarea, script, style, .${NAME_CLASS}`;

/** One occurrence of a player's name in a text: `text.slice(start, end) === name`. */
export interface NameSpan {
  start: number;
  end: number;
  name: string;
}

/** The character (code point) that ends just before `i`, or "". */
function charBefore(text: string, i: number): string {
  if (i <= 0) return "";
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(i - 2, i);
  }
  return text.charAt(i - 1);
}

/** The character (code point) that starts at `i`, or "". */
function charAt(text: string, i: number): string {
  const cp = text.codePointAt(i);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}

const isWord = (c: string): boolean => c !== "" && WORD.test(c);

/** Whether `name` at `start` in `text` stands as a whole word (not inside a longer word). */
function bounded(text: string, start: number, name: string): boolean {
  const end = start + name.length;
  if (isWord(charAt(name, 0)) && isWord(charBefore(text, start))) return false;
  if (isWord(charBefore(name, name.length)) && isWord(charAt(text, end))) return false;
  return true;
}

/**
 * Where the players' `names` occur in `text`, left to right, without overlaps: the longest name
 * first where several start at one place ("Bo" and "Bo Li"), a name that starts or ends with a
 * letter or digit only as a whole word ("Bo" is not found in "Bob").
 */
export function nameSpans(text: string, names: readonly string[]): NameSpan[] {
  const wanted = [...new Set(names)].filter((n) => n.length > 0 && text.includes(n));
  if (wanted.length === 0) return [];
  wanted.sort((a, b) => b.length - a.length);
  const spans: NameSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const name = wanted.find((n) => text.startsWith(n, i) && bounded(text, i, n));
    if (name === undefined) {
      i += 1;
      continue;
    }
    spans.push({ start: i, end: i + name.length, name });
    i += name.length;
  }
  return spans;
}

/** A player's name as an element: isolated, ellipsised when long, the whole name in its title. */
export function nameEl(name: string): HTMLElement {
  return h("bdi", { class: NAME_CLASS, title: name }, name);
}

/** `text` as children: each player's name in it as a {@link nameEl}, the rest as strings. */
export function withNames(text: string, names: readonly string[]): (string | HTMLElement)[] {
  const parts: (string | HTMLElement)[] = [];
  let at = 0;
  for (const span of nameSpans(text, names)) {
    if (span.start > at) parts.push(text.slice(at, span.start));
    parts.push(nameEl(span.name));
    at = span.end;
  }
  if (at < text.length || parts.length === 0) parts.push(text.slice(at));
  return parts;
}

function wrapText(node: Text, names: readonly string[]): void {
  const text = node.data;
  if (nameSpans(text, names).length === 0) return;
  // A button keeps the name it had as plain text: a wrapped name is an inline block, which
  // would give it spaces in the accessible name ("Bo , click when ready").
  const button = node.parentElement?.closest("button");
  if (button && !button.hasAttribute("aria-label")) {
    button.setAttribute("aria-label", (button.textContent ?? "").replace(/\s+/g, " ").trim());
  }
  node.replaceWith(...withNames(text, names));
}

/**
 * Wrap every occurrence of a player's name in the text under `root` (see the module comment):
 * not in SVG, form controls or names already wrapped, so running it again changes nothing.
 */
export function isolateNames(root: Element, names: readonly string[]): void {
  if (names.length === 0) return;
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) wrapText(child as Text, names);
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const el = child as Element;
      if (el.namespaceURI !== SVG_NS && !el.matches(SKIP)) isolateNames(el, names);
    }
  }
}
