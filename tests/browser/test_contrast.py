"""Every player's name is readable: WCAG AA contrast (4.5:1) against what is behind it, in the
light and the dark theme, in the panels, the hand and the legend, six players (every seat
colour) in real JupyterLab.  The seat's colour stays in the marks beside a name.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .lab import LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
CELL = f"""\
from catan_widget import CatanWidget, Game

w = CatanWidget(Game({NAMES!r}, seed=4, first=0), ["human"] + ["bot"] * 5, bot_delay=0)
w.theme = "light"
w"""

CONTRAST_JS = """
(root) => {
  const rgba = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  // the colour behind an element: the nearest ancestor's opaque background, blended down
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let out = [255, 255, 255];
    for (const c of layers.reverse()) out = out.map((v, i) => v * (1 - c[3]) + c[i] * c[3]);
    return out;
  };
  const found = [];
  for (const el of root.querySelectorAll(".cw-player-name, .cw-hand-owner, .cw-legend-name")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !el.textContent.trim()) continue;
    const fg = rgba(getComputedStyle(el).color);
    const bg = behind(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    found.push({ name: el.textContent.trim(), cls: el.className, ratio: (a + 0.05) / (b + 0.05) });
  }
  return found;
}
"""


def test_every_name_reaches_aa_contrast_in_light_and_dark(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 900})
    lab = open_lab_page(lab_page, lab_server, "contrast.ipynb", [CELL])
    lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="setup_settlement")
    for theme in ("light", "dark"):
        table.root.locator("select[data-setting='theme']").select_option(theme)
        expect(table.root).to_have_attribute("data-theme", theme)
        found = table.root.evaluate(CONTRAST_JS)
        assert {f["name"] for f in found} >= set(NAMES), found
        low = [f for f in found if f["ratio"] < 4.5]
        assert low == [], f"{theme}: names below 4.5:1: {low}"
