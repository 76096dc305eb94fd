"""A table session: one live table in the one process that owns it.

A session is made from a stored table (:meth:`TableSession.load`: the row's
config and seed, its actions replayed), so any process can take a table over
from the database alone. It owns what lives only in memory, each behind a
narrow interface: its per-move clocks (:class:`~mobtable.server.clocks.SeatClocks`),
its bots' seats (:class:`~mobtable.server.bot_turns.BotSeats`) and its connected
clients (:class:`~mobtable.server.clients.Audience`). Its status changes only
through :meth:`step` (the lifecycle's one transition function); its state only
through the action pipeline (:mod:`mobtable.server.pipeline`). Everything runs on
the event loop, and :attr:`lock` serialises a table's changes: an action is
applied, stored, then broadcast, all under the lock, so nobody ever sees a state
that is not yet in the database.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

from mobtable import games
from mobtable.core import State
from mobtable.core.narrator import Narrator
from mobtable.core.record import replay
from mobtable.core.reveal import reveals_everything
from mobtable.core.words import default_names
from mobtable.server import messages
from mobtable.server.bot_turns import BotSeats
from mobtable.server.clients import LEFT, REPLACED, Audience, Client, Close
from mobtable.server.clocks import SeatClocks
from mobtable.server.errors import Conflict
from mobtable.server.seats import Seat
from mobtable.server.tutorials import tutorial_bots
from mobtable.store import IllegalStep, SeatRow, Step, TableRow, TableStatus, transition
from mobtable.store.accounts import AccountRef
from mobtable.store.lifecycle import refusal

STEP_TO = {TableStatus.OVER: Step.FINISH, TableStatus.EXPIRED: Step.EXPIRE}
"""The step that leads a table in play to a stored closed status."""

Timeout = Callable[["TableSession", int], None]
"""What happens when a seat's clock runs out (the pipeline's stand-in move)."""


def conflict(exc: IllegalStep) -> Conflict:
    """A lifecycle refusal as the server answers it (409, with its rule)."""
    return Conflict(str(exc), rule=exc.rule)


class TableSession:
    """One live table: its stored row, game state and seats, and what it owns in memory."""

    def __init__(self, row: TableRow, state: State, *, on_timeout: Timeout | None = None) -> None:
        self.row = row
        self.state = state
        self.game = state.game
        self.lock = asyncio.Lock()
        defaults = default_names(state.players)
        self.seats = [Seat(s, defaults[s.seat]) for s in sorted(row.seats, key=lambda s: s.seat)]
        self.clients = Audience()
        self.clocks = SeatClocks(
            row.clock, None if on_timeout is None else (lambda seat: on_timeout(self, seat))
        )
        self.bots = BotSeats(tutorial_bots(row))
        self.expires_at: float | None = None
        """When a waiting table closes unless someone joins (set by the pipeline)."""
        self.expired: str | None = None
        """Why an expired table closed, in words."""
        self.held = True
        """This process still holds the table (``False`` once handed over to another)."""
        self.unsure = False
        """A commit's outcome is unknown (it failed and the store could not be read after):
        the store may hold an action this state lacks; it is read again before the table
        is served or moved (:meth:`ActionPipeline.reconcile`)."""
        self.seats_unsure = False
        """A seat write's outcome is unknown (its ``COMMIT`` failed): the store's seats may
        differ from :attr:`seats`; they are read again before the table is served or a
        seat changes (:class:`~mobtable.server.seatwrites.SeatWrites`)."""
        self.start_unsure = False
        """The start's outcome is unknown (its ``COMMIT`` failed): the store may hold the
        table as playing; its status is read again with the seats."""
        self._narrators: dict[int | None, tuple[tuple[str, ...], Narrator]] = {}

    @classmethod
    def load(cls, row: TableRow, *, on_timeout: Timeout | None = None) -> TableSession:
        """The session of a stored table: its stored actions replayed on its seed.
        ``KeyError`` for a game this server does not know; a ``MobtableError`` for a
        record that does not replay (a row stored before a check was tightened)."""
        game = games.get(row.game)
        config = game.config_from_json(row.config)
        session = cls(row, game.new_state(config, seed=row.seed), on_timeout=on_timeout)
        if row.actions:
            session.rebuild(row.actions)
        session.clocks.resume(row.moved_at)
        return session

    # -- what it is -----------------------------------------------------
    @property
    def id(self) -> str:
        return self.row.id

    @property
    def status(self) -> TableStatus:
        return self.row.status

    @property
    def bot_only(self) -> bool:
        """No seat for a person: bots play it all (and wait for tables with people)."""
        return all(s.is_bot for s in self.seats)

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def reveals_everything(self) -> bool:
        """Whether the full record is published once over (the game's policy or the table's)."""
        return reveals_everything(self.game, reveal_all=self.row.reveal_at_end)

    def people_to_move(self) -> list[int]:
        """The seats played by people that the game waits for (their clocks run)."""
        if self.state.is_over():
            return []
        return [s for s in self.state.pending() if not self.seats[s].is_bot]

    # -- its life ---------------------------------------------------------
    def check(self, step: Step) -> TableStatus:
        """The status ``step`` would lead to; a ``Conflict`` (409) where it may not be taken."""
        try:
            return transition(self.status, step)
        except IllegalStep as exc:
            raise self._refused(exc) from None

    def step(self, step: Step) -> TableStatus:
        """Take ``step`` (once the store has): the new status."""
        self.row.status = self.check(step)
        return self.row.status

    def require_open(self) -> None:
        """A ``Conflict`` unless the table is waiting or playing (over: ``game-over``;
        expired: ``expired``, with the reason it closed)."""
        if self.status.is_closed:
            raise self._refused(refusal(self.status))

    def require(self, status: TableStatus) -> None:
        """A ``Conflict`` naming why, unless the table is at ``status``."""
        if self.status is not status:
            raise self._refused(refusal(self.status))

    def _refused(self, exc: IllegalStep) -> Conflict:
        if self.status is TableStatus.EXPIRED and self.expired:
            return Conflict(self.expired, rule=exc.rule)
        return conflict(exc)

    def rebuild(self, actions: Sequence[tuple[int, str]]) -> None:
        """Replace the state by the replay of ``actions`` (the stored record)."""
        record = {
            "format": 1,
            "game": self.row.game,
            "rules_version": self.row.rules_version,
            "config": self.row.config,
            "seed": self.row.seed,
            "setup": None,
            "actions": [[s, a] for s, a in actions],
            "result": None,
        }
        self.state = replay(record)

    def take_stored(self, row: TableRow) -> None:
        """The stored record replaces this state: its actions replayed, its move count,
        result and status taken (by the lifecycle's step from ours to the stored one)."""
        self.rebuild(row.actions)
        self.row.moves = row.moves
        self.row.moved_at = row.moved_at
        if row.status is not self.status:
            step = STEP_TO.get(row.status)
            if step is not None:
                self.step(step)
        self.row.result = row.result

    def take_seats(self, rows: Sequence[SeatRow], accounts: dict[int, AccountRef]) -> bool:
        """The seats as stored (read again) replace these; whether anything changed. A
        seat held by another token now has its clients closed (theirs is not the seat's
        any more), and one played by another bot or a person forgets its bot."""
        changed = accounts != self.row.accounts
        self.row.accounts = dict(accounts)
        for row in rows:
            s = self.seats[row.seat]
            if row == s.row:
                continue
            changed = True
            if row.token_hash != s.row.token_hash:
                self.release(row.seat, REPLACED)
            if (row.kind, row.bot) != (s.row.kind, s.row.bot):
                self.bots.replaced(row.seat)
            s.row = row
        return changed

    # -- its clients ------------------------------------------------------
    def connect(self, client: Client) -> None:
        self.clients.add(client)
        if client.seat is not None:
            self.seats[client.seat].connections += 1

    def release(self, seat: int, why: Close = LEFT) -> None:
        """``seat`` was given up: close its clients (their token is no longer the seat's)."""
        for client in self.clients:
            if client.seat == seat:
                self.disconnect(client)
                client.close(why)

    def disconnect(self, client: Client) -> bool:
        """Forget ``client``; whether it was here."""
        if client not in self.clients:
            return False
        self.clients.discard(client)
        if client.seat is not None:
            s = self.seats[client.seat]
            s.connections -= 1
            if s.connections == 0:
                s.away_since = time.time()
        return True

    def narrator(self, seat: int | None) -> Narrator:
        """The words of this table for ``seat`` (``None``: a spectator), in its names
        (made again only when a name changed: a broadcast asks for each seat's twice)."""
        names = tuple(s.name for s in self.seats)
        kept = self._narrators.get(seat)
        if kept is not None and kept[0] == names:
            return kept[1]
        words = Narrator(self.game, seat, names, self.state.players)
        self._narrators[seat] = (names, words)
        return words

    def summary(self) -> dict[str, Any]:
        """The table's public facts (the lobby's and every state message's ``table``)."""
        return messages.summary(self)

    def payload(self, seat: int | None, since: int) -> dict[str, Any]:
        """The state message for ``seat`` with the events from index ``since``."""
        return messages.payload(self, seat, since)

    def broadcast(self) -> None:
        """Every client its own state message (:func:`messages.broadcast`)."""
        messages.broadcast(self)

    def announce(self, kind: str, text_for: Callable[[int | None], str]) -> None:
        """A notice to every client in its reader's words (:func:`messages.announce`)."""
        messages.announce(self, kind, text_for)
