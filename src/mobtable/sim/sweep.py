"""A sweep: one game over a grid of configurations, each cell on the same seeds.

The grid is the product of its axes (player counts, variant sets, rule options, card files,
bot line-ups); every cell plays games ``0 .. n-1`` of the same master seed, so game ``i`` of
two cells with the same players starts from the same deal. All cells go into one results
table with a ``cell`` column (the cell's label), and :func:`summarise` gives each figure per
cell with its 95% interval.

The seat-effect tests of all cells are one family: their p-values are corrected together with
Holm's method (:func:`mobtable.sim.stats.holm`), so the chance of any false "seat effect"
across the grid stays below 5%.

Only the lab (``mobtable[lab]``) imports this module: it needs pandas and scipy.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from mobtable.sim import stats

BUILTIN = "builtin"
"""The card-file axis's word for the game's own cards."""
NO_VARIANT = "none"
"""The variant axis's word for no variant."""


@dataclass(frozen=True)
class Cell:
    """One configuration of the grid: what ``simulate`` would be given for it."""

    players: int | None
    variants: tuple[str, ...]
    options: tuple[str, ...]
    cards: str
    bots: str

    def label(self, varying: Sequence[str]) -> str:
        """The cell in words, naming the axes that vary across the grid."""
        parts = {
            "players": f"{self.players} players",
            "variants": "+".join(self.variants) or "no variant",
            "options": " ".join(self.options),
            "cards": self.cards,
            "bots": self.bots,
        }
        named = [parts[axis] for axis in varying if parts[axis]]
        return ", ".join(named) or "all"


@dataclass(frozen=True)
class Grid:
    """The axes of a sweep; each holds the values the cells take."""

    players: tuple[int | None, ...] = (None,)
    variants: tuple[tuple[str, ...], ...] = ((),)
    options: tuple[tuple[str, ...], ...] = ((),)
    cards: tuple[str, ...] = (BUILTIN,)
    bots: tuple[str, ...] = ("random",)

    @property
    def varying(self) -> list[str]:
        """The axes with more than one value, in the label's order."""
        axes = ("players", "variants", "options", "cards", "bots")
        return [axis for axis in axes if len(getattr(self, axis)) > 1]

    def cells(self) -> list[Cell]:
        return [
            Cell(*values)
            for values in itertools.product(
                self.players, self.variants, self.options, self.cards, self.bots
            )
        ]


def variant_sets(texts: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """``["none", "a+b"]`` into ``((), ("a", "b"))``: each text one set of variants."""
    sets = []
    for text in texts:
        names = [n.strip() for n in text.split("+") if n.strip()]
        sets.append(() if names in ([], [NO_VARIANT]) else tuple(sorted(names)))
    return tuple(dict.fromkeys(sets))


def option_axes(texts: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """``["a=1,2", "b=x"]`` into every combination: ``(("a=1", "b=x"), ("a=2", "b=x"))``.

    Raises ``ValueError`` naming a text that is not ``key=value[,value...]``.
    """
    axes = []
    for text in texts:
        key, sep, values = text.partition("=")
        choices = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not key.strip() or not choices:
            raise ValueError(f"--option expects key=value[,value...], not {text!r}")
        axes.append([f"{key.strip()}={value}" for value in dict.fromkeys(choices)])
    return tuple(itertools.product(*axes)) if axes else ((),)


@dataclass(frozen=True)
class Mean:
    """A mean with its 95% band (1.96 standard errors)."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: pd.Series[float]) -> Mean:
        mean = float(values.mean())
        half = stats.Z95 * float(values.sem()) if len(values) > 1 else 0.0
        return cls(mean, mean - half, mean + half)


@dataclass(frozen=True)
class CellFigures:
    """A cell's figures with their intervals, and its seat-effect test before and after Holm."""

    cell: str
    games: int
    players: int
    first_seat: stats.Rate
    seat_effect: stats.Test
    adjusted_p: float
    disagreement: str
    tie_break: stats.Rate
    last_round: stats.Rate
    means: dict[str, Mean]

    @property
    def detected(self) -> bool:
        return self.adjusted_p < stats.SIGNIFICANCE

    def to_json(self) -> dict[str, Any]:
        return {
            "cell": self.cell,
            "games": self.games,
            "players": self.players,
            "first_seat_win_share": self.first_seat.to_json(),
            "seat_effect": self.seat_effect.to_json(),
            "adjusted_p_value": round(self.adjusted_p, 9),
            "correction": stats.CORRECTION,
            "seat_effect_detected": self.detected,
            "tie_break": self.tie_break.to_json(),
            "decided_last_round": self.last_round.to_json(),
            "means": {
                name: {"mean": round(m.mean, 9), "low": round(m.low, 9), "high": round(m.high, 9)}
                for name, m in self.means.items()
            },
        }


PER_GAME_MEANS = {
    "game length (actions)": "length_actions",
    "game length (rounds)": "length_rounds",
    "decisions per game": "decisions",
    "branching factor": "branching",
    "lead changes": "lead_changes",
}
"""Per-game figures averaged over a cell's games, by their name in words."""


def _share(name: str, flags: pd.Series[bool]) -> stats.Rate:
    games, count = len(flags), float(flags.sum())
    low, high = stats.wilson(count, games)
    return stats.Rate(name, games, count, count / games if games else 0.0, low, high)


def cell_figures(cell: str, frame: pd.DataFrame) -> CellFigures:
    """One cell's figures (its Holm-adjusted p-value still equal to the raw one)."""
    seats = stats.win_rates(frame, "seat")
    test = stats.seat_effect(frame)
    games = frame.groupby("game_index", sort=True).first()
    means = {name: Mean.of(games[column].astype(float)) for name, column in PER_GAME_MEANS.items()}
    return CellFigures(
        cell=cell,
        games=len(games),
        players=int(games.players.iloc[0]),
        first_seat=seats[0],
        seat_effect=test,
        adjusted_p=test.p_value,
        disagreement=stats.seat_disagreement(seats, test),
        tie_break=stats.tiebreak_share(frame),
        last_round=_share("decided in the last round", games.decided_last_round.astype(bool)),
        means=means,
    )


def summarise(frame: pd.DataFrame) -> list[CellFigures]:
    """Every cell's figures, in the table's order, the seat effects corrected together."""
    cells = list(dict.fromkeys(frame.cell))
    figures = [cell_figures(cell, frame[frame.cell == cell]) for cell in cells]
    adjusted = stats.holm([f.seat_effect.p_value for f in figures])
    return [replace(f, adjusted_p=p) for f, p in zip(figures, adjusted, strict=True)]


def correction_note(figures: Sequence[CellFigures]) -> str:
    """How the seat-effect verdicts were corrected, and which cells it overrules."""
    text = (
        f"Seat effects use {stats.CORRECTION}'s correction for the {len(figures)} cells tested "
        "at once (the chance of any false detection stays below 5%)"
    )
    away = [
        f.cell for f in figures if f.seat_effect.detected and not f.detected and len(figures) > 1
    ]
    if away:
        text += f"; {', '.join(away)} would pass alone (p < 0.05) but not among all cells"
    return text + "."
