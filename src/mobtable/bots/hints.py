"""Hints for humans: what the ``hard`` bot would play, and why, in one line.

Example (what ``mobtable play ... --hints`` prints)::

    hint: R9S (win 41% · 1210 sims) — next best Y4W 33%, B2S 30%

The hint searches from the seat's own :class:`~mobtable.bots.base.Decision`
(its view and determinizations), so it never reveals hidden information.
"""

from __future__ import annotations

from dataclasses import dataclass

from mobtable.bots.base import Decision
from mobtable.bots.levels import HARD
from mobtable.bots.search import ActionStats, Budget, ISMCTSBot, SearchResult
from mobtable.core import Action, Seat, State

SHOWN_ALTERNATIVES = 2


@dataclass(frozen=True, slots=True)
class Hint:
    """What the search recommends for one seat.

    Attributes:
        action: the recommended action (what ``hard`` plays with this seed).
        line: one line for a human, e.g. ``"R9S (win 41% · 1210 sims) — next best Y4W 33%"``.
        stats: every legal action with its visits and estimated win chance, best first.
    """

    action: Action
    line: str
    stats: tuple[ActionStats, ...]


def hint(state: State, seat: Seat, *, seed: int = 0, budget: Budget = HARD) -> Hint:
    """What ``hard`` would play for ``seat`` in ``state``, and why, in one line.

    Args:
        state: the table (only ``seat``'s view and determinizations are used).
        seat: a seat that owes a decision now (``IllegalAction``-free: with no
            legal action, ``ValueError``).
        seed: the search seed (same seed and iteration budget, same hint).
        budget: the search budget (default: the ``hard`` level's).
    """
    if not state.legal(seat):
        raise ValueError(f"seat {seat} has no decision to take now")
    bot = ISMCTSBot(seed=seed, budget=budget)
    result = bot.search(Decision(state, seat))
    return Hint(result.action, describe(result), tuple(result.stats))


def describe(result: SearchResult) -> str:
    """The one-line explanation of a search result."""
    best = result.stats[0]
    if result.iterations == 0:
        return f"{best.action} (the only legal move)"
    head = f"{best.action} (win {best.win:.0%} · {best.visits} sims)"
    others = [s for s in result.stats[1 : 1 + SHOWN_ALTERNATIVES] if s.visits]
    if not others:
        return head
    rest = ", ".join(f"{s.action} {s.win:.0%}" for s in others)
    return f"{head} — next best {rest}"
