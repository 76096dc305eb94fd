"""The action pipeline: the one path every move takes, whoever makes it.

An action from a person over HTTP (``POST /api/tables/<id>/actions``) or the
WebSocket (``act``), from a bot, or from the stand-in bot of a person whose
clock ran out goes the same way, under the table's lock:

1. **parse**: the notation, by the game (a malformed one is a 400, ``notation``);
2. **apply**: the engine applies it (an illegal one raises and changes nothing);
3. **store**: the repository stores it, in a group commit with the actions other
   tables sent meanwhile (:mod:`mobtable.server.commits`); if that fails (or seems to:
   a commit whose reply was lost), the stored record decides: the action is in it
   (acknowledged after all), or the state is rebuilt from it (nothing half-applied) and
   the caller gets a 503 (not stored), a 409 (the store was ahead: its record taken),
   or, the store out of reach, a 503 saying the outcome is unknown (the table is
   ``unsure`` and read again before it is served or moved);
   the action that ends the game takes the lifecycle's ``FINISH`` step, then the end of
   game runs (``on_over``: a rated table's ratings move);
4. **clocks and bots**: the table's clocks restart for whoever is to move and its
   due bots set off (:meth:`settle`, also run after every other change of a table:
   a seat taken, a game started, a table expired);
5. **broadcast**: every client gets its own view, only now.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from mobtable.core import IllegalAction, InvalidNotation, MobtableError
from mobtable.server import tutorials
from mobtable.server.bot_turns import BotTurns
from mobtable.server.commits import GroupCommits
from mobtable.server.errors import Conflict, Moved, ServerError, Unavailable
from mobtable.server.expiry import Expiry
from mobtable.server.session import TableSession
from mobtable.store import (
    UNREACHABLE,
    ActionRow,
    CommitUnsure,
    Step,
    StoreConflict,
    TableRow,
    TableStatus,
)

log = logging.getLogger("mobtable.server")
OUT_OF_REACH = (Unavailable, *UNREACHABLE)


class ActionPipeline:
    """Parse, apply, store, clocks and bots, broadcast: for every table of a process."""

    def __init__(
        self,
        commits: GroupCommits,
        expiry: Expiry,
        *,
        on_closed: Callable[[TableSession], None],
        on_over: Callable[[TableSession], Awaitable[None]] | None = None,
        on_settled: Callable[[TableSession], None] = lambda _table: None,
        bot_delay: float = 0.5,
        bot_workers: int = 4,
        bot_processes: int | None = None,
        bot_only_moves: int = 1,
    ) -> None:
        self.commits = commits
        self.expiry = expiry
        self.on_closed = on_closed
        """Called once a change left a table over or expired (the manager keeps it as
        a finished table, and frees its creator's quota)."""
        self.on_over = on_over
        """Awaited once a game's last action is stored (its ratings); a failure there is
        logged and changes nothing of the game."""
        self.on_settled = on_settled
        """Called after every change of a table (its summary for a shared lobby)."""
        self.bots = BotTurns(
            self.act,
            delay=bot_delay,
            threads=bot_workers,
            processes=bot_processes,
            bot_only_moves=bot_only_moves,
        )

    async def act(self, table: TableSession, seat: int, notation: str) -> int:
        """Play ``seat``'s ``notation`` at ``table`` (its lock held): the table's new
        version. Raises a ``ServerError`` naming the problem, having changed nothing."""
        if not table.held:  # handed over to another process meanwhile
            raise Moved(table.id)
        if table.unsure and await self.reconcile(table):
            raise Conflict(
                "the table moved on: a move whose storing was in doubt is stored after all; "
                "look at the table again",
                rule="reloaded",
            )
        table.require_open()
        state = table.state
        try:
            action = state.game.parse_action(notation, state.config)
        except InvalidNotation as exc:
            raise ServerError(str(exc), rule="notation") from exc
        except MobtableError as exc:
            raise ServerError(str(exc)) from exc
        table.require(TableStatus.PLAYING)
        tutorials.vet(table, seat, action)  # a move the lesson does not teach: refused
        n = table.version
        seen = state.moves_seen_by(None)
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise Conflict(str(exc), rule=exc.rule or None) from exc
        result = dict(state.result().to_json()) if state.is_over() else None
        try:
            await self.commits.append(ActionRow(table.id, n, seat, str(action), result))
        except Exception as exc:
            await self._after_failed_commit(table, n, exc)  # returns: it is stored after all
        table.row.moves = n + 1
        if result is not None:
            table.step(Step.FINISH)
            table.row.result = result
            await self._game_over(table)
        if state.moves_seen_by(None) != seen:  # a part of a sealed commit keeps its clock
            table.clocks.moved(seat)
        self.settle(table)
        return table.version

    async def _after_failed_commit(self, table: TableSession, n: int, exc: Exception) -> None:
        """Storing action ``n`` failed, or seemed to: a commit whose reply was lost (the
        connection cut after ``COMMIT``, an error after it) may have stored it, and a
        move-count conflict means the store holds a record this state lacks. The stored
        record decides: the action is in it (return: it is acknowledged); the record is
        ours without it (rebuilt so, 503 "try again"); another record (the store's taken,
        its clients told, 409); the store cannot be read (rebuilt without it and marked
        ``unsure``, 503 saying the outcome is unknown until the database is back)."""
        ours = [(s, str(a)) for s, a in table.state.history]
        if isinstance(exc, OUT_OF_REACH):  # no connection, so no COMMIT: surely not stored
            log.warning(
                "table %s: action #%d not stored, the database is out of reach: %s",
                table.id,
                n,
                str(exc.__cause__ or exc).splitlines()[0],
            )
            table.rebuild(ours[:-1])
            raise Unavailable("the action could not be stored; try again") from exc
        if isinstance(exc, CommitUnsure):
            log.warning("table %s: action #%d may be stored: %s", table.id, n, exc.__cause__)
        elif not isinstance(exc, StoreConflict):
            log.exception("table %s: storing action #%d failed; reading the store", table.id, n)
        try:
            stored = await self.commits.run(self.commits.repo.load, table.id)
        except Exception:
            table.rebuild(ours[:-1])
            table.unsure = True
            raise Unavailable(
                "the database is out of reach: your action may or may not be stored; "
                "the table's state will show which once it is back",
                rule="unsure",
            ) from exc
        if stored is not None and stored.actions == ours:
            log.warning("table %s: action #%d is stored though its commit failed", table.id, n)
            return
        if stored is None or stored.actions == ours[:-1]:
            table.rebuild(ours[:-1])
            raise Unavailable("the action could not be stored; try again") from exc
        log.warning("table %s: the store holds another record; reloaded from it", table.id)
        await self._take_stored(table, stored)
        raise Conflict(
            "the table moved on meanwhile (its stored record was ahead); look at it again",
            rule="reloaded",
        ) from exc

    async def reconcile(self, table: TableSession) -> bool:
        """An ``unsure`` table (its lock held): take the stored record if it differs
        from ours, clients told; whether it did. ``Unavailable`` while the store is
        still out of reach (the table stays unsure)."""
        stored = await self.commits.run(self.commits.repo.load, table.id)
        table.unsure = False
        ours = [(s, str(a)) for s, a in table.state.history]
        if stored is None or stored.actions == ours:
            return False
        log.warning("table %s: an unsure commit was stored; reloaded from the store", table.id)
        await self._take_stored(table, stored)
        return True

    async def _take_stored(self, table: TableSession, stored: TableRow) -> None:
        """The stored record replaces the table's state, its clients told; a game it ends
        gets its end of game here (rating a table twice changes nothing: ``AccountStore.rate``)."""
        over = table.status is TableStatus.OVER
        table.take_stored(stored)
        if table.status is TableStatus.OVER and not over:
            await self._game_over(table)
        self.settle(table)

    async def _game_over(self, table: TableSession) -> None:
        if self.on_over is None:
            return
        try:
            await self.on_over(table)
        except Exception:
            log.exception("table %s: the end of game failed (its ratings did not move)", table.id)

    def timed_out(self, table: TableSession, seat: int) -> None:
        """``seat``'s clock ran out: its stand-in bot moves (through :meth:`act`)."""
        self.bots.stand_in(table, seat)

    def settle(self, table: TableSession) -> None:
        """After any change of ``table``: its clocks and bots while it is in play (none
        before the game starts or once it ended), when a waiting table expires, then
        every client told; a table now over or expired goes to ``on_closed``."""
        if table.status.in_play:
            table.clocks.update(table.people_to_move())
            self.bots.schedule(table)
        else:
            table.clocks.stop()
        table.expires_at = self.expiry.expires_at(table)
        table.broadcast()
        self.on_settled(table)
        if table.status.is_closed:
            self.on_closed(table)

    async def stop(self) -> None:
        await self.bots.stop()
