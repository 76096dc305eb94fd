"""``mobtable report DIR``: an HTML report with plots of a ``simulate --out`` run."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated

import typer

from mobtable.cli import setup
from mobtable.cli._errors import fail

RESULTS = "results.parquet"


def report(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A 'simulate --out' directory.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Where to write report.html and the PNGs (default: DIR)."),
    ] = None,
) -> None:
    """Write report.html (plots embedded) and the plots as PNG files."""
    for module in ("pandas", "scipy", "pyarrow", "matplotlib"):
        if importlib.util.find_spec(module) is None:
            fail(f"report needs {module}: pip install 'mobtable[lab]'")
    path = directory / RESULTS
    if not path.is_file():
        fail(f"{directory} holds no {RESULTS}: run 'mobtable simulate ... --out {directory}'")
    setup.writable_directory(out or directory, "--out")  # before the plots are drawn
    from mobtable.sim import report as reporting

    try:
        run = reporting.load_run(directory)
    except reporting.NotATable as exc:
        fail(f"{directory}: {exc}")
    except Exception as exc:  # pyarrow raises several kinds for a bad file
        fail(f"{directory} holds a file that is not a table: {exc}")
    if run.results.empty:
        fail(f"{path} holds no games")
    written = reporting.write(run, out or directory)
    typer.echo(f"Wrote {written} and its plots as PNG files beside it")
