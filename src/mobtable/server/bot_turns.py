"""Bot turns: when a bot seat (or a person out of time) is to move, a bot chooses.

A bot thinks outside the table's lock, so the table keeps serving its clients;
each table session's :class:`BotSeats` holds the seats a bot is choosing for
(clients show them, and a seat is never given two bots at once), the bots kept
between moves and the decisions under way. Search bots choose in
worker processes (:mod:`mobtable.server.botpool`); quick bots choose at once,
under the table's lock on its own state (a thread hand-off and a clone of the
state cost more than their choice). The chosen notation then goes through the
action pipeline like any other (:mod:`mobtable.server.pipeline`: parse, apply,
store, clocks and bots, broadcast), a search bot's re-checked under the lock
since the table may have changed meanwhile.

Tables with people come first: the moves of bot-only tables (no seat for a
person) take one of ``bot_only_moves`` slots, so however many of them there
are, they never hold more than that many bot threads, workers or database
turns, and a table with people never waits for a slot.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from mobtable import bots, games
from mobtable.bots import Bot, Decision
from mobtable.core.record import to_record
from mobtable.server.botpool import INLINE_BOTS, BotJob, BotPool, default_processes
from mobtable.server.clocks import timeout_notice
from mobtable.server.errors import ServerError

if TYPE_CHECKING:
    from mobtable.server.session import TableSession

log = logging.getLogger("mobtable.server")
J = TypeVar("J")
R = TypeVar("R")

Apply = Callable[["TableSession", int, str], Awaitable[int]]
"""The action pipeline, called with the table's lock held: apply, store and
broadcast ``seat``'s notation; returns the new version."""

MAX_REFUSED = 5
"""Moves of one seat's bot refused in a row before it stops trying."""


def default_bot(game_name: str) -> str:
    """The bot a bot seat gets when none is named."""
    names = bots.available(game_name)
    for preferred in ("medium", "greedy", "easy", "random"):
        if preferred in names:
            return preferred
    return names[0]


def stand_in_bot(game_name: str) -> str:
    """The quick bot that moves for a player whose clock ran out (or whose bot failed)."""
    names = bots.available(game_name)
    return next((n for n in ("easy", "greedy", "random") if n in names), names[0])


class BotSeats:
    """One table's bots: the seats a bot is choosing for (:attr:`thinking`, which
    clients see), the in-process bot kept per seat, the moves refused in a row, and the
    decisions under way (when each began, how many actions it may take: see
    ``BotTurns._pace``)."""

    def __init__(self, seated: Mapping[int, Bot] | None = None) -> None:
        self.thinking: set[int] = set()
        self._bots: dict[int, Bot] = dict(seated or {})
        """The bot kept per seat (``seated``: bots made for the table, as a tutorial's)."""
        self._refused: dict[int, int] = {}
        self._decisions: dict[int, tuple[float, int]] = {}

    def begin(self, seat: int) -> bool:
        """Mark a bot choosing for ``seat``; ``False`` if one already is."""
        if seat in self.thinking:
            return False
        self.thinking.add(seat)
        return True

    def done(self, seat: int) -> None:
        """No bot is choosing for ``seat`` any more (its decision may go on: a commit)."""
        self.thinking.discard(seat)

    def abandon(self, seat: int) -> None:
        """The decision for ``seat`` is over or given up."""
        self.thinking.discard(seat)
        self._decisions.pop(seat, None)

    def stop(self) -> None:
        """The table closed: nobody thinks any more."""
        self.thinking.clear()
        self._decisions.clear()

    def deciding(self, seat: int) -> bool:
        """Whether ``seat`` is in the middle of a decision (a commit's next part)."""
        return seat in self._decisions

    def decide(self, seat: int, started: float, bound: int) -> None:
        self._decisions[seat] = (started, bound)

    def decided(self, seat: int) -> tuple[float, int]:
        """The decision for ``seat`` is complete: when it began and its bound."""
        return self._decisions.pop(seat, (0.0, 1))

    def bot(self, seat: int, name: str, game: str) -> Bot:
        """The seat's in-process bot, kept between moves while its name stays the same."""
        bot = self._bots.get(seat)
        if bot is None or bot.name != name:
            bot = self._bots[seat] = bots.make(name, game, seed=secrets.randbits(32))
        return bot

    def replaced(self, seat: int) -> None:
        """Another bot (or a person) plays ``seat`` now."""
        self._bots.pop(seat, None)

    def refused(self, seat: int) -> int:
        """A move of ``seat``'s bot was refused: how many in a row now."""
        count = self._refused[seat] = self._refused.get(seat, 0) + 1
        return count

    def accepted(self, seat: int) -> None:
        self._refused.pop(seat, None)


class BotTurns:
    """Plays the bot turns of every table of one server process."""

    def __init__(
        self,
        apply: Apply,
        *,
        delay: float = 0.5,
        threads: int = 4,
        processes: int | None = None,
        bot_only_moves: int = 1,
    ) -> None:
        self.apply = apply
        self.delay = delay
        """Seconds a bot visibly "thinks" before it chooses."""
        self.threads = threads
        self._thread_pool: ThreadPoolExecutor | None = None
        processes = default_processes() if processes is None else processes
        self.search_pool: BotPool | None = BotPool(processes) if processes > 0 else None
        """Worker processes for search bots (``None``: every bot runs in a thread)."""
        self.inline_bots = INLINE_BOTS
        self.tasks: set[asyncio.Task[None]] = set()
        self.bot_only_slots = asyncio.Semaphore(bot_only_moves) if bot_only_moves else None
        """Moves of bot-only tables under way at once (``None``: no limit)."""

    @property
    def thread_pool(self) -> ThreadPoolExecutor:
        """Threads for the quick bots (and every bot when there is no process pool)."""
        if self._thread_pool is None:
            self._thread_pool = ThreadPoolExecutor(self.threads, thread_name_prefix="bot")
        return self._thread_pool

    # -- when a bot is due ----------------------------------------------------
    def schedule(self, table: TableSession) -> None:
        """Set a bot choosing for every bot seat the table waits for (none twice)."""
        if table.state.is_over():
            return
        for seat in table.state.pending():
            if table.seats[seat].is_bot and table.bots.begin(seat):
                self._spawn(self._move(table, seat))

    def stand_in(self, table: TableSession, seat: int) -> None:
        """``seat``'s clock ran out: its stand-in bot moves for the person, and the
        table is told so (a notice to every client, in its words)."""
        if table.bots.begin(seat):
            self._spawn(self._move(table, seat, stand_in=True))
            table.announce("timeout", timeout_notice(table.seats[seat].name, seat))
            table.broadcast()

    async def stop(self) -> None:
        """Cancel the bot moves under way, then stop the workers and threads."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.search_pool is not None:
            await self.search_pool.close()
        if self._thread_pool is not None:
            self._thread_pool.shutdown(wait=False, cancel_futures=True)
        self._thread_pool = None

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- which bot --------------------------------------------------------------
    def _bot_name(self, table: TableSession, seat: int, stand_in: bool) -> str:
        name = table.seats[seat].row.bot if not stand_in else None
        return name or stand_in_bot(table.game.name)

    def _bot(self, table: TableSession, seat: int, stand_in: bool) -> Bot:
        """The seat's in-process bot, kept between moves while its name stays the same."""
        return table.bots.bot(seat, self._bot_name(table, seat, stand_in), table.game.name)

    @staticmethod
    def _still_to_move(table: TableSession, seat: int, stand_in: bool) -> bool:
        return (
            not table.state.is_over()
            and seat in table.state.pending()
            and (table.seats[seat].is_bot or stand_in)
        )

    async def _pace(self, table: TableSession, seat: int, name: str, notation: str) -> None:
        """Hold back the move that the others will see until the decision has taken
        its whole allowance: the bot delay, plus, for a search bot, its time cap for
        each action the decision may take. A search answers a forced move at once
        and a sealed commit of several parts (Capo's crew) takes a search per part,
        so without this, how fast a bot seat answers would tell what it holds. The
        parts of a commit that nobody sees yet follow each other without delay."""
        if not self._completes_a_move(table, seat, notation):
            return
        started, bound = table.bots.decided(seat)
        think = bots.think_time(name, table.game.name)
        if think:
            padding = started + self.delay + think * bound - asyncio.get_running_loop().time()
            if padding > 0:
                await asyncio.sleep(padding)

    @staticmethod
    def _completes_a_move(table: TableSession, seat: int, notation: str) -> bool:
        """Whether ``notation`` would show the others a move (or fails: then it is
        refused as usual)."""
        probe = table.state.clone()
        try:
            probe.apply_text(seat, notation)
        except Exception:
            return True
        return probe.moves_seen_by(None) != table.state.moves_seen_by(None)

    async def search(self, worker: Callable[[J], R], job: J) -> R:
        """A search other than a bot's move (a hint): in a worker process where
        there are some, else in a bot thread."""
        if self.search_pool is not None:
            return await self.search_pool.call(worker, job)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.thread_pool, worker, job)

    async def _in_thread(self, bot: Bot, decision: Decision) -> str:
        loop = asyncio.get_running_loop()
        return str(await loop.run_in_executor(self.thread_pool, bot.choose, decision))

    # -- one move -----------------------------------------------------------------
    async def _move(self, table: TableSession, seat: int, *, stand_in: bool = False) -> None:
        """After the bot delay (and, at a bot-only table, once a slot is free),
        let a bot (or the stand-in of a player out of time) choose, then apply its move."""
        fresh = not table.bots.deciding(seat)  # a new decision, not the next part of one
        if fresh:
            started = asyncio.get_running_loop().time()
            table.bots.decide(seat, started, table.state.commit_bound(seat))
        try:
            if self.delay and fresh:
                await asyncio.sleep(self.delay)
            if self.bot_only_slots is not None and table.bot_only:
                async with self.bot_only_slots:
                    await self._choose_and_apply(table, seat, stand_in)
            else:
                await self._choose_and_apply(table, seat, stand_in)
        except asyncio.CancelledError:
            table.bots.abandon(seat)
            raise
        except Exception:
            table.bots.abandon(seat)
            log.exception("table %s seat %d: bot failed", table.id, seat)

    async def _choose_and_apply(self, table: TableSession, seat: int, stand_in: bool) -> None:
        """Quick bots choose at once on the table's own state, under its lock (nothing
        moves it meanwhile; a thread and a clone would cost more than the choice).
        Search bots choose in a worker process on the table's record, or in a
        thread on a clone where there are no workers. If the bot fails (or its
        worker dies), the table's stand-in bot chooses instead, so the table goes on."""
        async with table.lock:
            if not self._still_to_move(table, seat, stand_in):
                table.bots.abandon(seat)
                return
            name = self._bot_name(table, seat, stand_in)
            if name in self.inline_bots:
                notation = self._choose_here(table, seat, stand_in, name)
                table.bots.done(seat)
                seen = table.state.moves_seen_by(None)
                # A quick bot has no think time to pad to (``_pace``); only its
                # decision ends here, unless the move was a hidden part of a commit.
                if not await self._play(table, seat, notation) or (
                    table.state.moves_seen_by(None) != seen
                ):
                    table.bots.abandon(seat)
                return
            job: BotJob | None = None
            if self.search_pool is not None:
                job = BotJob(
                    to_record(table.state),
                    seat,
                    name,
                    secrets.randbits(32),
                    games.package_of(table.game.name),
                )
            else:
                decision = Decision(table.state.clone(), seat)
                bot = self._bot(table, seat, stand_in)
        try:
            if job is not None and self.search_pool is not None:
                notation = await self.search_pool.run(job)
            else:
                notation = await self._in_thread(bot, decision)
        except Exception:
            self._stand_in_instead(table, seat, name)
            async with table.lock:
                if not self._still_to_move(table, seat, stand_in):
                    table.bots.done(seat)
                    table.broadcast()
                    return
                decision = Decision(table.state.clone(), seat)
                bot = self._bot(table, seat, stand_in=True)
            notation = await self._in_thread(bot, decision)
        await self._pace(table, seat, name, notation)
        async with table.lock:
            table.bots.done(seat)
            if not self._still_to_move(table, seat, stand_in):
                table.broadcast()
                return
            await self._play(table, seat, notation)

    @staticmethod
    def _stand_in_instead(table: TableSession, seat: int, name: str) -> None:
        """In an ``except`` block: say that bot ``name`` failed and its stand-in moves
        instead; re-raise if the bot that failed is the stand-in itself."""
        fallback = stand_in_bot(table.game.name)
        if name == fallback:
            raise  # the exception the caller is handling
        log.exception(
            "table %s seat %d: bot %r failed; its stand-in %r moves instead",
            table.id,
            seat,
            name,
            fallback,
        )

    def _choose_here(self, table: TableSession, seat: int, stand_in: bool, name: str) -> str:
        """A quick bot's choice on the table's state (the lock held); its stand-in's
        if it fails."""
        try:
            return str(self._bot(table, seat, stand_in).choose(Decision(table.state, seat)))
        except Exception:
            self._stand_in_instead(table, seat, name)
            bot = self._bot(table, seat, stand_in=True)
            return str(bot.choose(Decision(table.state, seat)))

    async def _play(self, table: TableSession, seat: int, notation: str) -> bool:
        """Apply the bot's move through the action pipeline (the lock held, the seat
        still to move): whether it was accepted. A refused move is tried again, up to
        ``MAX_REFUSED`` in a row."""
        try:
            await self.apply(table, seat, notation)
            table.bots.accepted(seat)
            return True
        except ServerError as exc:
            failures = table.bots.refused(seat)
            log.warning("table %s seat %d: bot move refused: %s", table.id, seat, exc)
            if failures < MAX_REFUSED:
                self.schedule(table)
            return False
