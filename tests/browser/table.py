"""Playing the widget by clicks: locators for its DOM hooks and waits on its state attributes.

The widget's root ``.catan-widget`` carries ``data-version`` (the last ``state.version`` drawn),
``data-phase`` and ``data-seat`` (the human seat that may act now, empty while nobody at this
screen may).  Every wait below is a Playwright ``expect`` on those, never a sleep.

Disabled buttons carry ``aria-disabled="true"`` and the class ``cw-disabled`` (not the
``disabled`` attribute); Playwright's enabled / disabled checks honour ``aria-disabled``, so
clicking one needs ``force=True``.  The hooks are listed in docs/protocol.md ("DOM hooks").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from catan_widget.widget.view import unpack_actions

WAIT_MS = 30_000
"""Longest wait for one state change (the bots move with a small delay; the machine is shared)."""
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")


@dataclass
class Table:
    """The widget in a page."""

    page: Page

    @property
    def root(self) -> Locator:
        """The widget's root element."""
        return self.page.locator(".catan-widget")

    def at(self, *, seat: int | None = None, phase: str | None = None) -> Locator:
        """The root, only while ``seat`` may act (``None``: any) in ``phase`` (``None``: any)."""
        sel = ".catan-widget.cw-ready"
        if seat is not None:
            sel += f'[data-seat="{seat}"]'
        if phase is not None:
            sel += f'[data-phase="{phase}"]'
        return self.page.locator(sel)

    def wait_for(
        self, *, seat: int | None = None, phase: str | None = None, timeout: float = WAIT_MS
    ) -> None:
        """Wait until ``seat`` must act in ``phase`` (bots in between move on their own)."""
        expect(self.at(seat=seat, phase=phase)).to_have_count(1, timeout=timeout)

    def version(self) -> int:
        """The ``state.version`` drawn now."""
        return int(self.root.get_attribute("data-version") or "0")

    def wait_past(self, version: int, timeout: float = WAIT_MS) -> int:
        """Wait until a state newer than ``version`` is drawn; its version."""
        expect(self.root).not_to_have_attribute("data-version", str(version), timeout=timeout)
        return self.version()

    # --- the board ---------------------------------------------------------------------------
    def legal_ids(self, kind: str) -> list[int]:
        """Ids of the highlighted (clickable) ``node`` / ``edge`` / ``hex`` spots."""
        loc = self.root.locator(f".cw-{kind}.cw-legal[data-{kind}]")
        return [int(v) for v in loc.evaluate_all(f"els => els.map(e => e.getAttribute('data-{kind}'))")]

    def spot(self, kind: str, ident: int) -> Locator:
        """The click target of node / edge / hex ``ident`` (highlighted or not)."""
        return self.root.locator(f".cw-{kind}[data-{kind}='{ident}']")

    def click_spot(self, kind: str, ident: int, *, force: bool = False) -> None:
        """Click node / edge / hex ``ident``; ``force`` clicks even where nothing is clickable.

        An edge along the vertical has a zero-width bounding box, which Playwright's visibility
        check refuses although its thick (transparent) stroke takes the click: edges are clicked
        at their centre without that check.
        """
        self.spot(kind, ident).click(force=force or kind == "edge")

    def enabled(self, action: str) -> bool:
        """Whether the button ``action`` is enabled now (no ``aria-disabled="true"``)."""
        return self.button(action).get_attribute("aria-disabled") != "true"

    def button(self, action: str) -> Locator:
        """The button ``data-action=action`` (the first one: action bar or dialog)."""
        return self.root.locator(f"button[data-action='{action}']").first

    def press(self, action: str) -> None:
        """Click the (enabled) button ``action``."""
        btn = self.button(action)
        expect(btn).not_to_have_attribute("aria-disabled", "true")
        expect(btn).to_be_enabled()
        btn.click()

    def setting(self, name: str) -> Locator:
        """The control of the settings trait ``name`` (``data-setting``)."""
        return self.root.locator(f"[data-setting='{name}']")

    def note(self) -> Locator:
        """The note saying why the disabled control just clicked is disabled."""
        return self.root.locator(".cw-note")

    def toast(self) -> Locator:
        """The error toast's text (``state.error``)."""
        return self.root.locator(".cw-toast .cw-toast-text")

    def place(self, kind: str, ident: int) -> int:
        """Click a highlighted node / edge / hex, then Confirm; the version of the answer."""
        before = self.version()
        self.click_spot(kind, ident)
        confirm = self.root.locator(".cw-overlay-slot button[data-action='confirm']")
        expect(confirm).not_to_have_attribute("aria-disabled", "true")
        confirm.click()
        return self.wait_past(before)

    def pieces(self, kind: str, seat: int) -> list[int]:
        """Nodes (settlement, city) or edges (road) where ``seat``'s pieces are drawn."""
        attr = "edge" if kind == "road" else "node"
        loc = self.root.locator(f".cw-dynamic .cw-{kind}[data-seat='{seat}']")
        return sorted(int(v) for v in loc.evaluate_all(f"els => els.map(e => e.getAttribute('data-{attr}'))"))

    # --- panels ------------------------------------------------------------------------------
    def banner(self) -> Locator:
        """The sentence saying whose move it is."""
        return self.root.locator(".cw-banner-text")

    def log(self) -> Locator:
        """The log lines."""
        return self.root.locator(".cw-log-list li")

    def take_screen(self, name: str, timeout: float = WAIT_MS, shot: Path | None = None) -> None:
        """Hot-seat hand-over: every hand is hidden until ``name`` clicks "ready"; click it
        (after a screenshot of the hand-over screen to ``shot``, if given).
        """
        button = self.root.get_by_role("button", name=f"{name}, click when ready")
        expect(button).to_be_visible(timeout=timeout)
        expect(self.root.locator(".cw-handover-title")).to_have_text(f"Pass to {name}")
        hands = self.root.locator(".cw-player .cw-hand")
        expect(hands).to_have_count(len(self.root.locator(".cw-player").all()))
        expect(self.root.locator(".cw-player .cw-hand[data-hidden='true']")).to_have_count(hands.count())
        if shot is not None:
            self.root.screenshot(path=shot)
        button.click()
        expect(button).to_have_count(0)

    def hand(self, seat: int) -> Locator:
        """The hand shown in ``seat``'s player panel (detailed or hidden)."""
        return self.root.locator(f".cw-player[data-seat='{seat}'] .cw-hand")

    def shown_hand(self, seat: int) -> dict[str, int]:
        """``seat``'s cards as drawn in detail (the hand must be visible)."""
        hand = self.hand(seat)
        expect(hand).to_have_attribute("data-hidden", "false")
        return {r: int(hand.locator(f"[data-resource='{r}'] b").inner_text()) for r in RESOURCES}

    def discard(self, cards: dict[str, int]) -> int:
        """Pick ``cards`` in the discard dialog with its + buttons, then Discard; the answer's version."""
        dialog = self.root.locator("[data-dialog='discard']")
        expect(dialog).to_be_visible()
        chosen = 0
        for r, n in cards.items():
            for _ in range(n):
                dialog.locator(f"button[data-step='discard'][data-resource='{r}'][data-delta='1']").click()
                chosen += 1
                expect(dialog.locator(".cw-discard-count")).to_have_attribute("data-chosen", str(chosen))
        before = self.version()
        self.press("discard")
        return self.wait_past(before)

    def snapshot(self) -> dict[str, Any]:
        """What the page shows now, read at once: per player panel (``players``, by seat) the
        hand's ``hidden`` attribute, the ``cards`` drawn by resource, the hidden hand's ``count``
        text, the development cards named (``devs``), the hidden ones' text (``dev_hidden``), the
        number of hidden-VP marks (``vp_hidden``); the View menu's options (``view``), the log
        lines (``log``) and the hand-over title (``handover``, None when there is none).
        """
        snap: dict[str, Any] = self.root.evaluate(_SNAPSHOT_JS)
        return snap

    # --- dialogs (data-dialog = the action kind they build, or robber / discard / trade) ------
    def dialog(self, kind: str) -> Locator:
        """The dialog ``data-dialog=kind``."""
        return self.root.locator(f"[data-dialog='{kind}']")

    def pick(self, kind: str, resource: str, role: str = "pick") -> None:
        """Click the resource button ``resource`` (``data-role=role``) in dialog ``kind``."""
        self.dialog(kind).locator(f"button[data-role='{role}'][data-resource='{resource}']").click()

    def set_steps(self, kind: str, side: str, cards: Mapping[str, int]) -> None:
        """Set the ``side`` (give / want) steppers of trade dialog ``kind`` to ``cards`` with
        their − and + buttons (resources left out go to 0).
        """
        dialog = self.dialog(kind)
        for r in RESOURCES:
            value = dialog.locator(f".cw-stepper[data-side='{side}'][data-resource='{r}'] .cw-step-value")
            have, want = int(value.inner_text()), cards.get(r, 0)
            for _ in range(abs(want - have)):
                delta = 1 if want > have else -1
                dialog.locator(
                    f"button[data-step='{side}'][data-resource='{r}'][data-delta='{delta}']"
                ).click()
            expect(value).to_have_text(str(want))

    def confirm(self, kind: str) -> int:
        """Click the enabled Confirm of dialog ``kind``; the version of the answer."""
        before = self.version()
        button = self.dialog(kind).locator("button[data-action='confirm']")
        expect(button).not_to_have_attribute("aria-disabled", "true")
        button.click()
        return self.wait_past(before)

    def send(self, action: str, seat: int | None = None) -> int:
        """Press the button ``action`` (of ``seat``, for ``confirm_trade``) that sends a move at
        once; the version of the answer.
        """
        before = self.version()
        if seat is None:
            self.press(action)
        else:
            self.root.locator(f"button[data-action='{action}'][data-seat='{seat}']").click()
        return self.wait_past(before)

    def rob(
        self, hex_id: int, victim: int | None, victims: int, before_choice: Callable[[], None] | None = None
    ) -> int:
        """Click robber hex ``hex_id``, pick ``victim`` when ``victims`` > 1 may be robbed there
        (calling ``before_choice`` first, with the chooser open), and Confirm; the version of the
        answer.
        """
        before = self.version()
        self.click_spot("hex", hex_id)
        chooser = self.dialog("robber").locator("button.cw-victim")
        if victims > 1:
            expect(chooser).to_have_count(victims)
            if before_choice is not None:
                before_choice()
            self.root.locator(f"button.cw-victim[data-victim='{victim}']").click()
        else:
            expect(chooser).to_have_count(0)
        button = self.dialog("robber").locator("button[data-action='confirm']")
        expect(button).not_to_have_attribute("aria-disabled", "true")
        button.click()
        return self.wait_past(before)


_SNAPSHOT_JS = """el => {
  const text = (n) => (n ? n.textContent.trim() : null);
  const players = {};
  for (const p of el.querySelectorAll('.cw-player[data-seat]')) {
    const hand = p.querySelector('.cw-hand');
    const cards = {};
    for (const c of hand ? hand.querySelectorAll('[data-resource]') : []) {
      cards[c.getAttribute('data-resource')] = Number(text(c.querySelector('b')));
    }
    players[p.getAttribute('data-seat')] = {
      hidden: hand ? hand.getAttribute('data-hidden') : null,
      cards,
      count: text(hand && hand.querySelector('.cw-count')),
      devs: [...p.querySelectorAll('.cw-dev-card[data-dev]')].map((d) => d.getAttribute('data-dev')),
      dev_hidden: text(p.querySelector('.cw-dev-hidden')),
      vp_hidden: p.querySelectorAll('.cw-vp small').length,
    };
  }
  return {
    players,
    view: [...el.querySelectorAll("select[data-setting='view'] option")].map((o) => text(o)),
    log: [...el.querySelectorAll('.cw-log-list li')].map((li) => li.innerText.trim()),
    handover: text(el.querySelector('.cw-handover-title')),
  };
}"""


# --- reading ``legal`` (as the probe returns it) -------------------------------------------------
def legal_spots(legal: Mapping[str, Any], kind: str) -> list[int]:
    """The spots ``legal.actions`` lists for ``kind``, sorted: edges for ``build_road``, nodes
    for ``build_settlement`` / ``build_city``, hexes for ``move_robber``.
    """
    key = {"build_road": "edge", "move_robber": "hex"}.get(kind, "node")
    return sorted({a[key] for a in unpack_actions(legal["actions"]) if a["kind"] == kind})


def robber_targets(legal: Mapping[str, Any]) -> dict[int, list[int]]:
    """The robber's hexes and the seats that may be robbed on each (``[]``: nobody)."""
    out: dict[int, list[int]] = {}
    for a in unpack_actions(legal["actions"]):
        if a["kind"] == "move_robber":
            victims = out.setdefault(a["hex"], [])
            if a["victim"] is not None:
                victims.append(a["victim"])
    return {h: sorted(v) for h, v in sorted(out.items())}
