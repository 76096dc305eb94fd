"""The terminal rendering shows what the view holds, and nothing else."""

from __future__ import annotations

import random

from rich.console import Console

from mobtable.games.capo import GAME
from mobtable.games.capo.render import render_view

from .helpers import Picker, new, play_round


def _text(view) -> str:
    console = Console(width=140, color_system=None, record=True)
    console.print(render_view(view))
    return console.export_text()


def test_render_shows_hand_assignment_and_respect_track() -> None:
    pick = Picker()
    honest = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
    hands = [honest + pick.fillers(3), pick.fillers(5), pick.fillers(5)]
    state = new(hands, first="Protection racket", respect=[3, 7, 3])
    text = _text(state.view(0))
    assert "Protection racket" in text and "at most 3★" in text
    assert "Your hand" in text and f"#{honest[0]}" in text
    assert f"#{hands[1][0]}" not in text
    assert " 7 ●●●●●●●" in text
    play_round(state, {0: honest, 1: hands[1][:1], 2: hands[2][:1]}, suspicions={1: 0})
    text = _text(state.view(2))
    assert "last round" in text and "cards unseen" in text and f"#{honest[1]}" in text
    spectator = _text(state.view(None))
    assert "Your hand" not in spectator


def test_render_every_phase_of_a_random_game() -> None:
    state = GAME.new_state(GAME.config(5), seed=12)
    rng = random.Random(12)
    phases = set()
    while not state.is_over():
        if state.phase not in phases or rng.random() < 0.05:
            phases.add(state.phase)
            for seat in (rng.randrange(5), None):
                assert _text(state.view(seat))
        seat = state.pending()[0]
        state.apply(seat, state.legal(seat)[rng.randrange(len(state.legal(seat)))])
    assert "Game over" in _text(state.view(None))
