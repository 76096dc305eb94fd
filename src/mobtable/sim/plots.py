"""The report's plots that every game has: seats, scores, length, tie-breaks, figures.

A :class:`Plot` draws on a matplotlib figure from a :class:`Run` (the
results table and the game's further tables). Game-specific plots are in
:mod:`mobtable.sim.game_plots`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pandas as pd
from matplotlib.figure import Figure

from mobtable.sim import stats


@dataclass(frozen=True)
class Run:
    """A ``simulate --out`` run: ``results.parquet`` and the further tables by name."""

    results: pd.DataFrame
    tables: Mapping[str, pd.DataFrame] = field(default_factory=dict)


@dataclass(frozen=True)
class Plot:
    """One plot: its file name, its title in words, what draws it, and what it needs.

    ``columns``: results columns it reads; ``tables``: further tables it reads.
    A run lacking either gets no such plot.
    """

    name: str
    title: str
    draw: Callable[[Run, Figure], None]
    columns: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()

    def fits(self, run: Run) -> bool:
        return set(self.columns) <= set(run.results.columns) and set(self.tables) <= set(run.tables)


def _seat_advantage(run: Run, figure: Figure) -> None:
    axes = figure.subplots()
    rates = stats.win_rates(run.results, "seat")
    seats = [int(r.name) + 1 for r in rates]
    values = [r.rate for r in rates]
    errors = [[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]]
    axes.bar(
        seats, values, yerr=errors, capsize=6, color="#4c72b0", label="win rate (95% interval)"
    )
    axes.axhline(1 / len(rates), color="#c44e52", linestyle="--", label="equal share")
    axes.set_xticks(seats)
    axes.set_xlabel("seat (1 = first to play)")
    axes.set_ylabel("share of games won")
    axes.set_ylim(0, 1)
    axes.legend()


def _scores(run: Run, figure: Figure) -> None:
    axes = figure.subplots()
    for bot, group in run.results.groupby("bot", sort=True):
        axes.hist(group.score, bins=20, alpha=0.6, label=str(bot))
    axes.set_xlabel("final score")
    axes.set_ylabel("seat-games")
    axes.legend(title="bot")


def _length(run: Run, figure: Figure) -> None:
    axes = figure.subplots()
    per_game = run.results.groupby("game_index").length_actions.first()
    axes.hist(per_game, bins=20, color="#55a868")
    axes.set_xlabel("actions in the game")
    axes.set_ylabel("games")


def _tiebreaks(run: Run, figure: Figure) -> None:
    axes = figure.subplots()
    per_game = run.results.groupby("game_index").tie_break.first()
    counts = per_game.replace("", "score alone decided").value_counts().sort_values()
    games = len(per_game)
    shares = counts.to_numpy() / games
    intervals = [stats.wilson(float(n), games) for n in counts]
    errors = [
        [share - low for share, (low, _) in zip(shares, intervals, strict=True)],
        [high - share for share, (_, high) in zip(shares, intervals, strict=True)],
    ]
    axes.barh([str(name) for name in counts.index], shares, xerr=errors, capsize=4)
    axes.set_xlabel("share of games (95% interval)")
    axes.set_xlim(0, 1)


SERIES = re.compile(r"_(day|round)\d+$")
"""A figure that is one point of a curve (``m_money_day3``): drawn by the game's own plots."""


def figure_columns(frame: pd.DataFrame) -> list[str]:
    """The ``m_`` columns that are counts, not points of a curve."""
    return [c for c in frame.columns if c.startswith("m_") and not SERIES.search(c)]


def _figures(run: Run, figure: Figure) -> None:
    axes = figure.subplots()
    by_bot = run.results.groupby("bot")[figure_columns(run.results)]
    means = by_bot.mean().T
    bands = stats.Z95 * by_bot.sem().T.fillna(0.0)
    means.index = bands.index = [c[2:].replace("_", " ") for c in means.index]
    means.plot.barh(ax=axes, xerr=bands, capsize=2)
    axes.set_xlabel("mean per seat-game (95% interval: 1.96 standard errors)")
    axes.legend(title="bot")


def _decisions(run: Run, figure: Figure) -> None:
    """Decisions per game, their width, lead changes, and the games the last round decided."""
    games = run.results.groupby("game_index").first()
    (count, width), (leads, last) = figure.subplots(2, 2)
    count.hist(games.decisions, bins=20, color="#4c72b0")
    count.set_xlabel("decisions per game (two choices or more)", fontsize=8)
    width.hist(games.branching, bins=20, color="#55a868")
    width.set_xlabel("mean legal actions at a decision", fontsize=8)
    changes = games.lead_changes[games.lead_changes >= 0].value_counts().sort_index()
    leads.bar(changes.index.astype(int), changes.to_numpy(), color="#8172b2")
    leads.set_xlabel("lead changes in the game", fontsize=8)
    decided = stats.wilson(float(games.decided_last_round.sum()), len(games))
    share = float(games.decided_last_round.mean())
    last.barh(
        ["last round", "earlier"],
        [share, 1 - share],
        xerr=[[share - decided[0], decided[1] - share], [decided[1] - share, share - decided[0]]],
        capsize=4,
        color=["#c44e52", "#dd8452"],
    )
    last.set_xlim(0, 1)
    last.set_xlabel("share of games decided (95% interval)", fontsize=8)
    for axes in (count, width, leads):
        axes.set_ylabel("games", fontsize=8)


DECISIONS = ("decisions", "branching", "lead_changes", "decided_last_round")

BASE_PLOTS = (
    Plot("seat_advantage", "Win rate by seat", _seat_advantage),
    Plot("scores", "Score distribution by bot", _scores),
    Plot("length", "Game length", _length),
    Plot("tiebreaks", "What decided the game", _tiebreaks),
    Plot("decisions", "Decisions, choices and the lead", _decisions, columns=DECISIONS),
)
FIGURES_PLOT = Plot("game_figures", "The game's own figures (mean by bot)", _figures)
