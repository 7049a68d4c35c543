import { describe, expect, it } from "vitest";
import * as panels from "../panels";
import { players, togglePlayer } from "../players";
import { loadSample, sampleScenario, scenario } from "../fixtures/scenarios";
import { fakeModel } from "../fixtures/fake-model";
import widget from "../widget";

describe("player panels", () => {
  it("shows one panel per player, the acting one marked", () => {
    const { state, board } = loadSample();
    const el = players(state, board, "line");
    const ps = el.querySelectorAll(".cw-player");
    expect(ps).toHaveLength(4);
    expect(el.querySelector(".cw-player.cw-current")?.getAttribute("data-seat")).toBe("0");
    expect(el.querySelector(".cw-player.cw-turn")?.getAttribute("data-seat")).toBe("0");
    expect((ps[1] as HTMLElement).style.getPropertyValue("--cw-player")).toBe("#D55E00");
    expect(ps[0].querySelector(".cw-player-name")?.textContent).toBe("Ada");
    expect(ps[1].querySelector(".cw-tag")?.textContent).toBe("bot");
  });

  it("hidden hands show a count only", () => {
    const { state, board } = loadSample();
    state.players[1].dev_count = 1;
    const bo = players(state, board, "line").querySelector('.cw-player[data-seat="1"]') as HTMLElement;
    const hand = bo.querySelector(".cw-hand") as HTMLElement;
    expect(hand.getAttribute("data-hidden")).toBe("true");
    expect(hand.querySelectorAll("[data-resource]")).toHaveLength(0);
    expect(hand.querySelector(".cw-count")?.textContent).toBe(`× ${state.players[1].resource_count}`);
    expect(bo.querySelector(".cw-dev")?.textContent).toBe("1 development card");
  });

  it("a visible hand shows every resource with its count", () => {
    const { state, board } = loadSample();
    const ada0 = state.players[0];
    ada0.dev_cards = { knight: 1, year_of_plenty: 1 };
    ada0.dev_new = { year_of_plenty: 1 };
    const ada = players(state, board, "line").querySelector('.cw-player[data-seat="0"]') as HTMLElement;
    const res = [...ada.querySelectorAll(".cw-hand [data-resource]")];
    expect(res.map((r) => r.getAttribute("data-resource"))).toEqual(["lumber", "brick", "wool", "grain", "ore"]);
    const own = ada0.resources ?? { lumber: 0, brick: 0, wool: 0, grain: 0, ore: 0 };
    expect(res.map((r) => r.querySelector("b")?.textContent)).toEqual([own.lumber, own.brick, own.wool, own.grain, own.ore].map(String));
    const dev = [...ada.querySelectorAll(".cw-dev-card")].map((d) => d.getAttribute("data-dev"));
    expect(dev).toEqual(["knight", "year_of_plenty"]);
    expect(ada.querySelector('[data-dev="year_of_plenty"] i')?.textContent).toBe("new");
  });

  it("the teacher view shows every hand", () => {
    const { state, board } = scenario("teacher");
    expect(players(state, board, "line").querySelectorAll('.cw-hand[data-hidden="false"]')).toHaveLength(4);
  });

  it("shows VP, badges, knights, road length and pieces left", () => {
    const { state, board } = loadSample();
    Object.assign(state.players[1], { vp: 4, largest_army: true, longest_road: false, knights_played: 3, road_length: 2, pieces: { roads: 12, settlements: 3, cities: 4 } });
    Object.assign(state.players[2], { longest_road: true });
    const el = players(state, board, "line");
    const bo = el.querySelector('.cw-player[data-seat="1"]') as HTMLElement;
    expect(bo.querySelector(".cw-vp b")?.textContent).toBe("4");
    expect(bo.querySelector(".cw-player-more .cw-badge-army")?.textContent).toBe("Largest Army");
    expect(bo.querySelector(".cw-player-more .cw-badge-army")?.getAttribute("title")).toBe("Largest Army: 2 VP"); // Python's words
    // on the line, a mark whose words are its title
    expect(bo.querySelector(".cw-player-head .cw-badge-army")?.getAttribute("aria-label")).toBe("Largest Army: 2 VP");
    expect(bo.querySelector(".cw-badge-road")).toBeNull();
    expect(el.querySelector('.cw-player[data-seat="2"] .cw-badge-road')).not.toBeNull();
    expect(bo.querySelector(".cw-stats")?.textContent).toContain("Knights 3");
    expect(bo.querySelector(".cw-stats")?.textContent).toContain("Road 2");
    expect(bo.querySelector(".cw-pieces")?.textContent).toBe("1234");
  });

  it("words the special cards as the board trait does, with nothing of its own", () => {
    const { state, board } = loadSample();
    Object.assign(state.players[0], { longest_road: true });
    board.special_cards.longest_road = { name: "Route", title: "Route: worth two" };
    const badge = players(state, board, "line").querySelector('.cw-player[data-seat="0"] .cw-player-more .cw-badge-road');
    expect(badge?.textContent).toBe("Route");
    expect(badge?.getAttribute("title")).toBe("Route: worth two");
  });

  it("a line says the cards held as counts and opens on a click", () => {
    const { state, board } = loadSample();
    Object.assign(state.players[1], { dev_count: 2, discard: 3 });
    const open = new Set<number>();
    const bo = players(state, board, "line", open).querySelector('.cw-player[data-seat="1"]') as HTMLElement;
    expect(bo.querySelector("[data-count='resources'] b")?.textContent).toBe(String(state.players[1].resource_count));
    expect(bo.querySelector("[data-count='dev']")?.getAttribute("title")).toBe("2 development cards");
    expect(bo.querySelector(".cw-brief-discard")?.getAttribute("title")).toBe("Must discard 3 cards");
    expect((bo.querySelector(".cw-player-more") as HTMLElement).hidden).toBe(true);
    const head = bo.querySelector(".cw-player-head") as HTMLElement;
    expect(head.getAttribute("title")).toBe("Show this player's cards and pieces");
    expect(togglePlayer(open, head.querySelector(".cw-player-name"))).toBe(true);
    expect([...open]).toEqual([1]);
    const opened = players(state, board, "line", open).querySelector('.cw-player[data-seat="1"]') as HTMLElement;
    expect((opened.querySelector(".cw-player-more") as HTMLElement).hidden).toBe(false);
    expect(togglePlayer(open, head)).toBe(true);
    expect(open.size).toBe(0);
    expect(togglePlayer(open, bo.querySelector(".cw-player-more"))).toBe(false);
  });

  it("marks the winner", () => {
    const { state, board } = loadSample();
    state.winner = 2;
    const el = players(state, board, "line");
    expect(el.querySelector(".cw-player.cw-winner")?.getAttribute("data-seat")).toBe("2");
    expect(el.querySelectorAll(".cw-player-head .cw-badge-winner")).toHaveLength(1);
    expect(el.querySelectorAll(".cw-player-more .cw-badge-winner")).toHaveLength(1);
  });

  it("says who must discard", () => {
    const { state, board } = scenario("discard");
    const who = state.players.filter((p) => (p.discard ?? 0) > 0);
    expect(who.length).toBeGreaterThan(0);
    expect(players(state, board, "line").querySelectorAll(".cw-must-discard")).toHaveLength(who.length);
    // the viewer is named "you" in the list (the second person, chosen by seat)
    const named = who.map((p) => `${p.seat === state.viewer ? "you" : p.name} (${p.discard})`);
    expect(panels.bannerText(state)).toBe(`A 7! Discarding: ${named.join(", ")}`);
  });
});

describe("banner", () => {
  it("shows the engine's sentence (state.prompt) and the round in the header", () => {
    const x = loadSample();
    expect(x.state.prompt).toBe("Your turn — build, trade or end the turn");
    expect(panels.bannerText(x.state)).toBe(x.state.prompt);
    x.state.prompt = "Bo offers you 1 ore for 1 wool — accept, decline or counter";
    const el = panels.banner(x.state, x.board);
    expect(el.querySelector(".cw-banner-text")?.textContent).toBe("Bo offers you 1 ore for 1 wool — accept, decline or counter");
    expect(el.querySelector(".cw-banner-turn")?.textContent).toBe(x.state.heading);
    expect(x.state.heading).toMatch(/^Round \d+ · Your turn$/);
  });

  it("says Setup before the first roll, Your turn to You, and only the round at the end", () => {
    const x = scenario("setup");
    expect(panels.roundText(x.state)).toBe("Setup · Your turn");
    const y = loadSample();
    y.state.phase = "game_over";
    y.state.winner = 2;
    const el = panels.banner(y.state, y.board);
    expect(el.getAttribute("data-phase")).toBe("game_over");
    expect(el.style.getPropertyValue("--cw-player")).toBe("#009E73");
  });
});

describe("resource names", () => {
  it("every resource card in hands and the bank is named on hover and for screen readers", () => {
    const { state, board } = loadSample();
    const cards = [...players(state, board, "line").querySelectorAll(".cw-card"), ...panels.bank(state).querySelectorAll(".cw-card")];
    expect(cards.length).toBeGreaterThanOrEqual(10);
    for (const card of cards) {
      const label = card.getAttribute("aria-label") ?? "";
      expect(label).toMatch(/^\d+ (lumber|brick|wool|grain|ore)( in the bank)?$/);
      expect(card.getAttribute("role")).toBe("img");
      expect(card.querySelector("title")?.textContent).toBe(label);
    }
    const bankOre = panels.bank(state).querySelector("[data-resource='ore'] .cw-card");
    expect(bankOre?.getAttribute("aria-label")).toBe(`${state.bank.ore} ore in the bank`);
  });

  it("names the resources of every dialog (bank trade, discard, trade offer)", () => {
    for (const name of ["maritime", "discard", "offer"]) {
      const { traits, clicks } = sampleScenario(name);
      const el = document.createElement("div");
      document.body.append(el);
      const cleanup = widget.render({ model: fakeModel(traits), el });
      for (const sel of clicks) el.querySelector(sel)?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      const cards = [...el.querySelectorAll(".cw-dialog .cw-card")];
      expect(cards.length, name).toBeGreaterThanOrEqual(5);
      for (const card of cards) {
        expect(card.getAttribute("aria-label"), name).toMatch(/lumber|brick|wool|grain|ore/);
        expect(card.querySelector("title")?.textContent).toBe(card.getAttribute("aria-label"));
      }
      cleanup();
      el.remove();
    }
  });
});

describe("bank, dice, histogram, log, toast", () => {
  it("lists the bank", () => {
    const { state } = loadSample();
    const el = panels.bank(state);
    expect(el.querySelector('[data-resource="ore"] b')?.textContent).toBe(String(state.bank.ore));
    expect(el.querySelector('[data-resource="dev_cards"] b')?.textContent).toBe(String(state.bank.dev_cards));
  });

  it("draws the last dice as two faces with pips", () => {
    const { state } = loadSample();
    state.dice = [4, 2];
    const el = panels.dice(state);
    const dice = el.querySelectorAll(".cw-die");
    expect([...dice].map((d) => d.getAttribute("data-value"))).toEqual(["4", "2"]);
    expect(dice[0].querySelectorAll("circle")).toHaveLength(4);
    expect(dice[1].querySelectorAll("circle")).toHaveLength(2);
    expect(el.querySelector(".cw-dice-sum")?.getAttribute("data-sum")).toBe("6");
    state.dice = null;
    expect(panels.dice(state).querySelectorAll(".cw-die")).toHaveLength(0);
  });

  it("draws 11 histogram bars from dice_counts with the expected line", () => {
    const { state } = loadSample();
    const el = panels.histogram(state);
    const bars = el.querySelectorAll(".cw-bar");
    expect(bars).toHaveLength(11);
    expect([...bars].map((b) => Number(b.getAttribute("data-count")))).toEqual(state.dice_counts);
    expect(el.getAttribute("data-rolls")).toBe(String(state.dice_counts.reduce((a, b) => a + b, 0)));
    expect(el.querySelectorAll(".cw-expected")).toHaveLength(1);
    const h7 = Number(bars[5].getAttribute("height"));
    const h2 = Number(bars[0].getAttribute("height"));
    expect(h7).toBeGreaterThan(h2);
    state.dice_counts = state.dice_counts.map(() => 0);
    expect(panels.histogram(state).querySelectorAll(".cw-expected")).toHaveLength(0);
  });

  it("lists the log oldest first", () => {
    const { state } = loadSample();
    const items = panels.log(state).querySelectorAll("li");
    expect(items).toHaveLength(state.log.length);
    expect(items[items.length - 1].textContent).toBe(state.log[state.log.length - 1]);
  });

  it("shows state.error as a toast until dismissed for that version", () => {
    const { state } = scenario("error");
    const t = panels.toast(state, null);
    expect(t?.querySelector(".cw-toast-text")?.textContent).toContain("too close");
    expect(t?.getAttribute("role")).toBe("alert");
    expect(panels.toast(state, state.version)).toBeNull();
    state.error = null;
    expect(panels.toast(state, null)).toBeNull();
  });

  it("in hot-seat offers only the acting human's view (every seat with the teacher's view)", () => {
    const { state, settings } = loadSample();
    state.players[1].kind = "human";
    state.current = 0;
    const options = (): string[] => [...(panels.viewControls(state, settings).querySelector('select[data-setting="view"]') as HTMLSelectElement).options].map((o) => o.value);
    expect(options()).toEqual(["auto", "0"]);
    state.handover = { seat: 1, name: state.players[1].name };
    expect(options()).toEqual(["auto"]);
    state.handover = null;
    state.viewer = -1;
    expect(options()).toEqual(["auto", "-1", "0", "1", "2", "3"]);
  });

  it("at the end every player's VP is the final total (hidden points included)", () => {
    const { state, board } = loadSample();
    state.players[0].vp = 9;
    state.players[0].vp_hidden = 1;
    const vp = (): string | null | undefined => players(state, board, "line").querySelector('.cw-player[data-seat="0"] .cw-vp')?.textContent;
    expect(vp()).toBe("9+1 VP");
    state.phase = "game_over";
    state.winner = 0;
    expect(vp()).toBe("10 VP");
  });

  it("the hot-seat hand-over screen names the next human and sets ready_seat", () => {
    const { state } = loadSample();
    expect(panels.handover(state)).toBeNull();
    state.handover = { seat: 1, name: "Bo" };
    const el = panels.handover(state) as HTMLElement;
    expect(el.querySelector(".cw-handover-title")?.textContent).toBe("Pass to Bo");
    const button = el.querySelector("button") as HTMLElement;
    expect(button.textContent).toBe("Bo, click when ready");
    expect(button.getAttribute("data-setting")).toBe("ready_seat");
    expect(button.getAttribute("data-value")).toBe("1");
  });

  it("offers the teacher view and every seat in the view selector, showing the view trait", () => {
    const { state, settings } = loadSample();
    const el = panels.viewControls(state, settings);
    const sel = el.querySelector('select[data-setting="view"]') as HTMLSelectElement;
    expect([...sel.options].map((o) => o.value)).toEqual(["auto", "-1", "0", "1", "2", "3"]);
    expect(sel.value).toBe("auto");
    expect((panels.viewControls(state, { ...settings, view: 2 }).querySelector("select") as HTMLSelectElement).value).toBe("2");
    const pips = el.querySelector('[data-setting="show_pips"]');
    expect(pips?.getAttribute("aria-pressed")).toBe("false");
    expect(pips?.getAttribute("data-value")).toBe("true");
    const on = panels.viewControls(state, { ...settings, show_pips: true }).querySelector('[data-setting="show_pips"]');
    expect([on?.getAttribute("aria-pressed"), on?.getAttribute("data-value")]).toEqual(["true", "false"]);
  });

  it("offers a bot pace selector only when bots play", () => {
    const { state, settings } = loadSample();
    const pace = (s = settings): HTMLSelectElement | null => panels.viewControls(state, s).querySelector('select[data-setting="bot_delay"]');
    expect(pace()?.value).toBe(String(settings.bot_delay));
    expect(pace({ ...settings, bot_delay: 1.5 })?.value).toBe("1.5");
    state.players.forEach((p) => (p.kind = "human"));
    expect(pace()).toBeNull();
  });

  it("offers the theme setting", () => {
    const { state, settings } = loadSample();
    const theme = (t: "auto" | "dark") => panels.viewControls(state, { ...settings, theme: t }).querySelector('select[data-setting="theme"]') as HTMLSelectElement;
    expect([...theme("auto").options].map((o) => o.value)).toEqual(["auto", "light", "dark"]);
    expect(theme("auto").value).toBe("auto");
    expect(theme("dark").value).toBe("dark");
  });

  it("a transient note says why a control is disabled", () => {
    expect(panels.note(null)).toBeNull();
    const n = panels.note("You have already rolled.");
    expect(n?.textContent).toBe("You have already rolled.");
    expect(n?.getAttribute("role")).toBe("status");
  });
});
