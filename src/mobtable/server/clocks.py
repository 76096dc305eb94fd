"""The time limits of a table: per-move clocks, and how long a player may be away.

A table with a ``clock`` gives every person to move that many seconds. Each table
session owns one :class:`SeatClocks`: the deadlines (clients show them) and a timer
per seat; when a clock runs out it calls the session's ``on_timeout`` (the stand-in
bot moves for that seat, through the action pipeline like any other move). Clocks
run only while the table is ``playing`` (``TableStatus.in_play``): the pipeline
calls :meth:`SeatClocks.update` after every change, :meth:`SeatClocks.stop` once
the table is not in play. ``replace_after`` is the other limit: how long a player
must have been away before the others may seat a bot in their place.

A clock of :data:`TURN_BASED` seconds (an hour) or more makes a *turn-based* table: players
come and go between their moves, so nobody may seat a bot for one who is away (their own
clock does, when it runs out) and the table does not close for want of connected players.
The store keeps when play last moved on (``TableRow.moved_at``): a session loaded after a
restart, or taken over by another process, resumes its clocks from then
(:meth:`SeatClocks.resume`), so a day-long clock is not given back in full.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mobtable.server.seats import Seat

Timeout = Callable[[int], None]
"""Called on the event loop with the seat whose clock ran out."""

TURN_BASED = 3600
"""Seconds per move from which a table is turn-based (see the module's docstring)."""
LONGEST = 7 * 86400
"""The longest clock a table may have: a week per move."""


def is_turn_based(clock: int | None) -> bool:
    """Whether a table with this per-move ``clock`` is played turn by turn, over days."""
    return clock is not None and clock >= TURN_BASED


class SeatClocks:
    """The per-move clocks of the people at one table: ``seconds`` each (``None``: none)."""

    def __init__(self, seconds: int | None, on_timeout: Timeout | None = None) -> None:
        self.seconds = seconds
        self.on_timeout = on_timeout
        self._deadlines: dict[int, float] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._since: float | None = None

    @property
    def deadlines(self) -> Mapping[int, float]:
        """When each running clock runs out (epoch seconds), by seat."""
        return MappingProxyType(self._deadlines)

    def update(self, to_move: Iterable[int]) -> None:
        """After every change in play: drop the clocks of seats no longer among the people
        ``to_move``, and start one for every person newly to move."""
        pending = set(to_move)
        for seat in [s for s in self._deadlines if s not in pending]:
            del self._deadlines[seat]
        for seat, handle in list(self._timers.items()):
            if seat not in self._deadlines:
                handle.cancel()
                del self._timers[seat]
        since, self._since = self._since, None
        if not self.seconds:
            return
        loop = asyncio.get_running_loop()
        now = time.time()
        for seat in pending:
            if seat not in self._deadlines:
                deadline = self._deadlines[seat] = (since or now) + self.seconds
                delay = max(0.0, deadline - now)
                self._timers[seat] = loop.call_later(delay, self._expired, seat, deadline)

    def resume(self, since: float | None) -> None:
        """The clocks the next :meth:`update` starts count from ``since`` (epoch seconds)
        rather than now: a table loaded from the store resumes the clocks that were
        running when play last moved on. A clock already run out fires at once."""
        self._since = since

    def moved(self, seat: int) -> None:
        """``seat`` has moved: its clock is done (the next :meth:`update` cancels its
        timer, and starts a fresh clock if the seat is to move again)."""
        self._deadlines.pop(seat, None)

    def stop(self) -> None:
        """Cancel every clock (the table is not in play, or the server is stopping)."""
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        self._deadlines.clear()

    def _expired(self, seat: int, deadline: float) -> None:
        self._timers.pop(seat, None)
        # a timer whose deadline was replaced (the seat moved, then is to move
        # again) must not fire for the new one
        if self._deadlines.get(seat) == deadline and self.on_timeout is not None:
            self.on_timeout(seat)


def timeout_notice(name: str, seat: int) -> Callable[[int | None], str]:
    """The announcement that ``seat``'s time (its player ``name``) ran out, for each
    reader: everyone sees the deadlines anyway, so it tells nobody anything they could
    not know."""

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
        return "here: a bot may take only the seat of a player who is away"
    if away < replace_after:
        wait = max(1, round(replace_after - away))
        return f"away for only {away:.0f} s: a bot may take the seat in {wait} s"
    return None
