"""The rich picture shows what the view holds, and nothing more."""

from __future__ import annotations

from rich.console import Console

from mobtable.games.cosca.render import render_view

from .helpers import decide, table


def text_of(view: dict) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render_view(view))
    return console.export_text()


def test_render_shows_the_city_calendar_row_and_own_choice() -> None:
    state = table(2, {"row": ["Bobby", "Lucky"], "loyal": {"Lucky": 1}, "drinks": ["Lucky"]})
    state.apply_text(0, "BGS")
    shown = text_of(state.view(0))
    for words in (
        "Bank | Gun Shop | Racetrack | Club | Villa | Street",
        "[Mon]",
        "Tue*",
        "Bobby",
        "Lucky",
        "drink",
        "Your sealed choice: BGS",
        "decided: P0",
    ):
        assert words in shown
    assert "BGS" not in text_of(state.view(1))
    assert "BGS" not in text_of(state.view(None))


def test_render_shows_revealed_dice_fights_and_the_end() -> None:
    state = table(2, {"round": 7, "row": ["Carmine Vella"], "money": [3, 3], "weapons": [1, 1]})
    decide(state, {0: "GGC", 1: "GGC"})
    decide(state, {0: "gun0", 1: "gun0"})
    decide(state, {0: "1m1w", 1: "0m0w"})
    shown = text_of(state.view(1))
    assert "GGC" in shown and "Fight for Carmine Vella: P0 1m1w, P1 0m0w - P0 wins" in shown
    assert "Game over. Winner(s): P0" in shown
