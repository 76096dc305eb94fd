"""A sweep's report: each figure across the grid's cells, with its 95% interval.

Drawn from the sweep's results table (:mod:`mobtable.sim.sweep`, the ``cell`` column): one
point per cell, rates with Wilson intervals, means with 1.96 standard errors, and the game's
own figures (mean per seat-game) the same way.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from mobtable.sim import stats
from mobtable.sim.plots import Plot, Run, figure_columns
from mobtable.sim.sweep import PER_GAME_MEANS, CellFigures, Mean, summarise


def is_sweep(frame: pd.DataFrame) -> bool:
    return "cell" in frame.columns


def _points(
    axes: Axes, cells: list[str], values: list[tuple[float, float, float]], label: str
) -> None:
    """One point per cell with its interval, cells down the side (long labels stay legible)."""
    positions = list(range(len(cells)))
    means = [v[0] for v in values]
    errors = [[v[0] - v[1] for v in values], [v[2] - v[0] for v in values]]
    axes.errorbar(means, positions, xerr=errors, fmt="o", capsize=4, color="#4c72b0")
    axes.set_yticks(positions, cells)
    axes.invert_yaxis()
    axes.set_xlabel(label)


Draw = Callable[[Run, Figure], None]


def _rate_plot(of: Callable[[CellFigures], stats.Rate], label: str, equal: bool = False) -> Draw:
    def draw(run: Run, figure: Figure) -> None:
        figures = summarise(run.results)
        axes = figure.subplots()
        rates = [of(f) for f in figures]
        _points(axes, [f.cell for f in figures], [(r.rate, r.low, r.high) for r in rates], label)
        if equal:
            for position, f in enumerate(figures):
                share = 1 / f.players
                axes.plot([share, share], [position - 0.4, position + 0.4], color="#c44e52")
            axes.plot([], [], color="#c44e52", label="equal share (1 / players)")
            axes.legend()

    return draw


def _mean_plot(name: str, column: str) -> Draw:
    """A per-game figure (``column``) or, for an ``m_`` column, a per-seat-game one."""

    def draw(run: Run, figure: Figure) -> None:
        frame = run.results
        if not column.startswith("m_"):
            frame = frame.groupby(["cell", "game_index"], sort=False).first().reset_index()
        cells = list(dict.fromkeys(frame.cell))
        means = [Mean.of(frame[frame.cell == cell][column].astype(float)) for cell in cells]
        label = f"{name}: mean per {'seat-game' if column.startswith('m_') else 'game'}"
        _points(figure.subplots(), cells, [_triple(m) for m in means], f"{label} (95% interval)")

    return draw


def _triple(mean: Mean) -> tuple[float, float, float]:
    return (mean.mean, mean.low, mean.high)


def sweep_plots(frame: pd.DataFrame) -> list[Plot]:
    """The sweep's plots: who wins, what decides, how long, how it plays, the game's figures."""
    share = "share of games (95% interval)"
    plots = [
        Plot(
            "sweep_first_seat",
            "The first seat's win share across the grid",
            _rate_plot(lambda f: f.first_seat, "first seat's win share (95% interval)", True),
        ),
        Plot(
            "sweep_tie_break",
            "Games a tie-break decided, across the grid",
            _rate_plot(lambda f: f.tie_break, share),
        ),
        Plot(
            "sweep_last_round",
            "Games decided in the last round, across the grid",
            _rate_plot(lambda f: f.last_round, share),
        ),
    ]
    for name, column in PER_GAME_MEANS.items():
        plots.append(
            Plot(
                f"sweep_{column}", f"{name.capitalize()} across the grid", _mean_plot(name, column)
            )
        )
    for column in figure_columns(frame):
        name = column[2:].replace("_", " ")
        plots.append(
            Plot(
                f"sweep_{column}",
                f"{name.capitalize()} (the game's own figure) across the grid",
                _mean_plot(name, column),
            )
        )
    return plots
