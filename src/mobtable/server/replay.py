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

from mobtable.core.record import start_from_record, to_record
from mobtable.server.live import LiveTable

_CACHE: OrderedDict[tuple[str, int | None], list[dict[str, Any]]] = OrderedDict()
_CACHE_SIZE = 16


def steps(table: LiveTable, seat: int | None = None) -> list[dict[str, Any]]:
    """Step 0 is the deal; step ``i`` follows the ``i``-th action.

    Each step holds what ``seat`` (``None``: a spectator) saw then: whose
    action it was, not which one (a hidden choice stays hidden in the replay
    as it was at the table), the view and the new events.
    """
    key = (table.id, seat)
    cached = _CACHE.get(key)
    if cached is not None:
        _CACHE.move_to_end(key)
        return cached
    record = to_record(table.state)
    state = start_from_record(record)
    out = [
        {
            "seat": None,
            "view": state.view(seat),
            "events": [e.to_json() for e in state.events_for(seat)],
        }
    ]
    for acting, text in record["actions"]:
        before = len(state.events)
        state.apply_text(acting, text)
        out.append(
            {
                "seat": acting,
                "view": state.view(seat),
                "events": [e.to_json() for e in state.events_for(seat, before)],
            }
        )
    _CACHE[key] = out
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return out
