"""The message catalogues, made with Babel: extract, update, compile (``./dev catalogues``).

    python tools/catalogues.py            extract every message (Python and front-end) into the
                                          template, update each language's .po from it, compile
                                          the .mo files and the front-end's lists
    python tools/catalogues.py --add xx   start a catalogue for language xx (then translate it)
    python tools/catalogues.py --check    change nothing; exit 1 naming every file that is stale

Files (all committed):
- ``catan_widget/locale/catan_widget.pot``: the template, every message in the code;
- ``catan_widget/locale/<xx>/LC_MESSAGES/catan_widget.po``: a language's translations, and
  ``catan_widget.mo`` compiled from it (what the standard library's gettext reads at run time);
- ``catan_widget/locale/frontend.json``: the messages the front-end shows, which Python sends to
  it in the reader's language (``catan_widget.widget.words``);
- ``js/generated/page-words.json``: the table page's words shown before any server answers, in
  every language, bundled into the page.

Output is deterministic (fixed dates, sorted messages), so ``--check`` can compare bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gettext
import io
import json
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "catan_widget" / "locale"
DOMAIN = "catan_widget"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
FRONTEND = LOCALE / "frontend.json"
PAGE_WORDS = ROOT / "js" / "generated" / "page-words.json"
PAGE_SOURCES = ("js/table-page.ts", "js/first-words.ts")
"""Front-end files whose words show before any server answers (bundled for every language)."""
STAMP = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
"""The fixed date in every header: the files change only when their messages do."""

PY_KEYWORDS = {"tr": None, "trn": (1, 2), "trc": ((1, "c"), 2), "trnc": ((1, "c"), 2, 3)}
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2), "tnc": ((1, "c"), 2, 3)}
COMMENT_TAGS = ("TRANSLATORS:",)

Key = tuple[str, str | None]  # (msgid, context)


def _extract(directory: Path, method: str, pattern: str, keywords: dict[str, object]) -> Iterable[tuple]:
    return extract_from_dir(
        str(directory),
        method_map=[(pattern, method)],
        keywords=keywords,  # type: ignore[arg-type]
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )


def _template() -> tuple[Catalog, list[dict[str, object]], set[Key]]:
    """The template catalogue, the front-end's messages and the table page's keys."""
    catalog = Catalog(
        domain=DOMAIN,
        project="catan-widget",
        copyright_holder="the catan-widget developers",
        creation_date=STAMP,
        fuzzy=False,
    )
    frontend: dict[Key, dict[str, object]] = {}
    page: set[Key] = set()
    sources = [
        (ROOT / "catan_widget", "python", "**.py", PY_KEYWORDS, "catan_widget/"),
        (ROOT / "js", "javascript", "*.ts", JS_KEYWORDS, "js/"),
    ]
    for directory, method, pattern, keywords, prefix in sources:
        for filename, lineno, message, comments, context in _extract(directory, method, pattern, keywords):
            path = prefix + filename
            if path.startswith("js/tests") or "/tests/" in path:
                continue
            msgid = message if isinstance(message, str) else message[0]
            plural = None if isinstance(message, str) else message[1]
            if not msgid:
                continue
            flags = ("python-brace-format",) if "{" in msgid else ()
            catalog.add(
                message if plural is None else (msgid, plural),
                locations=[(path, lineno)],
                auto_comments=comments,
                context=context,
                flags=flags,
            )
            if prefix == "js/":
                frontend[(msgid, context)] = {"context": context, "msgid": msgid, "plural": plural}
                if path in PAGE_SOURCES:
                    page.add((msgid, context))
    ordered = [frontend[k] for k in sorted(frontend, key=lambda k: (k[1] or "", k[0]))]
    return catalog, ordered, page


def _po_bytes(catalog: Catalog, template: bool = False) -> bytes:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        no_location=True,
        omit_header=False,
        sort_output=True,
        include_previous=False,
        ignore_obsolete=True,
    )
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _updated(language: str, template: Catalog) -> Catalog:
    with _po_path(language).open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.creation_date = STAMP
    catalog.revision_date = STAMP
    catalog.fuzzy = False
    return catalog


def _key(msgid: str, context: str | None) -> str:
    return msgid if context is None else f"{context}\x04{msgid}"


def _page_words(catalogs: dict[str, Catalog], page: set[Key]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for language, catalog in sorted(catalogs.items()):
        table: dict[str, str] = {}
        for msgid, context in sorted(page, key=lambda k: (k[1] or "", k[0])):
            found = catalog.get(msgid, context=context)
            text = found.string if found is not None else ""
            if isinstance(text, (tuple, list)):
                text = text[0]
            if text:
                table[_key(msgid, context)] = text
        out[language] = table
    return out


def outputs() -> dict[Path, bytes]:
    """Every file this tool writes, with the bytes it should hold now."""
    template, frontend, page = _template()
    files: dict[Path, bytes] = {TEMPLATE: _po_bytes(template, template=True)}
    catalogs: dict[str, Catalog] = {}
    for language in _languages():
        catalog = _updated(language, template)
        catalogs[language] = catalog
        files[_po_path(language)] = _po_bytes(catalog)
        files[_po_path(language).with_suffix(".mo")] = _mo_bytes(catalog)
    files[FRONTEND] = (json.dumps(frontend, ensure_ascii=False, indent=1) + "\n").encode()
    page_words = _page_words(catalogs, page)
    files[PAGE_WORDS] = (json.dumps(page_words, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()
    return files


def add(language: str) -> Path:
    """Start the catalogue of ``language`` from the template (its plural rule from CLDR)."""
    path = _po_path(language)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    template, _, _ = _template()
    catalog = Catalog(locale=language, domain=DOMAIN, project="catan-widget", creation_date=STAMP)
    catalog.revision_date = STAMP
    catalog.fuzzy = False
    catalog.update(template, no_fuzzy_matching=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(catalog))
    return path


def _same(path: Path, data: bytes) -> bool:
    """Whether ``path`` holds ``data``, up to Babel's version in the headers."""
    if not path.exists():
        return False
    old = path.read_bytes()
    if path.suffix == ".mo":
        return _mo_messages(old) == _mo_messages(data)
    return _no_version(old) == _no_version(data)


def _no_version(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n") if not line.startswith(b'"Generated-By:'))


def _mo_messages(data: bytes) -> dict[object, object]:
    translations = gettext.GNUTranslations(io.BytesIO(data))
    return {k: v for k, v in translations._catalog.items() if k != ""}


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--add", metavar="LANG", help="start the catalogue of a new language")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale")
    args = parser.parse_args(argv)
    if args.add:
        print(f"started {add(args.add).relative_to(ROOT)}: translate it, then run this again")
    stale = []
    for path, data in outputs().items():
        if _same(path, data):
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if args.check and stale:
        print("stale message catalogues (run ./dev catalogues):", *stale, sep="\n  ")
        return 1
    if not args.check:
        print(f"catalogues: {len(stale)} file(s) written" if stale else "catalogues: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
