"""``mobtable report DIR``: a self-contained HTML report and its PNG plots."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import matplotlib.image

from .conftest import Invoke


def test_the_report_embeds_every_plot_it_writes(invoke: Invoke, tmp_path: Path) -> None:
    args = ["simulate", "cosca", "-p", "3", "--bots", "greedy,random,random", "--games", "8"]
    assert invoke([*args, "--no-records", "--out", "run"]).exit_code == 0
    result = invoke(["report", "run"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "run" / "report.html").read_text()
    assert "<h1>Balance report: cosca</h1>" in page and "8 games" in page
    assert "Ratings (openskill, Plackett-Luce)" in page
    embedded = dict(
        re.findall(r'src="data:image/png;base64,([^"]+)"[^>]*data-file="([^"]+)"', page)
    )
    files = sorted(p.name for p in (tmp_path / "run").glob("*.png"))
    assert sorted(embedded.values()) == files
    assert {"seat_advantage.png", "scores.png", "length.png", "tiebreaks.png"} <= set(files)
    for data, name in embedded.items():
        raw = base64.b64decode(data)
        assert raw == (tmp_path / "run" / name).read_bytes()
        image = matplotlib.image.imread(io.BytesIO(raw), format="png")
        assert image.shape[:2] == (400, 700)  # 7 x 4 inches at 100 dpi


def test_a_report_of_nothing_is_a_clean_error(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    result = invoke(["report", "none"])
    assert result.exit_code == 2
    assert "Error: none holds no results.parquet" in result.output
