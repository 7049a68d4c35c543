import { describe, expect, it } from "vitest";
import { players } from "../players";
import { boardViewBox } from "../hex";
import { roadPattern } from "../cues";
import { controls } from "../controls";
import { actionBar } from "../dialogs";
import { initialUi } from "../interaction";
import { loadSample } from "../fixtures/scenarios";
import type { Board, GameState } from "../types";

/** The sample's 4-player game with two more players (copies of Bo), for the panels. */
function sixPlayers(): { state: GameState; board: Board } {
  const { state, board } = loadSample();
  const names = ["Eve", "Fay"];
  names.forEach((name, i) => {
    const seat = 4 + i;
    state.players.push({ ...structuredClone(state.players[1]), seat, name });
    board.players.push({ seat, name, color: ["#E69F00", "#56B4E9"][i] });
  });
  return { state, board };
}

describe("five and six players", () => {
  it("the board's box is centred on its island, wherever the island lies", () => {
    const { board } = loadSample();
    const shifted = board.hexes.map((h) => ({ ...h, x: h.x - 3, y: h.y + 1.5 }));
    const vb = boardViewBox({ hexes: shifted, harbors: [] }, 0);
    const base = boardViewBox({ hexes: board.hexes, harbors: [] }, 0);
    expect(vb.x + vb.w / 2).toBeCloseTo(-3);
    expect(vb.y + vb.h / 2).toBeCloseTo(1.5);
    expect(vb.w).toBeCloseTo(base.w);
    expect(vb.h).toBeCloseTo(base.h);
  });

  it("compact panels (full screen) have the same parts: name, VP, hand, cards, knights, road, badges", () => {
    const { state, board } = sixPlayers();
    state.players[5].longest_road = true;
    state.players[5].dev_count = 2;
    const el = players(state, board, "compact");
    expect(el.classList.contains("cw-players-compact")).toBe(true);
    expect(el.getAttribute("data-players")).toBe("6");
    const ps = [...el.querySelectorAll<HTMLElement>(".cw-player")];
    expect(ps.map((p) => p.getAttribute("data-seat"))).toEqual(["0", "1", "2", "3", "4", "5"]);
    const fay = ps[5];
    expect(fay.querySelector(".cw-player-name")?.textContent).toBe("Fay");
    expect(fay.style.getPropertyValue("--cw-player")).toBe("#56B4E9");
    expect(fay.querySelector(".cw-hand")?.getAttribute("data-hidden")).toBe("true");
    expect(fay.querySelector(".cw-hand .cw-count")?.textContent).toBe(String(state.players[5].resource_count));
    expect(fay.querySelector(".cw-dev-hidden")?.getAttribute("title")).toBe("2 development cards");
    expect(fay.querySelector(".cw-player-badges .cw-badge-road")?.textContent).toBe("Longest Road");
    expect(ps[4].querySelector(".cw-player-badges")).toBeNull();
    expect(fay.querySelector(".cw-stats")?.getAttribute("title")).toMatch(/^Pieces left: \d+ roads, \d+ settlements, \d+ cities$/);
    // the viewer's own hand, in detail
    const ada = ps[0];
    expect([...ada.querySelectorAll(".cw-hand [data-resource]")]).toHaveLength(5);
  });

  it("in a cell every player is one line, whatever their number, each opening to the whole panel", () => {
    for (const { state, board } of [loadSample(), sixPlayers()]) {
      const n = state.players.length;
      const el = players(state, board, "line", new Set([1]));
      expect(el.classList.contains("cw-players-line")).toBe(true);
      expect(el.querySelectorAll(".cw-player-head[data-open-player]")).toHaveLength(n);
      expect(el.querySelectorAll(".cw-pieces")).toHaveLength(n);
      const more = [...el.querySelectorAll<HTMLElement>(".cw-player-more")];
      expect(more.map((m) => m.hidden)).toEqual(state.players.map((p) => p.seat !== 1));
      expect(el.querySelector(".cw-player[data-seat='1'] [data-open-player]")?.getAttribute("aria-expanded")).toBe("true");
    }
  });

  it("every one of six seats has its own road pattern", () => {
    const line = { x1: "0", y1: "0", x2: "1", y2: "0" };
    const dashes = [0, 1, 2, 3, 4, 5].map((seat) => roadPattern(seat, line)?.getAttribute("stroke-dasharray") ?? "plain");
    expect(new Set(dashes).size).toBe(6);
  });
});

describe("the Special Building Phase", () => {
  /** The sample's position as the builder's moment: End turn passes, the rest refused with the engine's words. */
  function building(): ReturnType<typeof loadSample> {
    const x = loadSample();
    x.state.phase = "special_build";
    const trade = "You cannot trade in the Special Building Phase: no trade of any kind, only building and buying.";
    x.legal = {
      ...x.legal,
      actions: [{ kind: "end_turn" }, { kind: "build_road", edge: 3 }],
      open: [],
      reasons: { roll: "Nobody rolls in the Special Building Phase: build or buy, then pass.", maritime_trade: trade, offer_trade: trade },
    };
    return x;
  }

  it("the end-turn control is labelled Pass; rolling and trading are refused with the engine's reasons", () => {
    const x = building();
    const ctx = { state: x.state, legal: x.legal, settings: x.settings };
    const by = Object.fromEntries(controls(initialUi(), ctx).map((c) => [c.action, c]));
    expect(by.end_turn).toMatchObject({ label: "Pass", enabled: true });
    expect(by.build_road.enabled).toBe(true);
    expect(by.roll).toMatchObject({ enabled: false, reason: "Nobody rolls in the Special Building Phase: build or buy, then pass." });
    expect(by.maritime_trade.reason).toMatch(/^You cannot trade in the Special Building Phase/);
    const bar = actionBar(initialUi(), ctx, x.board);
    expect(bar.querySelector('[data-action="end_turn"]')?.textContent).toContain("Pass");
    expect(bar.querySelector('[data-action="offer_trade"]')?.getAttribute("aria-disabled")).toBe("true");
  });

  it("on the player's own turn it is End turn again", () => {
    const x = loadSample();
    const ctx = { state: x.state, legal: x.legal, settings: x.settings };
    expect(controls(initialUi(), ctx).find((c) => c.action === "end_turn")?.label).toBe("End turn");
  });
});
