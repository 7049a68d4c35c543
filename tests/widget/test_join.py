"""Joining a table from a notebook: ``CatanWidget.join(link)`` makes a widget that holds no game
and gives its front-end the table's WebSocket address and the seat's token (js/remote.ts plays
over it); a link of any other form is refused with a message that never quotes the token.
"""

from __future__ import annotations

import logging

import pytest

from catan_widget import CatanWidget
from catan_widget.widget import assets
from catan_widget.widget.join import JoinWidget, parse_link

TOKEN = "Q2f7_xk-3JmZp9Lr0aVbWc1Yd5EeTt8u"  # secrets.token_urlsafe(24) form


def test_a_seats_link_gives_the_websocket_the_table_and_the_token() -> None:
    assert parse_link(f"http://127.0.0.1:8765/t/ab12#k={TOKEN}") == {
        "url": "ws://127.0.0.1:8765/ws/ab12",
        "table": "ab12",
        "token": TOKEN,
    }


def test_an_https_link_behind_a_proxy_keeps_its_path_and_uses_wss() -> None:
    remote = parse_link(f"  https://games.example.org/catan/t/x9/#k={TOKEN}\n")
    assert remote["url"] == "wss://games.example.org/catan/ws/x9"
    assert remote["table"] == "x9"


@pytest.mark.parametrize(
    ("link", "says"),
    [
        (f"ftp://127.0.0.1/t/ab12#k={TOKEN}", "http:// or https://"),
        (f"127.0.0.1:8765/t/ab12#k={TOKEN}", "http:// or https://"),
        (f"http://127.0.0.1:8765/static/widget.js#k={TOKEN}", "/t/<table>"),
        (f"http://127.0.0.1:8765/t/AB-12#k={TOKEN}", "/t/<table>"),
        (f"http://127.0.0.1:8765/t/{'a' * 33}#k={TOKEN}", "/t/<table>"),
        ("http://127.0.0.1:8765/t/ab12", "no seat token"),
        ("http://127.0.0.1:8765/t/ab12#x=1", "no seat token"),
        (f"http://127.0.0.1:8765/t/ab12#k={TOKEN}&k={TOKEN}", "malformed"),
        (f"http://127.0.0.1:8765/t/ab12#k={TOKEN}<script>", "malformed"),
        ("http://127.0.0.1:8765/t/ab12#k=short", "malformed"),
    ],
)
def test_a_bad_link_is_a_clear_value_error_that_never_quotes_the_token(link: str, says: str) -> None:
    with pytest.raises(ValueError, match=r"table's link|seat token") as err:
        CatanWidget.join(link)
    assert says in str(err.value)
    assert TOKEN not in str(err.value)
    assert "short" not in str(err.value)


def test_a_link_that_is_no_string_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="string"):
        parse_link(b"http://127.0.0.1/t/ab12")  # type: ignore[arg-type]


def test_join_makes_a_widget_whose_front_end_connects_to_the_table() -> None:
    w = CatanWidget.join(f"http://127.0.0.1:8765/t/ab12#k={TOKEN}")
    assert isinstance(w, JoinWidget)
    assert w.remote == {"url": "ws://127.0.0.1:8765/ws/ab12", "table": "ab12", "token": TOKEN}
    assert (w.table, w.url) == ("ab12", "ws://127.0.0.1:8765/ws/ab12")
    # the same bundle and styles as every widget: its render sees `remote` and uses a WebSocket
    assert w._esm == assets.bundle_text()
    assert w._css == assets.styles_text()
    assert w.get_state()["remote"] == w.remote
    assert set(w.keys) & {"board", "state", "legal"} == set(), "the kernel holds no game for it"
    assert TOKEN not in repr(w)


def test_the_front_end_sets_nothing_on_a_joined_widget(caplog: pytest.LogCaptureFixture) -> None:
    w = CatanWidget.join(f"http://127.0.0.1:8765/t/ab12#k={TOKEN}")
    with caplog.at_level(logging.WARNING, logger="catan_widget"):
        w.set_state({"remote": {"url": "ws://evil.example/ws/x", "token": "x"}})
    assert w.remote["url"] == "ws://127.0.0.1:8765/ws/ab12"
    assert "takes no value" in caplog.text
    assert TOKEN not in caplog.text
