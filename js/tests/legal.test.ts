import { describe, expect, it } from "vitest";
import {
  allows,
  confirmable,
  edges,
  has,
  isOpen,
  maritimeGets,
  maritimeGives,
  maritimeOptions,
  mayRespond,
  nodes,
  normalizeLegal,
  ofKind,
  reason,
  robberTargets,
  spots,
  unpackActions,
  unpackReasons,
  yopPairs,
} from "../legal";
import { rawLegals } from "../fixtures/scenarios";
import type { Action, Legal } from "../types";

function legalWith(actions: Action[], extra: Partial<Legal> = {}): Legal {
  return normalizeLegal({ version: 3, seat: 1, actions, ...extra });
}

describe("reading legal.actions", () => {
  const l = legalWith(
    [
      { kind: "end_turn" },
      { kind: "build_road", edge: 17 },
      { kind: "build_road", edge: 18 },
      { kind: "build_settlement", node: 12 },
      { kind: "build_city", node: 20 },
      { kind: "move_robber", hex: 4, victim: 2 },
      { kind: "move_robber", hex: 4, victim: 0 },
      { kind: "move_robber", hex: 5, victim: null },
      { kind: "play_year_of_plenty", resources: ["grain", "ore"] },
      { kind: "maritime_trade", give: "wool", get: "ore" },
      { kind: "maritime_trade", give: "wool", get: "lumber" },
      { kind: "maritime_trade", give: "ore", get: "grain" },
      { kind: "confirm_trade", player: 2 },
      { kind: "cancel_trade" },
    ],
    { rates: { wool: 2, ore: 3 }, open: ["offer_trade"], reasons: { roll: "Rolled already." } },
  );

  it("has / ofKind", () => {
    expect(has(l, "end_turn")).toBe(true);
    expect(has(l, "roll")).toBe(false);
    expect(ofKind(l, "build_road")).toEqual([{ kind: "build_road", edge: 17 }, { kind: "build_road", edge: 18 }]);
  });

  it("spots: edges, nodes by kind, robber hexes with their victims", () => {
    expect(edges(l)).toEqual([17, 18]);
    expect(nodes(l, "build_settlement")).toEqual([12]);
    expect(nodes(l, "build_city")).toEqual([20]);
    expect(robberTargets(l)).toEqual(new Map([[4, [2, 0]], [5, []]]));
    expect(spots(l, "move_robber")).toEqual([4, 5]);
    expect(spots(l, "build_city")).toEqual([20]);
  });

  it("year of plenty pairs and bank trades with the seat's rates", () => {
    expect(yopPairs(l)).toEqual([["grain", "ore"]]);
    expect(maritimeOptions(l)[0]).toEqual({ give: "wool", get: "ore", rate: 2 });
    expect(maritimeGives(l)).toEqual([{ give: "wool", rate: 2 }, { give: "ore", rate: 3 }]);
    expect(maritimeGets(l, "wool")).toEqual(["lumber", "ore"]);
    expect(maritimeGets(l, null)).toEqual([]);
  });

  it("trades: confirmable seats, answering, open kinds", () => {
    expect(confirmable(l)).toEqual([2]);
    expect(mayRespond(l)).toBe(false);
    expect(mayRespond(legalWith([{ kind: "decline_trade" }]))).toBe(true);
    expect(mayRespond(legalWith([], { open: ["counter_trade"] }))).toBe(true);
    expect(isOpen(l, "offer_trade")).toBe(true);
    expect(isOpen(l, "counter_trade")).toBe(false);
  });

  it("a control is enabled by a listed action, an open kind, undo or a discard asked", () => {
    expect(allows(l, "end_turn")).toBe(true);
    expect(allows(l, "roll")).toBe(false);
    expect(allows(l, "offer_trade")).toBe(true);
    expect(allows(l, "counter_trade")).toBe(false);
    expect(allows(l, "undo")).toBe(false);
    expect(allows(legalWith([], { undo: true }), "undo")).toBe(true);
    expect(allows(legalWith([], { discard: 3 }), "discard")).toBe(true);
    expect(reason(l, "roll")).toBe("Rolled already.");
    expect(reason(l, "undo")).toBe(""); // Python sends a sentence for every disabled control; none of its own here
  });

  it("normalizes a partial trait and drops unknown open kinds", () => {
    const n = normalizeLegal({ seat: 0, open: ["offer_trade", "nonsense" as never] }, 9);
    expect(n).toEqual({ version: 9, seat: 0, actions: [], open: ["offer_trade"], discard: 0, rates: {}, trade_max: 0, undo: false, reasons: {} });
  });
});

describe("packed actions (legal.actions on the wire)", () => {
  it("unpacks Python's columns into one action per entry, kind by kind, and packs back the same", () => {
    for (const raw of rawLegals()) {
      expect(Array.isArray(raw.actions)).toBe(false);
      const actions = unpackActions(raw.actions);
      const again: Record<string, Record<string, unknown[]>> = {};
      for (const a of actions) {
        const columns = (again[a.kind] ??= {});
        for (const [field, value] of Object.entries(a)) if (field !== "kind") (columns[field] ??= []).push(value);
      }
      expect(again).toEqual(raw.actions);
    }
  });

  it("reads a kind with no fields as one action and tolerates junk", () => {
    expect(unpackActions({ roll: {}, build_road: { edge: [3, 4] } })).toEqual([{ kind: "roll" }, { kind: "build_road", edge: 3 }, { kind: "build_road", edge: 4 }]);
    expect(unpackActions(null)).toEqual([]);
    expect(unpackActions({ roll: null } as unknown as Record<string, Record<string, unknown[]>>)).toEqual([]);
    expect(normalizeLegal({ actions: { end_turn: {} } }).actions).toEqual([{ kind: "end_turn" }]);
  });
});

describe("packed reasons (legal.reasons on the wire)", () => {
  it("gives every control its sentence back", () => {
    expect(unpackReasons({ "Waiting for Bo.": ["roll", "end_turn"], "Nothing to take back yet.": ["undo"] })).toEqual({
      roll: "Waiting for Bo.",
      end_turn: "Waiting for Bo.",
      undo: "Nothing to take back yet.",
    });
    for (const raw of rawLegals()) {
      const reasons = normalizeLegal(raw).reasons;
      const kinds = Object.values(raw.reasons ?? {}).flat();
      expect(Object.keys(reasons).sort()).toEqual([...kinds].sort());
      expect(Object.keys(reasons).length).toBeGreaterThan(0);
    }
  });
});
