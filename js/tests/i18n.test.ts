import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../widget";
import { fakeModel } from "../fixtures/fake-model";
import { fakeSockets } from "../fixtures/fake-socket";
import { loadSample, traitsOf } from "../fixtures/scenarios";
import { chooseLanguage, format, joined, lang, languages, num, pluralIndex, rich, setWords, slot, t, tc, tn, tnc, type WordsTable } from "../i18n";
import { amountWords, cardsWords, hexPlace } from "../labels";
import { linkNotice } from "../presence";
import { RemoteModel } from "../remote";
import { PAGE_WORDS, pageTable } from "../table-page";

/** Russian's plural rule, as gettext writes it: one (1, 21, 101…), few (2–4, 22–24…), many. */
function ruPlural(n: number): number {
  if (n % 10 === 1 && n % 100 !== 11) return 0;
  if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)) return 1;
  return 2;
}

/** The `plural` string of a words table: the form of n = 0..199 (what Python sends). */
const RU_PLURAL = Array.from({ length: 200 }, (_, n) => String(ruPlural(n))).join("");

function ru(messages: WordsTable["messages"] = {}): WordsTable {
  return {
    language: "ru",
    messages,
    plural: RU_PLURAL,
    decimal: ",",
    group: "\u00a0",
    languages: [["en", "English"], ["ru", "Русский"], ["en-XA", "Pseudo (en-XA)"]],
  };
}

const S = loadSample();

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
  setWords(null);
});

describe("messages", () => {
  it("fill named placeholders, numbers written as the language writes them", () => {
    expect(t("Pass to {name}", { name: "Bo" })).toBe("Pass to Bo");
    expect(t("{a} and {b}, {a} again", { a: "x", b: 2 })).toBe("x and 2, x again");
    expect(t("Missing {name} stays", {})).toBe("Missing {name} stays");
    expect(format("{{literal}} {n}", { n: 1 })).toBe("{literal} 1");
    setWords(ru({ "Pass to {name}": "Передать: {name}", "{n} VP": "{n} ПО" }));
    expect(t("Pass to {name}", { name: "Бо" })).toBe("Передать: Бо");
    expect(t("{n} VP", { n: 12345 })).toBe("12\u00a0345 ПО");
    expect(t("{n} VP", { n: 1.5 })).toBe("1,5 ПО");
  });

  it("choose the plural form by the language's table, n ≥ 200 by n % 100 + 100", () => {
    expect(RU_PLURAL.slice(0, 12)).toBe("201112222222");
    setWords(ru({ "{n} roll": ["{n} бросок", "{n} броска", "{n} бросков"] }));
    const rolls = (n: number): string => tn("{n} roll", "{n} rolls", n);
    expect([1, 2, 5, 11, 12, 21, 22, 25, 0].map(rolls)).toEqual([
      "1 бросок", "2 броска", "5 бросков", "11 бросков", "12 бросков", "21 бросок", "22 броска", "25 бросков", "0 бросков",
    ]);
    expect([101, 111, 112, 121, 200, 201, 211, 1001, 1002, 1011].map(pluralIndex)).toEqual([0, 2, 2, 0, 2, 0, 2, 0, 1, 2]);
    expect(rolls(10001)).toBe("10\u00a0001 бросок");
    // a count given as another value keeps choosing the form by n
    expect(tn("{n} roll", "{n} rolls", 2, { n: "two" })).toBe("two броска");
  });

  it("key a message with a context apart from the same English without one", () => {
    setWords(ru({ "resource\u0004ore": "руда", ore: "не то", "cards\u0004{n} ore": ["{n} руда", "{n} руды", "{n} руды"] }));
    expect(tc("resource", "ore")).toBe("руда");
    expect(t("ore")).toBe("не то");
    expect(tnc("cards", "{n} ore", "{n} ore", 3)).toBe("3 руды");
    expect(amountWords("ore", 21)).toBe("21 руда");
  });

  it("fall back to English: a missing message is its msgid, its plural by English's rule", () => {
    setWords(ru({ Other: "Другое" }));
    expect(t("Loading the game…")).toBe("Loading the game…");
    expect(tn("{n} roll", "{n} rolls", 1)).toBe("1 roll");
    expect(tn("{n} roll", "{n} rolls", 21)).toBe("21 rolls");
    expect(tc("resource", "wool")).toBe("wool");
    expect(tnc("cards", "{n} wool", "{n} wool", 2)).toBe("2 wool");
    for (const broken of [null, undefined, {}, "ru", [], { messages: [] }]) {
      setWords(broken);
      expect(lang()).toBe("en");
      expect(t("Pass to {name}", { name: "Bo" })).toBe("Pass to Bo");
      expect(num(12345.5, 1)).toBe("12,345.5");
    }
  });

  it("show a pseudo table's strings as given, and what escaped it as plain English", () => {
    setWords({ ...ru({ "Pass to {name}": "[Þåšš ţö {name} ·····]", "{n} roll": ["[{n} ŕöļļ ···]", "[{n} ŕöļļš ···]"] }), language: "en-XA", plural: "" });
    expect(t("Pass to {name}", { name: "Bo" })).toBe("[Þåšš ţö Bo ·····]");
    expect(tn("{n} roll", "{n} rolls", 3)).toBe("[3 ŕöļļš ···]");
    expect(t("Escaped")).toBe("Escaped");
    expect(lang()).toBe("en-XA");
  });

  it("join lists with the list messages Python uses", () => {
    expect(joined([])).toBe("");
    expect(joined(["a"])).toBe("a");
    expect(joined(["a", "b", "c"])).toBe("a, b and c");
    expect(joined(["a", "b"], "or")).toBe("a or b");
    expect(joined(["a", "b", "c"], "comma", "none")).toBe("a, b, c");
    expect(cardsWords({ ore: 1, wool: 2 })).toBe("2 wool, 1 ore");
    expect(cardsWords({})).toBe("nothing");
    setWords(ru({ "list\u0004{head} and {last}": "{head} и {last}" }));
    expect(joined(["a", "b", "c"])).toBe("a, b и c");
  });

  it("name a hex as Python does: its terrain and number, the desert by its terrain", () => {
    const hx = S.board.hexes.find((x) => x.number === 8) ?? S.board.hexes[0];
    expect(hexPlace(hx)).toBe(`${hx.terrain} ${hx.number}`);
    const desert = S.board.hexes.find((x) => x.terrain === "desert");
    if (desert) expect(hexPlace(desert)).toBe("desert");
    expect(hexPlace({ ...hx, name: "Python's name" })).toBe("Python's name");
  });
});

describe("numbers", () => {
  it("write the decimal sign, and group from 10 000 on", () => {
    expect([num(0), num(7), num(1234), num(12345), num(-1234567), num(2.5), num(2.25, 1), num(1 / 3), num(-0.04, 1)]).toEqual([
      "0", "7", "1234", "12,345", "-1,234,567", "2.5", "2.3", "0.333", "0.0",
    ]);
    setWords(ru());
    expect([num(1234), num(12345), num(1234567.25, 2), num(0.5), num(-12.5, 1)]).toEqual(["1234", "12\u00a0345", "1\u00a0234\u00a0567,25", "0,5", "-12,5"]);
  });
});

describe("helpers", () => {
  it("put elements in a message where its placeholders are", () => {
    const b = document.createElement("b");
    b.textContent = "Bo";
    const parts = rich(t("{name} accepts", { name: slot(0) }), [b]);
    expect(parts).toEqual([b, " accepts"]);
    setWords(ru({ "{name} accepts": "Ответ {name}: да" }));
    expect(rich(t("{name} accepts", { name: slot(0) }), [b])).toEqual(["Ответ ", b, ": да"]);
  });

  it("choose the reader's language among those there are", () => {
    expect(chooseLanguage(["ru-RU", "en"], ["en", "ru", "uk"])).toBe("ru");
    expect(chooseLanguage(["pt-BR", "uk_UA"], ["en", "ru", "uk"])).toBe("uk");
    expect(chooseLanguage(["EN-xa"], ["en", "en-XA"])).toBe("en-XA");
    expect(chooseLanguage(["fr"], ["en", "ru"])).toBeNull();
  });

  it("list the languages there are, each in its own words", () => {
    expect(languages()).toEqual([]);
    setWords(ru());
    expect(languages().map(([code]) => code)).toEqual(["en", "ru", "en-XA"]);
  });
});

describe("the widget in a language", () => {
  const RU = ru({
    "Roll dice": "Бросить кубики",
    "Language": "Язык",
    "Loading the game…": "Загрузка игры…",
    "Catan board": "Поле Катана",
  });

  function mount(words: WordsTable | null) {
    const model = fakeModel({ ...traitsOf(loadSample()), words, language: words?.language ?? "" });
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(widget.render({ model, el }));
    return { model, root: el.querySelector(".catan-widget") as HTMLElement };
  }

  it("draws every word from the words trait, and says its language", () => {
    const { root } = mount(RU);
    expect(root.getAttribute("lang")).toBe("ru");
    expect(root.querySelector('.cw-actions button[data-action="roll"] .cw-btn-label')?.textContent).toBe("Бросить кубики");
    expect(root.querySelector(".cw-waiting")?.textContent).toBe("Загрузка игры…");
    expect(root.querySelector("svg.cw-board")?.getAttribute("aria-label")).toBe("Поле Катана");
  });

  it("offers a Language menu naming each language in its own words, which sets `language`", () => {
    const { root, model } = mount(RU);
    const menu = root.querySelector("select.cw-language-select") as HTMLSelectElement;
    expect([...menu.options].map((o) => [o.value, o.textContent, o.getAttribute("lang")])).toEqual([
      ["en", "English", "en"], ["ru", "Русский", "ru"], ["en-XA", "Pseudo (en-XA)", "en-XA"],
    ]);
    expect(menu.value).toBe("ru");
    expect(menu.closest("label")?.textContent?.startsWith("Язык")).toBe(true);
    const saves = model.saves();
    menu.value = "en-XA";
    menu.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("language")).toBe("en-XA");
    expect(model.saves()).toBe(saves + 1);
  });

  it("has no Language menu before Python sends the languages", () => {
    const { root } = mount(null);
    expect(root.getAttribute("lang")).toBe("en");
    expect(root.querySelector("select.cw-language-select")).toBeNull();
  });

  it("draws everything again when the words change", async () => {
    const { root, model } = mount(null);
    const label = () => root.querySelector('.cw-actions button[data-action="roll"] .cw-btn-label')?.textContent;
    expect(label()).toBe("Roll dice");
    model.set("words", RU);
    await new Promise((r) => setTimeout(r, 0));
    expect(label()).toBe("Бросить кубики");
    expect(root.getAttribute("lang")).toBe("ru");
    expect(root.querySelector("svg.cw-board")?.getAttribute("aria-label")).toBe("Поле Катана");
  });
});

describe("a table's words", () => {
  const BUNDLED = { ru: { "Connecting to the table…": "Подключение к столу…", "Catan table": "Стол Катана" }, pl: {} };

  it("are the page's bundled words in the browser's first language there is, English otherwise", () => {
    expect(pageTable(["fr", "ru-RU"], BUNDLED)).toMatchObject({ language: "ru", messages: BUNDLED.ru });
    expect(pageTable(["en-GB", "ru"], BUNDLED)).toMatchObject({ language: "en", messages: {} });
    expect(pageTable([], BUNDLED).language).toBe("en");
    setWords(pageTable(["ru"], BUNDLED));
    expect(PAGE_WORDS.title()).toBe("Стол Катана");
    expect(PAGE_WORDS.noToken()).toBe("This link has no seat token: ask the host for your link again.");
  });

  it("come from the welcome, which is asked for the reader's language", () => {
    const sockets = fakeSockets();
    const first = pageTable(["uk", "ru"], BUNDLED);
    const model = new RemoteModel({ url: "ws://x/ws/t1", token: "k" }, { socket: sockets.open, setTimer: () => 0, clearTimer: () => {}, words: first, languages: ["uk", "ru"] });
    expect(model.get("words")).toBe(first);
    const ws = sockets.last();
    ws.accept();
    const english = { ...ru(), language: "en", plural: "", decimal: ".", group: "," };
    ws.deliver({ type: "welcome", seat: 0, role: "player", table: "t1", board: S.board, language: "en", words: english });
    expect(model.get("words")).toEqual(english);
    expect(ws.sent[ws.sent.length - 1]).toEqual({ type: "language", language: "ru" });
    const russian = ru();
    ws.deliver({ type: "welcome", seat: 0, role: "player", table: "t1", board: S.board, language: "ru", words: russian });
    expect(model.get("words")).toEqual(russian);
    expect(model.get("language")).toBe("ru");
    expect(ws.sent.filter((f) => f.type === "language")).toHaveLength(1);
    // the menu's choice wins over the browser's
    model.set("language", "en-XA");
    model.save_changes();
    expect(ws.sent[ws.sent.length - 1]).toEqual({ type: "language", language: "en-XA" });
    model.close();
  });

  it("ask nothing of a table that sends no words", () => {
    const sockets = fakeSockets();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const model = new RemoteModel({ url: "ws://x/ws/t1", token: "k" }, { socket: sockets.open, setTimer: () => 0, clearTimer: () => {}, languages: ["ru"] });
    const ws = sockets.last();
    ws.accept();
    ws.deliver({ type: "welcome", seat: 0, role: "player", table: "t1", board: S.board });
    expect(ws.sent.filter((f) => f.type === "set")).toEqual([]);
    expect(model.get("words")).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    model.close();
  });
});

describe("every word the widget shows", () => {
  /** Each message bracketed: what shows without brackets escaped the catalogue (or is Python's). */
  const BRACKETED = {
    language: "en-XA",
    messages: new Proxy({}, { get: (_target, key) => (typeof key === "string" ? `⟦${key.split("\u0004").pop()}⟧` : undefined) }),
    plural: "",
    decimal: ".",
    group: ",",
    languages: [["en", "English"], ["en-XA", "Pseudo"]],
  };

  /** Every string in `value` (Python's words: the log, the prompt, the reasons, the names…). */
  function strings(value: unknown, out: string[] = []): string[] {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
    else if (value && typeof value === "object") Object.values(value).forEach((v) => strings(v, out));
    return out;
  }

  const SCENARIOS = ["main", "build", "settle", "robber", "discard", "trade", "confirm", "yop", "offer", "maritime", "setup", "error", "teacher", "bot", "over", "handover", "hint"];

  it.each(SCENARIOS)("comes from the catalogue or from Python (%s)", async (name) => {
    const { sampleScenario } = await import("../fixtures/scenarios");
    const own = ["over", "handover", "hint"].includes(name);
    const { traits, clicks } = sampleScenario(own ? "main" : name);
    const timeline = { length: 40, turns: [0, 16, 25], marks: { roll: [17], build: [2], robber: [30] }, locked: false };
    const extra: Record<string, unknown> = { words: BRACKETED, show_counting: true, bots_paused: name === "bot", timeline, replay_at: name === "main" ? 20 : null };
    if (name === "over") {
      traits.state = { ...traits.state, phase: "game_over", winner: 0 };
      const line = { name: "Ada", settlements: 2, cities: 6, longest_road: 2, largest_army: 0, vp_cards: 0, total: 10, produced: 40, expected: 37.5, luck: 2.5 };
      extra.summary = { players: traits.state.players.map((p) => ({ ...line, name: p.name })), turns: [0, 10, 20], vp: traits.state.players.map(() => [2, 5, 10]), winner: 0, vp_to_win: 10 };
    }
    if (name === "handover") traits.state = { ...traits.state, handover: { seat: 1, name: "Bo" } };
    if (name === "hint") extra.hint = { seat: 0, action: { kind: "roll" }, reason: "roll first", version: traits.state.version };
    const model = fakeModel({ ...traits, ...extra });
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(widget.render({ model, el }));
    for (const sel of clicks) el.querySelector(sel)?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const python = strings([traits.board, traits.state, traits.legal, BRACKETED.languages, extra.summary, extra.hint]);
    const fromPython = (text: string): boolean => text.split("\n").every((line) => python.some((s) => s.includes(line.trim())));
    const shown = (text: string): boolean => !text || !/\p{L}{2,}/u.test(text) || text.includes("⟦") || fromPython(text);
    const escaped: string[] = [];
    const check = (text: string | null | undefined, whole?: string | null): void => {
      const words = (text ?? "").trim();
      // a piece of a message around an element (a name, a number in bold): the message is whole around it
      if (!shown(words) && !(whole && (whole.trim().startsWith("⟦") || whole.includes("⟧")) && shown(whole.trim()))) escaped.push(words);
    };
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (parent?.closest("style, kbd, .cw-ids")) continue;
        check(node.textContent, parent?.textContent);
      } else {
        const e = node as Element;
        check(e.getAttribute("title"));
        check(e.getAttribute("aria-label"));
        check(e.getAttribute("data-reason"));
      }
    }
    expect(escaped).toEqual([]);
    const drawn: Record<string, string> = { over: ".cw-summary-table", handover: ".cw-handover", hint: ".cw-hint-text", main: ".cw-replay", confirm: ".cw-responses", discard: ".cw-steppers" };
    if (drawn[name]) expect(el.querySelector(drawn[name])).not.toBeNull();
  });

  it("comes from the catalogue on a table's link too", () => {
    setWords(BRACKETED);
    for (const state of ["connecting", "reconnecting", "closed"] as const) {
      expect(linkNotice({ state, reason: null })?.textContent).toMatch(/^⟦.*⟧$/);
    }
  });
});
