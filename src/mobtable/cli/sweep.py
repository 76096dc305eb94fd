"""``mobtable sweep GAME``: one game over a grid of configurations, on the same seeds per cell.

The grid is the product of ``--players``, ``--variants``, ``--option``, ``--cards`` and
``--bots`` (each repeatable or a list); every cell plays games ``0 .. n-1`` of ``--seed``, into
one ``results.parquet`` with a ``cell`` column (:mod:`mobtable.sim.sweep`).
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from mobtable.cli import setup
from mobtable.cli._errors import fail
from mobtable.cli.options import Jobs, RayAddress, Rotate
from mobtable.cli.simulate import RESULTS, needs_extra, play
from mobtable.core import Game, MobtableError
from mobtable.sim import SimSpec

if TYPE_CHECKING:
    from mobtable.sim.sweep import Cell, CellFigures, Grid

SWEEP = "sweep.json"
PARTS = "cells"
MOST_CELLS = 200
"""More cells than this is a typo in the grid, not a plan."""


def _players(game: Game, text: str | None) -> tuple[int | None, ...]:
    if not text:
        return (None,)
    counts = []
    for word in setup.split_names(text):
        if (
            not (word.isascii() and word.isdigit())
            or not game.min_players <= int(word) <= game.max_players
        ):
            fail(
                f"--players {text!r}: {word!r} is not a player count from "
                f"{game.min_players} to {game.max_players}"
            )
        counts.append(int(word))
    return tuple(dict.fromkeys(counts))


def build_grid(
    game: Game,
    players: str | None,
    variants: list[str] | None,
    options: list[str] | None,
    cards: list[str] | None,
    bots: list[str] | None,
) -> Grid:
    """The grid from the command line's words; a one-line error for a bad axis value."""
    from mobtable.sim import sweep

    variant_sets = sweep.variant_sets(variants or [sweep.NO_VARIANT])
    known = {v.name for v in game.variants}
    for names in variant_sets:
        for name in names:
            if name not in known:
                fail(
                    f"--variants: {game.name} has no variant {name!r} "
                    f"(variants: {', '.join(sorted(known)) or 'none'}; 'none' for no variant)"
                )
    try:
        option_sets = sweep.option_axes(options or [])
    except ValueError as exc:
        fail(str(exc))
    declared = {o.name: o for o in game.options}
    for pairs in option_sets:
        for key, value in (pair.split("=", 1) for pair in pairs):
            if key not in declared:
                fail(
                    f"--option: {game.name} has no option {key!r} "
                    f"(options: {', '.join(sorted(declared)) or 'none'})"
                )
            try:
                declared[key].choice(setup.coerce_choice(declared[key], value))
            except MobtableError as exc:
                fail(f"--option {key}={value}: {exc}")
    card_files = tuple(dict.fromkeys(cards or [sweep.BUILTIN]))
    for name in card_files:
        if name != sweep.BUILTIN:
            setup.read_cards(Path(name))  # a clean failure on a missing or bad file
    lineups = tuple(dict.fromkeys(bots or ["random"]))
    for lineup in lineups:
        if not setup.split_names(lineup):
            fail(f"--bots {lineup!r} names no bot")
        setup.check_bots(game, setup.split_names(lineup))
    grid = sweep.Grid(_players(game, players), variant_sets, option_sets, card_files, lineups)
    count = len(grid.cells())
    if count > MOST_CELLS:
        fail(f"the grid has {count} cells, more than {MOST_CELLS}: sweep fewer values at once")
    return grid


def cell_spec(game: Game, cell: Cell, seed: int, rotate: bool) -> SimSpec | str:
    """The cell's spec, or why the game rejects this combination (a cell to skip)."""
    from mobtable.sim.sweep import BUILTIN

    names = setup.split_names(cell.bots)
    count = cell.players or (len(names) if len(names) > 1 else game.min_players)
    if len(names) > 1 and len(names) != count:
        return f"the line-up {cell.bots} has {len(names)} bots for {count} seats"
    cards = None if cell.cards == BUILTIN else Path(cell.cards)
    try:
        config = game.config(
            count,
            variants=list(cell.variants),
            options=setup.parse_options(game, cell.options),
            card_data=setup.read_cards(cards),
        )
    except MobtableError as exc:
        return str(exc)
    lineup = names * count if len(names) == 1 else names
    card_file = "" if cards is None else cards.name
    return SimSpec.build(config, game, lineup, seed, rotate=rotate, card_file=card_file)


@contextlib.contextmanager
def _ray(address: str | None, jobs: int) -> Iterator[None]:
    """One Ray instance for every cell (each cell's runner joins it)."""
    if address is None:
        yield
        return
    from mobtable.sim import ray_runner

    try:
        ray, started = ray_runner.connect(address, jobs)
    except (ConnectionError, RuntimeError) as exc:
        fail(f"{type(exc).__name__}: {exc}", code=1)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def run_grid(
    game: Game,
    grid: Grid,
    games: int,
    seed: int,
    out: Path,
    *,
    jobs: int = 1,
    rotate: bool = False,
    ray: str | None = None,
) -> list[str]:
    """Play every cell into ``out/results.parquet``; the cells skipped, and why."""
    from mobtable.sim.table import merge

    played: list[str] = []
    skipped: list[str] = []
    parts_dir = out / PARTS
    parts: dict[str, list[Path]] = {}
    with _ray(ray, jobs):
        for number, cell in enumerate(grid.cells()):
            label = cell.label(grid.varying)
            spec = cell_spec(game, cell, seed, rotate)
            if isinstance(spec, str):
                skipped.append(f"{label}: {spec}")
                continue
            _, written = play(
                spec,
                games,
                jobs=jobs,
                out=parts_dir / f"{number:03d}",
                ray=ray,
                label=label,
                cell=label,
            )
            for path in written:
                if path.suffix == ".parquet":
                    parts.setdefault(path.name, []).append(path)
            played.append(label)
    if not played:
        fail("no cell of the grid is a configuration the game accepts: " + "; ".join(skipped))
    for name, paths in parts.items():
        merge(paths, out / name)
    shutil.rmtree(parts_dir)
    return skipped


def sweep(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out", help="Write results.parquet (with a cell column) and sweep.json here."
        ),
    ],
    players: Annotated[
        str | None,
        typer.Option(
            "--players", "-p", help="Player counts, comma-separated: 3,4,5.", show_default=False
        ),
    ] = None,
    variants: Annotated[
        list[str] | None,
        typer.Option(
            "--variants",
            help="A set of variants, '+'-joined, 'none' for none (repeatable: one per value).",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", help="A rule option and its values: key=v1,v2 (repeatable)."),
    ] = None,
    cards: Annotated[
        list[str] | None,
        typer.Option("--cards", help="A TOML card file, or 'builtin' (repeatable)."),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option("--bots", "-b", help="A line-up: bots by seat, comma-separated (repeatable)."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per cell.")] = 200,
    seed: Annotated[
        int, typer.Option(min=-(2**63), max=2**63 - 1, help="Master seed shared by every cell.")
    ] = 0,
    jobs: Jobs = 1,
    rotate: Rotate = False,
    ray: RayAddress = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print sweep.json, nothing else.")
    ] = False,
) -> None:
    """Play a grid of configurations on the same seeds into one table, figures per cell."""
    for module in ("pandas", "scipy", "pyarrow"):
        needs_extra(module, "lab", "sweep")
    if ray is not None:
        needs_extra("ray", "cluster", "--ray")
    game = setup.load_game(game_name)
    setup.check_seed(seed)
    setup.check_games(games)
    setup.check_jobs(jobs)
    if games < 2:
        fail("--games must be at least 2 per cell for an interval")
    grid = build_grid(game, players, variants, option, cards, bots)
    setup.writable_directory(out, "--out")
    skipped = run_grid(game, grid, games, seed, out, jobs=jobs, rotate=rotate, ray=ray)

    import pandas as pd

    from mobtable.sim import sweep as sweeping
    from mobtable.sim.stats import CORRECTION

    figures = sweeping.summarise(pd.read_parquet(out / RESULTS))
    document: dict[str, Any] = {
        "game": game.name,
        "seed": seed,
        "games_per_cell": games,
        "correction": CORRECTION,
        "cells": [f.to_json() for f in figures],
        "skipped": skipped,
    }
    (out / SWEEP).write_text(json.dumps(document, indent=1) + "\n")
    if as_json:
        typer.echo(json.dumps(document))
        return
    _print(figures, skipped, out)


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _print(figures: list[CellFigures], skipped: list[str], out: Path) -> None:
    from mobtable.sim.stats import CORRECTION
    from mobtable.sim.sweep import correction_note

    console = Console(highlight=False)
    wins = Table(title="Who wins", title_justify="left", box=box.SIMPLE_HEAD)
    for name in (
        "cell",
        "games",
        "first seat",
        "95% interval",
        "p",
        f"{CORRECTION} p",
        "seat effect",
    ):
        wins.add_column(
            name, justify="left" if name in ("cell", "seat effect") else "right", no_wrap=True
        )
    for f in figures:
        wins.add_row(
            f.cell,
            str(f.games),
            _pct(f.first_seat.rate),
            f"{_pct(f.first_seat.low)}-{_pct(f.first_seat.high)}",
            f"{f.seat_effect.p_value:.2g}",
            f"{f.adjusted_p:.2g}",
            "detected" if f.detected else "not detected",
        )
    plays = Table(title="How it plays (mean per game)", title_justify="left", box=box.SIMPLE_HEAD)
    for name in (
        "cell",
        "actions",
        "rounds",
        "tie-break",
        "last round",
        "decisions",
        "branching",
        "lead changes",
    ):
        plays.add_column(name, justify="left" if name == "cell" else "right", no_wrap=True)
    for f in figures:
        m = f.means
        plays.add_row(
            f.cell,
            f"{m['game length (actions)'].mean:.1f}",
            f"{m['game length (rounds)'].mean:.2f}",
            _pct(f.tie_break.rate),
            _pct(f.last_round.rate),
            f"{m['decisions per game'].mean:.1f}",
            f"{m['branching factor'].mean:.1f}",
            f"{m['lead changes'].mean:.2f}",
        )
    console.print(wins)
    console.print(plays)
    for line in (
        correction_note(figures),
        *(f"{f.cell}: {f.disagreement}" for f in figures if f.disagreement),
        *(f"Skipped {text}" for text in skipped),
        "Seat 1 is the first seat; every cell played the same seeds. "
        f"Wrote {out / RESULTS}, {out / SWEEP}; "
        f"'mobtable report {out}' draws each figure across the grid.",
    ):
        console.print(line, markup=False, soft_wrap=True)
