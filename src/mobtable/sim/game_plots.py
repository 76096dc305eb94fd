"""The report's plots of each game's own mechanics, from its ``m_`` columns and tables.

COSCA: how often each mobster is fought over and owned, money and weapons by
day. Capo: how often crews are bluffs, how many bluffs nobody catches, how
often a suspicion is right, respect by round. Gangsta: points per trick by
combination, how often a trump takes the trick, raids per game. Rates carry
95% Wilson intervals (:func:`mobtable.sim.stats.wilson`); curves a 95% band
of the mean (1.96 standard errors, from pandas' ``sem``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from mobtable.games.cosca.metrics import DAYS
from mobtable.games.gangsta.metrics import COMBINATIONS
from mobtable.sim import stats
from mobtable.sim.plots import Plot, Run


def _rates(hits: list[float], totals: list[int]) -> tuple[list[float], list[list[float]]]:
    """``hits / totals`` and their Wilson intervals as matplotlib error bars (below, above)."""
    rates = [h / t if t else 0.0 for h, t in zip(hits, totals, strict=True)]
    intervals = [stats.wilson(h, t) for h, t in zip(hits, totals, strict=True)]
    below = [r - low for r, (low, _) in zip(rates, intervals, strict=True)]
    above = [high - r for r, (_, high) in zip(rates, intervals, strict=True)]
    return rates, [below, above]


def _curve(axes: Axes, x: list[int], frame: pd.DataFrame, label: str, style: str = "-") -> None:
    """The mean of each column of ``frame`` against ``x``, with a 95% band."""
    mean = frame.mean().to_numpy(dtype=float)
    band = stats.Z95 * frame.sem().fillna(0.0).to_numpy(dtype=float)
    (line,) = axes.plot(x, mean, style, marker="o", label=label)
    axes.fill_between(x, mean - band, mean + band, color=line.get_color(), alpha=0.15)


# -- COSCA ----------------------------------------------------------------------
def _mobster_contest(run: Run, figure: Figure) -> None:
    mobsters = run.tables["mobsters"]
    games = run.results.game_index.nunique()
    by = mobsters.groupby("mobster", sort=True)
    summary = pd.DataFrame(
        {
            "present": by.size(),
            "fought": by.fights.apply(lambda f: int((f > 0).sum())),
            "owned": by.owner.apply(lambda o: int((o >= 0).sum())),
        }
    )
    summary = summary.assign(rate=summary.fought / summary.present).sort_values("rate")
    axes = figure.subplots()
    labels = [str(name) for name in summary.index]
    y = np.arange(len(labels))
    for shift, column, label in (
        (0.2, "fought", "fought over"),
        (-0.2, "owned", "owned at the end"),
    ):
        rates, errors = _rates(summary[column].tolist(), summary.present.tolist())
        axes.barh(
            y + shift, rates, height=0.4, xerr=errors, capsize=1.5, ecolor="#777", label=label
        )
    axes.set_yticks(y, labels, fontsize=7)
    axes.set_xlim(0, 1)
    axes.set_xlabel(f"share of the games it was in (of {games}), 95% intervals")
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, fontsize=8)


def _cosca_resources(run: Run, figure: Figure) -> None:
    axes = figure.subplots()
    days = list(DAYS)
    for bot, group in run.results.groupby("bot", sort=True):
        _curve(axes, days, group[[f"m_money_day{d}" for d in days]], f"money, {bot}")
        _curve(axes, days, group[[f"m_weapons_day{d}" for d in days]], f"weapons, {bot}", "--")
    axes.set_xticks(days)
    axes.set_xlabel("day (held when the day ends, before the limit of 10)")
    axes.set_ylabel("mean per seat")
    axes.legend(fontsize=8)


# -- Capo -----------------------------------------------------------------------
def _capo_bluffs(run: Run, figure: Figure) -> None:
    frame = run.results
    by = frame.groupby("bot", sort=True)
    rounds = by.length_rounds.sum()
    attempted = by.m_bluffs_attempted.sum()
    uncaught = by.m_bluffs_uncaught.sum()
    right = by.m_suspicions_right.sum()
    laid = right + by.m_suspicions_wrong.sum()
    measures = [
        ("crews that were bluffs", attempted, rounds),
        ("bluffs nobody caught", uncaught, attempted),
        ("suspicions that were right", right, laid),
    ]
    axes = figure.subplots()
    bots = [str(b) for b in rounds.index]
    width = 0.8 / len(bots)
    y = np.arange(len(measures))
    for k, bot in enumerate(bots):
        rates, errors = _rates(
            [float(m[1][bot]) for m in measures], [int(m[2][bot]) for m in measures]
        )
        axes.barh(y + k * width, rates, height=width, xerr=errors, capsize=3, label=bot)
    axes.set_yticks(y + width * (len(bots) - 1) / 2, [m[0] for m in measures])
    axes.set_xlim(0, 1)
    axes.set_xlabel("share (95% interval); a bluff would fail if shown")
    axes.legend(title="bot", loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(bots))


def _capo_respect(run: Run, figure: Figure) -> None:
    frame = run.results
    columns = sorted(
        (c for c in frame.columns if c.startswith("m_respect_round")),
        key=lambda c: int(c.removeprefix("m_respect_round")),
    )
    rounds = [int(c.removeprefix("m_respect_round")) for c in columns]
    axes = figure.subplots()
    for bot, group in frame.groupby("bot", sort=True):
        _curve(axes, rounds, group[columns], str(bot))
    axes.axhline(15, color="#c44e52", linestyle=":", label="15: the game ends")
    axes.set_xticks(rounds)
    axes.set_xlabel("round (a finished game keeps its final respect)")
    axes.set_ylabel("mean respect")
    axes.legend(title="bot", fontsize=8)


# -- Gangsta --------------------------------------------------------------------
def _points_per_trick(run: Run, figure: Figure) -> None:
    frame = run.results
    by = frame.groupby("bot", sort=True)
    tricks = by.m_tricks_won.sum()
    points = pd.DataFrame(
        {name.replace("_", " "): by[f"m_points_{name}"].sum() / tricks for name in COMBINATIONS}
    )
    axes = figure.subplots()
    points.T.plot.bar(ax=axes, rot=0)
    axes.set_xlabel("combination")
    axes.set_ylabel("points per trick won")
    axes.legend(title="bot")


def _trump_strength(run: Run, figure: Figure) -> None:
    frame = run.results
    by = frame.groupby("bot", sort=True)
    plays, won = by.m_trump_plays.sum(), by.m_trump_tricks_won.sum()
    tricks = int(frame.m_tricks_won.sum())
    axes = figure.subplots()
    bots = [str(b) for b in plays.index]
    rates, errors = _rates(won.tolist(), [int(p) for p in plays])
    axes.barh(np.arange(len(bots)), rates, height=0.5, xerr=errors, capsize=4)
    share = frame.m_trump_tricks_won.sum() / tricks if tricks else 0.0
    axes.axvline(share, color="#c44e52", linestyle="--", label="share of all tricks won by a trump")
    axes.set_yticks(np.arange(len(bots)), bots)
    axes.set_ylim(-1, len(bots))  # a lone bot's bar stays a bar, not the whole frame
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of trump plays that took the trick (95% interval)")
    axes.legend(loc="lower right", fontsize=8)


def _raids(run: Run, figure: Figure) -> None:
    frame = run.results
    per_game = frame.groupby("game_index").m_raids_triggered.sum()
    axes = figure.subplots()
    bins = [k - 0.5 for k in range(int(per_game.max()) + 2)]
    axes.hist(per_game, bins=bins, color="#8172b2")
    axes.axvline(per_game.mean(), color="#c44e52", linestyle="--", label="mean")
    axes.set_xlabel("police raids in the game")
    axes.set_ylabel("games")
    axes.legend()


GAME_PLOTS: dict[str, tuple[Plot, ...]] = {
    "cosca": (
        Plot(
            "cosca_mobsters",
            "COSCA: how often each mobster is fought over and owned",
            _mobster_contest,
            tables=("mobsters",),
        ),
        Plot(
            "cosca_resources",
            "COSCA: money and weapons by day",
            _cosca_resources,
            columns=tuple(f"m_{k}_day{d}" for k in ("money", "weapons") for d in DAYS),
        ),
    ),
    "capo": (
        Plot(
            "capo_bluffs",
            "Capo: bluffs and suspicions, and how often they succeed",
            _capo_bluffs,
            columns=("m_bluffs_attempted", "m_bluffs_uncaught", "m_suspicions_right"),
        ),
        Plot(
            "capo_respect", "Capo: respect by round", _capo_respect, columns=("m_respect_round1",)
        ),
    ),
    "gangsta": (
        Plot(
            "gangsta_points_per_trick",
            "Gangsta: points per trick won, by combination",
            _points_per_trick,
            columns=("m_tricks_won", *(f"m_points_{name}" for name in COMBINATIONS)),
        ),
        Plot(
            "gangsta_trumps",
            "Gangsta: trump strength",
            _trump_strength,
            columns=("m_trump_plays", "m_trump_tricks_won"),
        ),
        Plot(
            "gangsta_raids",
            "Gangsta: raid frequency",
            _raids,
            columns=("m_raids_triggered",),
        ),
    ),
}
"""Each game's own plots, by game name; a plot shows when the run has what it needs."""
