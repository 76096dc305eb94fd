"""A player's tables at a glance: where it is their move, across every table they sit at.

The browser keeps one seat token per table (a guest's only proof of a seat); it sends them
and gets, for each table whose token matches, what that seat may know of it: the game, the
players' names, the status, whether the game waits for this seat and until when. A table
held live by this process is read as it is; any other is read from the store and replayed
apart, never made live here (another process may own it). A token that does not match, or a
table that is gone, is left out: the answer says nothing of a seat the caller cannot prove.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mobtable.server.clocks import is_turn_based
from mobtable.server.seats import token_matches
from mobtable.server.session import TableSession

if TYPE_CHECKING:
    from mobtable.server.manager import TableManager

MOST = 100
"""Seats one request may ask about (a browser keeps at most this many in view)."""


@dataclass(frozen=True, slots=True)
class SeatClaim:
    """One seat a browser holds: a table, a seat number and its secret token."""

    table: str
    seat: int
    token: str


async def your_tables(manager: TableManager, claims: list[SeatClaim]) -> list[dict[str, Any]]:
    """Each proven seat's table, the ones waiting for that seat first, then the newest."""
    found = []
    for claim in claims[:MOST]:
        table = manager.tables.get(claim.table) or await _stored(manager, claim.table)
        if table is None or not _proves(table, claim):
            continue
        found.append(_entry(table, claim.seat))
    found.sort(key=lambda e: (not e["your_move"], e["deadline"] or float("inf")))
    return found


async def _stored(manager: TableManager, table_id: str) -> TableSession | None:
    """A table read from the store and replayed apart (``None``: no such table, or one
    this server cannot replay)."""
    row = await manager.db(manager.repo.load, table_id)
    if row is None:
        return None
    try:
        return await manager.db(TableSession.load, row)
    except (KeyError, ValueError):
        return None


def _proves(table: TableSession, claim: SeatClaim) -> bool:
    return 0 <= claim.seat < len(table.seats) and token_matches(
        claim.token, table.seats[claim.seat].row.token_hash
    )


def _entry(table: TableSession, seat: int) -> dict[str, Any]:
    state = table.state
    yours = table.status.in_play and not state.is_over() and seat in state.pending()
    return {
        "id": table.id,
        "url": f"/t/{table.id}",
        "game": table.row.game,
        "title": table.game.title,
        "seat": seat,
        "names": [s.name for s in table.seats],
        "status": table.status.value,
        "your_move": yours,
        "deadline": _deadline(table, seat) if yours else None,
        "clock": table.row.clock,
        "turn_based": is_turn_based(table.row.clock),
        "moves": state.moves_seen_by(seat),
    }


def _deadline(table: TableSession, seat: int) -> float | None:
    """When the seat's clock runs out: the live clock's, or the stored start's."""
    live = table.clocks.deadlines.get(seat)
    if live is not None or not table.row.clock:
        return live
    return (table.row.moved_at or time.time()) + table.row.clock
