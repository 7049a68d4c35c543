"""A table's files: the game's exact save, rewritten after every move, and beside it the sidecar
``<save>.table.json`` (mode 0600) with what the save does not hold: the table's id, who plays
each seat, the tokens and the table's settings.

Every write is atomic: a temporary file in the same directory, flushed and ``fsync``-ed, then
``os.replace``-d over the old one, so a crash at any moment (of the process or of the machine)
leaves the old file or the new one, never half of one.  The directory is not synced: after a
power cut the rename itself may be lost, which leaves the previous save, whole.  Both files
are created with mode 0600 (the save holds every hand, the sidecar every token).  Reading
refuses a corrupt or mismatched pair with a :class:`TableFileError` saying what is wrong;
nothing is half-loaded.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game
from ..engine.errors import SaveError
from ..widget.seats import HUMAN

SIDECAR_SUFFIX = ".table.json"
"""What the sidecar's name adds to the save's."""
FORMAT = "catan-widget-table"
"""The sidecar's ``format`` field."""
FORMAT_VERSION = 1
"""The sidecar's ``version`` field."""
MODE = 0o600
"""Both files are readable and writable by their owner only."""


class TableFileError(ValueError):
    """A table's save or sidecar cannot be loaded: ``str()`` says which file and why."""


def sidecar_path(save: str | os.PathLike[str]) -> Path:
    """The sidecar of the save ``save``: ``<save>.table.json``."""
    path = Path(save)
    return path.with_name(path.name + SIDECAR_SUFFIX)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` by ``text`` (UTF-8) atomically, the file's mode 0600."""
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, MODE)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


@dataclass(frozen=True)
class Sidecar:
    """What a table keeps beside its save."""

    table_id: str
    players: tuple[str, ...]
    seats: tuple[str, ...]
    """Each seat's spec: ``"human"`` or a bot's registered name."""
    bot: str
    tokens: dict[str, str]
    offer_timeout: float | None
    bot_delay: float

    def to_json(self) -> str:
        """The sidecar's text."""
        return json.dumps(
            {
                "format": FORMAT,
                "version": FORMAT_VERSION,
                "table": self.table_id,
                "players": list(self.players),
                "seats": list(self.seats),
                "bot": self.bot,
                "offer_timeout": self.offer_timeout,
                "bot_delay": self.bot_delay,
                "tokens": self.tokens,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, where: Path) -> Sidecar:
        """Read a sidecar; raises :class:`TableFileError` for anything but a well-formed one."""
        try:
            data: Any = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise TableFileError(f"{where}: not a table file (not JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TableFileError(f"{where}: not a table file (no format {FORMAT!r})")
        if data.get("version") != FORMAT_VERSION:
            raise TableFileError(
                f"{where}: table file version {data.get('version')!r} is not {FORMAT_VERSION}"
            )
        fields: dict[str, type | tuple[type, ...]] = {
            "table": str,
            "players": list,
            "seats": list,
            "bot": str,
            "tokens": dict,
            "bot_delay": (int, float),
            "offer_timeout": (int, float, type(None)),
        }
        for key, kind in fields.items():
            if key not in data or not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise TableFileError(f"{where}: the field {key!r} is missing or of the wrong type")
        lists = (data["players"], data["seats"], list(data["tokens"]), list(data["tokens"].values()))
        if not all(isinstance(x, str) for values in lists for x in values):
            raise TableFileError(f"{where}: players, seats and tokens must be texts")
        if len(data["players"]) != len(data["seats"]):
            raise TableFileError(f"{where}: {len(data['players'])} players but {len(data['seats'])} seats")
        return cls(
            data["table"],
            tuple(data["players"]),
            tuple(data["seats"]),
            data["bot"],
            dict(data["tokens"]),
            None if data["offer_timeout"] is None else float(data["offer_timeout"]),
            float(data["bot_delay"]),
        )


class Store:
    """The save and the sidecar of one table, at ``save`` and ``<save>.table.json``."""

    def __init__(self, save: str | os.PathLike[str]) -> None:
        """The files of a table saved at ``save`` (its directory must exist)."""
        self.path = Path(save)
        self.sidecar = sidecar_path(self.path)

    def write_game(self, game: Game) -> None:
        """Write ``game``'s exact save, atomically."""
        write_atomic(self.path, game.to_json())

    def write_sidecar(self, sidecar: Sidecar) -> None:
        """Write the sidecar, atomically."""
        write_atomic(self.sidecar, sidecar.to_json())

    def load(self) -> tuple[Game, Sidecar]:
        """The saved game and its sidecar, checked to belong together; raises
        :class:`TableFileError` saying what is wrong.
        """
        save_text = _read(self.path, "save")
        side_text = _read(self.sidecar, "table file")
        sidecar = Sidecar.from_json(side_text, self.sidecar)
        try:
            game = Game.from_json(save_text)
        except SaveError as exc:
            raise TableFileError(f"{self.path}: the save does not load: {exc}") from None
        if tuple(game.names) != sidecar.players:
            raise TableFileError(
                f"{self.sidecar}: its players {list(sidecar.players)} are not the save's {list(game.names)}"
            )
        humans = [seat for seat, spec in enumerate(sidecar.seats) if spec == HUMAN]
        missing = [seat for seat in humans if str(seat) not in sidecar.tokens]
        if missing:
            raise TableFileError(f"{self.sidecar}: no token for the human seat(s) {missing}")
        return game, sidecar


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TableFileError(f"{path}: no {what} there") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TableFileError(f"{path}: the {what} cannot be read: {exc}") from None
