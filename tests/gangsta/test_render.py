"""The terminal drawing marks reconstructed card data."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, RenderableType

from mobtable.core.cardfile import builtin_card_data
from mobtable.games.gangsta.render import provenance, render_view

from .helpers import GAME, play, position

MARK = "use --cards FILE with the real deck's data"


def _text(view: dict[str, Any] | RenderableType) -> str:
    console = Console(width=140, color_system=None, record=True)
    console.print(render_view(view) if isinstance(view, dict) else view)
    return console.export_text()


def test_render_marks_the_reconstructed_card_data_and_ambush_cards() -> None:
    state = position(
        [["R5W", "I2W"], ["R6W", "I3W"], ["R7W", "I4W"]],
        grid={"A1": "C2W", "A2": "C3W", "A3": "C4W"},
        ambush=list(range(20)),
    )
    view = state.view(None)
    note = provenance(view)
    assert note is not None
    text = _text(note)
    assert "Card data reconstructed (mafia card values, ambush cards)" in text and MARK in text
    assert MARK not in _text(view)  # the note comes once per game, not on every board
    play(state, "R5W", "R6W", "R7W", "R7W@A4", "R6W@A5")  # row A is full: the police come
    assert "(reconstructed ambush card)" in _text(state.view(0))


def test_render_of_a_real_deck_has_no_mark() -> None:
    data = dict(builtin_card_data("mobtable.games.gangsta"))
    data.pop("reconstructed")
    state = GAME.new_state(GAME.config(3, card_data=data), seed=1)
    text = _text(state.view(0))
    assert "reconstructed" not in text and "Your hand" in text
    assert provenance(state.view(0)) is None


def test_render_names_cards_and_players_never_codes_or_seat_numbers() -> None:
    state = position(
        [["R5W", "I2W"], ["R6W", "I3W"], ["I4W", "Y7S"]], grid={"B2": "C5S", "A1": "Y3W"}
    )
    names = ["Marco", "Giulia", "Sal"]
    play(state, "R5W", "R6W")
    during = _text(render_view(state.view(2), names=names))
    play(state, "Y7S")  # Sal holds no Bratva, and trumps
    after = _text(render_view(state.view(2), names=names))
    for text in (during, after):
        assert not re.search(r"\b[YICR]\d[SW]\b|\bseat\s*\d", text, re.IGNORECASE), text
        assert "Sal (you)" in text and "circled number: strong card" in text
        assert "◆⑤" in text and "●3" in text  # a strong card's number is circled, as printed
    assert "Marco: Я Bratva 5 weak   Giulia: Я Bratva 6 weak" in during
    assert "Your hand: ● Yakuza 7 strong★, ☘ Irish 4 weak" in during  # trumps starred
    assert "Last trick won by you" in after and "Known to hold none of — Sal: Bratva" in after
