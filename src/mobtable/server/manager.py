"""The table manager: creates, loads, changes and broadcasts live tables.

An accepted action follows one path, under the table's lock: the engine
applies it (an illegal one raises and changes nothing), the repository stores
it in one transaction, and only then are the clients told. If the store
fails, the state is rebuilt from the stored record, so nothing is half-applied.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from mobtable import bots, games
from mobtable.bots import Bot, Decision
from mobtable.core import IllegalAction, InvalidNotation, MobtableError
from mobtable.core.record import to_record
from mobtable.server.botpool import INLINE_BOTS, BotJob, BotPool, default_processes
from mobtable.server.errors import Conflict, Forbidden, NotFound, ServerError, Unavailable
from mobtable.server.live import Client, LiveTable, hash_token, token_matches
from mobtable.server.schemas import CreateTable, SeatSpec
from mobtable.store import Repository, SeatRow, TableRow

log = logging.getLogger("mobtable.server")
T = TypeVar("T")


def default_bot(game_name: str) -> str:
    names = bots.available(game_name)
    for preferred in ("medium", "greedy", "easy", "random"):
        if preferred in names:
            return preferred
    return names[0]


def stand_in_bot(game_name: str) -> str:
    """The quick bot that moves for a player whose clock ran out."""
    names = bots.available(game_name)
    return next((n for n in ("easy", "greedy", "random") if n in names), names[0])


def new_token() -> str:
    return secrets.token_urlsafe(24)


class TableManager:
    """All live tables of one server process."""

    def __init__(
        self,
        repo: Repository,
        *,
        bot_delay: float = 0.5,
        bot_workers: int = 4,
        bot_processes: int | None = None,
    ) -> None:
        self.repo = repo
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.bot_workers = bot_workers
        self._db_pool: ThreadPoolExecutor | None = None
        self._bot_pool: ThreadPoolExecutor | None = None
        processes = default_processes() if bot_processes is None else bot_processes
        self.search_pool: BotPool | None = BotPool(processes) if processes > 0 else None
        """Worker processes for search bots (``None``: every bot runs in a thread)."""
        self.inline_bots = INLINE_BOTS
        self.tasks: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Lock] = {}

    # -- plumbing -------------------------------------------------------
    @property
    def db_pool(self) -> ThreadPoolExecutor:
        """The database thread(s): one for SQLite, which has a single writer anyway."""
        if self._db_pool is None:
            workers = 1 if self.repo.is_sqlite else 4
            self._db_pool = ThreadPoolExecutor(workers, thread_name_prefix="db")
        return self._db_pool

    @property
    def bot_pool(self) -> ThreadPoolExecutor:
        """Threads for the quick bots (and every bot when there is no process pool)."""
        if self._bot_pool is None:
            self._bot_pool = ThreadPoolExecutor(self.bot_workers, thread_name_prefix="bot")
        return self._bot_pool

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def start(self) -> None:
        """Load every unfinished table from the database and set its bots going."""
        for table_id in await self.db(self.repo.ids, status="playing"):
            try:
                await self.get(table_id)
            except ServerError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc.message)

    async def stop(self) -> None:
        for table in self.tables.values():
            for handle in table.timers.values():
                handle.cancel()
            for client in list(table.clients):
                client.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.search_pool is not None:
            await self.search_pool.close()
        if self._bot_pool is not None:
            self._bot_pool.shutdown(wait=False, cancel_futures=True)
        if self._db_pool is not None:
            self._db_pool.shutdown(wait=True)
        self._bot_pool = self._db_pool = None

    # -- finding tables ---------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await self.db(self.repo.load, table_id)
            if row is None:
                raise NotFound(f"no table {table_id!r}")
            try:
                game = games.get(row.game)
            except KeyError as exc:
                raise Unavailable(f"table {table_id}: {exc.args[0]}") from exc
            table = LiveTable(row, game.new_state(game.config_from_json(row.config), seed=row.seed))
            try:
                table.rebuild(row.actions)
            except MobtableError as exc:
                raise Unavailable(f"table {table_id} does not replay: {exc}") from exc
            self.tables[table_id] = table
            self._after_change(table)
            return table

    def open_tables(self) -> list[LiveTable]:
        return [t for t in self.tables.values() if not t.state.is_over()]

    async def finished(self, limit: int) -> list[LiveTable]:
        ids = await self.db(self.repo.ids, status="over", limit=limit)
        return [await self.get(i) for i in ids]

    # -- creating ---------------------------------------------------------
    async def create(self, spec: CreateTable) -> tuple[LiveTable, int | None, str | None]:
        try:
            game = games.get(spec.game)
        except KeyError as exc:
            raise NotFound(str(exc.args[0])) from exc
        try:
            config = game.config(spec.players, variants=spec.variants, options=spec.options)
        except MobtableError as exc:
            raise ServerError(str(exc)) from exc
        seat_specs = spec.seats
        if seat_specs is None:
            seat_specs = [SeatSpec(kind="human" if i == 0 else "bot") for i in range(spec.players)]
        if len(seat_specs) != spec.players:
            raise ServerError(f"'seats' has {len(seat_specs)} entries for {spec.players} players")
        known = bots.available(game.name)
        rows: list[SeatRow] = []
        for i, s in enumerate(seat_specs):
            if s.kind == "bot":
                name = s.bot or default_bot(game.name)
                if name not in known:
                    raise ServerError(f"seat {i}: no bot {name!r} (bots: {', '.join(known)})")
                rows.append(SeatRow(i, "bot", bot=name, name=None))
            else:
                rows.append(SeatRow(i, "human"))
        token: str | None = None
        if spec.sit is not None:
            if spec.sit >= spec.players or rows[spec.sit].kind != "human":
                raise ServerError(f"'sit': seat {spec.sit} is not a seat for a person")
            token = new_token()
            rows[spec.sit].token_hash = hash_token(token)
            rows[spec.sit].name = spec.name
        seed = spec.seed if spec.seed is not None else game.random_seed() % (2**63)
        row = TableRow(
            id=secrets.token_urlsafe(6),
            game=game.name,
            rules_version=game.rules_version,
            config=config.to_json(),
            seed=seed,
            clock=spec.clock,
            replace_after=spec.replace_after,
            seats=rows,
        )
        state = game.new_state(config, seed=seed)
        await self.db(self.repo.create_table, row)
        table = LiveTable(row, state)
        self.tables[row.id] = table
        self._after_change(table)
        return table, spec.sit, token

    async def rematch(self, table_id: str, seat: int, token: str) -> LiveTable:
        """A new table like this finished one; its players keep their seats and tokens."""
        old = await self.get(table_id)
        self.authorize(old, seat, token)
        async with old.lock:
            if not old.state.is_over():
                raise Conflict("a rematch starts once the game is over")
            if old.row.rematch_id is not None:
                return await self.get(old.row.rematch_id)
            game = old.game
            row = TableRow(
                id=secrets.token_urlsafe(6),
                game=game.name,
                rules_version=game.rules_version,
                config=old.row.config,
                seed=game.random_seed() % (2**63),
                clock=old.row.clock,
                replace_after=old.row.replace_after,
                seats=[
                    SeatRow(s.row.seat, s.row.kind, s.row.bot, s.row.name, s.row.token_hash)
                    for s in old.seats
                ],
            )
            config = game.config_from_json(row.config)
            await self.db(self.repo.create_table, row)
            await self.db(self.repo.set_rematch, old.id, row.id)
            table = LiveTable(row, game.new_state(config, seed=row.seed))
            self.tables[row.id] = table
            old.row.rematch_id = row.id
            self._after_change(table)
            old.broadcast()
            return table

    # -- seats --------------------------------------------------------------
    def authorize(self, table: LiveTable, seat: int, token: str | None) -> None:
        """Raise ``Forbidden`` unless ``token`` is the secret of ``seat``."""
        if not 0 <= seat < len(table.seats) or not token_matches(
            token, table.seats[seat].row.token_hash
        ):
            raise Forbidden(f"wrong or missing seat token for seat {seat}")

    async def claim(self, table_id: str, seat: int, name: str | None) -> str:
        table = await self.get(table_id)
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise NotFound(f"table {table_id} has no seat {seat}")
            s = table.seats[seat]
            if s.row.kind != "human" or s.claimed:
                raise Conflict(f"seat {seat} is not free")
            token = new_token()
            row = SeatRow(seat, "human", None, name, hash_token(token))
            await self.db(self.repo.update_seat, table.id, row)
            s.row = row
            s.away_since = time.time()
            self._after_change(table)
            return token

    async def seat_bot(
        self, table_id: str, target: int, seat: int, token: str, bot: str | None
    ) -> None:
        """Seat ``seat`` (authorized by ``token``) puts a bot in ``target``'s place.

        Allowed for a seat nobody has taken, or one whose player has been away
        for the table's ``replace_after`` seconds.
        """
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            if not 0 <= target < len(table.seats):
                raise NotFound(f"table {table_id} has no seat {target}")
            t = table.seats[target]
            if t.row.kind != "human":
                raise Conflict(f"seat {target} is already played by a bot")
            if target == seat:
                raise Conflict("to hand your own seat to a bot, leave the table instead")
            if t.claimed:
                away = None if t.connections or t.away_since is None else time.time() - t.away_since
                if away is None or away < table.row.replace_after:
                    wait = table.row.replace_after - (away or 0)
                    raise Conflict(
                        f"seat {target}'s player is "
                        + ("connected" if away is None else f"away; wait {wait:.0f} more seconds")
                    )
            name = bot or default_bot(table.game.name)
            if name not in bots.available(table.game.name):
                raise ServerError(f"no bot {name!r} for {table.game.name}")
            row = SeatRow(target, "bot", name, t.row.name, t.row.token_hash)
            await self.db(self.repo.update_seat, table.id, row)
            t.row = row
            table.bots.pop(target, None)
            self._after_change(table)

    async def reclaim(self, table_id: str, seat: int, token: str) -> None:
        """A player whose seat a bot took over takes it back."""
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            s = table.seats[seat]
            if s.row.kind == "human":
                return
            row = SeatRow(seat, "human", None, s.row.name, s.row.token_hash)
            await self.db(self.repo.update_seat, table.id, row)
            s.row = row
            self._after_change(table)

    # -- connections ----------------------------------------------------------
    async def connect(self, table: LiveTable, client: Client) -> None:
        async with table.lock:
            table.clients.add(client)
            if client.seat is not None:
                table.seats[client.seat].connections += 1
            table.broadcast()  # the new client gets everything; the others see it connected

    async def disconnect(self, table: LiveTable, client: Client) -> None:
        async with table.lock:
            if client not in table.clients:
                return
            table.clients.discard(client)
            if client.seat is not None:
                s = table.seats[client.seat]
                s.connections -= 1
                if s.connections == 0:
                    s.away_since = time.time()
            table.broadcast()

    # -- acting ----------------------------------------------------------------
    async def act(
        self, table_id: str, seat: int, token: str | None, notation: str, *, by_bot: bool = False
    ) -> int:
        """Apply, store, then broadcast one action; returns the new version."""
        table = await self.get(table_id)
        if not by_bot:
            self.authorize(table, seat, token)
            if table.seats[seat].row.kind != "human":
                raise Conflict(f"a bot plays seat {seat} now; take your seat back first")
        async with table.lock:
            return await self._apply(table, seat, notation)

    async def _apply(self, table: LiveTable, seat: int, notation: str) -> int:
        state = table.state
        if state.is_over():
            raise Conflict("the game is over", rule="game-over")
        try:
            action = state.game.parse_action(notation, state.config)
        except InvalidNotation as exc:
            raise ServerError(str(exc), rule="notation") from exc
        except MobtableError as exc:
            raise ServerError(str(exc)) from exc
        n = table.version
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise Conflict(str(exc), rule=exc.rule or None) from exc
        result = state.result().to_json() if state.is_over() else None
        try:
            await self.db(self.repo.append_action, table.id, n, seat, str(action), result=result)
        except Exception as exc:
            log.exception("table %s: storing action #%d failed; rolling back", table.id, n)
            table.rebuild([(s, str(a)) for s, a in state.history[:-1]])
            raise Unavailable("the action could not be stored; try again") from exc
        table.row.moves = n + 1
        if result is not None:
            table.row.status, table.row.result = "over", result
        table.deadlines.pop(seat, None)
        self._after_change(table)
        return table.version

    async def explain(self, table: LiveTable, seat: int | None, notation: str) -> str | None:
        """Why ``seat`` may not play ``notation`` now (``None``: it may). Changes nothing."""
        if seat is None:
            return "spectators cannot play"
        async with table.lock:
            state = table.state
            try:
                action = state.game.parse_action(notation, state.config)
                state.clone().apply(seat, action)
            except MobtableError as exc:
                return str(exc)
            return None

    # -- after every change: clocks, bots, broadcast ------------------------------
    def _after_change(self, table: LiveTable) -> None:
        self._update_clocks(table)
        self._schedule_bots(table)
        table.broadcast()

    def _update_clocks(self, table: LiveTable) -> None:
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
                    table.row.clock, self._clock_expired, table, seat, table.deadlines[seat]
                )

    def _clock_expired(self, table: LiveTable, seat: int, deadline: float) -> None:
        table.timers.pop(seat, None)
        if table.deadlines.get(seat) == deadline and seat not in table.thinking:
            table.thinking.add(seat)
            self.spawn(self._bot_move(table, seat, stand_in=True))
            table.broadcast()

    def _schedule_bots(self, table: LiveTable) -> None:
        if table.state.is_over():
            return
        for seat in table.state.pending():
            if table.seats[seat].row.kind == "bot" and seat not in table.thinking:
                table.thinking.add(seat)
                self.spawn(self._bot_move(table, seat))

    def _bot(self, table: LiveTable, seat: int, stand_in: bool) -> Bot:
        name = table.seats[seat].row.bot if not stand_in else None
        name = name or stand_in_bot(table.game.name)
        bot = table.bots.get(seat)
        if bot is None or bot.name != name:
            bot = table.bots[seat] = bots.make(name, table.game.name, seed=secrets.randbits(32))
        return bot

    def _bot_name(self, table: LiveTable, seat: int, stand_in: bool) -> str:
        name = table.seats[seat].row.bot if not stand_in else None
        return name or stand_in_bot(table.game.name)

    def _still_to_move(self, table: LiveTable, seat: int, stand_in: bool) -> bool:
        return (
            not table.state.is_over()
            and seat in table.state.pending()
            and (table.seats[seat].row.kind == "bot" or stand_in)
        )

    async def _bot_move(self, table: LiveTable, seat: int, *, stand_in: bool = False) -> None:
        """Let a bot (or the stand-in of a player out of time) choose, then apply its move.

        Search bots choose in a worker process on the table's record; quick
        bots in a thread on a clone. If the bot fails (or its worker dies), the
        table's stand-in bot chooses in-process instead, so the table goes on.
        """
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with table.lock:
                if not self._still_to_move(table, seat, stand_in):
                    table.thinking.discard(seat)
                    return
                name = self._bot_name(table, seat, stand_in)
                job: BotJob | None = None
                if self.search_pool is not None and name not in self.inline_bots:
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
            loop = asyncio.get_running_loop()
            try:
                if job is not None and self.search_pool is not None:
                    notation = await self.search_pool.run(job)
                else:
                    notation = str(await loop.run_in_executor(self.bot_pool, bot.choose, decision))
            except Exception:
                fallback = stand_in_bot(table.game.name)
                if name == fallback:
                    raise
                log.exception(
                    "table %s seat %d: bot %r failed; its stand-in %r moves instead",
                    table.id,
                    seat,
                    name,
                    fallback,
                )
                async with table.lock:
                    if not self._still_to_move(table, seat, stand_in):
                        table.thinking.discard(seat)
                        table.broadcast()
                        return
                    decision = Decision(table.state.clone(), seat)
                    bot = self._bot(table, seat, stand_in=True)
                notation = str(await loop.run_in_executor(self.bot_pool, bot.choose, decision))
            async with table.lock:
                table.thinking.discard(seat)
                if not self._still_to_move(table, seat, stand_in):
                    table.broadcast()
                    return
                try:
                    await self._apply(table, seat, notation)
                    table.bot_failures.pop(seat, None)
                except ServerError as exc:
                    failures = table.bot_failures[seat] = table.bot_failures.get(seat, 0) + 1
                    log.warning("table %s seat %d: bot move refused: %s", table.id, seat, exc)
                    if failures < 5:
                        self._schedule_bots(table)
        except asyncio.CancelledError:
            table.thinking.discard(seat)
            raise
        except Exception:
            table.thinking.discard(seat)
            log.exception("table %s seat %d: bot failed", table.id, seat)
