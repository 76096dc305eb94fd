"""Reconstructed mobster data is named in every view and drawn with a pointer to ``--cards``."""

from __future__ import annotations

import copy
from typing import Any

from rich.console import Console

from mobtable.core.cardfile import builtin_card_data
from mobtable.games.cosca.render import provenance, render_view

from .helpers import GAME, table

NOTE = "reconstructed — owners of the real deck can load its data with --cards FILE"
BUILT_IN = [
    "names of 10 mobsters",
    "loyalty conditions of 14 mobsters",
    "working days of 19 mobsters",
]


def _text(view: dict[str, Any]) -> str:
    console = Console(width=220, color_system=None, record=True)
    console.print(render_view(view))
    note = provenance(view)
    if note is not None:  # shown once per game, apart from the board
        console.print(note)
    return console.export_text()


def test_the_view_names_the_reconstructed_card_data() -> None:
    state = table(3, {"row": ["Jacob Soldini", "Bobby", "Lucky"]})
    for seat in (0, None):
        view = state.view(seat)
        assert view["reconstructed"] == BUILT_IN
        by_name = {mob["name"]: mob["reconstructed"] for mob in view["row"]}
        assert by_name["Jacob Soldini"] == ["condition"]  # his days are the rulebook's
        assert "days" in by_name["Bobby"] and "condition" not in by_name["Bobby"]


def test_a_real_decks_file_claims_nothing_reconstructed() -> None:
    data = copy.deepcopy(builtin_card_data("mobtable.games.cosca"))
    for entry in data["mobsters"]:
        entry.pop("reconstructed", None)
    config = GAME.config(3, options={"start_day": "mon"}, card_data=data)
    view = GAME.new_state(config, seed=2).view(1)
    assert view["reconstructed"] == []
    assert all(mob["reconstructed"] == [] for mob in view["row"])
    text = _text(view)
    assert "✱" not in text and "--cards" not in text


def test_the_terminal_marks_reconstructed_fields_and_points_to_cards() -> None:
    state = table(3, {"row": ["Jacob Soldini", "Bobby"]})
    text = _text(state.view(2))
    assert f"✱ Card data: {', '.join(BUILT_IN)} ({NOTE})" in text
    jacob = next(line for line in text.splitlines() if "Jacob Soldini" in line)
    assert "Jacob Soldini ✱" not in jacob and "Sat Sun ✱" not in jacob
    assert "Gun Shop 1, Street 1 ✱" in jacob
    bobby = next(line for line in text.splitlines() if "Bobby" in line)
    assert "as many weapons as money after the city ✱" not in bobby and "✱" in bobby
