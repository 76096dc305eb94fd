"""One exception family for everything the engine refuses.

Every message names the rule, field or value at fault, so that a player, a
bot author or a bug report can act on it without reading the code.
"""

from __future__ import annotations


class MobtableError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(MobtableError):
    """An action that the rules forbid in this position.

    Attributes:
        rule: a short id of the rule that forbids it (e.g. ``"G-08"`` or
            ``"follow-suit"``), for tests and for clients that translate.
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class NotYourTurn(IllegalAction):
    """The seat does not owe a decision now."""


class InvalidNotation(MobtableError):
    """Text that is not an action of this game at all."""


class BadConfig(MobtableError):
    """A game configuration that the game does not support."""


class BadSetup(MobtableError):
    """An explicit setup (hands, decks, board) that is inconsistent."""


class BadRecord(MobtableError):
    """A game record that is malformed or does not replay."""


class BadCardData(MobtableError):
    """A card-data file that is malformed or inconsistent."""
