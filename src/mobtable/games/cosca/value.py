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
from mobtable.games.cosca.model import MAX_ROW, ROUNDS
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
    loyal = state.loyal
    counts = [float(loyal.count(seat)) for seat in range(players)]
    worth = [resource_value(state, seat) / RESOURCE_WORTH for seat in range(players)]
    totals = [c + w for c, w in zip(counts, worth, strict=True)]
    rows = []
    for seat in range(players):
        bit = 1 << seat
        under = float(sum(1 for mask in state.under if mask & bit))
        lead = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
        first = next((p for p, owner in enumerate(loyal) if owner == seat), None)
        leftmost = 0.0 if first is None else (MAX_ROW - first) / MAX_ROW
        c, w = counts[seat], worth[seat]
        rows.append(
            [
                c,
                w,
                float(state.money[seat]),
                float(state.weapons[seat]),
                under,
                float(state.hats_free(seat)),
                float(state.dice[seat]),
                lead,
                leftmost,
                c * days,
                w * days,
                under * days,
                lead * days,
            ]
        )
    return rows


@cache
def evaluator() -> LearnedEvaluator | None:
    """The learned evaluator, or ``None`` before ``value.json`` is trained."""
    return learned(__package__, FEATURES, features, EVALUATOR)
