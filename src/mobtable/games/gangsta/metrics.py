"""Gangsta's figures for the results table (``mobtable simulate --out``).

Per seat, from the replayed game's event log (:mod:`mobtable.sim.hooks`):
points by combination (``points_pair``, ``points_two_pairs``,
``points_trio``, ``points_quartet``, ``points_quintet``; they sum to the
score), ``tricks_won``, ``trumps_played`` (trump cards played),
``trump_plays`` (plays of trump cards: a pair of trumps is one play),
``trump_tricks_won`` (tricks the seat won with a trump play),
``pairs_played`` (two-card answers) and ``raids_triggered`` (raids set off
by a card the seat placed).

Points per trick by combination are ``points_<combination>`` over
``tricks_won``; a trump's strength is ``trump_tricks_won`` over
``trump_plays`` (how often playing a trump takes the trick).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State
from mobtable.games.gangsta.grid import SET_NAMES, SET_POINTS, TWO_PAIRS

if TYPE_CHECKING:
    from mobtable.games.gangsta.state import GangstaState

COMBINATIONS = ("pair", "two_pairs", *(SET_NAMES[size] for size in (3, 4, 5)))
"""Scoring combinations, in the order of their ``points_*`` columns."""
COUNTS = (
    "tricks_won",
    "trumps_played",
    "trump_plays",
    "trump_tricks_won",
    "pairs_played",
    "raids_triggered",
)


def _combination_points(sizes: list[int]) -> dict[str, int]:
    """A placement's points split by combination (mirrors ``grid.placement_points``)."""
    points: dict[str, int] = {}
    pairs = sizes.count(2)
    if pairs == 1:
        points["pair"] = SET_POINTS[2]
    elif pairs == 2:
        points["two_pairs"] = TWO_PAIRS
    for size in sizes:
        if size > 2:
            name = SET_NAMES[size]
            points[name] = points.get(name, 0) + SET_POINTS[size]
    return points


def figures(state: State) -> list[dict[str, int | float]]:
    """One dict per seat, the same keys for every game (see the module's docstring)."""
    keys = (*(f"points_{name}" for name in COMBINATIONS), *COUNTS)
    rows: list[dict[str, int | float]] = [dict.fromkeys(keys, 0) for _ in range(state.players)]
    placer = -1
    for event in state.events:
        data = event.data
        if event.kind == "place":
            placer = int(data["seat"])
            for name, points in _combination_points(list(data["sets"])).items():
                rows[placer][f"points_{name}"] += points
        elif event.kind == "raid" and placer >= 0:
            rows[placer]["raids_triggered"] += 1
        elif event.kind == "trick-won":
            row = rows[int(data["seat"])]
            row["tricks_won"] += 1
            row["trump_tricks_won"] += bool(data["trump"])
        elif event.kind == "play":
            row = rows[int(data["seat"])]
            if data["trump"]:
                row["trumps_played"] += len(data["cards"])
                row["trump_plays"] += 1
            if len(data["cards"]) == 2:
                row["pairs_played"] += 1
    return rows


def rounds(state: State) -> int:
    """Tricks played."""
    gangsta = cast("GangstaState", state)
    return gangsta.tricks


def standing(state: State) -> list[float]:
    """Each seat's points so far (the lead, for the lab's lead changes)."""
    return [float(score) for score in cast("GangstaState", state).scores]
