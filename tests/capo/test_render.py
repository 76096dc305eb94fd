"""The terminal rendering shows what the view holds, and nothing else."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Declare, Place
from mobtable.games.capo.cards import Special
from mobtable.games.capo.render import card_text, render_view

from .helpers import Picker, new, play, play_round


def _text(view, names=("Joram", "Danny", "Erik")) -> str:
    console = Console(width=140, color_system=None, record=True)
    console.print(render_view(view, names=names[: view["players"]] if names else None))
    return console.export_text()


NAMES = ("Joram", "Danny", "Erik")


def test_render_shows_hand_assignment_and_respect_track() -> None:
    pick = Picker()
    honest = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
    hands = [honest + pick.fillers(3), pick.fillers(5), pick.fillers(5)]
    state = new(hands, first="Protection racket", respect=[3, 7, 3])
    text = _text(state.view(0))
    assert "Protection racket" in text and "at most 3 stars" in text
    # the hand by card names, symbols and stars, never by id
    assert "Your hand" in text and "Soldato (Cash, 1 star)" in text
    assert "Soldato (Pistol, 1 star)" in text and "#" not in text
    assert "Joram (you)" in text and "seat" not in text.lower()
    assert " 7 ●●●●●●●" in text
    play_round(state, {0: honest, 1: hands[1][:1], 2: hands[2][:1]}, suspicions={1: 0})
    text = _text(state.view(2))
    assert "last round" in text and "cards unseen" in text
    assert "Danny: success (cards unseen); suspects Joram" in text
    assert "Joram: success (Soldato (Pistol, 1 star) and Soldato (Cash, 1 star))" in text
    spectator = _text(state.view(None))
    assert "Your hand" not in spectator


def test_render_a_job_that_takes_no_stars_says_so() -> None:
    pick = Picker()
    hands = [[pick.card("cash", stars=0), *pick.fillers(4)], pick.fillers(5), pick.fillers(5)]
    state = new(hands, first="A few bucks on the side")
    first = _text(state.view(0))
    assert "A few bucks on the side — needs 1 symbol of choice, no stars allowed" in first
    round_line = next(e for e in state.events if e.kind == "round")
    assert round_line.text == "round 1: A few bucks on the side: ?, no stars allowed"
    play_round(state, {0: hands[0][:1], 1: hands[1][:1], 2: hands[2][:1]})
    text = _text(state.view(1))
    assert "A few bucks on the side (no stars allowed)" in text
    assert "at most 0" not in text


def test_render_every_phase_of_a_random_game() -> None:
    state = GAME.new_state(GAME.config(5), seed=12)
    rng = random.Random(12)
    phases = set()
    while not state.is_over():
        if state.phase not in phases or rng.random() < 0.05:
            phases.add(state.phase)
            for seat in (rng.randrange(5), None):
                assert _text(state.view(seat), names=None)
        seat = state.pending()[0]
        state.apply(seat, state.legal(seat)[rng.randrange(len(state.legal(seat)))])
    assert "Game over — won by " in _text(state.view(None), names=None)


@pytest.mark.parametrize("sizes", ["sealed", "open"])
def test_K_14_render_shows_who_the_step_waits_for(sizes: str) -> None:
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(3)]
    state = new(hands, options={"crew_sizes": sizes})
    assert "Playing cards: waiting for Joram, you and Erik" in _text(state.view(1))
    play(state, 0, hands[0][:2])
    state.apply(2, Declare(3))
    state.apply(2, Place(hands[2][0]))
    text = _text(state.view(1))
    assert "waiting for you and Erik; Joram has played" in text
    assert card_text(state.view(0), hands[0][0]) not in text
    if sizes == "open":
        assert "▮, ▮" in text
    else:  # K-23: nothing of the others' crews shows before all have played
        assert "▮" not in text and "(ready, hidden)" in text and "(choosing)" in text
    mine = state.view(2)
    assert card_text(mine, hands[2][0]) + " (down)" in _text(mine)


def test_the_hand_says_what_a_special_card_does() -> None:
    pick = Picker()
    giulia = pick.card(special=Special.GIULIA_NAPOLI)
    hands = [[giulia, *pick.fillers(4)], pick.fillers(5), pick.fillers(5)]
    text = _text(new(hands).view(0))
    assert "Giulia Napoli (Cash, 1 star) — If your job succeeds, you gain 1 extra respect." in text
