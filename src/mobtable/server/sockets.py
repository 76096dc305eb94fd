"""How many WebSockets one address, and one table, may hold open.

Every socket counts against its address from the moment it is accepted (a socket that
never says hello holds its place until the hello timeout), and against its table once it
has said hello. A socket over a cap is accepted, told why in an ``error`` message and
closed with :data:`ADDRESS_FULL` or :data:`TABLE_FULL` and the same reason, so a client
can say so instead of reconnecting at once. A table's players are always let in (their
sockets count, but only watchers are refused): watchers never lock a player out of a game.
"""

from __future__ import annotations

from mobtable.server.clients import Close
from mobtable.server.limits import ServerLimits

ADDRESS_FULL = 4430
"""The close code of a socket over ``ServerLimits.ws_per_address``."""
TABLE_FULL = 4431
"""The close code of a watcher's socket over ``ServerLimits.ws_per_table``."""


class SocketCounts:
    """The open WebSockets per client address, against the configured caps (0: none)."""

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits
        self._open: dict[str, int] = {}

    def open(self, address: str) -> Close | None:
        """Count a new socket of ``address``; the close to send instead, where it has its
        cap already (then nothing is counted)."""
        cap = self.limits.ws_per_address
        held = self._open.get(address, 0)
        if cap and held >= cap:
            return Close(
                ADDRESS_FULL,
                f"too many connections from your address (limit {cap}): "
                "close another tab, or try again later",
            )
        self._open[address] = held + 1
        return None

    def closed(self, address: str) -> None:
        """One socket of ``address`` (counted by :meth:`open`) has gone."""
        held = self._open.get(address, 0) - 1
        if held > 0:
            self._open[address] = held
        else:
            self._open.pop(address, None)

    def held(self, address: str) -> int:
        """The sockets ``address`` holds open now."""
        return self._open.get(address, 0)

    def table_refusal(self, connected: int, seated: bool) -> Close | None:
        """The close for a socket joining a table that has ``connected`` sockets already,
        if it is a watcher (not ``seated``) and the table is at its cap; else ``None``."""
        cap = self.limits.ws_per_table
        if seated or not cap or connected < cap:
            return None
        return Close(
            TABLE_FULL,
            f"this table has as many connections as it takes (limit {cap}): "
            "try watching again later",
        )
