"""``mobtable simulate``: many bot-vs-bot games, win rates and mean scores."""

from __future__ import annotations

import json
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from mobtable.cli import setup
from mobtable.cli._errors import FAILURE, fail, stderr_console
from mobtable.cli.options import CardsFile, RuleOptions, Variants
from mobtable.core import Game
from mobtable.core import record as records
from mobtable.sim import SimSpec, SimulationError, Summary, run


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def summary_table(summary: Summary) -> RenderableType:
    """Win rates and mean scores per seat and per bot, then throughput."""
    seats = Table(title="By seat", title_justify="left", box=box.SIMPLE_HEAD)
    for name in ("seat", "bot", "wins", "win rate", "mean score"):
        seats.add_column(name, justify="left" if name == "bot" else "right")
    for seat, tally in enumerate(summary.seats):
        bot = "(rotating)" if summary.spec.rotate else summary.spec.bots[seat]
        seats.add_row(
            str(seat), bot, f"{tally.wins:g}", _pct(tally.win_rate), f"{tally.mean_score:.2f}"
        )
    bots = Table(title="By bot", title_justify="left", box=box.SIMPLE_HEAD)
    for name in ("bot", "seat-games", "wins", "win rate", "mean score"):
        bots.add_column(name, justify="left" if name == "bot" else "right")
    for name, tally in sorted(summary.bots.items()):
        bots.add_row(
            name,
            str(tally.games),
            f"{tally.wins:g}",
            _pct(tally.win_rate),
            f"{tally.mean_score:.2f}",
        )
    footer = Text(
        f"{summary.games} games, seed {summary.spec.seed}, "
        f"{summary.mean_actions:.1f} actions a game, {summary.shared_wins} shared wins; "
        f"{summary.elapsed:.2f} s with {summary.jobs} job(s), "
        f"{summary.games_per_second:.1f} games/s"
    )
    note = Text("A shared win counts 1/(number of winners) to each winner.", style="dim")
    return Group(seats, bots, footer, note)


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def _players(game: Game, players: int | None, names: list[str]) -> int:
    if players is not None:
        return players
    return len(names) if len(names) > 1 else game.min_players


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
    games: Annotated[int, typer.Option("--games", "-n", min=0, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Master seed: game i depends on (seed, i) only.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Shift the line-up one seat each game.")
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write every game's record to this directory.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object, nothing else.")
    ] = False,
    variant: Variants = None,
    option: RuleOptions = None,
    cards: CardsFile = None,
) -> None:
    """Play bot-vs-bot games and report win rates per seat and per bot."""
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
    spec = SimSpec.build(config, game, lineup, seed, rotate=rotate)

    err = stderr_console()
    try:
        with _progress(err) as progress:
            task = progress.add_task(f"{game.name} x{count}", total=games)
            summary = run(
                spec,
                games,
                jobs=jobs,
                record_dir=out,
                progress=lambda done: progress.advance(task, done),
            )
    except SimulationError as exc:
        if exc.record is not None:
            saved = Path(out or ".") / f"{game.name}-{max(exc.index, 0):06d}-failed.json"
            records.save(exc.record, saved)
            err.print(f"The failed game's record is in {saved}", markup=False, soft_wrap=True)
        fail(str(exc), code=FAILURE)
    except BrokenProcessPool as exc:
        fail(f"a worker process died: {exc}", code=FAILURE)
    if as_json:
        typer.echo(json.dumps(summary.to_json(), sort_keys=False))
        return
    console = Console(highlight=False)
    console.print(summary_table(summary))
    if out is not None:
        console.print(f"Records written to {out}/", markup=False, soft_wrap=True)
