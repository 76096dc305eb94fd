"""The rich picture shows what the view holds, and nothing more, in players' words."""

from __future__ import annotations

import re

from rich.console import Console

from mobtable.games.cosca.render import DICE_KEY, render_view

from .helpers import decide, table

NAMES = ("Marco", "Giulia", "Sal")


def text_of(view: dict, names: tuple[str, ...] | None = NAMES) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render_view(view, names))
    return console.export_text()


def board(text: str) -> str:
    """The board without the dice key (the one place that shows the letters)."""
    return " ".join(text.split()).replace(" ".join(DICE_KEY.split()), "")


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
        "You are Marco. Your secret choice: Bank 1, Gun Shop 1, Street 1",
        "Ready: you",
        "Still deciding: Giulia",
        "as many weapons as money after the city",
    ):
        assert words in shown, words
    assert "Bank 1, Gun Shop 1, Street 1" not in text_of(state.view(1))
    assert "Bank 1, Gun Shop 1, Street 1" not in text_of(state.view(None))
    assert "Your move: not decided yet" in text_of(state.view(1))


def test_render_shows_revealed_dice_fights_and_the_end() -> None:
    state = table(2, {"round": 7, "row": ["Carmine Vella"], "money": [3, 3], "weapons": [1, 1]})
    decide(state, {0: "GGC", 1: "GGC"})
    decide(state, {0: "gun0", 1: "gun0"})
    decide(state, {0: "1m1w", 1: "0m0w"})
    shown = text_of(state.view(1))
    assert "Gun Shop 2, Club 1" in shown
    assert (
        "Fight for Carmine Vella: Marco 1 money + 1 weapon (value 4); you nothing (value 0)"
        " — Marco wins" in shown
    )
    assert "Game over: Marco wins" in shown
    assert "not decided yet" not in shown  # the game is over: nothing left to decide


def test_the_dice_letters_are_explained_on_screen() -> None:
    state = table(3)
    shown = text_of(state.view(0))
    assert "B Bank, G Gun Shop, R Racetrack, C Club, V Villa, S Street" in shown
    assert "BBGS = Bank 2, Gun Shop 1, Street 1" in " ".join(shown.split())


def test_the_board_names_players_and_never_shows_seat_numbers_or_notation() -> None:
    state = table(3, {"row": ["Lucky", "Bobby", "Jacob Soldini"], "loyal": {"Lucky": 2}})
    decide(state, {0: "BRS", 1: "GSS", 2: "CCV"})
    for seat in (0, 1, 2, None):
        shown = board(text_of(state.view(seat), None))
        assert "Salvo" in shown and "Vito" in shown  # default names when none are given
        assert not re.search(r"\bP\d\b|\bseat \d|\b[BGRCVS]{2,}\b|\d+m\d+w|\bgun\d", shown)
