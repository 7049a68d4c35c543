import { afterEach, describe, expect, it } from "vitest";
import { seatLetters } from "../cues";
import { fakeModel } from "../fixtures/fake-model";
import { loadSample, scenario, traitsOf } from "../fixtures/scenarios";
import { initialUi } from "../interaction";
import { normalizeLegal } from "../legal";
import { cardRow, gainsOf, handSeat, handStrip, legend, paidHexes, rollBox, rollCount } from "../table";
import type { Ctx, Legal } from "../types";
import widget from "../widget";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
});

function ctxOf(name = "main", edit?: (l: Legal) => void): Ctx {
  const x = name === "main" ? loadSample() : scenario(name);
  const legal = normalizeLegal(x.legal);
  edit?.(legal);
  return { state: x.state, legal, settings: x.settings };
}

describe("the roll on the table", () => {
  it("counts the rolls and reads what each seat got, in seat order", () => {
    const { state } = loadSample();
    expect(rollCount(state)).toBe(state.dice_counts.reduce((a, b) => a + b, 0));
    expect(gainsOf(state)).toEqual([
      [0, [["lumber", 2]]],
      [1, [["ore", 2]]],
      [3, [["ore", 1]]],
    ]);
    expect(gainsOf({ roll: null })).toEqual([]);
    expect(gainsOf({ roll: [0, [], { "2": {} }] })).toEqual([]);
  });

  it("lights the paid hexes during the roller's turn only", () => {
    const { state } = loadSample();
    expect(paidHexes(state)).toEqual([11, 12]);
    expect(paidHexes({ ...state, turn_player: 1 })).toEqual([]);
  });

  it("draws two large dice, the sum and a gain per seat in its colour; a new roll tumbles in", () => {
    const { state, board } = loadSample();
    const box = rollBox(state, board, true);
    expect(box.classList.contains("cw-rolling")).toBe(true);
    const dice = box.querySelectorAll(".cw-die");
    expect(dice).toHaveLength(2);
    expect(Number(dice[0].getAttribute("width"))).toBeGreaterThanOrEqual(40);
    expect(box.querySelector(".cw-dice-sum")?.getAttribute("data-sum")).toBe(String(state.dice![0] + state.dice![1]));
    expect([...box.querySelectorAll(".cw-gain")].map((g) => g.getAttribute("data-seat"))).toEqual(["0", "1", "3"]);
    expect(rollBox(state, board, false).classList.contains("cw-rolling")).toBe(false);
    expect(rollBox({ ...state, dice: null, roll: null }, board, false).querySelectorAll(".cw-die")).toHaveLength(0);
  });

  it("shows the costs as cards with their counts", () => {
    const { board } = loadSample();
    const row = cardRow(board.costs!.build_city!);
    expect([...row.querySelectorAll("[data-resource]")].map((c) => [c.getAttribute("data-resource"), c.getAttribute("data-count")])).toEqual([
      ["grain", "2"],
      ["ore", "3"],
    ]);
  });
});

describe("the hand you hold", () => {
  it("is the viewer's, or in the teacher's view the acting seat's; none for an onlooker", () => {
    const { state } = loadSample();
    expect(handSeat(state, 0)).toBe(0);
    expect(handSeat({ ...state, viewer: -1 }, 2)).toBe(2);
    expect(handSeat({ ...state, viewer: -1 }, null)).toBe(state.current);
    expect(handSeat({ ...state, viewer: null }, 0)).toBeNull();
  });

  it("draws every resource as a card of 40 px or more with its count", () => {
    const ctx = ctxOf();
    const { board } = loadSample();
    const strip = handStrip(initialUi(), ctx, board) as HTMLElement;
    const cards = strip.querySelectorAll(".cw-hcard");
    expect(cards).toHaveLength(5);
    for (const c of cards) {
      expect(Number(c.querySelector(".cw-card")?.getAttribute("height"))).toBeGreaterThanOrEqual(40);
      const r = c.getAttribute("data-resource") as "lumber";
      expect(c.querySelector(".cw-count-badge")?.textContent).toBe(String(ctx.state.players[0].resources![r]));
    }
  });

  it("plays a development card from the hand when it is playable, and says why not otherwise", () => {
    const ctx = ctxOf("yop");
    const { board } = loadSample();
    const card = handStrip(initialUi(), ctx, board)?.querySelector('[data-dev="year_of_plenty"]') as HTMLElement;
    expect(card.getAttribute("data-action")).toBe("play_year_of_plenty");
    expect(card.classList.contains("cw-playable")).toBe(true);
    expect(card.hasAttribute("aria-disabled")).toBe(false);
    const later = ctxOf("yop", (l) => {
      l.actions = l.actions.filter((a) => a.kind !== "play_year_of_plenty");
      l.reasons.play_year_of_plenty = "You bought that card this turn.";
    });
    const off = handStrip(initialUi(), later, board)?.querySelector('[data-dev="year_of_plenty"]') as HTMLElement;
    expect(off.getAttribute("aria-disabled")).toBe("true");
    expect(off.getAttribute("data-reason")).toBe("You bought that card this turn.");
  });

  it("opens the Year of Plenty dialog when its card in the hand is clicked", () => {
    const x = scenario("yop");
    const model = fakeModel(traitsOf(x));
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(widget.render({ model, el }));
    el.querySelector<HTMLElement>('.cw-hand-strip [data-dev="year_of_plenty"]')?.click();
    expect(el.querySelector('[data-dialog="play_year_of_plenty"]')).not.toBeNull();
  });
});

describe("a second cue besides colour", () => {
  it("gives each seat its initial, or its number when initials repeat", () => {
    const seats = (names: string[]) => [...seatLetters(names.map((name, seat) => ({ seat, name }))).values()];
    expect(seats(["Ada", "Bo", "Cy", "Di"])).toEqual(["A", "B", "C", "D"]);
    expect(seats(["You", "Bot 1", "Bot 2", "Bot 3"])).toEqual(["1", "2", "3", "4"]);
    expect(seats(["ève", "Zoë"])).toEqual(["È", "Z"]);
  });

  it("writes the letter on every settlement and city, and in the legend", () => {
    const x = loadSample();
    const model = fakeModel(traitsOf(x));
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(widget.render({ model, el }));
    const buildings = el.querySelectorAll(".cw-dynamic .cw-settlement, .cw-dynamic .cw-city");
    expect(buildings.length).toBe(x.state.buildings.length);
    const letters = seatLetters(x.board.players);
    for (const b of buildings) expect(b.querySelector(".cw-seat-letter")?.textContent).toBe(letters.get(Number(b.getAttribute("data-seat"))));
    expect([...legend(x.board).querySelectorAll(".cw-seat-chip")].map((c) => c.textContent)).toEqual(["A", "B", "C", "D"]);
  });
});

describe("placing without a roving confirm", () => {
  it("puts the confirm beside the clicked spot, on the side away from the board's edge", () => {
    const x = loadSample();
    const model = fakeModel(traitsOf(x));
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(widget.render({ model, el }));
    el.querySelector<HTMLElement>('[data-action="build_road"]')?.click();
    const lit = [...el.querySelectorAll(".cw-edge.cw-legal")];
    expect(lit.length).toBeGreaterThan(0);
    expect(lit[0].querySelector(".cw-preview")).not.toBeNull(); // the hover preview of the road
    lit[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const slot = el.querySelector(".cw-overlay-slot") as HTMLElement;
    expect(slot.classList.contains("cw-at-spot")).toBe(true);
    const edge = x.board.edges[Number(lit[0].getAttribute("data-edge"))];
    const box = (el.querySelector(".cw-board")?.getAttribute("viewBox") ?? "").split(" ").map(Number);
    const px = ((edge.x - box[0]) / box[2]) * 100;
    expect(parseFloat(slot.style.getPropertyValue("--cw-x"))).toBeCloseTo(px, 1);
    expect(slot.classList.contains("cw-spot-right")).toBe(px >= 50);
    expect(slot.querySelector('button[data-action="confirm"] kbd')?.textContent).toBe("Enter");
  });
});

describe("since your last move", () => {
  it("tells in the status line what the others did, in the engine's words, unless a hint is shown", () => {
    const x = loadSample();
    x.state.since = { text: ["Bo rolled 8, built a road", "Cy rolled 6"], from: 3 };
    const model = fakeModel(traitsOf(x));
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(widget.render({ model, el }));
    const since = el.querySelector(".cw-status .cw-since");
    expect([...(since?.querySelectorAll(".cw-since-item") ?? [])].map((s) => s.textContent)).toEqual(["Bo rolled 8, built a road", "Cy rolled 6"]);
    model.set("state", { ...x.state, version: x.state.version + 1, since: null });
    return Promise.resolve().then(() => expect(el.querySelector(".cw-status .cw-since")).toBeNull());
  });
});
