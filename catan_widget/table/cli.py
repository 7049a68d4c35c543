"""``catan-widget serve``: the table server without Jupyter (a room, a class, a test); and
``catan-widget bot LINK``: a bot in one seat of a table served elsewhere (:mod:`.remote_bot`).

``catan-widget serve --players Ada,Bo,Cy,Di --seats human,human,bot,human --save-dir games``
starts one table (``--tables N`` for more) and prints each human's join link, the spectators'
and the teacher's.  With ``--save-dir`` every table writes its exact save there after every
move; started again on a directory that holds saves, the server restores every table in it —
the same games, the same tokens, so the printed links (and the clients still holding them)
reconnect and play on.  What the commands print for people is in ``--language`` (``serve``: also
the language of every seat that names none) or the process's default; errors stay English.
``serve`` logs what an operator needs to stderr (``--log-level``, ``--log-json``: :mod:`.ops`).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import secrets
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import TABLE_EXTRA
from ..engine import Game
from ..engine.language import Words, get_language, tr, trc, trn, words
from ..engine.registry import bot_names, import_bot
from ..engine.rng import Rng
from .admission import PER_LINK, SPECTATORS, Admission
from .defaults import BOT_DELAY, IDLE_TIMEOUT, OFFER_TIMEOUT
from .ops import REFUSALS, SUMMARY_SECONDS, configure, event

if TYPE_CHECKING:
    from .server import TableServer
    from .table import Table

__all__ = ["main", "make_tables", "resolve_bots", "restore_tables"]

SAVE_SUFFIX = ".json"
"""A table's save in ``--save-dir`` is ``<table id>.json`` (its tokens in the table's own sidecar)."""


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


_BOTS = f"{', '.join(bot_names())}, or MODULE:NAME of your own (a bot, or a factory (seed, seat) -> bot)"


def _bot(command: str, spec: str) -> str:
    """``spec`` as a bot name (:func:`~catan_widget.engine.registry.import_bot`), or exit saying why."""
    try:
        return import_bot(spec)
    except ValueError as exc:
        raise SystemExit(f"catan-widget {command}: {exc}") from None


def parser() -> argparse.ArgumentParser:
    """The command line of ``catan-widget``."""
    top = argparse.ArgumentParser(
        prog="catan-widget", description="Settlers of Catan in Jupyter, and tables."
    )
    commands = top.add_subparsers(dest="command", required=True)
    p = commands.add_parser("serve", help="serve tables each player joins from their own device")
    p.add_argument("--players", type=_names, default=["Ada", "Bo", "Cy", "Di"], help="names, comma-separated")
    p.add_argument(
        "--seats", type=_names, default=None, help="human, bot or a bot per player (default: all human)"
    )
    p.add_argument("--tables", type=int, default=1, help="how many tables (each its own game)")
    p.add_argument("--port", type=int, default=8765, help="the port (0: any free one)")
    p.add_argument("--bind", default="127.0.0.1", help="the address to listen on (0.0.0.0: every one)")
    p.add_argument("--save-dir", type=Path, default=None, help="write saves here; restore the tables in it")
    p.add_argument("--public-url", default=None, help="the links' base URL behind a reverse proxy")
    p.add_argument("--origin", action="append", default=[], help="another origin allowed (repeatable)")
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        help="another Host name answered, NAME or NAME:PORT (repeatable): what a reverse proxy forwards",
    )
    p.add_argument("--per-link", type=int, default=PER_LINK, help="connections one seat's link holds at once")
    p.add_argument(
        "--max-spectators", type=int, default=SPECTATORS, help="spectators' connections one table holds"
    )
    p.add_argument("--max-connections", type=int, default=None, help=argparse.SUPPRESS)  # deprecated
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=IDLE_TIMEOUT,
        help="seconds a human may leave their move unmade before a bot plays their seat (default: never)",
    )
    p.add_argument(
        "--log-level", default="info", choices=["debug", "info", "warning", "error"], help="the log's level"
    )
    p.add_argument("--log-json", action="store_true", help="log one JSON object a line")
    p.add_argument("--seed", type=int, default=None, help="the first table's seed (the others drawn from it)")
    p.add_argument("--bot", default="greedy", help=f"the bot behind bot seats: {_BOTS}")
    p.add_argument("--bot-delay", type=float, default=BOT_DELAY, help="seconds between two bot moves")
    p.add_argument(
        "--offer-timeout", type=float, default=OFFER_TIMEOUT, help="seconds to answer a trade offer"
    )
    p.add_argument(
        "--language",
        default=None,
        help="the language of seats that name none, and of this output (en, uk, ...)",
    )
    b = commands.add_parser("bot", help="play one seat of a table served elsewhere with a bot")
    b.add_argument(
        "link",
        help="the seat's link, http(s)://HOST:PORT/t/<table>#k=<token>; '-' reads it from stdin "
        "(so that the token is not in the process list of a shared machine)",
    )
    b.add_argument("--bot", default="greedy", help=f"the bot: {_BOTS}")
    b.add_argument("--seed", type=int, default=0, help="the bot's seed")
    b.add_argument("--patience", type=float, default=3600.0, help="seconds to wait for the others to move")
    b.add_argument("--language", default=None, help="the language of this output (en, uk, ...)")
    return top


def _seed(seed: int | None, k: int) -> int | None:
    """Table ``k``'s seed: ``Rng(seed).spawn(k).below(2**63)`` (the first table's is ``seed``)."""
    if seed is None or k == 0:
        return seed
    return Rng(seed).spawn(k).below(2**63)


def resolve_bots(args: argparse.Namespace) -> None:
    """Make ``serve``'s ``--bot`` and the bots named in ``--seats`` usable by name (``MODULE:NAME``
    ones imported and registered), or exit saying which one is wrong.
    """
    args.bot = _bot("serve", args.bot)
    if args.seats:
        args.seats = [s if s in ("human", "bot") else _bot("serve", s) for s in args.seats]


def make_tables(args: argparse.Namespace) -> list[Table]:
    """New tables as the command line asks (each saved in ``--save-dir`` when given)."""
    from .table import Table

    if args.tables < 1:
        raise SystemExit("--tables must be at least 1")
    seats = args.seats or ["human"] * len(args.players)
    if len(seats) != len(args.players):
        raise SystemExit(f"--seats names {len(seats)} seats for {len(args.players)} players")
    if args.save_dir is not None:
        args.save_dir.mkdir(parents=True, exist_ok=True)
    tables = []
    for k in range(args.tables):
        table_id = secrets.token_hex(4)
        save = None if args.save_dir is None else args.save_dir / f"{table_id}{SAVE_SUFFIX}"
        game = Game(players=args.players, seed=_seed(args.seed, k))
        tables.append(
            Table(
                game,
                seats,
                table_id=table_id,
                bot=args.bot,
                save=save,
                offer_timeout=args.offer_timeout,
                bot_delay=args.bot_delay,
                language=getattr(args, "language", None),
                idle_timeout=getattr(args, "idle_timeout", None),
            )
        )
    return tables


def restore_tables(
    save_dir: Path, language: str | None = None, idle_timeout: float | None = IDLE_TIMEOUT
) -> list[Table]:
    """Every table saved in ``save_dir`` (``<id>.json``), restored with its tokens (speaking
    ``language`` to seats that name none: a save holds no words; ``idle_timeout`` as for a new one).
    """
    from .table import Table

    saves = sorted(save_dir.glob(f"*{SAVE_SUFFIX}"))
    return [
        Table.restore(path, language=language, idle_timeout=idle_timeout) for path in saves if _is_save(path)
    ]


def _is_save(path: Path) -> bool:
    return path.is_file() and re.fullmatch(r"[a-z0-9]{1,32}", path.stem) is not None


def _say(message: Words, language: str | None, indent: str = "") -> None:
    print(indent + words(message, language))


def print_links(server: TableServer, tables: Sequence[Table], language: str | None = None) -> None:
    """Each table's links: one per human seat, the spectators', the teacher's (to stdout, in
    ``language``).
    """
    for table in tables:
        # TRANSLATORS: catan-widget serve's output: the heading of a table's links ({table}: its id)
        _say(trc("serve", "table {table}", table=table.id), language)
        for name, url in server.links(table).items():
            print(f"  {name}: {url}")  # a name and its link: no words
        # TRANSLATORS: catan-widget serve's output: the spectators' link
        _say(trc("serve", "spectators: {url}", url=server.spectator_link(table)), language, "  ")
        teacher = server.link(table, table.tokens.teacher)
        # TRANSLATORS: catan-widget serve's output: the teacher's link (its view shows every hand)
        _say(trc("serve", "teacher (sees every hand): {url}", url=teacher), language, "  ")
    # TRANSLATORS: catan-widget serve's output, its last line ({url}: the server's address)
    serving = trn(
        "serving {n} table at {url} (Ctrl+C to stop)",
        "serving {n} tables at {url} (Ctrl+C to stop)",
        len(tables),
        url=server.url,
    )
    print(words(serving, language), flush=True)


async def serve(args: argparse.Namespace) -> None:
    """Run the server until SIGINT or SIGTERM."""
    from .server import TableServer

    if args.max_connections is not None:
        print("catan-widget serve: --max-connections is deprecated: use --max-spectators", file=sys.stderr)
        args.max_spectators = args.max_connections
    try:
        admission = Admission(per_link=args.per_link, spectators=args.max_spectators)
    except ValueError as exc:
        raise SystemExit(f"catan-widget serve: {exc}") from None
    if args.idle_timeout is not None and not args.idle_timeout > 0:
        raise SystemExit("--idle-timeout must be a positive number of seconds")
    configure(args.log_level, args.log_json)
    resolve_bots(args)
    language = _language("serve", args.language)
    args.language = language
    try:
        saved = args.save_dir is not None and args.save_dir.is_dir()
        tables = restore_tables(args.save_dir, language, args.idle_timeout) if saved else []
    except ValueError as exc:  # a TableFileError, or a save the engine refuses: nothing is served
        raise SystemExit(f"catan-widget serve: cannot restore {args.save_dir}: {exc}") from None
    restored = bool(tables)
    tables = tables or make_tables(args)
    try:
        server = TableServer(
            tables,
            bind=args.bind,
            port=args.port,
            public_url=args.public_url,
            origins=args.origin,
            allowed_hosts=args.allowed_host,
            admission=admission,
        )
    except (OSError, ValueError) as exc:
        if isinstance(exc, ValueError):
            raise SystemExit(f"catan-widget serve: {exc}") from None
        raise SystemExit(
            f"catan-widget serve: cannot listen on {args.bind}:{args.port}: {exc.strerror}"
        ) from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # from the first line said on: a stop is clean
        loop.add_signal_handler(sig, stop.set)
    await server.open()
    for table in tables:
        table.start()
        how = "restored" if restored else "started"
        event(how, "table %s %s: %s", table.id, how, ", ".join(table.kinds), table=table.id)
    event(
        "serving",
        "serving %d tables at %s; hosts %s",
        len(tables),
        server.url,
        ", ".join(server.hosts.names()),
    )
    if restored:
        # TRANSLATORS: catan-widget serve's output ({directory}: the directory of the saves)
        again = trn(
            "restored {n} table from {directory}",
            "restored {n} tables from {directory}",
            len(tables),
            directory=str(args.save_dir),
        )
        _say(again, language)
    print_links(server, tables, language)
    summaries = loop.create_task(_summarise())
    try:
        await stop.wait()
    finally:
        summaries.cancel()
        REFUSALS.flush()
        for table in tables:
            table.close()
        await server.aclose()


async def _summarise() -> None:
    """Say the refusals counted, once a minute, even when no new one comes to say them."""
    while True:
        await asyncio.sleep(SUMMARY_SECONDS)
        REFUSALS.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """``catan-widget serve ...`` or ``catan-widget bot ...``: see ``catan-widget --help``."""
    args = parser().parse_args(argv)
    try:
        import segno  # noqa: F401
        import websockets  # noqa: F401
    except ModuleNotFoundError as e:
        print(
            f"catan-widget {args.command} needs the extra 'table' ({e.name} is missing): {TABLE_EXTRA}",
            file=sys.stderr,
        )
        return 2
    if args.command == "serve":
        asyncio.run(serve(args))
        return 0
    return asyncio.run(bot(args))


async def bot(args: argparse.Namespace) -> int:
    """Play the link's seat with ``--bot`` until the game ends; what happened, to stdout."""
    from .client import TableClientError
    from .remote_bot import RemoteBotError, play_seat

    args.bot = _bot("bot", args.bot)
    language = _language("bot", args.language)
    link = sys.stdin.readline().strip() if args.link == "-" else args.link
    try:
        played = await play_seat(link, args.bot, seed=args.seed, patience=args.patience)
    except (ValueError, OSError, RemoteBotError, TableClientError) as exc:
        print(f"catan-widget bot: {exc}", file=sys.stderr)  # never the token: no message quotes the link
        return 1
    names = played.last.names
    name, moves = names[played.seat], played.moves
    # TRANSLATORS: catan-widget bot's output: {name} is the seat's player, {bot} the bot's name
    did = trn(
        "{name} ({bot}) played {n} move.", "{name} ({bot}) played {n} moves.", moves, name=name, bot=args.bot
    )
    _say(did, language)
    if played.refused:
        # TRANSLATORS: catan-widget bot's output: moves the table refused because the game had moved on
        late = trn("{n} of them was refused as late.", "{n} of them were refused as late.", played.refused)
        _say(late, language)
    if played.winner is None:
        _say(tr("Nobody won."), language)
    else:
        _say(tr("The winner: {name}.", name=names[played.winner]), language)
    return 0


def _language(command: str, language: str | None) -> str:
    """``--language`` checked (the process's default when not given), or exit saying why."""
    from .words import check_language

    try:
        return get_language() if language is None else check_language(language)
    except ValueError as exc:
        raise SystemExit(f"catan-widget {command}: --language: {exc}") from None


if __name__ == "__main__":
    sys.exit(main())
