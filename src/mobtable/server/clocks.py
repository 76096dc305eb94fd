"""The time limits of a table: per-move clocks, and how long a player may be away.

A table with a ``clock`` gives every person to move that many seconds: the
deadline is in ``LiveTable.deadlines`` (clients show it) and a timer per seat in
``LiveTable.timers``. When a clock runs out, ``on_timeout`` is called; the
manager has the stand-in bot move for that seat. ``replace_after`` is the other
limit: how long a player must have been away before the others may seat a bot
in their place.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from mobtable.server.live import LiveTable, Seat

Timeout = Callable[[LiveTable, int], None]
"""Called on the event loop with the table and the seat whose clock ran out."""


class MoveClocks:
    """Starts, stops and expires the per-move clocks of the people at a table."""

    def __init__(self, on_timeout: Timeout) -> None:
        self.on_timeout = on_timeout

    def update(self, table: LiveTable) -> None:
        """After every change: drop the clocks of seats no longer to move (or now
        played by a bot), and start one for every person newly to move."""
        pending = set() if table.state.is_over() else set(table.state.pending())
        for seat in list(table.deadlines):
            if seat not in pending or table.seats[seat].row.kind != "human":
                table.deadlines.pop(seat)
        for seat, handle in list(table.timers.items()):
            if seat not in table.deadlines:
                handle.cancel()
                table.timers.pop(seat)
        if not table.row.clock:
            return
        loop = asyncio.get_running_loop()
        for seat in pending:
            if table.seats[seat].row.kind == "human" and seat not in table.deadlines:
                table.deadlines[seat] = time.time() + table.row.clock
                table.timers[seat] = loop.call_later(
                    table.row.clock, self._expired, table, seat, table.deadlines[seat]
                )

    def moved(self, table: LiveTable, seat: int) -> None:
        """``seat`` has moved: its clock is done (the next :meth:`update` cancels
        its timer, and starts a fresh clock if the seat is to move again)."""
        table.deadlines.pop(seat, None)

    def stop(self, table: LiveTable) -> None:
        """Cancel every timer of ``table`` (the server is stopping)."""
        for handle in table.timers.values():
            handle.cancel()

    def _expired(self, table: LiveTable, seat: int, deadline: float) -> None:
        table.timers.pop(seat, None)
        # a timer whose deadline was replaced (the seat moved, then is to move
        # again) must not fire for the new one
        if table.deadlines.get(seat) == deadline:
            self.on_timeout(table, seat)


def timeout_notice(table: LiveTable, seat: int) -> Callable[[int | None], str]:
    """The announcement that ``seat``'s time ran out, for each reader: everyone
    sees the deadlines anyway, so it tells nobody anything they could not know."""
    name = table.seats[seat].name

    def text(reader: int | None) -> str:
        if reader == seat:
            return "Your time ran out: a bot makes this move for you."
        return f"Time ran out for {name}: a bot makes this move."

    return text


def not_replaceable_yet(seat: Seat, replace_after: float) -> str | None:
    """Why a bot may not take the place of ``seat``'s player yet (``None``: it may).

    The player is connected, or has been away less than ``replace_after`` seconds.
    """
    away = None if seat.connections or seat.away_since is None else time.time() - seat.away_since
    if away is None:
        return "connected"
    if away < replace_after:
        return f"away; wait {replace_after - away:.0f} more seconds"
    return None
