import { afterEach, describe, expect, it } from "vitest";
import { fakeModel } from "../fixtures/fake-model";
import { loadSample, traitsOf } from "../fixtures/scenarios";
import widget from "../widget";
import type { TableInfo, TableWords } from "../types";

// the words Python sends in the welcome's board (catan_widget/table/words.py); the test's own copy
const WORDS: TableWords = { teacher: "Teacher view is on: the host sees every hand", connected: "connected", away: "away" };

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
});

function mountAtTable(table: TableInfo | null, words: TableWords | null = WORDS) {
  const x = loadSample();
  if (words) x.board.table_words = words;
  x.state.table = table;
  const model = fakeModel(traitsOf(x));
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  return { el, model, x };
}

function seats(connected: boolean[]): TableInfo["seats"] {
  const x = loadSample();
  return x.state.players.map((p, i) => ({ name: p.name, kind: p.kind, connected: connected[i] ?? false }));
}

describe("a table's marks", () => {
  it("says to every player that the teacher view is on, in Python's words", () => {
    const { el } = mountAtTable({ id: "t1", teacher: true, seats: seats([true, true, true, true]) });
    expect(el.querySelector(".cw-teacher-on")?.textContent).toBe(WORDS.teacher);
    document.body.innerHTML = "";
    const off = mountAtTable({ id: "t1", teacher: false, seats: seats([true, true, true, true]) });
    expect(off.el.querySelector(".cw-teacher-on")).toBeNull();
  });

  it("marks each human seat connected or away, and no bot", () => {
    const { el, x } = mountAtTable({ id: "t1", teacher: false, seats: seats([true, false, true, false]) });
    for (const p of x.state.players) {
      const mark = el.querySelector(`.cw-player[data-seat="${p.seat}"] .cw-presence`);
      if (p.kind === "bot") {
        expect(mark).toBeNull();
        continue;
      }
      const on = [true, false, true, false][p.seat];
      expect(mark?.getAttribute("data-connected")).toBe(String(on));
      expect(mark?.textContent).toBe(on ? WORDS.connected : WORDS.away);
    }
    expect(x.state.players.some((p) => p.kind === "human")).toBe(true);
  });

  it("draws the marks again when a seat comes back", async () => {
    const { el, model, x } = mountAtTable({ id: "t1", teacher: false, seats: seats([false, false, false, false]) });
    const human = x.state.players.find((p) => p.kind === "human")?.seat ?? 0;
    model.set("state", { ...x.state, version: x.state.version + 1, table: { id: "t1", teacher: false, seats: seats([true, true, true, true]) } });
    await new Promise((r) => setTimeout(r, 0));
    expect(el.querySelector(`.cw-player[data-seat="${human}"] .cw-presence`)?.getAttribute("data-connected")).toBe("true");
  });

  it("shows no mark without Python's words, and none outside a table", () => {
    const bare = mountAtTable({ id: "t1", teacher: true, seats: seats([true, true, true, true]) }, null);
    expect(bare.el.querySelector(".cw-teacher-on, .cw-presence")).toBeNull();
    document.body.innerHTML = "";
    const notebook = mountAtTable(null);
    expect(notebook.el.querySelector(".cw-teacher-on, .cw-presence")).toBeNull();
    expect(notebook.el.querySelector(".cw-view-select")).not.toBeNull();
  });

  it("offers no control of the host's at a table: whose hand, the bots' pace and level, the replay", () => {
    const { el } = mountAtTable({ id: "t1", teacher: false, seats: seats([true, true, true, true]) });
    expect(el.querySelector(".cw-view-select, .cw-pace-select, .cw-level-select, .cw-replay-start")).toBeNull();
    expect(el.querySelector(".cw-theme-select")).not.toBeNull();
    expect(el.querySelector('[data-setting="show_pips"]')).not.toBeNull();
  });
});
