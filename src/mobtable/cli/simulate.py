"""``mobtable simulate``: many bot-vs-bot games, win rates and mean scores."""

from __future__ import annotations

import contextlib
import importlib.util
import json
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from mobtable.cli import setup
from mobtable.cli._errors import FAILURE, fail, stderr_console
from mobtable.cli.options import CardsFile, RayAddress, Rotate, RuleOptions, Variants
from mobtable.core import Game
from mobtable.core import record as records
from mobtable.sim import GameOutcome, SimSpec, SimulationError, Summary, run

RESULTS = "results.parquet"
SUMMARY = "summary.json"
RECORDS = "records"


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _interval(figures: dict[str, Any] | None, where: str, key: Any) -> list[str]:
    if figures is None:
        return []
    low, high = figures[where][key]
    return [f"{_pct(low)}-{_pct(high)}"]


def summary_table(summary: Summary) -> RenderableType:
    """Win rates (with 95% intervals when scipy is installed) and mean scores, then throughput.

    The intervals and the seat-effect test are :meth:`Summary.lab_figures`, the
    figures ``--json`` and ``summary.json`` carry too.
    """
    figures = summary.lab_figures()
    interval = ["95% interval"] if figures is not None else []
    seats = Table(title="By seat", title_justify="left", box=box.SIMPLE_HEAD)
    for name in ("seat", "bot", "wins", "win rate", *interval, "mean score"):
        seats.add_column(name, justify="left" if name == "bot" else "right")
    for seat, tally in enumerate(summary.seats):
        bot = "(rotating)" if summary.spec.rotate else summary.spec.bots[seat]
        seats.add_row(
            str(seat + 1),
            bot,
            f"{tally.wins:g}",
            _pct(tally.win_rate),
            *_interval(figures, "seats", seat),
            f"{tally.mean_score:.2f}",
        )
    bots = Table(title="By bot", title_justify="left", box=box.SIMPLE_HEAD)
    for name in ("bot", "seat-games", "wins", "win rate", *interval, "mean score"):
        bots.add_column(name, justify="left" if name == "bot" else "right")
    for name, tally in sorted(summary.bots.items()):
        bots.add_row(
            name,
            str(tally.games),
            f"{tally.wins:g}",
            _pct(tally.win_rate),
            *_interval(figures, "by_bot", name),
            f"{tally.mean_score:.2f}",
        )
    footer = Text(
        f"{summary.games} games, seed {summary.spec.seed}, "
        f"{summary.mean_actions:.1f} actions a game, {summary.shared_wins} shared wins, "
        f"{summary.decided_by_tiebreak} decided by a tie-break; "
        f"{summary.elapsed:.2f} s with {summary.jobs} job(s), "
        f"{summary.games_per_second:.1f} games/s"
    )
    parts: list[RenderableType] = [seats, bots, footer]
    test = None if figures is None else figures["seat_effect"]
    if test is not None:
        from mobtable.sim import stats  # a seat-effect test means the lab extra is there

        verdict = "detected" if test.detected else "not detected"
        mixed = not summary.spec.rotate and len(set(summary.spec.bots)) > 1
        parts.append(
            Text(
                f"Seat effect (chi-square, equal wins per seat): p = {test.p_value:.3g}, "
                f"{verdict} at the 5% level"
                + (" (a fixed line-up mixes seat and bot)" if mixed else "")
            )
        )
        rates = [
            stats.Rate(str(seat + 1), t.games, t.wins, t.win_rate, *stats.wilson(t.wins, t.games))
            for seat, t in enumerate(summary.seats)
        ]
        if sentence := stats.seat_disagreement(rates, test):
            parts.append(Text(sentence))
    if summary.tiebreaks:
        ties = "; ".join(f"{name}: {n}" for name, n in sorted(summary.tiebreaks.items()))
        parts.append(Text(f"Ties at the top: {ties}"))
    parts.append(
        Text(
            "Seat 1 is the first seat. A shared win counts 1/(number of winners) to each winner.",
            style="dim",
        )
    )
    return Group(*parts)


class GamesPerSecond(ProgressColumn):
    """Games finished per second (Rich's own speed estimate)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} games/s", style="cyan")


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        refresh_per_second=4,
        disable=not console.is_terminal,  # nobody sees it: its redraws would only cost time
    )


def _players(game: Game, players: int | None, names: list[str]) -> int:
    if players is not None:
        return players
    return len(names) if len(names) > 1 else game.min_players


def needs_extra(module: str, extra: str, what: str) -> None:
    """Fail cleanly when an optional dependency is missing."""
    if importlib.util.find_spec(module) is None:
        fail(f"{what} needs {module}: pip install 'mobtable[{extra}]'")


def _batches(
    spec: SimSpec, games: int, *, jobs: int, ray: str | None, records_dir: Path | None, table: bool
) -> Iterator[list[GameOutcome]] | None:
    """The Ray runner's stream of outcomes, or ``None`` for the local runner."""
    if ray is None:
        return None
    from mobtable.sim import ray_runner

    return ray_runner.iter_outcomes(
        spec, games, address=ray, num_cpus=jobs, record_dir=records_dir, figures=table
    )


def build_spec(
    game_name: str,
    players: int | None,
    bots: str,
    seed: int,
    *,
    rotate: bool = False,
    variant: list[str] | None = None,
    option: list[str] | None = None,
    cards: Path | None = None,
) -> SimSpec:
    """What to play, from the command line's words; a clean failure on bad input."""
    game = setup.load_game(game_name)
    setup.check_seed(seed)
    names = setup.split_names(bots)
    if not names:
        fail("--bots needs at least one bot name")
    count = _players(game, players, names)
    config = setup.build_config(
        game, count, variants=variant or (), options=option or (), cards=cards
    )
    lineup = setup.fill_bots(names, count, what=f"a {count}-player table")
    setup.check_bots(game, lineup)
    card_file = "" if cards is None else cards.name
    return SimSpec.build(config, game, lineup, seed, rotate=rotate, card_file=card_file)


def play(
    spec: SimSpec,
    games: int,
    *,
    jobs: int = 1,
    out: Path | None = None,
    records_dir: Path | None = None,
    ray: str | None = None,
    label: str = "",
    cell: str | None = None,
) -> tuple[Summary, list[Path]]:
    """Play the games with a progress bar on stderr; with ``out``, write the tables and summary.

    ``cell``: a sweep's cell label, written as the tables' ``cell`` column.

    Returns the summary and the files written (the tables, then ``summary.json``). A failed
    game's record is saved and the command fails with its error.
    """
    written: list[Path] = []
    err = stderr_console()
    try:
        with contextlib.ExitStack() as stack:
            table = None
            if out is not None:
                from mobtable.sim.table import ResultsTable

                results = stack.enter_context(ResultsTable(out / RESULTS, spec, cell=cell))
                stack.callback(lambda: written.extend(results.paths))
                table = results
            progress = stack.enter_context(_progress(err))
            task = progress.add_task(label or f"{spec.game} x{spec.players}", total=games)
            summary = run(
                spec,
                games,
                jobs=jobs,
                record_dir=records_dir,
                progress=lambda done: progress.advance(task, done),
                sink=None if table is None else table.add,
                batches=_batches(
                    spec,
                    games,
                    jobs=jobs,
                    ray=ray,
                    records_dir=records_dir,
                    table=table is not None,
                ),
            )
    except SimulationError as exc:
        if exc.record is not None:
            saved = (
                records_dir or out or Path(".")
            ) / f"{spec.game}-{max(exc.index, 0):06d}-failed.json"
            records.save(exc.record, saved)
            err.print(f"The failed game's record is in {saved}", markup=False, soft_wrap=True)
        fail(str(exc), code=FAILURE)
    except BrokenProcessPool as exc:
        fail(f"a worker process died: {exc}", code=FAILURE)
    except (ConnectionError, RuntimeError) as exc:  # Ray could not start or connect
        fail(f"{type(exc).__name__}: {exc}", code=FAILURE)
    if ray is not None:
        summary.runner = "ray"
    if out is not None:
        (out / SUMMARY).write_text(json.dumps(summary.to_json(), indent=1) + "\n")
        written.append(out / SUMMARY)
    return summary, written


def simulate(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")
    ],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats at the table.", show_default=False)
    ] = None,
    bots: Annotated[
        str,
        typer.Option("--bots", "-b", help="Comma-separated bots, one per seat (one name: all)."),
    ] = "random",
    games: Annotated[
        int, typer.Option("--games", "-n", help=f"How many games (0 to {setup.MAX_GAMES:,}).")
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            min=-(2**63), max=2**63 - 1, help="Master seed: game i depends on (seed, i) only."
        ),
    ] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Workers, 1 to 1,024 (with --ray auto: CPUs).")
    ] = 1,
    rotate: Rotate = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write results.parquet (one row per game and seat), summary.json and "
            "records/ to this directory.",
        ),
    ] = None,
    with_records: Annotated[
        bool,
        typer.Option("--records/--no-records", help="With --out: also write every game's record."),
    ] = True,
    ray: RayAddress = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object, nothing else.")
    ] = False,
    variant: Variants = None,
    option: RuleOptions = None,
    cards: CardsFile = None,
) -> None:
    """Play bot-vs-bot games and report win rates per seat and per bot."""
    spec = build_spec(
        game_name, players, bots, seed, rotate=rotate, variant=variant, option=option, cards=cards
    )
    setup.check_games(games)
    setup.check_jobs(jobs)
    if out is not None:
        needs_extra("pyarrow", "lab", "--out (the Parquet results table)")
        setup.writable_directory(out, "--out")
    if ray is not None:
        needs_extra("ray", "cluster", "--ray")
    records_dir = out / RECORDS if out is not None and with_records else None
    summary, written = play(spec, games, jobs=jobs, out=out, records_dir=records_dir, ray=ray)
    if as_json:
        typer.echo(json.dumps(summary.to_json(), sort_keys=False))
        return
    console = Console(highlight=False)
    console.print(summary_table(summary))
    if out is not None:
        files = ", ".join(str(path) for path in written)
        if records_dir is not None:
            files += f" and {records_dir}/"
        console.print(f"Wrote {files}", markup=False, soft_wrap=True)
