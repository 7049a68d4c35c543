import { afterEach, describe, expect, it } from "vitest";
import { isolateNames, NAME_CLASS, nameEl, nameSpans, withNames } from "../names";
import { eventFromClick } from "../events";
import { h, s } from "../dom";
import { fakeModel } from "../fixtures/fake-model";
import { loadSample, sampleScenario, scenario, traitsOf, type SampleTraits } from "../fixtures/scenarios";
import widget from "../widget";

const ARABIC = "أحمد";
const LONG = "W".repeat(24);
const EMOJI = "🐑 Shepherd";
const HEBREW = "דוד";

const found = (text: string, names: string[]): string[] => nameSpans(text, names).map((sp) => text.slice(sp.start, sp.end));

describe("nameSpans", () => {
  it("finds every occurrence of every name, left to right", () => {
    const text = "Ada rolled 8 (5+3): Ada +2 lumber, Bo +2 ore";
    expect(nameSpans(text, ["Ada", "Bo"])).toEqual([
      { start: 0, end: 3, name: "Ada" },
      { start: 20, end: 23, name: "Ada" },
      { start: 35, end: 37, name: "Bo" },
    ]);
  });

  it("matches whole words only, possessives included", () => {
    expect(found("Bob gave Bo's wool to Bo.", ["Bo"])).toEqual(["Bo", "Bo"]);
    expect(found("Adam and Ada", ["Ada"])).toEqual(["Ada"]);
    expect(found("Round 7 · Cy's turn", ["Cy"])).toEqual(["Cy"]);
  });

  it("takes the longest name where several start at one place", () => {
    expect(found("Bo Li offers Bo 1 ore", ["Bo", "Bo Li"])).toEqual(["Bo Li", "Bo"]);
  });

  it("finds names in any script, emoji and combining marks included", () => {
    const names = [ARABIC, EMOJI, HEBREW, "Jose\u0301"];
    const text = `${ARABIC} traded 1 wool to ${EMOJI}, 2 ore from ${HEBREW}; Jose\u0301 waits`;
    expect(found(text, names)).toEqual([ARABIC, EMOJI, HEBREW, "Jose\u0301"]);
    // a name ending in a combining mark is not found inside a longer word
    expect(found("Jose\u0301s", ["Jose\u0301"])).toEqual([]);
    // a name starting with a symbol needs no word boundary before it
    expect(found(`x${EMOJI}`, [EMOJI])).toEqual([EMOJI]);
  });

  it("finds nothing without names or in text without them", () => {
    expect(nameSpans("Ada rolled", [])).toEqual([]);
    expect(nameSpans("Ada rolled", [""])).toEqual([]);
    expect(nameSpans("nobody rolled", ["Ada"])).toEqual([]);
  });
});

describe("nameEl and withNames", () => {
  it("isolates a name in a bdi with its whole name as title", () => {
    const el = nameEl(LONG);
    expect(el.tagName).toBe("BDI");
    expect(el.className).toBe(NAME_CLASS);
    expect(el.getAttribute("title")).toBe(LONG);
    expect(el.textContent).toBe(LONG);
  });

  it("splits a sentence into text and names", () => {
    const parts = withNames(`${ARABIC} gives 1 ore to Bo.`, [ARABIC, "Bo"]);
    expect(parts.map((p) => (typeof p === "string" ? p : `<${p.textContent}>`))).toEqual([`<${ARABIC}>`, " gives 1 ore to ", "<Bo>", "."]);
    expect(withNames("", ["Bo"])).toEqual([""]);
  });
});

describe("isolateNames", () => {
  it("wraps names in text, not in SVG, options or names already wrapped, and is idempotent", () => {
    const root = h(
      "div",
      {},
      h("p", {}, "Waiting for Bo."),
      h("select", {}, h("option", {}, "Bo")),
      s("svg", {}, s("title", {}, "Bo's road")),
      h("button", { "data-action": "confirm_trade", "data-seat": 1 }, "Bo"),
    );
    isolateNames(root, ["Bo"]);
    const once = root.innerHTML;
    expect(root.querySelectorAll(`.${NAME_CLASS}`)).toHaveLength(2);
    expect(root.querySelector("p")?.innerHTML).toBe('Waiting for <bdi class="cw-name" title="Bo">Bo</bdi>.');
    expect(root.querySelector("option")?.innerHTML).toBe("Bo");
    expect(root.querySelector("svg title")?.textContent).toBe("Bo's road");
    isolateNames(root, ["Bo"]);
    expect(root.innerHTML).toBe(once);
  });

  it("keeps a click on a wrapped name a click on its button", () => {
    const root = h("div", {}, h("button", { type: "button", "data-victim": 2 }, "Cy"));
    isolateNames(root, ["Cy"]);
    expect(eventFromClick(root.querySelector(`.${NAME_CLASS}`))).toEqual({ type: "victim", seat: 2 });
  });

  it("keeps a button's accessible name as its plain text", () => {
    const root = h("div", {}, h("button", { type: "button" }, "Bo, click  when ready"));
    isolateNames(root, ["Bo"]);
    const button = root.querySelector("button");
    expect(button?.querySelector(`.${NAME_CLASS}`)).not.toBeNull();
    expect(button?.getAttribute("aria-label")).toBe("Bo, click when ready");
    isolateNames(root, ["Bo"]);
    expect(button?.getAttribute("aria-label")).toBe("Bo, click when ready");
  });
});

describe("the widget isolates every name it prints", () => {
  let cleanup: (() => void) | null = null;
  afterEach(() => {
    cleanup?.();
    cleanup = null;
    document.body.innerHTML = "";
  });

  /** The sample with its players renamed: Ada → Arabic, Bo → 24 W's, Cy → emoji, Di → Hebrew. */
  const renamed = (traits: SampleTraits): SampleTraits => {
    const names: [RegExp, string][] = [[/\bAda\b/g, ARABIC], [/\bBo\b/g, LONG], [/\bCy\b/g, EMOJI], [/\bDi\b/g, HEBREW]];
    let text = JSON.stringify(traits);
    for (const [re, name] of names) text = text.replace(re, name);
    return JSON.parse(text) as SampleTraits;
  };
  const NAMES = [ARABIC, LONG, EMOJI, HEBREW];

  const mount = (traits: SampleTraits): HTMLElement => {
    const el = document.createElement("div");
    document.body.append(el);
    cleanup = widget.render({ model: fakeModel(traits), el });
    return el.querySelector(".catan-widget") as HTMLElement;
  };

  /** Text nodes outside SVG, options and wrapped names that still hold a player's name. */
  const bare = (root: Element): string[] => {
    const out: string[] = [];
    const walk = (node: Node): void => {
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType === Node.TEXT_NODE) {
          const text = (child as Text).data;
          if (NAMES.some((n) => text.includes(n))) out.push(text);
        } else if (child instanceof HTMLElement && !child.matches(`option, select, .${NAME_CLASS}`)) walk(child);
      }
    };
    walk(root);
    return out;
  };

  it("in the panels, banner, header and log", () => {
    const root = mount(renamed(traitsOf(loadSample())));
    expect(bare(root)).toEqual([]);
    const names = (sel: string): string[] => Array.from(root.querySelectorAll(`${sel} .${NAME_CLASS}`), (e) => e.textContent ?? "");
    expect(names(".cw-player-name")).toEqual(NAMES);
    // the viewer's own turn reads in the second person: no name in the banner or the header
    expect(root.querySelector(".cw-banner-text")?.textContent).toContain("Your turn");
    expect(names(".cw-banner-turn")).toEqual([]);
    expect(names(".cw-log-list").length).toBeGreaterThan(4);
    for (const el of Array.from(root.querySelectorAll(`.${NAME_CLASS}`))) expect(el.getAttribute("title")).toBe(el.textContent);
    // a menu lists names as plain text (an <option> holds no elements)
    expect(Array.from(root.querySelectorAll(".cw-view-select option"), (o) => o.textContent)).toEqual(expect.arrayContaining(NAMES));
  });

  it("in the dialogs: a trade, the robber's victims", () => {
    const trade = mount(renamed(traitsOf(scenario("trade"))));
    expect(trade.querySelector(".cw-dialog")).not.toBeNull();
    expect(bare(trade)).toEqual([]);
    expect(trade.querySelectorAll(`.cw-dialog .${NAME_CLASS}`).length).toBeGreaterThan(0);
    cleanup?.();
    document.body.innerHTML = "";
    const { traits, clicks } = sampleScenario("robber");
    const robber = mount(renamed(traits));
    for (const sel of clicks) robber.querySelector(sel)?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const victims = Array.from(robber.querySelectorAll(".cw-victim"));
    expect(victims.length).toBeGreaterThan(1);
    for (const v of victims) expect(v.querySelector(`.${NAME_CLASS}`)?.textContent).toBe(v.textContent);
    expect(bare(robber)).toEqual([]);
  });

  it("after an update redraws the panels", () => {
    const traits = renamed(traitsOf(loadSample()));
    const el = document.createElement("div");
    document.body.append(el);
    const model = fakeModel(traits);
    cleanup = widget.render({ model, el });
    const state = model.get("state") as SampleTraits["state"];
    model.set("state", { ...state, version: state.version + 1, log: [...state.log, `${EMOJI} rolled 6 (3+3): ${HEBREW} +1 wool`] });
    return new Promise<void>((done) => {
      setTimeout(() => {
        const root = el.querySelector(".catan-widget") as HTMLElement;
        expect(bare(root)).toEqual([]);
        const last = root.querySelector(".cw-log-list li:last-child");
        expect(Array.from(last?.querySelectorAll(`.${NAME_CLASS}`) ?? [], (e) => e.textContent)).toEqual([EMOJI, HEBREW]);
        done();
      }, 0);
    });
  });
});
