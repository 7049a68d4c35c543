"""The engine's exceptions."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action breaks a rule (or is malformed); the message names the rule in plain words.

    The game is unchanged when this is raised.
    """


class SaveError(ValueError):
    """A save file is truncated, edited, inconsistent or of an unknown schema; nothing loads."""
