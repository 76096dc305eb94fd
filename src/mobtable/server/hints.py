"""Hints at the table: what the hints' level (``expert``) would play for a seat, and why.

A table created with ``hints: true`` lets its players ask (``{"type": "hint"}`` on
the WebSocket). The search (:func:`mobtable.bots.hints.hint`, as the terminal's
``--hints``, by the level :data:`~mobtable.bots.hints.HINT_LEVEL`) runs where search bots
run, in a worker process, from the seat's own :class:`~mobtable.bots.Decision`, so it uses
nothing the seat may not know; the answer goes to the asking client only: the move as that
seat reads it and a reason. One hint at a time per seat, and one per :data:`COOLDOWN`
seconds.

The search's seed is the moves the seat knows of (:func:`~mobtable.bots.hints.hint_seed`),
never the length of the history, which counts the parts of other seats' sealed commits (a
Capo crew's face-down cards): the same view then always gets the same hint.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from mobtable import games
from mobtable.bots.hints import HINT_LEVEL, hint
from mobtable.bots.hints import hint_seed as hint_seed  # the desk's seed, patchable here
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.core.record import to_record
from mobtable.core.words import count
from mobtable.server.bot_turns import BotTurns
from mobtable.server.botpool import replayed
from mobtable.server.errors import Conflict
from mobtable.server.session import TableSession

COOLDOWN = 5.0
"""Seconds a seat waits between two hints."""


@dataclass(frozen=True)
class HintJob:
    """What a worker needs to search for one seat's hint."""

    record: dict[str, Any]
    seat: int
    seed: int
    package: str
    level: type[ISMCTSBot] = HINT_LEVEL
    budget: Budget | None = None
    """Overrides the level's budget (``None``: the level's own)."""


@dataclass(frozen=True)
class Advice:
    """A worker's answer: the best action and the runner-up, as notations, and the name of
    the level that searched."""

    best: str
    win: float
    visits: int
    runner_up: str | None
    runner_up_win: float
    only: bool
    level: str = HINT_LEVEL.name


def advise(job: HintJob) -> Advice:
    """In a worker: replay the record and search from the seat's decision."""
    state = replayed(job.record, job.package)
    found = hint(state, job.seat, seed=job.seed, level=job.level, budget=job.budget)
    best = found.stats[0]
    second = next((s for s in found.stats[1:] if s.visits), None)
    return Advice(
        best=str(found.action),
        win=best.win,
        visits=sum(s.visits for s in found.stats),
        runner_up=str(second.action) if second is not None else None,
        runner_up_win=second.win if second is not None else 0.0,
        only=len(found.stats) == 1,
        level=found.level,
    )


class HintDesk:
    """Answers the hints of every table, one at a time per seat."""

    def __init__(self, turns: BotTurns, cooldown: float = COOLDOWN) -> None:
        self.turns = turns
        self.cooldown = cooldown
        self.level = HINT_LEVEL
        self.budget: Budget | None = None
        """Overrides the level's budget (tests: an iteration budget repeats exactly)."""
        self._last: dict[tuple[str, int], float] = {}
        self._busy: set[tuple[str, int]] = set()

    async def ask(self, table: TableSession, seat: int | None) -> dict[str, Any]:
        """The ``hint`` message for ``seat``; raises a ``ServerError`` (sent as an
        ``error`` message) where hints are off, for a spectator, when the seat has
        nothing to decide, or when it asks again too soon."""
        if not table.row.hints:
            raise Conflict("hints are off at this table (chosen when it was created)", rule="hints")
        if seat is None:
            raise Conflict("spectators cannot ask for hints", rule="hints")
        key = (table.id, seat)
        now = time.monotonic()
        self._last = {k: t for k, t in self._last.items() if now - t < self.cooldown}
        wait = self._last.get(key, now - self.cooldown) + self.cooldown - now
        if key in self._busy or wait > 0:
            raise Conflict(f"one hint at a time: ask again in {max(1, round(wait))} s", rule="rate")
        async with table.lock:
            state = table.state
            if state.is_over() or not state.legal(seat):
                raise Conflict("you have nothing to decide now", rule="turn-order")
            moves = hint_seed(state, seat)
            package = games.package_of(table.game.name)
            job = HintJob(to_record(state), seat, moves, package, self.level, self.budget)
        self._busy.add(key)
        try:
            advice = await self.turns.search(advise, job)
        finally:
            self._busy.discard(key)
            self._last[key] = time.monotonic()
        async with table.lock:
            if hint_seed(table.state, seat) != moves:  # not another seat's hidden part
                raise Conflict("the table moved on meanwhile: ask again", rule="stale")
            return {"type": "hint", **self._words(table, seat, advice)}

    @staticmethod
    def _words(table: TableSession, seat: int, advice: Advice) -> dict[str, Any]:
        """The advice as the seat reads it: the move's label and a reason."""
        state = table.state
        words = table.narrator(seat)

        def label(notation: str) -> str:
            return words.action(state, seat, state.game.parse_action(notation, state.config))

        if advice.only:
            reason = "it is your only move"
        else:
            reason = (
                f"it won {advice.win:.0%} of {count(advice.visits, 'game')} "
                f"the {advice.level} bot played out from here"
            )
            if advice.runner_up is not None:
                reason += f"; next best: {label(advice.runner_up)} ({advice.runner_up_win:.0%}"
                if round(100 * advice.runner_up_win) > round(100 * advice.win):
                    reason += ", higher but from too few games to trust"  # hints.ranked
                reason += ")"
        return {"label": label(advice.best), "action": advice.best, "reason": reason}
