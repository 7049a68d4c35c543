import { afterEach, describe, expect, it } from "vitest";
import { fakeModel } from "../fixtures/fake-model";
import { scenario, traitsOf } from "../fixtures/scenarios";
import { bannerSentence, sinceLines, sinceOf } from "../follow";
import widget from "../widget";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
});

function mount(traits: object) {
  const model = fakeModel(traits);
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  return { model, el };
}

const waiting = () => scenario("waiting"); // Cy, a bot, must roll; Bo moved since Ada did

describe("following the bots", () => {
  it("says the move just made in the banner while a bot acts, the prompt otherwise", () => {
    const { state } = waiting();
    expect(sinceOf(state)).not.toBeNull();
    expect(bannerSentence(state)).toBe(state.log[state.log.length - 1]);
    expect(bannerSentence({ ...state, since: null } as typeof state)).toBe(state.prompt);
    const { el } = mount(traitsOf(waiting()));
    expect(el.querySelector(".cw-banner-text")?.textContent).toBe(state.log[state.log.length - 1]);
  });

  it("shows the engine's summary, opens it to the log lines and tells Python while it is open", () => {
    const x = waiting();
    const since = sinceOf(x.state);
    if (!since) throw new Error("the fixture's waiting position has state.since");
    const { model, el } = mount(traitsOf(x));
    const box = () => el.querySelector(".cw-since-box");
    expect(box()?.querySelector(".cw-since-box-toggle")?.textContent).toBe(since.title);
    expect(box()?.querySelector(".cw-since-box-log")).toBeNull();
    expect(model.sent).toEqual([]);
    el.querySelector<HTMLElement>(".cw-since-box-toggle")?.click();
    expect([...(box()?.querySelectorAll(".cw-since-box-text li") ?? [])].map((li) => li.textContent)).toEqual(since.text);
    const lines = [...(box()?.querySelectorAll(".cw-since-box-log li") ?? [])].map((li) => li.textContent);
    expect(lines).toEqual(sinceLines(x.state, since));
    expect(lines[0]).toBe(x.state.log[since.from]);
    expect(model.sent).toEqual([{ type: "dialog", open: true }]);
    el.querySelector<HTMLElement>(".cw-since-box-toggle")?.click();
    expect(model.sent).toEqual([{ type: "dialog", open: true }, { type: "dialog", open: false }]);
  });

  it("offers New game once the game is over, sent on the version shown", () => {
    const x = waiting();
    const { model, el } = mount(traitsOf(x));
    expect(el.querySelector(".cw-new-game")).toBeNull();
    model.set("state", { ...x.state, phase: "game_over", winner: 1, version: x.state.version + 1 });
    return Promise.resolve().then(() => {
      el.querySelector<HTMLElement>(".cw-new-game")?.click();
      expect(model.sent).toContainEqual({ type: "new_game", version: x.state.version + 1 });
    });
  });

  it("draws the board alone when compact", () => {
    const { el } = mount({ ...traitsOf(waiting()), compact: true });
    const root = el.querySelector(".catan-widget");
    expect(root?.classList.contains("cw-compact")).toBe(true);
    expect(el.querySelector(".cw-since-box")).toBeNull();
    expect(el.querySelector(".cw-board-wrap svg")).not.toBeNull();
  });
});
