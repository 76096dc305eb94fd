"""A self-contained HTML report of a results table, with matplotlib plots.

Each plot is written as a PNG file beside ``report.html`` and embedded in it
as a base64 data URI, so the HTML alone can be mailed or archived. The
figures use the Agg backend (no display needed).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.figure import Figure

from mobtable.sim import ratings, stats

SIZE = (7.0, 4.0)
"""Figure size in inches; at :data:`DPI` every PNG is 700 x 400 pixels."""
DPI = 100
REPORT = "report.html"


@dataclass(frozen=True)
class Plot:
    """One plot: its file name, its title in words, and what draws it."""

    name: str
    title: str
    draw: Callable[[pd.DataFrame, Figure], None]


def _seat_advantage(frame: pd.DataFrame, figure: Figure) -> None:
    axes = figure.subplots()
    rates = stats.win_rates(frame, "seat")
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


def _scores(frame: pd.DataFrame, figure: Figure) -> None:
    axes = figure.subplots()
    for bot, group in frame.groupby("bot", sort=True):
        axes.hist(group.score, bins=20, alpha=0.6, label=str(bot))
    axes.set_xlabel("final score")
    axes.set_ylabel("seat-games")
    axes.legend(title="bot")


def _length(frame: pd.DataFrame, figure: Figure) -> None:
    axes = figure.subplots()
    per_game = frame.groupby("game_index").length_actions.first()
    axes.hist(per_game, bins=20, color="#55a868")
    axes.set_xlabel("actions in the game")
    axes.set_ylabel("games")


def _tiebreaks(frame: pd.DataFrame, figure: Figure) -> None:
    axes = figure.subplots()
    per_game = frame.groupby("game_index").tie_break.first().replace("", "score alone decided")
    counts = per_game.value_counts().sort_values()
    axes.barh([str(name) for name in counts.index], counts.to_numpy() / len(per_game))
    axes.set_xlabel("share of games")
    axes.set_xlim(0, 1)


def _figures(frame: pd.DataFrame, figure: Figure) -> None:
    axes = figure.subplots()
    columns = [c for c in frame.columns if c.startswith("m_")]
    means = frame.groupby("bot")[columns].mean().T
    means.index = [c[2:].replace("_", " ") for c in means.index]
    means.plot.barh(ax=axes)
    axes.set_xlabel("mean per seat-game")
    axes.legend(title="bot")


BASE_PLOTS = (
    Plot("seat_advantage", "Win rate by seat", _seat_advantage),
    Plot("scores", "Score distribution by bot", _scores),
    Plot("length", "Game length", _length),
    Plot("tiebreaks", "What decided the game", _tiebreaks),
)
FIGURES_PLOT = Plot("game_figures", "The game's own figures (mean by bot)", _figures)


def plots_for(frame: pd.DataFrame) -> list[Plot]:
    """The base plots, then the game's own figures when it has any ``m_`` columns."""
    plots = list(BASE_PLOTS)
    if any(c.startswith("m_") for c in frame.columns):
        plots.append(FIGURES_PLOT)
    return plots


def render(plot: Plot, frame: pd.DataFrame, path: Path) -> None:
    """Draw ``plot`` and save it as a PNG at ``path``."""
    figure = plt.figure(figsize=SIZE, dpi=DPI)
    try:
        plot.draw(frame, figure)
        figure.suptitle(plot.title)
        figure.tight_layout()
        figure.savefig(path, dpi=DPI)
    finally:
        plt.close(figure)


def _summary_html(frame: pd.DataFrame) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(r.name)}</td><td>{r.games}</td><td>{r.wins:g}</td>"
        f"<td>{100 * r.rate:.1f}%</td><td>{100 * r.low:.1f}% to {100 * r.high:.1f}%</td></tr>"
        for r in stats.win_rates(frame, "bot")
    )
    seat = stats.seat_effect(frame)
    ties = stats.tiebreak_share(frame)
    rated = "".join(
        f"<tr><td>{html.escape(r.bot)}</td><td>{r.mu:.2f}</td><td>{r.sigma:.2f}</td>"
        f"<td>{r.ordinal:.2f}</td></tr>"
        for r in ratings.rate(frame)
    )
    return (
        "<table><tr><th>bot</th><th>seat-games</th><th>wins</th><th>win rate</th>"
        f"<th>95% interval</th></tr>{rows}</table>"
        f"<p>Seat effect (chi-square against equal wins): p = {seat.p_value:.3g}, "
        f"{'detected' if seat.detected else 'not detected'} at the 5% level.</p>"
        f"<p>A tie-break made the winner in {100 * ties.rate:.1f}% of games "
        f"({100 * ties.low:.1f}% to {100 * ties.high:.1f}%).</p>"
        "<h2>Ratings (openskill, Plackett-Luce)</h2><table><tr><th>bot</th><th>skill</th>"
        f"<th>uncertainty</th><th>skill - 3 x uncertainty</th></tr>{rated}</table>"
    )


def write(frame: pd.DataFrame, directory: Path) -> Path:
    """Write every plot as a PNG and ``report.html`` (plots embedded) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    sections = []
    for plot in plots_for(frame):
        path = directory / f"{plot.name}.png"
        render(plot, frame, path)
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        sections.append(
            f'<section id="{plot.name}"><h2>{html.escape(plot.title)}</h2>'
            f'<img src="data:image/png;base64,{data}" alt="{html.escape(plot.title)}" '
            f'data-file="{path.name}"></section>'
        )
    game = html.escape(str(frame.game.iloc[0]))
    games = frame.game_index.nunique()
    variants = html.escape(str(frame.variants.iloc[0]) or "none")
    page = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Balance report: {game}</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
        "td,th{padding:0 1em;text-align:right}</style></head><body>"
        f"<h1>Balance report: {game}</h1>"
        f"<p>{games} games, seed {int(frame.seed.iloc[0])}, variants: {variants}.</p>"
        f"{_summary_html(frame)}{''.join(sections)}</body></html>\n"
    )
    report = directory / REPORT
    report.write_text(page, encoding="utf-8")
    return report
