/**
 * The front-end's words in the reader's language (docs/languages.md). Every word the widget
 * shows is one catalogue message, written in English where the code shows it, with named
 * placeholders: `t("Pass to {name}", { name })`, `tn("{n} roll", "{n} rolls", n)` for counts,
 * `tc(context, msgid)` when the same English plays two roles, `tnc` both. Python sends the
 * translations once per language, in the `words` trait (catan_widget/widget/words.py):
 *
 *     {"language": "ru", "messages": {key: template | [form, ...]}, "plural": "0120…",
 *      "decimal": ",", "group": "\u00a0", "languages": [["en", "English"], …]}
 *
 * `key` is the msgid, or `context + "\u0004" + msgid`; `plural` holds the plural form of each
 * n in 0..199, one digit each (n ≥ 200 reads n % 100 + 100). A message missing from the table
 * is its English msgid: English is the fallback, and what tests see without a table.
 *
 * The msgid of every call MUST be a string literal written in the call itself (Babel extracts
 * `t(`, `tn(`, `tc(`, `tnc(` calls from js/*.ts: tools/catalogues.py), and no message call may
 * stand inside another one's arguments (Babel would not see the inner one): make the inner
 * label first. Words are looked up when drawn (one look-up per string), never per frame.
 */

/** The `words` trait: a language's templates and how it writes counts and numbers. */
export interface WordsTable {
  language: string;
  messages: Record<string, string | string[]>;
  /** the plural form of n = 0..199, one digit each ("" = English's rule) */
  plural: string;
  decimal: string;
  group: string;
  /** every language there is, each named in its own words: `[code, name]` */
  languages: [string, string][];
}

/** A placeholder's value: words, or a number (written as the language writes numbers). */
export type Param = string | number;
export type Params = Readonly<Record<string, Param>>;

/** Between a context and its msgid in a key (gettext's own separator). */
const GLUE = "\u0004";
/** The language the messages are written in. */
export const ENGLISH = "en";

const ENGLISH_WORDS: WordsTable = { language: ENGLISH, messages: {}, plural: "", decimal: ".", group: ",", languages: [] };

let current: WordsTable = ENGLISH_WORDS;
let given: unknown = undefined;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function text(v: unknown, fallback: string): string {
  return typeof v === "string" ? v : fallback;
}

/** `raw` as a table: missing or malformed parts are English's. */
function checked(raw: unknown): WordsTable {
  if (!isRecord(raw)) return ENGLISH_WORDS;
  const messages = isRecord(raw.messages) ? (raw.messages as WordsTable["messages"]) : {};
  const plural = typeof raw.plural === "string" && /^\d*$/.test(raw.plural) ? raw.plural : "";
  const languages = Array.isArray(raw.languages)
    ? raw.languages.filter((x): x is [string, string] => Array.isArray(x) && typeof x[0] === "string" && typeof x[1] === "string")
    : [];
  const language = text(raw.language, "") || ENGLISH;
  return { language, messages, plural, decimal: text(raw.decimal, ".") || ".", group: text(raw.group, ","), languages };
}

/**
 * Use `table` (the `words` trait; anything else, `{}` or null, is English) from now on. Cheap
 * when it is the table in use already; true when the words changed.
 */
export function setWords(table: unknown): boolean {
  if (table === given) return false;
  given = table;
  current = checked(table);
  return true;
}

/** The language of the words in use (for `lang` attributes): "en" without a table. */
export function lang(): string {
  return current.language;
}

/** Every language there is, each named in its own words (`[code, name]`; none without a table). */
export function languages(): readonly [string, string][] {
  return current.languages;
}

/** The first of `preferred` (a browser's `navigator.languages`) among `available`: an exact
 * match first ("pt-BR"), else its language ("ru-RU" → "ru"); null when none is. */
export function chooseLanguage(preferred: readonly string[], available: readonly string[]): string | null {
  const known = new Map(available.map((code) => [code.toLowerCase(), code]));
  for (const want of preferred) {
    const code = want.replace(/_/g, "-").toLowerCase();
    const found = known.get(code) ?? known.get(code.split("-")[0]);
    if (found) return found;
  }
  return null;
}

function lookup(key: string): string | string[] | undefined {
  const found = current.messages[key];
  if (typeof found === "string") return found || undefined;
  return Array.isArray(found) && found.length > 0 ? found : undefined;
}

/** The plural form the language in use gives the count `n`. */
export function pluralIndex(n: number): number {
  const k = Math.abs(Math.trunc(n));
  const rule = current.plural;
  const i = k < 200 ? k : (k % 100) + 100;
  const form = i < rule.length ? rule.charCodeAt(i) - 48 : -1;
  return form >= 0 ? form : k === 1 ? 0 : 1;
}

/** Digits after the point: as given, else none for a whole number and up to 3 for others. */
function fixed(value: number, digits: number | undefined): string {
  if (digits !== undefined) return Math.abs(value).toFixed(digits);
  if (Number.isInteger(value)) return Math.abs(value).toFixed(0);
  return Math.abs(value).toFixed(3).replace(/\.?0+$/, "");
}

/**
 * `value` as the language in use writes numbers: its decimal sign, and its thousands
 * separator from 10 000 on ("12 345,5" in Russian). `digits`: the decimals (default: none for
 * a whole number, up to 3 for others).
 */
export function num(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, part] = fixed(value, digits).split(".");
  const grouped = Math.abs(value) >= 10000 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, current.group) : whole;
  const zero = /^[0.]*$/.test(whole + (part ?? ""));
  return `${value < 0 && !zero ? "-" : ""}${grouped}${part ? current.decimal + part : ""}`;
}

const FIELD = /\{\{|\}\}|\{([A-Za-z_]\w*)\}/g;

/** `template` with its placeholders filled (numbers written by {@link num}); `{{` and `}}`
 * are braces, as in Python's format. Unknown placeholders stay as they are. */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(FIELD, (whole, name: string | undefined) => {
    if (name === undefined) return whole[0];
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = params[name];
    return typeof value === "number" ? num(value) : value;
  });
}

function singular(key: string, msgid: string, params?: Params): string {
  const found = lookup(key);
  return format(typeof found === "string" ? found : msgid, params);
}

function counted(key: string, one: string, many: string, n: number, params?: Params): string {
  const found = lookup(key);
  let template: string;
  if (typeof found === "string") template = found;
  else if (found) template = found[Math.min(pluralIndex(n), found.length - 1)] || (Math.abs(n) === 1 ? one : many);
  else template = Math.abs(n) === 1 ? one : many;
  return format(template, { n, ...params });
}

/** A message in the reader's language: `t("Pass to {name}", { name: "Bo" })`. */
export function t(msgid: string, params?: Params): string {
  return singular(msgid, msgid, params);
}

/**
 * A message with plural forms chosen by `n` (also its placeholder `{n}`, unless `params` gives
 * another value): `tn("{n} roll", "{n} rolls", 3)`. Never `n === 1 ? … : …`.
 */
export function tn(one: string, many: string, n: number, params?: Params): string {
  return counted(one, one, many, n, params);
}

/** A message in a context (the same English in two roles translates apart): `tc("resource", "ore")`. */
export function tc(context: string, msgid: string, params?: Params): string {
  return singular(context + GLUE + msgid, msgid, params);
}

/** {@link tn} in a context: `tnc("cards", "{n} ore", "{n} ore", 2)`. */
export function tnc(context: string, one: string, many: string, n: number, params?: Params): string {
  return counted(context + GLUE + one, one, many, n, params);
}

/**
 * Items read as one list, as the language joins them (the same messages as Python's
 * `joined`): "a, b and c" (`"and"`), "a, b or c" (`"or"`), "a, b, c" (`"comma"`); `empty`
 * when there are none.
 */
export function joined(items: readonly string[], style: "and" | "or" | "comma" = "and", empty = ""): string {
  if (items.length === 0) return empty;
  let head = items[0];
  for (const item of items.slice(1, -1)) head = tc("list", "{head}, {item}", { head, item });
  if (items.length === 1) return head;
  const last = items[items.length - 1];
  if (style === "or") return tc("list", "{head} or {last}", { head, last });
  if (style === "comma") return tc("list", "{head}, {item}", { head, item: last });
  return tc("list", "{head} and {last}", { head, last });
}

/** The stand-in for the `i`-th node of {@link rich}: a character of Unicode's private use area. */
export function slot(i: number): string {
  return String.fromCharCode(0xe000 + i);
}

/**
 * A message holding elements (a name in bold, a number in its own style): the text of a
 * message whose placeholders were given {@link slot}s, as children, each slot replaced by its
 * node: `rich(t("{n} VP", { n: slot(0) }), [h("b", {}, "4")])`.
 */
export function rich(text: string, nodes: readonly (Node | string)[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i) - 0xe000;
    if (k < 0 || k >= nodes.length) continue;
    if (i > from) out.push(text.slice(from, i));
    out.push(nodes[k]);
    from = i + 1;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}
