"""Tuning one parameter: the value that brings a figure closest to a target, on the same seeds.

The parameter is a whole number: a field of the card data (a dotted path, list items by
position: ``mafia.0.strong.7``) or a rule option with number choices (``option.NAME``). Every
value tried plays the same games (the same master seed, so the same deals and bot seeds):
the differences between values are the parameter's, not the luck of the deal's.

The search (:func:`search`) is a bracketing refinement, simple enough to check by hand:

1. try five values spread evenly over the range (its ends included; every value of a
   shorter range);
2. take the best value tried so far (the figure nearest the target), and try the midpoint
   between it and the nearest tried value on each side, where there is a gap;
3. repeat 2 until the best value's neighbours on both sides have been tried, or the budget
   of tries is spent.

It finds the best value when the figure moves one way as the parameter grows (the usual case
for a card's strength); each tried value is reported with its 95% interval, so a
designer sees which values the games cannot tell apart.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mobtable.sim.stats import wilson
from mobtable.sim.summary import Summary

OPTION = "option."
"""The prefix of a parameter that is a rule option, not a card-data field."""
FIRST_TRIES = 5
DEFAULT_TRIES = 12


class BadParameter(ValueError):
    """A parameter path or range the card data or the game does not have."""


def parse_range(text: str) -> tuple[int, int]:
    """``"3:9"`` into ``(3, 9)``; ``BadParameter`` for anything else."""
    low, sep, high = text.partition(":")
    try:
        if not sep:
            raise ValueError
        bounds = int(low), int(high)
    except ValueError:
        raise BadParameter(f"--range expects two whole numbers A:B, not {text!r}") from None
    if bounds[0] >= bounds[1]:
        raise BadParameter(f"--range {text}: A must be below B")
    return bounds


def _walk(data: Any, path: str) -> tuple[Any, str | int]:
    """The container holding the field at ``path`` and its key; ``BadParameter`` if none."""
    parts = path.split(".")
    node = data
    for depth, part in enumerate(parts):
        key: str | int = (
            int(part) if isinstance(node, list) and part.isascii() and part.isdigit() else part
        )
        found = (isinstance(node, list) and isinstance(key, int) and key < len(node)) or (
            isinstance(node, Mapping) and key in node
        )
        if not found:
            where = ".".join(parts[:depth]) or "the card data"
            raise BadParameter(f"--param {path}: {where} has no {part!r}")
        if depth == len(parts) - 1:
            return node, key
        node = node[key]
    raise BadParameter(f"--param {path!r} is empty")


def card_value(card_data: Mapping[str, Any], path: str) -> int:
    """The whole number at ``path`` in the card data (``BadParameter`` if it is something else)."""
    node, key = _walk(card_data, path)
    value = node[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadParameter(f"--param {path} is {value!r}, not a whole number")
    return value


def with_card_value(card_data: Mapping[str, Any], path: str, value: int) -> dict[str, Any]:
    """A copy of the card data with the field at ``path`` set to ``value``."""
    changed = copy.deepcopy(dict(card_data))
    node, key = _walk(changed, path)
    node[key] = value
    return changed


@dataclass(frozen=True)
class Figure:
    """A share read off a summary: a seat's wins, or the games a tie-break decided."""

    name: str
    count: Callable[[Summary], float]

    def of(self, summary: Summary) -> tuple[float, float, float]:
        """(share, low, high): the share with its 95% Wilson interval."""
        wins = self.count(summary)
        games = summary.games
        low, high = wilson(wins, games)
        return (wins / games if games else 0.0, low, high)


def figure(name: str, players: int) -> Figure:
    """``first-seat``, ``seat-N`` (1 = first) or ``tie-break``; ``BadParameter`` otherwise."""
    if name == "tie-break":
        return Figure("the share of games a tie-break decided", lambda s: s.decided_by_tiebreak)
    seat = 1 if name == "first-seat" else None
    if name.startswith("seat-") and name[5:].isascii() and name[5:].isdigit():
        seat = int(name[5:])
    if seat is None or not 1 <= seat <= players:
        raise BadParameter(
            f"--figure {name!r}: choose first-seat, tie-break or seat-1 to seat-{players}"
        )
    who = "the first seat" if seat == 1 else f"seat {seat}"
    return Figure(f"{who}'s win share", lambda s: s.seats[seat - 1].wins)


@dataclass(frozen=True)
class Trial:
    """One value tried: the figure with its interval, over ``games`` games."""

    value: int
    games: int
    share: float
    low: float
    high: float
    target: float

    @property
    def distance(self) -> float:
        return abs(self.share - self.target)

    @property
    def holds_target(self) -> bool:
        return self.low <= self.target <= self.high

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "games": self.games,
            "figure": round(self.share, 9),
            "low": round(self.low, 9),
            "high": round(self.high, 9),
            "distance": round(self.distance, 9),
            "holds_target": self.holds_target,
        }


def _first_values(low: int, high: int) -> list[int]:
    if high - low + 1 <= FIRST_TRIES:
        return list(range(low, high + 1))
    step = (high - low) / (FIRST_TRIES - 1)
    return sorted({round(low + i * step) for i in range(FIRST_TRIES)})


def search(
    evaluate: Callable[[int], Trial], low: int, high: int, *, tries: int = DEFAULT_TRIES
) -> list[Trial]:
    """The trials of the bracketing refinement (see the module's docstring), in trial order."""
    done: dict[int, Trial] = {}
    queue = _first_values(low, high)
    while queue and len(done) < tries:
        for value in queue:
            if value not in done and len(done) < tries:
                done[value] = evaluate(value)
        best = min(done.values(), key=lambda t: (t.distance, t.value)).value
        tried = sorted(done)
        below = [v for v in tried if v < best]
        above = [v for v in tried if v > best]
        queue = []
        if below and best - below[-1] > 1:
            queue.append((best + below[-1]) // 2)
        if above and above[0] - best > 1:
            queue.append((best + above[0] + 1) // 2)
    return list(done.values())


def best(trials: list[Trial]) -> Trial:
    """The trial whose figure is nearest the target (the smaller value on a tie)."""
    return min(trials, key=lambda t: (t.distance, t.value))
