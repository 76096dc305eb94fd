"""The Python examples of docs/research.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[number], f"research.md example {number + 1}", "exec"), {})
    if "print(" in BLOCKS[number]:
        assert capsys.readouterr().out.strip()
