"""``mobtable report DIR``: a self-contained HTML report and its PNG plots."""

from __future__ import annotations

import base64
import io
import re
import shutil
from pathlib import Path

import matplotlib.image
import pytest

from .conftest import Invoke

BASE = {
    "seat_advantage.png",
    "scores.png",
    "length.png",
    "tiebreaks.png",
    "decisions.png",
    "game_figures.png",
}
GAME_PLOTS = {
    "cosca": {"cosca_mobsters.png", "cosca_resources.png"},
    "capo": {"capo_bluffs.png", "capo_respect.png"},
    "gangsta": {
        "gangsta_points_per_trick.png",
        "gangsta_trumps.png",
        "gangsta_raids.png",
    },
}


def _simulate(invoke: Invoke, game: str, out: str, games: int = 8, seed: int = 1) -> None:
    args = ["simulate", game, "-p", "3", "--bots", "greedy,random,random", "--games", str(games)]
    result = invoke([*args, "--seed", str(seed), "--no-records", "--out", out])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("game", sorted(GAME_PLOTS))
def test_the_report_embeds_every_plot_it_writes(invoke: Invoke, tmp_path: Path, game: str) -> None:
    _simulate(invoke, game, "run")
    result = invoke(["report", "run"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "run" / "report.html").read_text()
    assert f"<h1>Balance report: {game}</h1>" in page and "8 games" in page
    assert "Ratings (openskill, Plackett-Luce)" in page
    embedded = dict(
        re.findall(r'src="data:image/png;base64,([^"]+)"[^>]*data-file="([^"]+)"', page)
    )
    files = sorted(p.name for p in (tmp_path / "run").glob("*.png"))
    assert sorted(embedded.values()) == files
    assert set(files) == BASE | GAME_PLOTS[game]
    for data, name in embedded.items():
        raw = base64.b64decode(data)
        assert raw == (tmp_path / "run" / name).read_bytes()
        image = matplotlib.image.imread(io.BytesIO(raw), format="png")
        assert image.shape[:2] == (400, 700)  # 7 x 4 inches at 100 dpi
        assert image[..., :3].std() > 0.05  # drawn on, not a blank canvas


def test_a_report_of_nothing_is_a_clean_error(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    result = invoke(["report", "none"])
    assert result.exit_code == 2
    assert "Error: none holds no results.parquet" in result.output


def test_a_stale_table_of_another_run_is_refused(invoke: Invoke, tmp_path: Path) -> None:
    _simulate(invoke, "cosca", "old", games=3, seed=1)
    _simulate(invoke, "cosca", "new", games=3, seed=2)
    shutil.copy(tmp_path / "old" / "mobsters.parquet", tmp_path / "new" / "mobsters.parquet")
    result = invoke(["report", "new"])
    assert result.exit_code == 2
    assert "Error: new: mobsters.parquet holds other games than results.parquet" in result.output
    assert not (tmp_path / "new" / "report.html").exists()


@pytest.mark.parametrize(
    ("out", "says"),
    [("/proc/x", "Error: --out /proc/x: cannot write files there"), ("a-file", "is a file")],
)
def test_an_unwritable_out_is_one_error_line(
    invoke: Invoke, tmp_path: Path, out: str, says: str
) -> None:
    """Found by the service fuzz: ``report DIR --out /proc/x`` ended in a FileNotFoundError."""
    _simulate(invoke, "gangsta", "run", games=2)
    (tmp_path / "a-file").write_text("")
    result = invoke(["report", "run", "--out", out])
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output
    assert not list((tmp_path / "run").glob("*.png"))
