"""Running the ``mobtable`` app in-process with a plain, fixed-width terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from mobtable import games
from mobtable.cli import app
from mobtable.core import Option, Variant
from mobtable.core.cardfile import require

PLAIN = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TERM": "dumb"}

Invoke = Callable[..., Result]


@pytest.fixture
def invoke(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """``invoke(args, input=...)``: run the app in ``tmp_path`` and return the result."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def run(args: Sequence[str], input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env=PLAIN)

    return run


@pytest.fixture
def optioned_sealed_bid(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game, given a variant, options and card-data validation for this test only."""
    game = games.get("sealed-bid")
    monkeypatch.setattr(game, "variants", (Variant("open", "bids are shown (no effect)"),))
    monkeypatch.setattr(
        game,
        "options",
        (
            Option("fast", False, (False, True), "no effect"),
            Option("rounds", 3, (2, 3), "no effect"),
            Option("style", "plain", ("plain", "fancy"), "no effect"),
        ),
    )

    def load_cards(card_data: object) -> object:
        if card_data is not None:
            require(card_data, "prizes", list, "cards")  # type: ignore[arg-type]
        return card_data

    monkeypatch.setattr(game, "load_cards", load_cards)
    yield
