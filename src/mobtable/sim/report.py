"""A self-contained HTML report of a results table, with matplotlib plots.

Each plot is written as a PNG file beside ``report.html`` and embedded in it
as a base64 data URI, so the HTML alone can be mailed or archived. The
figures use the Agg backend (no display needed). The plots themselves are in
:mod:`mobtable.sim.plots` (every game) and :mod:`mobtable.sim.game_plots`.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd

from mobtable.sim import ratings, stats, sweep, sweep_plots
from mobtable.sim.game_plots import GAME_PLOTS
from mobtable.sim.plots import BASE_PLOTS, FIGURES_PLOT, Plot, Run, figure_columns

SIZE = (7.0, 4.0)
"""Figure size in inches; at :data:`DPI` every PNG is 700 x 400 pixels."""
DPI = 100
REPORT = "report.html"
RESULTS = "results.parquet"


def plots_for(run: Run) -> list[Plot]:
    """The base plots, the game's own figures when it has any, then the game's own plots;
    for a sweep, each figure across its cells."""
    if sweep_plots.is_sweep(run.results):
        return sweep_plots.sweep_plots(run.results)
    plots = [plot for plot in BASE_PLOTS if plot.fits(run)]
    if figure_columns(run.results):
        plots.append(FIGURES_PLOT)
    game = str(run.results.game.iloc[0])
    plots.extend(plot for plot in GAME_PLOTS.get(game, ()) if plot.fits(run))
    return plots


class NotATable(ValueError):
    """A file beside ``results.parquet`` that does not belong to its run."""


def load_run(directory: Path) -> Run:
    """``results.parquet`` and every further table beside it (``mobsters.parquet``).

    A further table of another run (another game or seed, other games) raises
    :class:`NotATable`: a stale file must not be drawn as this run's.
    """
    results = pd.read_parquet(directory / RESULTS)
    tables = {}
    for path in sorted(directory.glob("*.parquet")):
        if path.name == RESULTS:
            continue
        table = pd.read_parquet(path)
        same = (
            set(table.game) <= set(results.game)
            and set(table.seed) <= set(results.seed)
            and set(table.game_index) <= set(results.game_index)
        )
        if not same:
            raise NotATable(f"{path.name} holds other games than {RESULTS}: simulate again")
        tables[path.stem] = table
    return Run(results, tables)


def render(plot: Plot, run: Run, path: Path) -> None:
    """Draw ``plot`` and save it as a PNG at ``path``."""
    figure = plt.figure(figsize=SIZE, dpi=DPI)
    try:
        plot.draw(run, figure)
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
    disagreement = stats.seat_disagreement(stats.win_rates(frame, "seat"), seat)
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
        f"{'detected' if seat.detected else 'not detected'} at the 5% level."
        f"{' ' + html.escape(disagreement) if disagreement else ''}</p>"
        f"<p>A tie-break made the winner in {100 * ties.rate:.1f}% of games "
        f"({100 * ties.low:.1f}% to {100 * ties.high:.1f}%).</p>"
        "<h2>Ratings (openskill, Plackett-Luce)</h2><table><tr><th>bot</th><th>skill</th>"
        f"<th>uncertainty</th><th>skill - 3 x uncertainty</th></tr>{rated}</table>"
    )


def _sweep_html(frame: pd.DataFrame) -> str:
    figures = sweep.summarise(frame)
    rows = "".join(
        f"<tr><td>{html.escape(f.cell)}</td><td>{f.games}</td>"
        f"<td>{100 * f.first_seat.rate:.1f}%</td>"
        f"<td>{100 * f.first_seat.low:.1f}% to {100 * f.first_seat.high:.1f}%</td>"
        f"<td>{f.seat_effect.p_value:.3g}</td><td>{f.adjusted_p:.3g}</td>"
        f"<td>{'detected' if f.detected else 'not detected'}</td></tr>"
        for f in figures
    )
    return (
        f"<table><tr><th>cell</th><th>games</th><th>first seat wins</th><th>95% interval</th>"
        f"<th>seat effect p</th><th>{stats.CORRECTION} p</th><th>seat effect</th></tr>{rows}"
        f"</table><p>{html.escape(sweep.correction_note(figures))}</p>"
    )


def write(run: Run, directory: Path) -> Path:
    """Write every plot as a PNG and ``report.html`` (plots embedded) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    frame = run.results
    sections = []
    for plot in plots_for(run):
        path = directory / f"{plot.name}.png"
        render(plot, run, path)
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        sections.append(
            f'<section id="{plot.name}"><h2>{html.escape(plot.title)}</h2>'
            f'<img src="data:image/png;base64,{data}" alt="{html.escape(plot.title)}" '
            f'data-file="{path.name}"></section>'
        )
    game = html.escape(str(frame.game.iloc[0]))
    games = frame.game_index.nunique()
    variants = (
        f"{frame.cell.nunique()} cells of a sweep on the same seeds"
        if sweep_plots.is_sweep(frame)
        else f"variants: {html.escape(str(frame.variants.iloc[0]) or 'none')}"
    )
    page = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>Balance report: {game}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:0 0.5em}"
        "td,th{padding:0 1em;text-align:right}img{max-width:100%;height:auto}"
        "table{display:block;overflow-x:auto}</style></head><body>"
        f"<h1>Balance report: {game}</h1>"
        f"<p>{games} games, seed {int(frame.seed.iloc[0])}, {variants}.</p>"
        f"{_sweep_html(frame) if sweep_plots.is_sweep(frame) else _summary_html(frame)}"
        f"{''.join(sections)}</body></html>\n"
    )
    report = directory / REPORT
    report.write_text(page, encoding="utf-8")
    return report
