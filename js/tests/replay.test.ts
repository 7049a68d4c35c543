import { afterEach, describe, expect, it } from "vitest";
import widget from "../widget";
import { fakeModel } from "../fixtures/fake-model";
import { loadSample, traitsOf } from "../fixtures/scenarios";
import { idsLayer } from "../ids";
import { countingBox, nextMark, previousMark, summaryPanel, timelineBar, turnOf, type Summary, type Timeline } from "../replay";
import { DEFAULT_SETTINGS, parseSetting } from "../settings";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
  document.body.innerHTML = "";
});

const T: Timeline = { length: 40, turns: [0, 16, 25, 33], marks: { roll: [17, 26, 34], build: [2, 4, 20], robber: [30] }, locked: false };

function mount(extra: object = {}): { root: HTMLElement; model: ReturnType<typeof fakeModel> } {
  const model = fakeModel({ ...traitsOf(loadSample()), ...extra });
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  return { root: el.querySelector(".catan-widget") as HTMLElement, model };
}

describe("timeline helpers", () => {
  it("finds the next and previous marks and the turn of a position", () => {
    expect(nextMark(T.marks.roll, 17)).toBe(26);
    expect(nextMark(T.marks.roll, 34)).toBeNull();
    expect(previousMark(T.marks.roll, 26)).toBe(17);
    expect(previousMark(T.marks.roll, 17)).toBeNull();
    expect(turnOf(T, 0)).toBe(0);
    expect(turnOf(T, 24)).toBe(1);
    expect(turnOf(T, 40)).toBe(3);
  });

  it("parses replay_at from controls: a position, or live", () => {
    expect(parseSetting("replay_at", "12")).toEqual({ name: "replay_at", value: 12 });
    expect(parseSetting("replay_at", "live")).toEqual({ name: "replay_at", value: null });
    expect(parseSetting("replay_at", "-1")).toBeNull();
    expect(parseSetting("show_ids", "true")).toEqual({ name: "show_ids", value: true });
  });

  it("draws a bar whose buttons point at the right positions", () => {
    const bar = timelineBar(T, 20);
    const value = (title: string): string | null => bar.querySelector(`button[title="${title}"]`)?.getAttribute("data-value") ?? null;
    expect(value("One step back")).toBe("19");
    expect(value("One step forward")).toBe("21");
    expect(value("Next roll")).toBe("26");
    expect(value("Previous build")).toBe("4");
    expect(value("Next robber move")).toBe("30");
    expect(bar.querySelector("input")?.getAttribute("max")).toBe("40");
    expect(bar.querySelector("select option[selected], select")?.textContent).toContain("Turn 1");
    expect(bar.querySelector('button[data-value="live"]')).not.toBeNull();
    expect(timelineBar({ ...T, locked: true }, 0).querySelector('button[data-value="live"]')).toBeNull();
  });
});

describe("in the widget", () => {
  it("a click on a timeline button writes replay_at", () => {
    const { root, model } = mount({ timeline: T, replay_at: 20 });
    const button = root.querySelector('.cw-replay button[title="Next roll"]');
    button?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.get("replay_at")).toBe(26);
  });

  it("the ids toggle writes show_ids and draws every id", () => {
    const { root, model } = mount();
    expect(root.querySelector(".cw-ids")).toBeNull();
    root.querySelector('button[data-setting="show_ids"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.get("show_ids")).toBe(true);
    const sample = loadSample();
    expect(root.querySelectorAll(".cw-ids .cw-id-hex")).toHaveLength(sample.board.hexes.length);
    expect(root.querySelectorAll(".cw-ids .cw-id-node")).toHaveLength(54);
    expect(root.querySelectorAll(".cw-ids .cw-id-edge")).toHaveLength(72);
  });

  it("ids are the API's ids", () => {
    const board = loadSample().board;
    const layer = idsLayer(board);
    expect(layer.querySelector('.cw-id-hex[data-id="7"] text')?.textContent).toBe("H7");
    expect(layer.querySelector('.cw-id-node[data-id="53"] text')?.textContent).toBe("53");
  });

  it("the counting box shows only what the state carries", () => {
    const sample = loadSample();
    const state = structuredClone(sample.state);
    state.viewer = 0;
    state.players[1].known = { brick: 2 };
    state.players[1].unknown = 3;
    const box = countingBox(state, { ...DEFAULT_SETTINGS, show_counting: true }, sample.board);
    expect(box?.querySelector('[data-seat="1"]')?.textContent).toContain("2 brick + 3 unknown");
    expect(countingBox(state, DEFAULT_SETTINGS, sample.board)).toBeNull();
  });

  it("with no seat viewing, the counting box says what Python sends", () => {
    const sample = loadSample();
    const state = { ...structuredClone(sample.state), viewer: null };
    const board = { ...sample.board, counting_unseated: "Pick a seat (Python's words)" };
    const box = countingBox(state, { ...DEFAULT_SETTINGS, show_counting: true }, board);
    expect(box?.textContent).toContain("Pick a seat (Python's words)");
    expect(sample.board.counting_unseated).toBeTruthy(); // the fixture carries Python's sentence
  });
});

describe("the end of the game", () => {
  it("lists points by source, luck and a VP chart", () => {
    const sum: Summary = {
      players: ["Ada", "Bo", "Cy", "Di"].map((name, i) => ({ name, settlements: i, cities: 2, longest_road: 0, largest_army: i === 3 ? 2 : 0, vp_cards: 0, total: i + 2 + (i === 3 ? 2 : 0), produced: 40 + i, expected: 41.5, luck: i - 1.5 })),
      turns: [0, 1, 2],
      vp: [[2, 2, 3], [2, 3, 4], [2, 2, 4], [2, 4, 7]],
      winner: 3,
      vp_to_win: 10,
    };
    const box = summaryPanel(sum, loadSample().board);
    const di = box.querySelector('tr[data-seat="3"]');
    expect(di?.classList.contains("cw-summary-winner")).toBe(true);
    expect(di?.textContent).toContain("+1.5");
    expect(box.querySelectorAll("polyline")).toHaveLength(4);
    const titles = [...box.querySelectorAll("th[title]")].map((th) => th.getAttribute("title"));
    expect(titles).toContain("Longest Road: 2 VP"); // the board trait's words, not the front-end's
    expect(titles).toContain("Largest Army: 2 VP");
  });
});
