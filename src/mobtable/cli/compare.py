"""``mobtable compare``: two configurations on the same seeds, paired game by game.

Either two ``simulate --out`` directories (``compare A B``), or a game whose
two configurations this command plays itself (``compare GAME --a-variant X``):
both runs share every option but the ``--a-*`` and ``--b-*`` ones, and the
same ``--seed``, so game ``i`` of A and of B start from the same deal.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from mobtable.cli import setup
from mobtable.cli._errors import fail
from mobtable.cli.options import CardsFile, Jobs, RuleOptions, Variants
from mobtable.cli.simulate import RESULTS, build_spec, play

if TYPE_CHECKING:
    import pandas as pd

    from mobtable.sim.compare import Difference

DEFAULT_GAMES = 200


def _load(directory: Path) -> pd.DataFrame:
    path = directory / RESULTS if directory.is_dir() else directory
    if not path.is_file():
        fail(f"{directory} holds no {RESULTS}: run 'mobtable simulate ... --out {directory}'")
    import pandas as pd

    try:
        return pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises several kinds for a bad file
        fail(f"{path} is not a results table: {exc}")


def _side_option(side: str, what: str, meta: str = "") -> object:
    """One side's option, for ``Annotated`` (typer declares ``Option`` as returning ``Any``)."""
    return typer.Option(
        f"--{side}-{what}",
        metavar=meta or None,
        help=f"Configuration {side.upper()} only: {_SIDE_HELP[what]}",
        show_default=False,
    )


_SIDE_HELP = {
    "variant": "switch a variant on (repeatable).",
    "option": "a rule option key=value (repeatable).",
    "cards": "a TOML card file.",
    "bots": "its bots (default: --bots).",
}


@contextlib.contextmanager
def _run_directories(out: Path | None) -> Iterator[tuple[Path, Path]]:
    """``OUT/a`` and ``OUT/b``, or two directories removed afterwards."""
    if out is not None:
        for side in (out / "a", out / "b"):  # before either side is played
            setup.writable_directory(side, "--out")
        yield out / "a", out / "b"
        return
    with tempfile.TemporaryDirectory(prefix="mobtable-compare-") as scratch:
        yield Path(scratch) / "a", Path(scratch) / "b"


def compare(
    first: Annotated[
        str,
        typer.Argument(
            metavar="A|GAME",
            help="A 'simulate --out' directory, or a game to play both configurations of.",
        ),
    ],
    second: Annotated[
        Path | None,
        typer.Argument(metavar="[B]", help="Another 'simulate --out' directory, same --seed."),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games", "-n", min=1, help=f"Games per configuration (default {DEFAULT_GAMES})."
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats at the table.", show_default=False)
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", "-b", help="Bots for both, one per seat (one name: all; default random)."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Master seed shared by both (default 0).", show_default=False),
    ] = None,
    jobs: Jobs = 1,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Shift the line-up one seat each game.")
    ] = False,
    variant: Variants = None,
    option: RuleOptions = None,
    cards: CardsFile = None,
    a_variant: Annotated[list[str] | None, _side_option("a", "variant")] = None,
    a_option: Annotated[list[str] | None, _side_option("a", "option")] = None,
    a_cards: Annotated[Path | None, _side_option("a", "cards", "FILE")] = None,
    a_bots: Annotated[str | None, _side_option("a", "bots", "BOTS")] = None,
    b_variant: Annotated[list[str] | None, _side_option("b", "variant")] = None,
    b_option: Annotated[list[str] | None, _side_option("b", "option")] = None,
    b_cards: Annotated[Path | None, _side_option("b", "cards", "FILE")] = None,
    b_bots: Annotated[str | None, _side_option("b", "bots", "BOTS")] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="With GAME: keep both runs' tables in OUT/a and OUT/b."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the differences as JSON, nothing else.")
    ] = False,
) -> None:
    """Compare two configurations played on the same seeds, game by game."""
    for module in ("pandas", "scipy", "pyarrow"):
        if importlib.util.find_spec(module) is None:
            fail(f"compare needs {module}: pip install 'mobtable[lab]'")
    from mobtable.sim import compare as paired

    run_options = {
        "--games": games,
        "--players": players,
        "--bots": bots,
        "--seed": seed,
        "--variant": variant,
        "--option": option,
        "--cards": cards,
        "--a-variant": a_variant,
        "--a-option": a_option,
        "--a-cards": a_cards,
        "--a-bots": a_bots,
        "--b-variant": b_variant,
        "--b-option": b_option,
        "--b-cards": b_cards,
        "--b-bots": b_bots,
        "--out": out,
    }
    if second is not None:
        given = [name for name, value in run_options.items() if value]
        if given or rotate or jobs != 1:
            fail(
                f"{', '.join(given or ['--rotate/--jobs'])}: options for playing go with "
                "'compare GAME', not with two directories already played"
            )
        a, b = Path(first), second
        frame_a, frame_b = _load(a), _load(b)
        names = (str(a), str(b))
    else:
        setup.check_jobs(jobs)
        with _run_directories(out) as (dir_a, dir_b):
            specs = [
                build_spec(
                    first,
                    players,
                    side_bots or bots or "random",
                    seed or 0,
                    rotate=rotate,
                    variant=[*(variant or ()), *(side_variant or ())],
                    option=[*(option or ()), *(side_option or ())],
                    cards=side_cards or cards,
                )
                for side_bots, side_variant, side_option, side_cards in (
                    (a_bots, a_variant, a_option, a_cards),
                    (b_bots, b_variant, b_option, b_cards),
                )
            ]
            count = games or DEFAULT_GAMES
            play(specs[0], count, jobs=jobs, out=dir_a, label="A")
            play(specs[1], count, jobs=jobs, out=dir_b, label="B")
            frame_a, frame_b = _load(dir_a), _load(dir_b)
        names = ("A", "B")
    try:
        differences = paired.compare(frame_a, frame_b)
    except paired.NotPaired as exc:
        fail(f"cannot pair {names[0]} with {names[1]}: {exc}")
    if as_json:
        typer.echo(json.dumps([d.to_json() for d in differences]))
        return
    _print(differences, paired.describe(frame_a), paired.describe(frame_b))


def _print(differences: list[Difference], a: str, b: str) -> None:
    from mobtable.sim.compare import correction_note, overall
    from mobtable.sim.stats import CORRECTION

    console = Console(highlight=False)
    console.print(f"A: {a}", markup=False, soft_wrap=True)
    console.print(f"B: {b}", markup=False, soft_wrap=True)
    table = Table(box=box.SIMPLE_HEAD)
    for name in ("statistic", "A", "B", "A - B", "95% interval", "p", f"{CORRECTION} p", "verdict"):
        table.add_column(name, justify="left" if name in ("statistic", "verdict") else "right")
    for d in differences:
        table.add_row(
            d.statistic,
            f"{d.mean_a:.3g}",
            f"{d.mean_b:.3g}",
            f"{d.difference:+.3g}",
            f"{d.low:+.3g} to {d.high:+.3g}",
            f"{d.p_value:.2g}",
            f"{d.adjusted_p:.2g}",
            d.verdict,
        )
    console.print(table)
    console.print(
        f"Paired by game: both runs played the same {differences[0].games} deals "
        "(same --seed); interval: t-interval of the per-game differences.",
        markup=False,
        soft_wrap=True,
    )
    console.print(correction_note(differences), markup=False, soft_wrap=True)
    console.print(overall(differences), markup=False, soft_wrap=True)
