"""The end-of-game reveal: what everyone may read of a finished game.

Each game declares its policy (:attr:`Game.end_reveal`). When nothing hidden
matters once the game is over, the *public record* of a finished game is its
full record, seed and all, and it replays exactly. When the game keeps some
secrets for ever (Capo's unsuspected crews), the public record holds no seed
and no setup, and each action only as :meth:`Game.public_notation` says
everyone may know it::

    {"format": 1, "game": "capo", "rules_version": "1", "config": {...},
     "seed": null, "setup": null, "public": true, "withheld": "...",
     "actions": [[0, "p2"], [0, "d?"], ...], "result": {...}}

Such a record cannot be replayed: there is no deal to start from. The public
replay (:func:`replay_steps` with no seat) is made from the full record by
whoever holds it (the server), and holds only what a spectator saw: the
game's own views decide that. A table whose players agreed to reveal
everything (``reveal_all``) publishes its full record whatever the policy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mobtable.core.errors import IllegalAction
from mobtable.core.game import Game
from mobtable.core.record import PUBLIC, start_from_record, to_record
from mobtable.core.state import Event, Seat, State


def reveals_everything(game: Game, *, reveal_all: bool = False) -> bool:
    """Whether a finished game of ``game`` publishes its full record."""
    return reveal_all or game.end_reveal.everything


def public_record(state: State, *, reveal_all: bool = False) -> dict[str, Any]:
    """The record of a finished game that everyone may read.

    Raises ``IllegalAction`` while the game is still being played: before the
    end even the public history belongs to the live table.
    """
    if not state.is_over():
        raise IllegalAction("the game is not over", rule="game-over")
    full = to_record(state)
    game = state.game
    if reveals_everything(game, reveal_all=reveal_all):
        return full
    return {
        **full,
        "seed": None,
        "setup": None,
        PUBLIC: True,
        "withheld": game.end_reveal.description,
        "actions": [
            [seat, game.public_notation(action, state.config)] for seat, action in state.history
        ],
    }


def replay_steps(
    record: Mapping[str, Any],
    seat: Seat | None = None,
    *,
    narrate: Callable[[Event], str] | None = None,
) -> list[dict[str, Any]]:
    """A full record step by step, as ``seat`` saw it (``None``: a spectator).

    Step 0 is the deal; step ``i`` follows the ``i``-th action and holds
    whose action it was (not which: a hidden choice stays hidden), ``seat``'s
    view then and the events it saw. A seat's steps show its own cards, so
    they are for games that reveal everything at the end. ``narrate`` gives
    each event's ``text`` (the game's words for that reader).
    """
    state = start_from_record(record)

    def shown(event: Event) -> dict[str, Any]:
        entry = event.to_json()
        if narrate is not None:
            entry["text"] = narrate(event)
        return entry

    out = [
        {
            "seat": None,
            "view": state.view(seat),
            "events": [shown(e) for e in state.events_for(seat)],
        }
    ]
    for acting, text in record["actions"]:
        before = len(state.events)
        state.apply_text(acting, text)
        out.append(
            {
                "seat": acting,
                "view": state.view(seat),
                "events": [shown(e) for e in state.events_for(seat, before)],
            }
        )
    return out
