"""The table's bare page (``catan_widget/static/table.html``, built from js/table-page.*): it
loads only the widget's bundle and styles served beside it (no CDN: it works offline), fits a
phone's width, and its script is inline (the server serves no other file for it).
"""

from __future__ import annotations

import re

from catan_widget.widget.assets import STATIC

PAGE = STATIC / "table.html"


def test_the_page_loads_nothing_but_the_bundle_served_beside_it() -> None:
    html = PAGE.read_text(encoding="utf-8")
    assert '<link rel="stylesheet" href="../static/widget.css">' in html
    assert 'from"../static/widget.js"' in html.replace(" ", ""), "the page's script imports the bundle"
    assert not re.search(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", html), "nothing from another host"
    assert "import(" not in html
    assert len(re.findall(r"<script\b", html)) == 1


def test_the_page_fits_a_phone_and_sends_no_referrer() -> None:
    html = PAGE.read_text(encoding="utf-8")
    assert re.search(r'<meta name="viewport" content="width=device-width, initial-scale=1', html)
    assert '<meta name="referrer" content="no-referrer">' in html
    assert 'id="catan-table"' in html
    assert "replaceState" in html, "the token is taken out of the address bar"
