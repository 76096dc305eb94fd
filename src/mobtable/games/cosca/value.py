"""COSCA's learned evaluator: each seat's win chance from its mobsters, resources and lead.

The features of each seat, read off the state handed over (in the search: a determinized
sample), are its loyal mobsters, its resource value (in tens), its money and weapons, the
mobsters it has a hat under, its free hats, its dice, its lead in loyal mobsters plus
resources over the best other seat, its leftmost loyal mobster (the last tie-break), and the
loyal mobsters, resources, hats under and lead again times the days left. The weights
(``value.json``) are fitted by ``scripts/train_evaluators.py`` (:mod:`mobtable.core.value`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from mobtable.core.value import LearnedEvaluator, learned
from mobtable.games.cosca.model import HATS, MAX_ROW, ROUNDS
from mobtable.games.cosca.scoring import resource_value
from mobtable.games.cosca.search import EVALUATOR, RESOURCE_WORTH

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState

FEATURES = (
    "loyal",
    "resources",
    "money",
    "weapons",
    "hats under",
    "free hats",
    "dice",
    "lead",
    "leftmost",
    "loyal x days left",
    "resources x days left",
    "hats under x days left",
    "lead x days left",
)


def features(state: CoscaState) -> list[list[float]]:
    """Each seat's features, in :data:`FEATURES` order."""
    players = state.players
    days = float(ROUNDS - state.round)
    loyal, under, money, weapons, dice = (
        state.loyal,
        state.under,
        state.money,
        state.weapons,
        state.dice,
    )
    counts = [float(loyal.count(seat)) for seat in range(players)]
    worth = [resource_value(state, seat) / RESOURCE_WORTH for seat in range(players)]
    totals = [c + w for c, w in zip(counts, worth, strict=True)]
    *_, runner, top = sorted(totals)
    rows = []
    for seat in range(players):
        bit = 1 << seat
        hats = float(sum(1 for mask in under if mask & bit))
        total = totals[seat]
        lead = total - (runner if total == top else top)
        first = loyal.index(seat) if seat in loyal else None
        leftmost = 0.0 if first is None else (MAX_ROW - first) / MAX_ROW
        c, w = counts[seat], worth[seat]
        free = float(HATS - c - hats)
        rows.append(
            [
                c,
                w,
                float(money[seat]),
                float(weapons[seat]),
                hats,
                free,
                float(dice[seat]),
                lead,
                leftmost,
                c * days,
                w * days,
                hats * days,
                lead * days,
            ]
        )
    return rows


@cache
def evaluator() -> LearnedEvaluator | None:
    """The learned evaluator, or ``None`` before ``value.json`` is trained."""
    return learned(__package__, FEATURES, features, EVALUATOR)
