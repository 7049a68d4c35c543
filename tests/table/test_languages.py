"""A table speaks each seat's own language: four friends play one game, each reading the log,
the prompt, the reasons and the refusals in the language their hello named (or a ``language``
frame chose later), and the front-end's words come in the welcome, in it; an unknown language is
refused and changes nothing; saves hold no words.

The languages are :data:`LANGUAGES`, dealt to the seats in turn: once the Russian, Ukrainian and
Polish catalogues are compiled, add ``"ru", "uk", "pl"`` to that one tuple and every test here
checks them too (a language is checked against the engine's own wording of the same game,
``Game.log_for(..., language=...)``, and the pseudo-language by its brackets).
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from typing import Any

import pytest

from catan_widget import Game
from catan_widget.engine import ALL_SEEING, ONLOOKER
from catan_widget.engine.language import ENGLISH, PSEUDO
from catan_widget.table import Table, codes
from catan_widget.table.client import TableClientError
from catan_widget.table.words import accepted_language, table_words

from . import netclient
from .helpers import NAMES, TOKENS, Client, choose, new_table

LANGUAGES: tuple[str, ...] = (ENGLISH, PSEUDO, "ru", "uk", "pl")
"""The languages the seats read, dealt in turn (seat i reads ``LANGUAGES[i % len]``).  Add
``"ru", "uk", "pl"`` here when their catalogues exist: nothing else in this file changes."""

ALL_HUMAN = ["human"] * 4
LOG_TAIL = 22  # catan_widget.widget.view.LOG_TAIL: the newest log lines a view carries


def _language_of(seat: int) -> str:
    return LANGUAGES[seat % len(LANGUAGES)]


def _other(language: str) -> str:
    """A language of :data:`LANGUAGES` that is not ``language``."""
    return next(code for code in (*LANGUAGES, PSEUDO, ENGLISH) if code != language)


def _pseudo(text: str) -> bool:
    return text.startswith("[") and text.endswith("]")


def _hello(client: Client, token: str, language: str | None) -> list[dict[str, Any]]:
    frame: dict[str, Any] = {"type": "hello", "token": token, "protocol": codes.PROTOCOL}
    if language is not None:
        frame["language"] = language
    return client.send(frame)


def _texts(state: dict[str, Any], legal: dict[str, Any]) -> list[str]:
    """Every sentence of a view the server words: the log, the heading, the prompt, the reasons."""
    texts = [*state["log"], state["prompt"], state["heading"], *legal["reasons"]]
    return [t for t in texts if t]


def _reads(client: Client, language: str, game: Game, viewer: int) -> None:
    """``client``'s newest view is worded in ``language`` for ``viewer``, and only in it."""
    state, legal = client.state, client.legal
    assert state["log"], "the game has a log by now"
    assert state["log"] == game.log_for(viewer, language=language)[-LOG_TAIL:]
    if language != ENGLISH:
        assert state["log"] != game.log_for(viewer, language=ENGLISH)[-LOG_TAIL:]
    for text in _texts(state, legal):
        assert _pseudo(text) == (language == PSEUDO), (language, text)


def _welcomed(frame: dict[str, Any], language: str) -> None:
    assert frame["type"] == "welcome"
    assert frame["language"] == language
    assert frame["words"]["language"] == language
    assert {"messages", "plural", "decimal", "group", "languages"} <= set(frame["words"])
    assert frame["board"]["table_words"] == table_words(language)
    assert _pseudo(frame["board"]["table_words"]["teacher"]) == (language == PSEUDO)


def _play(table: Table, clients: dict[int, Client], moves: int, seed: int = 5) -> None:
    """``moves`` moves, each by the seat that must act, chosen from its own view."""
    rng = random.Random(seed)
    for _ in range(moves):
        acting = [c for c in clients.values() if c.my_turn()]
        assert len(acting) == 1
        answer = acting[0].act(choose(acting[0], rng))
        assert not [f for f in answer if f["type"] == "refused"], answer


def test_four_seats_play_one_game_each_in_their_own_language() -> None:
    table = new_table(seats=ALL_HUMAN)
    clients: dict[int, Client] = {}
    for seat in range(4):
        clients[seat] = Client(table)
        frames = _hello(clients[seat], TOKENS[str(seat)], _language_of(seat))
        assert [f["type"] for f in frames] == ["welcome", "view"]
        _welcomed(frames[0], _language_of(seat))
        assert clients[seat].conn.language == _language_of(seat)
    laptop = Client(table)  # seat 0 on a second device, in another language
    _welcomed(_hello(laptop, TOKENS["0"], _other(_language_of(0)))[0], _other(_language_of(0)))
    onlooker, teacher = Client(table), Client(table)
    _hello(onlooker, TOKENS["spectator"], _language_of(1))
    _hello(teacher, TOKENS["teacher"], _language_of(3))

    _play(table, clients, 24)

    game = table.game
    for seat, client in clients.items():
        _reads(client, _language_of(seat), game, seat)
        assert client.state["version"] == table.version
    _reads(laptop, _other(_language_of(0)), game, 0)
    _reads(onlooker, _language_of(1), game, ONLOOKER)
    _reads(teacher, _language_of(3), game, ALL_SEEING)

    waiting = next(c for c in clients.values() if not c.my_turn())
    answer = waiting.act({"kind": "end_turn"})
    assert [f["type"] for f in answer] == ["refused", "view"]
    assert answer[0]["code"] == codes.NOT_YOUR_TURN
    language = waiting.conn.language
    assert answer[0]["reason"] == game.waiting_text(language=language)
    assert answer[1]["state"]["error"] == answer[0]["reason"]
    assert _pseudo(answer[0]["reason"]) == (language == PSEUDO)


def test_a_seat_that_names_no_language_reads_the_tables() -> None:
    old = Client(new_table(), TOKENS["0"])  # an old client: its hello has no language
    assert old.frames_of("welcome")[0]["language"] == ENGLISH  # the tests' default (conftest)
    assert old.conn.language == ENGLISH
    table = new_table(language=PSEUDO)
    assert table.language == PSEUDO
    ada = Client(table, TOKENS["0"])
    _welcomed(ada.frames_of("welcome")[0], PSEUDO)
    bo = Client(table)
    _welcomed(_hello(bo, TOKENS["1"], ENGLISH)[0], ENGLISH)
    assert not _pseudo(bo.state["prompt"])
    assert _pseudo(ada.state["prompt"])


@pytest.mark.parametrize("language", ["xx", "", "e" * 200, 5, None, ["en"], "klingon"])
def test_an_unknown_language_is_refused_and_changes_nothing(
    language: object, caplog: pytest.LogCaptureFixture
) -> None:
    table = new_table(seats=ALL_HUMAN)
    bo = Client(table, TOKENS["1"])
    stranger = Client(table)
    answer = stranger.send({"type": "hello", "token": TOKENS["0"], "protocol": 1, "language": language})
    assert [(f["type"], f["code"]) for f in answer] == [("refused", codes.BAD_LANGUAGE)]
    assert answer[0]["reason"]
    assert stranger.conn.role is None, "no seat taken"
    assert not stranger.closed, "it may say hello again"
    assert not table.connected(0)

    ada = Client(table)
    _hello(ada, TOKENS["0"], _language_of(0))
    _play(table, {0: ada, 1: bo, 2: Client(table, TOKENS["2"]), 3: Client(table, TOKENS["3"])}, 5)
    seen, bo_seen, version = len(ada.frames), len(bo.frames), table.version
    caplog.set_level("DEBUG", logger="catan_widget.table")  # the detail; the operator gets a sum
    answer = ada.send({"type": "language", "language": language})
    assert [(f["type"], f["code"]) for f in answer] == [("refused", codes.BAD_LANGUAGE)]
    assert _pseudo(answer[0]["reason"]) == (_language_of(0) == PSEUDO), "refused in the seat's own language"
    assert ada.conn.language == _language_of(0)
    assert len(ada.frames) == seen + 1
    assert len(bo.frames) == bo_seen
    assert table.version == version
    assert any("no catalogue" in r.getMessage() for r in caplog.records), "the refusal is logged"
    assert not ada.closed


def test_a_language_frame_has_exactly_its_fields() -> None:
    ada = Client(new_table(), TOKENS["0"])
    answer = ada.send({"type": "language", "language": PSEUDO, "also": 1})
    assert [f["code"] for f in answer] == [codes.BAD_TYPE]
    assert ada.conn.language == ENGLISH
    answer = ada.send({"type": "hello", "token": TOKENS["0"], "protocol": 1, "language": "en", "x": 1})
    assert [f["code"] for f in answer] == [codes.BAD_TYPE]


def test_switching_a_seats_language_mid_game_rewords_its_view_only() -> None:
    table = new_table(seats=ALL_HUMAN)
    clients = {seat: Client(table) for seat in range(4)}
    for seat, client in clients.items():
        _hello(client, TOKENS[str(seat)], _language_of(seat))
    _play(table, clients, 10)
    mover = next(seat for seat, c in clients.items() if c.my_turn())  # the seat that must act switches
    others = [seat for seat in clients if seat != mover]
    before = {seat: len(clients[seat].frames) for seat in others}
    last = {seat: clients[seat].frames[-1] for seat in others}
    version = table.version
    click = choose(clients[mover], random.Random(2))  # made on the view before the switch
    new = _other(_language_of(mover))

    answer = clients[mover].send({"type": "language", "language": new})

    assert [f["type"] for f in answer] == ["welcome", "view"]
    _welcomed(answer[0], new)
    assert answer[0]["seat"] == mover
    assert answer[0]["role"] == codes.PLAYER
    assert answer[1]["state"]["version"] > version, "a version of its own"
    assert table.version == version, "the game did not change"
    assert clients[mover].conn.language == new
    _reads(clients[mover], new, table.game, mover)
    for seat in others:
        assert len(clients[seat].frames) == before[seat], "nobody else is sent anything"
        assert clients[seat].frames[-1] == last[seat]
    assert clients[mover].send({"type": "language", "language": new}) == [], "the same language: nothing"

    answer = clients[mover].act(click, version=version)
    assert not [f for f in answer if f["type"] == "refused"], "a click made before the switch still counts"
    _play(table, clients, 6, seed=6)  # the game goes on: each seat still in its own language
    _reads(clients[mover], new, table.game, mover)
    for seat in others:
        _reads(clients[seat], _language_of(seat), table.game, seat)


def test_saves_hold_no_words(tmp_path: Any) -> None:
    save = tmp_path / "game.json"
    table = new_table(seats=ALL_HUMAN, save=save, language=PSEUDO)
    clients = {seat: Client(table) for seat in range(4)}
    for seat, client in clients.items():
        _hello(client, TOKENS[str(seat)], _language_of(seat))
    _play(table, clients, 12)
    clients[0].send({"type": "language", "language": _other(_language_of(0))})
    text = save.read_text(encoding="utf-8")
    assert text == table.game.to_json()
    sidecar = json.loads((tmp_path / "game.json.table.json").read_text(encoding="utf-8"))
    assert set(sidecar) == {
        "format",
        "version",
        "table",
        "players",
        "seats",
        "bot",
        "offer_timeout",
        "bot_delay",
        "tokens",
    }
    for content in (text, json.dumps(sidecar)):
        assert "·" not in content, "no pseudo-language word is kept"
    restored = Table.restore(save, language=ENGLISH)
    assert restored.language == ENGLISH
    assert restored.game.to_json() == text


def test_the_host_widget_reads_the_hosts_language_and_can_change_it() -> None:
    pytest.importorskip("anywidget")
    from catan_widget.table.host_widget import TableWidget

    table = new_table(seats=ALL_HUMAN)
    ada = Client(table, TOKENS["0"])
    widget = TableWidget(table, TOKENS["teacher"], language=PSEUDO)
    assert widget.language == PSEUDO
    assert widget.words["language"] == PSEUDO
    assert _pseudo(widget.board["table_words"]["teacher"])
    assert _pseudo(widget.state["prompt"])
    seen = len(ada.frames)
    widget.set_language(ENGLISH)
    assert widget.words["language"] == ENGLISH
    assert not _pseudo(widget.state["prompt"])
    widget.language = "xx"  # from the front-end: refused by the table, put back
    assert widget.language == ENGLISH
    assert widget.refused is not None
    assert widget.refused["code"] == codes.BAD_LANGUAGE
    with pytest.raises(ValueError, match="no catalogue"):
        widget.set_language("xx")
    assert ada.frames[seen:] == [], "the host's language is the host's"
    widget.close()


def test_accept_language_chooses_among_the_catalogues() -> None:
    assert accepted_language(None, ENGLISH) == ENGLISH
    assert accepted_language("de-DE,de;q=0.9", PSEUDO) == PSEUDO
    assert accepted_language("de;q=0.9, en-XA;q=0.8, en;q=0.5", ENGLISH) == PSEUDO
    assert accepted_language("en;q=0, en-XA", ENGLISH) == PSEUDO
    assert accepted_language("*;q=1, garbage;q=x", ENGLISH) == ENGLISH


def _missing_page(port: int, language: str) -> tuple[int, str, str]:
    """The page of a table the server does not hold, asked for in ``language`` first."""
    page = f"http://127.0.0.1:{port}/t/nosuchtable"
    request = urllib.request.Request(page, headers={"Accept-Language": f"{language}, en;q=0.5"})
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as missing:
        return missing.code, missing.headers.get("Content-Language", ""), missing.read().decode()
    raise AssertionError("a table the server does not hold has a page")


def test_over_the_network_a_seat_chooses_and_changes_its_language() -> None:
    table = netclient.new_table()
    language = _other(ENGLISH)

    async def main() -> None:
        async with netclient.serving(table) as server:
            url = netclient.ws_url(server, table)
            async with await netclient.Client.open(url, table.tokens.seat(0), language=language) as ada:
                assert ada.language == language
                view = await ada.next("view")
                assert _pseudo(view["state"]["prompt"]) == (language == PSEUDO)
                welcome = await ada.set_language(ENGLISH)
                assert welcome is not None
                assert welcome["words"]["language"] == ENGLISH
                assert not _pseudo((await ada.next("view"))["state"]["prompt"])
                assert await ada.set_language(ENGLISH) is None
                await ada.send({"type": "language", "language": "xx"})
                assert (await ada.next("refused"))["code"] == codes.BAD_LANGUAGE
            with pytest.raises(TableClientError):
                await netclient.Client.open(url, table.tokens.seat(1), language="xx")
            status, header, body = await asyncio.to_thread(_missing_page, server.port, language)
            assert (status, header) == (404, language)
            assert _pseudo(body.strip()) == (language == PSEUDO)

    netclient.run(main, timeout=60)


def test_names_are_the_players_own_in_every_language() -> None:
    table = new_table(seats=ALL_HUMAN)
    clients = {seat: Client(table) for seat in range(4)}
    for seat, client in clients.items():
        _hello(client, TOKENS[str(seat)], _language_of(seat))
    for client in clients.values():
        assert [p["name"] for p in client.state["players"]] == NAMES
        assert [s["name"] for s in client.state["table"]["seats"]] == NAMES


def test_catan_widget_serve_speaks_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    from catan_widget.table import cli
    from catan_widget.table.server import TableServer

    args = cli.parser().parse_args(["serve", "--language", PSEUDO, "--seats", "human,human,bot,bot"])
    assert cli._language("serve", args.language) == PSEUDO
    (table,) = cli.make_tables(args)
    assert table.language == PSEUDO
    server = TableServer([table], bind="127.0.0.1", port=0)
    try:
        cli.print_links(server, [table], PSEUDO)
    finally:
        server.close()
    lines = capsys.readouterr().out.splitlines()
    links = {f"  {name}: " for name in ("Ada", "Bo")}
    for line in lines:
        named = any(line.startswith(start) for start in links)
        assert _pseudo(line.strip()) != named, line  # the names and their links are no words
    with pytest.raises(SystemExit, match="no catalogue"):
        cli._language("serve", "xx")
