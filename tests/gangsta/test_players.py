"""How many can play (G-28) and what six players leave in the deck (G-29)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mobtable.core import BadConfig
from mobtable.games.gangsta.state import GangstaState
from mobtable.server.app import create_app

from .helpers import GAME


def _lobby_notes(tmp_path: Path) -> dict[str, str]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_processes=0)) as client:
        listed = {g["name"]: g for g in client.get("/api/games").json()}
    return dict(listed["gangsta"]["players_notes"])


def test_G_28_three_to_six_players(tmp_path: Path) -> None:
    for players in (2, 7):
        with pytest.raises(BadConfig, match="for 3 to 6 players"):
            GAME.config(players)
    for players in range(3, 7):
        state = GAME.new_state(GAME.config(players), seed=players)
        rng = random.Random(players)
        while not state.is_over():
            legal = state.legal(state.turn)
            state.apply(state.turn, legal[rng.randrange(len(legal))])
        assert len(state.result().scores) == players
    # the lobby tells each table size what it means for the hands
    notes = _lobby_notes(tmp_path)
    assert sorted(notes) == ["3", "4", "5", "6"]
    assert all(f"gets {size} cards" in notes[n] for n, size in (("3", 12), ("5", 10)))


def _extra_cards(state: GangstaState) -> int:
    """Cards that came out of the deck for absent players, in any variant."""
    return sum(len(e.data["cards"]) for e in state.events if e.kind in {"extra-cards", "opened"})


@pytest.mark.parametrize("variants", [(), ("reveal-one",), ("reveal-two",)])
def test_G_29_six_players_leave_three_cards_and_two_for_the_last_rounds(
    variants: tuple[str, ...],
) -> None:
    emptied = 0
    for seed in range(12):
        state = GAME.new_state(GAME.config(6, variants=variants), seed=seed)
        assert {len(h) for h in state.hands} == {10} and len(state.deck) == 3
        rng = random.Random(seed)
        while state.phase == "redraw":  # every redraw leaves three for the next player
            legal = state.legal(state.turn)
            state.apply(state.turn, legal[-1] if rng.random() < 0.7 else legal[0])
            assert len(state.deck) == 3 or state.phase != "redraw"
        assert len(state.deck) == 2  # the centre card took one
        while not state.is_over():
            legal = state.legal(state.turn)
            state.apply(state.turn, legal[rng.randrange(len(legal))])
        # after the centre card the deck only gives extra cards for absent players
        assert _extra_cards(state) + len(state.deck) == 2
        emptied += not state.deck
    assert emptied  # some of these games did run the deck dry in their last rounds


def test_G_29_the_lobby_says_what_six_players_means(tmp_path: Path) -> None:
    note = _lobby_notes(tmp_path)["6"]
    assert "10 cards" in note and "3 stay in the deck" in note
    assert "2 are left for the last rounds" in note and "then none" in note
    assert "then none" not in _lobby_notes(tmp_path)["5"]
