"""``mobtable games``: the games and what each declares."""

from __future__ import annotations

import pytest

from .conftest import Invoke


def test_lists_every_registered_game_with_its_player_range(invoke: Invoke) -> None:
    result = invoke(["games"])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if "sealed-bid" in line)
    assert "2-3" in line
    assert "random" in text_after(result.stdout, "sealed-bid")


def text_after(text: str, marker: str) -> str:
    return text[text.index(marker) :]


@pytest.mark.usefixtures("optioned_sealed_bid")
def test_one_game_in_detail_shows_variants_options_and_choices(invoke: Invoke) -> None:
    result = invoke(["games", "sealed-bid"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Sealed Bid (test game)" in text
    assert "open" in text and "bids are shown" in text
    assert "rounds" in text and "2, 3" in text
    assert "fast" in text and "no, yes" in text


def test_an_unknown_game_is_a_usage_error_naming_the_games(invoke: Invoke) -> None:
    result = invoke(["games", "poker"])
    assert result.exit_code == 2
    assert "no game 'poker'" in result.stderr
    assert "sealed-bid" in result.stderr


def test_serve_is_a_command_with_its_options(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke(["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--db", "--bot-delay", "--bot-processes"):
        assert flag in result.stdout


def test_at_80_columns_no_name_is_broken_across_lines() -> None:
    """Every game, variant, option=default and bot name stays whole on one line."""
    from typer.testing import CliRunner

    from mobtable import bots, games
    from mobtable.cli import app

    from .conftest import PLAIN

    result = CliRunner().invoke(app, ["games"], env={**PLAIN, "COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    words = {word.strip(",") for line in lines for word in line.split()}
    for name in games.names():
        game = games.get(name)
        expected = {name, *(v.name for v in game.variants), *bots.available(name)}
        for option in game.options:
            value = option.default
            expected.add(
                f"{option.name}={str(value).lower() if isinstance(value, bool) else value}"
            )
        assert expected <= words, expected - words
