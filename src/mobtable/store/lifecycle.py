"""A table's life: its status and the one function that moves it on.

A table is born ``waiting`` (the waiting room: a seat is left for a person) or
``playing`` (every seat taken). In the waiting room a join or a leave keeps it waiting
until the last free seat is taken (``FILL``) or the host starts it with bots in
the free seats (``START``); the action that ends the game makes it ``over``;
a table nobody plays at ``expired``. Nothing else changes a status: the
server's table sessions, the store (:meth:`Repository.transition`, guarded by
the status it moves from) and the clocks and bots (which run only while
``playing``: :attr:`TableStatus.in_play`) all ask
:func:`transition`, so a step the table's status does not allow is refused the
same way wherever it comes from.
"""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """Where a table is in its life (the value is what the API and the store say)."""

    WAITING = "waiting"
    """The waiting room: a seat is free for a person; no clock runs, no bot moves."""
    PLAYING = "playing"
    OVER = "over"
    EXPIRED = "expired"
    """Closed because nobody played (never started, or every player gone)."""

    @property
    def is_open(self) -> bool:
        """Listed in the lobby and held in memory until it ends: waiting or playing."""
        return self in (TableStatus.WAITING, TableStatus.PLAYING)

    @property
    def in_play(self) -> bool:
        """Clocks run and bots move: the game has started and not ended."""
        return self is TableStatus.PLAYING

    @property
    def is_closed(self) -> bool:
        """It will never change again: over or expired."""
        return not self.is_open


OPEN = (TableStatus.WAITING, TableStatus.PLAYING)


class Step(StrEnum):
    """What happens to a table that may change its status."""

    JOIN = "join"
    """Someone took a seat in the waiting room, and another is still free."""
    LEAVE = "leave"
    """Someone left the waiting room: their seat is free again."""
    FILL = "fill"
    """The waiting room's last free seat was taken (by a person, or a bot the host seated)."""
    START = "start"
    """The host started the game with bots in the free seats."""
    FINISH = "finish"
    """The action that ends the game was stored."""
    EXPIRE = "expire"
    """Nobody joined in time, or every player stayed away too long."""


_NEXT: dict[tuple[TableStatus, Step], TableStatus] = {
    (TableStatus.WAITING, Step.JOIN): TableStatus.WAITING,
    (TableStatus.WAITING, Step.LEAVE): TableStatus.WAITING,
    (TableStatus.WAITING, Step.FILL): TableStatus.PLAYING,
    (TableStatus.WAITING, Step.START): TableStatus.PLAYING,
    (TableStatus.PLAYING, Step.FINISH): TableStatus.OVER,
    (TableStatus.WAITING, Step.EXPIRE): TableStatus.EXPIRED,
    (TableStatus.PLAYING, Step.EXPIRE): TableStatus.EXPIRED,
}


class IllegalStep(ValueError):
    """A step the table's status does not allow, in players' words (the server answers
    it as a 409 over HTTP, an ``error`` message on the WebSocket); ``rule`` names why."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def initial(free_seat: bool) -> TableStatus:
    """A new table's status: the waiting room while a seat is left for a person."""
    return TableStatus.WAITING if free_seat else TableStatus.PLAYING


def transition(status: TableStatus, step: Step) -> TableStatus:
    """The status after ``step``; ``IllegalStep`` (naming why) where ``status`` forbids it."""
    after = _NEXT.get((status, step))
    if after is not None:
        return after
    raise refusal(status, step)


def refusal(status: TableStatus, step: Step | None = None) -> IllegalStep:
    """Why a table with ``status`` refuses ``step`` (``None``: a seat change or an action
    that needs an open table), in players' words."""
    if status is TableStatus.OVER:
        return IllegalStep("the game is over", rule="game-over")
    if status is TableStatus.EXPIRED:
        return IllegalStep("this table has closed", rule="expired")
    if status is TableStatus.PLAYING:
        return IllegalStep("the game has already started", rule="not-waiting")
    return IllegalStep("the game has not started yet: it is in the waiting room", rule="waiting")
