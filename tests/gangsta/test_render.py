"""The terminal drawing marks reconstructed card data."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from mobtable.core.cardfile import builtin_card_data
from mobtable.games.gangsta.render import render_view

from .helpers import GAME, play, position

MARK = "use --cards FILE with the real deck's data"


def _text(view: dict[str, Any]) -> str:
    console = Console(width=140, color_system=None, record=True)
    console.print(render_view(view))
    return console.export_text()


def test_render_marks_the_reconstructed_card_data_and_ambush_cards() -> None:
    state = position(
        [["R5W", "I2W"], ["R6W", "I3W"], ["R7W", "I4W"]],
        grid={"A1": "C2W", "A2": "C3W", "A3": "C4W"},
        ambush=list(range(20)),
    )
    text = _text(state.view(None))
    assert "Card data reconstructed (mafia card values, ambush cards)" in text and MARK in text
    play(state, "R5W", "R6W", "R7W", "R7W@A4", "R6W@A5")  # row A is full: the police come
    assert "(reconstructed ambush card)" in _text(state.view(0))


def test_render_of_a_real_deck_has_no_mark() -> None:
    data = dict(builtin_card_data("mobtable.games.gangsta"))
    data.pop("reconstructed")
    state = GAME.new_state(GAME.config(3, card_data=data), seed=1)
    text = _text(state.view(0))
    assert "reconstructed" not in text and "Your hand" in text
