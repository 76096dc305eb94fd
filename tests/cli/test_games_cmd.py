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
