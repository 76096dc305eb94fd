"""When a table nobody plays at closes: never started, or every player gone.

Two limits (``ServerLimits``): a waiting table closes ``waiting_expiry`` seconds
after its last join (or its creation); an unfinished game closes once none of its
players has been connected for ``abandoned_expiry`` seconds (a table of bots only,
with no seat for a person, plays on). An expired table leaves the lobby's open
tables and says why at its address; it cannot be joined or played.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from mobtable.server.limits import ServerLimits
from mobtable.store import TableStatus

if TYPE_CHECKING:
    from mobtable.server.session import TableSession


def _duration(seconds: int) -> str:
    """A limit in words: "1 second", "90 seconds", "30 minutes"."""
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{round(seconds / 60)} minutes"


class Expiry:
    """Which tables are due to close, and why, under one server's limits."""

    def __init__(self, limits: ServerLimits) -> None:
        self.waiting = limits.waiting_expiry
        self.abandoned = limits.abandoned_expiry

    @property
    def check_every(self) -> float:
        """Seconds between two sweeps: a tenth of the shorter limit, 0.05 s to 30 s."""
        limits = [x for x in (self.waiting, self.abandoned) if x]
        return min(30.0, max(0.05, min(limits) / 10)) if limits else 0.0

    def expires_at(self, table: TableSession) -> float | None:
        """When a waiting table closes unless someone joins (``None``: it does not)."""
        if table.status is not TableStatus.WAITING or not self.waiting:
            return None
        return (table.row.joined_at or time.time()) + self.waiting

    def due(self, table: TableSession, now: float) -> str | None:
        """Why ``table`` closes now, in words (``None``: it stays open)."""
        if table.status is TableStatus.WAITING:
            at = self.expires_at(table)
            if at is not None and now >= at:
                return (
                    "This table closed before the game began: nobody joined for "
                    f"{_duration(self.waiting)}."
                )
            return None
        if table.status is not TableStatus.PLAYING or not self.abandoned:
            return None
        people = [s for s in table.seats if s.row.kind == "human" and s.claimed]
        if not people or any(s.connections for s in people):
            return None
        if all(s.away_since is not None and now - s.away_since >= self.abandoned for s in people):
            return (
                "This table closed: every player had left the game for "
                f"{_duration(self.abandoned)}."
            )
        return None

    def reason_of_stored(self, table: TableSession) -> str:
        """The reason of a table that expired before this server started."""
        if any(s.free for s in table.seats):
            return "This table closed before the game began: not everyone joined in time."
        return "This table closed: every player had left the game."
