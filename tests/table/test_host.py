"""``catan_widget.host(...)`` inside a running event loop, as in a notebook cell."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from urllib.parse import urlsplit

import ipywidgets
import pytest

import catan_widget
from catan_widget import Game

from .netclient import NAMES, Client, choose, run, settle

SEATS = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "human"}


@pytest.fixture(autouse=True)
def _close_widgets():
    yield
    ipywidgets.Widget.close_all()


def ws_of(link: str) -> tuple[str, str]:
    parts = urlsplit(link)
    return f"ws://{parts.netloc}/ws/{parts.path.rsplit('/', 1)[-1]}", parts.fragment.removeprefix("k=")


def act(widget, action) -> None:
    """The host's click, delivered as ipywidgets delivers a front-end message."""
    widget._handle_custom_msg({"type": "act", "version": widget.state["version"], "action": action}, [])


def test_host_in_a_running_loop_plays_with_a_phone():
    async def main() -> None:
        hosted = catan_widget.host(Game(players=NAMES, seed=7), SEATS, view="Ada")
        try:
            server, table, w = hosted.server, hosted.table, hosted.widget
            assert set(hosted.links) == {"Ada", "Bo", "Di"}  # the human seats, no bot's
            for name, link in hosted.links.items():
                assert (
                    link
                    == f"http://127.0.0.1:{server.port}/t/{table.id}#k={table.tokens.seat(NAMES.index(name))}"
                )
            assert hosted.spectator_link.endswith(f"#k={table.tokens.spectator}")
            assert (w.role, w.seat) == ("player", 0)  # the host plays Ada, already drawn
            assert w.board["players"][0]["name"] == "Ada"
            assert "resources" in w.state["players"][0]
            phones = {n: await Client.open(*ws_of(hosted.links[n])) for n in ("Bo", "Di")}
            await settle(list(phones.values()))
            rng = random.Random(1)
            start = len(table.game.history)
            host_moves = phone_moves = 0
            for _ in range(12):
                await settle(list(phones.values()))
                action = choose({"state": w.state, "legal": w.legal}, 0, rng)
                if action is not None:
                    act(w, action)
                    host_moves += 1
                    continue
                moves = [(c, choose(c.last_view(), NAMES.index(n), rng)) for n, c in phones.items()]
                mover, action = next(((c, a) for c, a in moves if a is not None), (None, None))
                if mover is not None:
                    await mover.act(action)
                    phone_moves += 1
            await settle(list(phones.values()))
            assert host_moves > 0
            assert phone_moves > 0
            assert len(table.game.history) >= start + host_moves + phone_moves
            assert w.state["version"] == table.version  # the host saw every change
            assert w.refused is None
            assert all(c.last_view()["state"]["error"] is None for c in phones.values())
            for c in phones.values():
                await c.close()
        finally:
            hosted.stop()

    run(main)


def test_the_hosts_settings_go_to_the_table_and_the_others_stay_fixed():
    async def main() -> None:
        hosted = catan_widget.host(Game(players=NAMES, seed=7), SEATS, view="Ada")
        try:
            w = hosted.widget
            assert "counting" not in w.state["players"][0]
            w.set_state({"show_counting": True})  # as the front-end's model.save_changes() does
            assert "counting" in w.state["players"][0]
            w.set_state({"view": 2, "bot_delay": 5.0})  # a notebook widget's settings: not a table's
            assert (w.view, w.bot_delay) == (None, 0.6)
            assert w.refused is None
            w._handle_custom_msg({"type": "act", "version": "x", "action": {"kind": "roll"}}, [])
            assert w.state["error"]  # refused by the table, told here only
        finally:
            hosted.stop()

    run(main)


def test_teacher_view_is_shown_to_every_player_and_seats_change_hands():
    async def main() -> None:
        hosted = catan_widget.host(Game(players=NAMES, seed=2), SEATS, view="teacher")
        try:
            w, table = hosted.widget, hosted.table
            assert (w.role, w.seat) == ("teacher", None)
            assert all("resources" in p for p in w.state["players"])
            bo = await Client.open(*ws_of(hosted.links["Bo"]))
            view = await bo.next("view")
            assert view["state"]["table"]["teacher"] is True
            hosted.give_to_bot("Bo")
            assert table.kinds[1] == "bot"
            hosted.give_to_human("Bo")
            assert table.kinds[1] == "human"
            with pytest.raises(ValueError, match="no player called"):
                hosted.give_to_bot("Zed")
            html = hosted.links_html()
            assert html.count("<svg") == 4  # Ada, Bo, Di and the spectators
            assert hosted.links["Bo"] in html
            bundle = hosted._repr_mimebundle_()
            assert "application/vnd.jupyter.widget-view+json" in bundle
            await bo.close()
        finally:
            hosted.stop()
        assert table.closed
        await hosted.server.aclose()  # stop() began it: it ends on the loop
        with pytest.raises(ConnectionRefusedError):
            await asyncio.open_connection("127.0.0.1", hosted.server.port)

    run(main)


def test_the_hosts_own_seat_has_no_link_on_show_and_a_bot_cannot_be_the_host():
    async def main() -> None:
        hosted = catan_widget.host(Game(players=NAMES, seed=2), SEATS, view="Di")
        try:
            html = hosted.links_html()
            assert hosted.links["Di"] not in html
            assert hosted.links["Ada"] in html
        finally:
            hosted.stop()
        with pytest.raises(ValueError, match="not a human"):
            catan_widget.host(Game(players=NAMES, seed=2), SEATS, view="Cy")

    run(main)


def test_host_needs_a_running_loop():
    with pytest.raises(RuntimeError, match="running event loop"):
        catan_widget.host(Game(players=NAMES, seed=1), SEATS)


def test_without_the_extra_host_says_what_to_install():
    code = "import sys; sys.modules['websockets'] = None; import catan_widget; catan_widget.host"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 1
    assert "pip install 'catan-widget[table]'" in out.stderr
    code = "import sys; sys.modules['segno'] = None; from catan_widget.table.cli import main; "
    code += "sys.exit(main(['serve']))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 2
    assert "pip install 'catan-widget[table]'" in out.stderr
