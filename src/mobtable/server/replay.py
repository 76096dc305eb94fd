"""Replays of finished games, made from the full record, which never leaves the server.

A public replay is what a spectator saw after every action: every game may
publish it, since a spectator's view holds no secret (the game's own
visibility rules, K-15 for Capo). A seat's replay shows that seat's cards
too; it is served only where everything is revealed at the end
(:func:`mobtable.core.reveal.reveals_everything`), the caller checks that.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from mobtable.core.record import to_record
from mobtable.core.reveal import replay_steps
from mobtable.server.messages import breakdown as breakdown_table
from mobtable.server.messages import outcome as outcome_line
from mobtable.server.messages import tiebreak as tiebreak_line
from mobtable.server.session import TableSession

_CACHE: OrderedDict[tuple[str, int | None], list[dict[str, Any]]] = OrderedDict()
_CACHE_SIZE = 16


def steps(table: TableSession, seat: int | None = None) -> list[dict[str, Any]]:
    """The finished game as ``seat`` (``None``: a spectator) saw it, step by step."""
    key = (table.id, seat)
    cached = _CACHE.get(key)
    if cached is not None:
        _CACHE.move_to_end(key)
        return cached
    out = replay_steps(to_record(table.state), seat, narrate=table.narrator(seat).event)
    _CACHE[key] = out
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return out


def outcome(table: TableSession, seat: int | None = None) -> str | None:
    """The game's sentence about its end (who won, what decided it), in ``seat``'s words."""
    return outcome_line(table.narrator(seat), table.state)


def tiebreak(table: TableSession, seat: int | None = None) -> str | None:
    """What decided the game, in its words (the result card's line)."""
    return tiebreak_line(table.narrator(seat), table.state)


def breakdown(table: TableSession, seat: int | None = None) -> dict[str, Any] | None:
    """How each player's score was made (the result card's breakdown), in ``seat``'s words."""
    return breakdown_table(table.narrator(seat), table.state)
