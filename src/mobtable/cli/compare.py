"""``mobtable compare A B``: two ``simulate --out`` runs on the same seeds, paired."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from mobtable.cli._errors import fail

if TYPE_CHECKING:
    import pandas as pd

RESULTS = "results.parquet"


def _load(directory: Path) -> pd.DataFrame:
    path = directory / RESULTS if directory.is_dir() else directory
    if not path.is_file():
        fail(f"{directory} holds no {RESULTS}: run 'mobtable simulate ... --out {directory}'")
    import pandas as pd

    try:
        return pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises several kinds for a bad file
        fail(f"{path} is not a results table: {exc}")


def compare(
    a: Annotated[Path, typer.Argument(metavar="A", help="A 'simulate --out' directory.")],
    b: Annotated[Path, typer.Argument(metavar="B", help="Another, same game and --seed.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the differences as JSON, nothing else.")
    ] = False,
) -> None:
    """Compare two configurations played on the same seeds, game by game."""
    for module in ("pandas", "scipy", "pyarrow"):
        if importlib.util.find_spec(module) is None:
            fail(f"compare needs {module}: pip install 'mobtable[lab]'")
    from mobtable.sim import compare as paired

    frame_a, frame_b = _load(a), _load(b)
    try:
        differences = paired.compare(frame_a, frame_b)
    except paired.NotPaired as exc:
        fail(f"cannot pair {a} with {b}: {exc}")
    if as_json:
        typer.echo(json.dumps([d.to_json() for d in differences]))
        return
    console = Console(highlight=False)
    console.print(f"A: {paired.describe(frame_a)}", markup=False, soft_wrap=True)
    console.print(f"B: {paired.describe(frame_b)}", markup=False, soft_wrap=True)
    table = Table(box=box.SIMPLE_HEAD)
    for name in ("statistic", "A", "B", "A - B", "95% interval", "verdict"):
        table.add_column(name, justify="left" if name in ("statistic", "verdict") else "right")
    for d in differences:
        table.add_row(
            d.statistic,
            f"{d.mean_a:.3g}",
            f"{d.mean_b:.3g}",
            f"{d.difference:+.3g}",
            f"{d.low:+.3g} to {d.high:+.3g}",
            d.verdict,
        )
    console.print(table)
    console.print(
        f"Paired by game: both runs played the same {differences[0].games} deals "
        "(same --seed); interval: t-interval of the per-game differences.",
        markup=False,
        soft_wrap=True,
    )
