"""Replays of finished games: the spectator's view after every action."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from mobtable.core.record import start_from_record, to_record
from mobtable.server.live import LiveTable

_CACHE: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()
_CACHE_SIZE = 16


def steps(table: LiveTable) -> list[dict[str, Any]]:
    """Step 0 is the deal; step ``i`` follows the ``i``-th action.

    Each step holds what a spectator saw then (whose action, not which one:
    a hidden choice stays hidden in the replay as it was at the table).
    """
    cached = _CACHE.get(table.id)
    if cached is not None:
        _CACHE.move_to_end(table.id)
        return cached
    record = to_record(table.state)
    state = start_from_record(record)
    words = table.narrator(None)

    def events(since: int) -> list[dict[str, Any]]:
        return [{**e.to_json(), "text": words.event(e)} for e in state.events_for(None, since)]

    out = [{"seat": None, "view": state.view(None), "events": events(0)}]
    for seat, text in record["actions"]:
        before = len(state.events)
        state.apply_text(seat, text)
        out.append(
            {
                "seat": seat,
                "view": state.view(None),
                "events": events(before),
            }
        )
    _CACHE[table.id] = out
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return out
