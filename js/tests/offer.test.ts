import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../widget";
import { fakeModel } from "../fixtures/fake-model";
import { scenario, traitsOf } from "../fixtures/scenarios";
import type { GameState } from "../types";

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((f) => f());
  cleanups = [];
  document.body.innerHTML = "";
  vi.useRealTimers();
});

function mount(name: string, edit?: (s: GameState) => void): HTMLElement {
  const x = scenario(name);
  edit?.(x.state);
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model: fakeModel(traitsOf(x)), el }));
  return el.querySelector(".catan-widget") as HTMLElement;
}

describe("the offer dialog", () => {
  it("counts down the seconds Python gives the human before it declines for them (state.trade.expires_in)", () => {
    vi.useFakeTimers();
    const root = mount("trade", (s) => {
      if (s.trade) Object.assign(s.trade, { expires_in: 12.3 });
    });
    const decline = root.querySelector('[data-action="decline_trade"]');
    expect(decline?.querySelector(".cw-countdown")?.textContent).toBe("13 s");
    vi.advanceTimersByTime(5000);
    expect(decline?.querySelector(".cw-countdown")?.textContent).toBe("8 s");
    vi.advanceTimersByTime(60_000);
    expect(decline?.querySelector(".cw-countdown")?.textContent).toBe("0 s");
  });

  it("shows no countdown when Python runs none", () => {
    const root = mount("trade");
    expect(root.querySelector('[data-action="decline_trade"]')?.textContent).toBe("Decline");
    expect(root.querySelector(".cw-countdown")).toBeNull();
  });

  it("declines every answer waiting on the proposer in one click", () => {
    const root = mount("confirm");
    expect(root.querySelectorAll('[data-action="confirm_trade"]')).toHaveLength(2);
    expect(root.querySelector('[data-action="cancel_trade"]')?.textContent).toBe("Decline all");
  });
});
