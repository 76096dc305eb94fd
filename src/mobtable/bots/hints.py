"""Hints for humans: the move a bot level's search supports best, and why, in words.

Example (what ``mobtable play ... --hints`` prints)::

    Hint: Play Bratva 9 strong: it won 41% of 1,210 games the expert bot played out from
    here (likely 38% to 44%). Next: Play Yakuza 4 weak, 33% of 180.

The level is :data:`HINT_LEVEL`: the strongest search level whose thinking fits a hint's
time, :data:`HINT_SECONDS` (a level's own budget and wiring, built through its class). The
hint searches from the seat's own :class:`~mobtable.bots.base.Decision` (its view, the
public plays it saw and determinizations), so it never reveals hidden information, and its
seed is :func:`hint_seed`, the moves the seat knows of: the same view, the same hint.

A search visits its promising moves most, so a move it tried only a few times
can show a higher win share by chance. The hint is therefore the move whose win
share is surest to be high (the lower end of its 95% interval), and any move
shown beside it with a higher figure says that the figure rests on too few games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mobtable.bots.base import Decision
from mobtable.bots.levels import LEVELS
from mobtable.bots.search import ActionStats, Budget, ISMCTSBot
from mobtable.core import Action, Seat, State

HINT_SECONDS = 1.0
"""A hint's time budget: a player asking waits about this long at most. A level fits if its
search's time cap is within it (``benchmarks/hint_time.py`` measures the whole hint)."""

SHOWN_ALTERNATIVES = 2
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def interval(win: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win share ``win`` over ``games`` games.

    >>> [round(x, 2) for x in interval(0.5, 100)]
    [0.4, 0.6]
    >>> interval(0.0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    centre = (win + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(win * (1 - win) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranked(stats: Sequence[ActionStats]) -> list[ActionStats]:
    """``stats`` best first: by the lower end of the win share's interval, then visits."""
    return sorted(stats, key=lambda s: (-interval(s.win, s.visits)[0], -s.visits))


def hint_level(seconds: float = HINT_SECONDS) -> type[ISMCTSBot]:
    """The strongest level (:data:`~mobtable.bots.levels.LEVELS`, weakest first) that
    searches with a time cap of at most ``seconds``.

    Only search levels qualify: a hint gives its reason from the search's statistics. A
    level without a time cap could think for any time, so it never fits.

    >>> hint_level().name, hint_level(0.5).name
    ('expert', 'medium')
    """
    fitting = [
        level
        for level in LEVELS.values()
        if issubclass(level, ISMCTSBot)
        and level.budget.seconds is not None
        and level.budget.seconds <= seconds
    ]
    if not fitting:
        raise ValueError(f"no search level thinks within {seconds:g} s")
    return fitting[-1]


HINT_LEVEL = hint_level()
"""The level hints consult (the web's and the terminal's)."""


def hint_seed(state: State, seat: Seat) -> int:
    """The search seed of ``seat``'s hint: the moves it knows of, never the length of the
    history (which counts the parts of other seats' sealed commits, a Capo crew's face-down
    cards), so that states it cannot tell apart get the same hint."""
    return state.moves_seen_by(seat)


@dataclass(frozen=True, slots=True)
class Hint:
    """What the search recommends for one seat.

    Attributes:
        action: the recommended action (``stats[0]``'s).
        line: one line in notation, for logs and tests (``words`` is for people).
        stats: every legal action with its visits and estimated win chance, best first
            (:func:`ranked`).
        searched: whether a search ran (not for a single legal move).
        level: the name of the level that searched (its name is the players' word for it).
    """

    action: Action
    line: str
    stats: tuple[ActionStats, ...]
    searched: bool = True
    level: str = HINT_LEVEL.name

    def words(self, label: Callable[[Action], str]) -> str:
        """The hint for a person, each move by ``label`` (the narration's words).

        The hint's win share with its likely range, then up to two other moves; one
        whose share is higher says why it is not the hint (too few games).
        """
        return describe(self.stats, label, searched=self.searched, level=self.level)


def hint(
    state: State,
    seat: Seat,
    *,
    seed: int = 0,
    level: type[ISMCTSBot] = HINT_LEVEL,
    budget: Budget | None = None,
) -> Hint:
    """What ``level``'s search supports best for ``seat`` in ``state``, and why.

    Args:
        state: the table (only ``seat``'s decision is searched: its view, the public
            plays it saw and its determinizations).
        seat: a seat that owes a decision now (``IllegalAction``-free: with no
            legal action, ``ValueError``).
        seed: the search seed (same seed and iteration budget, same hint); callers pass
            :func:`hint_seed`.
        level: the level whose bot searches (default: :data:`HINT_LEVEL`).
        budget: overrides the level's budget (tests: an iteration budget repeats exactly).
    """
    if not state.legal(seat):
        raise ValueError(f"seat {seat} has no decision to take now")
    bot = level(seed=seed, budget=budget)
    result = bot.search(Decision(state, seat))
    searched = result.iterations > 0
    stats = tuple(ranked(result.stats)) if searched else tuple(result.stats)
    line = describe(stats, str, searched=searched, level=bot.name)
    return Hint(stats[0].action, line, stats, searched, bot.name)


def describe(
    stats: Sequence[ActionStats],
    label: Callable[[Action], str],
    *,
    searched: bool = True,
    level: str = HINT_LEVEL.name,
) -> str:
    """The hint in words: ``stats`` ranked best first, each move named by ``label``, the
    games played out by the ``level`` bot."""
    best = stats[0]
    if not searched or len(stats) == 1:
        return f"{label(best.action)}: it is your only move"
    low, high = interval(best.win, best.visits)
    line = (
        f"{label(best.action)}: it won {best.win:.0%} of {best.visits:,} games the {level} bot "
        f"played out from here (likely {low:.0%} to {high:.0%})."
    )
    others = [s for s in stats[1 : 1 + SHOWN_ALTERNATIVES] if s.visits]
    if not others:
        return line
    parts = []
    for other in others:
        part = f"{label(other.action)}, {other.win:.0%} of {other.visits:,}"
        if round(100 * other.win) > round(100 * best.win):  # higher as the reader sees it
            low2, high2 = interval(other.win, other.visits)
            part += f" ({low2:.0%} to {high2:.0%}: higher, but too few games to trust)"
        parts.append(part)
    return f"{line} Next: {'; '.join(parts)}."
