"""What the widget shows a reader, read from the page: every visible text, every ``title``,
``aria-label`` and ``placeholder`` (player names and ids left out), and every control whose text
does not fit it.  The language tests check that no word escaped the catalogues and that no
control's text overflows, in every language and the pseudo-language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator

SCAN_JS = """
(root) => {
  const shown = (el) => {
    for (let e = el; e && e !== root.parentElement; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "none" || cs.visibility === "hidden" || cs.opacity === "0") return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  // names (wrapped by the widget), the ids overlay and key caps are not words of the catalogues
  const SKIP = ".cw-name, .cw-ids, .cw-id, kbd, .cw-key, select, script, style";
  // each element holding text is read whole (a message may hold a name or number in an element
  // of its own: "[<b>10</b> ṾP]"); the parts of it that are names are taken out
  const texts = [];
  const seen = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!(n.textContent || "").trim() || !el || el.closest(SKIP) || seen.has(el) || !shown(el)) continue;
    seen.add(el);
    const copy = el.cloneNode(true);
    for (const skipped of copy.querySelectorAll(SKIP)) skipped.replaceWith(" ");
    const t = (copy.textContent || "").trim();
    if (t) texts.push(t);
  }
  // a menu's choices (not the Language menu's: each language is named in its own words)
  for (const sel of root.querySelectorAll("select:not([data-setting='language'])")) {
    if (!shown(sel)) continue;
    for (const o of sel.options) if (o.text.trim()) texts.push(o.text.trim());
  }
  const attrs = [];
  for (const el of root.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (el.closest(".cw-ids, .cw-id")) continue;
    for (const a of ["title", "aria-label", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v && v.trim()) attrs.push(v.trim());
    }
  }
  const overflow = [];
  const CONTROLS = "button, select, [role=button], .cw-btn, .cw-chip, .cw-dcard, .cw-tab";
  for (const el of root.querySelectorAll(CONTROLS)) {
    if (!shown(el) || el.closest(".cw-name")) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      const text = (el.textContent || "").trim().slice(0, 80);
      overflow.push({ text, scroll: el.scrollWidth, client: el.clientWidth });
    }
  }
  // texts shown whole: the prompt, the mode's hint, a dialog's title (neither cut nor clipped)
  for (const el of root.querySelectorAll(".cw-banner-text, .cw-status .cw-hint > span, .cw-dialog-title")) {
    if (!shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      const text = (el.textContent || "").trim().slice(0, 80);
      overflow.push({ text, scroll: el.scrollHeight, client: el.clientHeight });
    }
  }
  return { texts, attrs, overflow };
}
"""

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")
"""A Latin-script word of two letters or more (a single letter is a key or an id)."""
ID_LIKE = re.compile(r"^(?:[A-Z]\d+|\d+[A-Za-z]?)$")


@dataclass(frozen=True)
class Scan:
    """One look at the widget: visible texts, attribute texts, controls whose text overflows."""

    texts: list[str]
    attrs: list[str]
    overflow: list[dict[str, Any]]

    def everything(self) -> list[str]:
        """Every text a reader may see or hear."""
        return [*self.texts, *self.attrs]


def scan(root: Locator) -> Scan:
    """Read the widget under ``root`` as the reader sees it."""
    found = root.evaluate(SCAN_JS)
    return Scan(found["texts"], found["attrs"], found["overflow"])


def latin_words(texts: list[str], allowed: set[str]) -> list[tuple[str, str]]:
    """``(word, text)`` for every Latin-script word in ``texts`` that is not an allowed word
    (player names, key names) or an id.
    """
    out = []
    for text in texts:
        stripped = text
        for name in sorted(allowed, key=len, reverse=True):
            stripped = stripped.replace(name, " ")
        out.extend((w, text) for w in LATIN_WORD.findall(stripped) if not ID_LIKE.match(w))
    return out


def english_words(template: str, translated: str) -> set[str]:
    """Words of the English messages (``template``, the .pot's text) that the translation
    (``translated``, a .po's text) never uses: seen in a Latin-script language, such a word is
    English that escaped the catalogues.
    """
    ours = {w.lower() for w in LATIN_WORD.findall(translated)}
    return {w.lower() for w in LATIN_WORD.findall(template) if len(w) >= 3} - ours


def unbracketed(texts: list[str], allowed: set[str]) -> list[str]:
    """The texts of the pseudo-language that hold a word outside its brackets: a string that
    escaped the catalogues (names, numbers, symbols and ids may stand outside).
    """
    out = []
    for text in texts:
        outside = re.sub(r"\[[^\[\]]*\]", " ", text)
        while "[" in outside and "]" in outside:  # nested brackets: a message inside a message
            reduced = re.sub(r"\[[^\[\]]*\]", " ", outside)
            if reduced == outside:
                break
            outside = reduced
        if latin_words([outside], allowed):
            out.append(text)
    return out
