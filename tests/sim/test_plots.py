"""The base plots carry their intervals."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from matplotlib.container import BarContainer
from matplotlib.figure import Figure

from mobtable.sim import stats
from mobtable.sim.plots import BASE_PLOTS, FIGURES_PLOT, Run


def _results() -> pd.DataFrame:
    """Ten two-seat games: a tie-break decides games 0-2, bots alternate seats."""
    rows = []
    for game in range(10):
        for seat in range(2):
            rows.append(
                {
                    "game_index": game,
                    "seat": seat,
                    "bot": "easy" if (game + seat) % 2 else "random",
                    "tie_break": "coins left" if game < 3 else "",
                    "m_raids": float(game % 3 + seat),
                }
            )
    return pd.DataFrame(rows)


def _bars(draw_name: str) -> list[BarContainer]:
    plot = next(p for p in (*BASE_PLOTS, FIGURES_PLOT) if p.name == draw_name)
    figure = Figure()
    plot.draw(Run(_results()), figure)
    return [c for c in figure.axes[0].containers if isinstance(c, BarContainer)]


def test_the_tiebreak_plot_has_wilson_intervals() -> None:
    (bars,) = _bars("tiebreaks")
    assert bars.errorbar is not None
    (segments,) = bars.errorbar.lines[2]
    ends = sorted(x for seg in segments.get_segments() for x, _ in seg)
    expected = sorted([*stats.wilson(3, 10), *stats.wilson(7, 10)])
    assert ends == pytest.approx(expected)


def test_the_game_figures_plot_has_a_band_of_the_mean_per_bot() -> None:
    bars = _bars("game_figures")
    assert len(bars) == 2 and all(b.errorbar is not None for b in bars)
    frame = _results()
    for bar, bot in zip(bars, ("easy", "random"), strict=True):
        values = frame[frame.bot == bot].m_raids
        (segments,) = bar.errorbar.lines[2]
        ((low, _), (high, _)) = segments.get_segments()[0]
        half = stats.Z95 * values.sem()
        assert (low, high) == pytest.approx((values.mean() - half, values.mean() + half))
