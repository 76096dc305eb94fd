"""Reconstructed card data is named in every view and drawn with a pointer to ``--cards``."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rich.console import Console

from mobtable.core import BadCardData
from mobtable.core.cardfile import builtin_card_data
from mobtable.games.capo import GAME
from mobtable.games.capo.render import provenance, render_view

NOTE = "reconstructed — owners of the real deck can load its data with --cards FILE"
BUILT_IN = ["the 5 symbols", "70 Mafioso cards", "13 Assignment cards", "9 Event cards"]


def _real_deck() -> dict[str, Any]:
    """The built-in layout as an owner's file would give it: nothing claimed reconstructed."""
    data = copy.deepcopy(builtin_card_data("mobtable.games.capo"))
    for key in ("symbols", "mafiosi", "assignments", "events"):
        for entry in data[key]:
            entry.pop("reconstructed", None)
    return data


def _text(view: dict[str, Any]) -> str:
    console = Console(width=200, color_system=None, record=True)
    console.print(render_view(view))
    note = provenance(view)
    if note is not None:  # shown once per game, apart from the board
        console.print(note)
    return console.export_text()


def test_the_view_names_the_reconstructed_card_data_in_play() -> None:
    state = GAME.new_state(GAME.config(4), seed=3)
    for seat in (0, None):
        view = state.view(seat)
        assert view["reconstructed"] == BUILT_IN
        assert (
            view["assignment"]["reconstructed"]
            is state.cards.assignments[state.assignment].reconstructed
        )
        assert all(card["reconstructed"] for card in view["cards"].values())
    first = GAME.new_state(GAME.config(4, variants=["first-game"]), seed=3)
    # the first game boxes the three Little Tony cards and every Event card
    assert first.view(1)["reconstructed"] == [
        "the 5 symbols",
        "67 Mafioso cards",
        "13 Assignment cards",
    ]
    sit_down = GAME.config(4, options={"event_deck": "sit-down-only"})
    assert "9 Event cards" not in GAME.new_state(sit_down, seed=3).view(1)["reconstructed"]


def test_a_real_decks_file_claims_nothing_reconstructed() -> None:
    state = GAME.new_state(GAME.config(3, card_data=_real_deck()), seed=1)
    view = state.view(0)
    assert view["reconstructed"] == []
    assert not view["assignment"]["reconstructed"]
    assert not any(card["reconstructed"] for card in view["cards"].values())
    assert "reconstructed" not in _text(view) and "--cards" not in _text(view)


def test_the_terminal_marks_reconstructed_data_and_points_to_cards() -> None:
    state = GAME.new_state(GAME.config(3), seed=1)
    for seat in (0, None):
        text = _text(state.view(seat))
        assert f"Card data: {', '.join(BUILT_IN)} ({NOTE})" in text
    # seed 5 turns an invented assignment and event; seed 2 the rulebook's own cards
    for seed, marked in ((5, True), (2, False)):
        view = GAME.new_state(GAME.config(3), seed=seed).view(0)
        text = _text(view)
        assert view["assignment"]["reconstructed"] is view["event"]["reconstructed"] is marked
        assert (f"{view['assignment']['name']} (reconstructed)" in text) is marked
        assert (f"{view['event']['name']} (reconstructed)" in text) is marked


def test_a_bad_reconstructed_flag_names_the_field() -> None:
    data = _real_deck()
    data["symbols"][2]["reconstructed"] = "yes"
    with pytest.raises(BadCardData, match=r"symbols\[2\]\.reconstructed: expected true or false"):
        GAME.config(3, card_data=data)
