"""Gangsta's integer actions: a redraw's integer names the cards chosen among ties."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mobtable.core import InvalidNotation
from mobtable.games.gangsta.actions import Redraw
from mobtable.games.gangsta.state import GangstaState

from .helpers import GAME, PETER, position, weak_from_one

WEAK_HAND = ["R2W", "R3W", "I3W", "C3S", "Y4W", "Y5W", "Y6W", "C6W", "C7W", "I7W", "R8S", "R7S"]
"""G-04's worked hand: R2W lowest, three 3s tied for the two places left."""


def test_the_built_in_cards_give_2689_actions_of_which_736_are_redraws() -> None:
    """1,953 plays, pairs, placements, keep and picks; a redraw names one to three of the
    eight cards of one value (8 + 28 + 56 choices for each of the eight values)."""
    config = GAME.config(4)
    assert GAME.num_actions(config) == 1953 + 8 * (8 + 28 + 56) == 2689


def test_each_tie_choice_of_the_worked_hand_has_its_own_integer() -> None:
    state = position([WEAK_HAND, [], []], start="deal", rest="deck")
    config = state.config
    redraws = [a for a in state.legal(PETER) if isinstance(a, Redraw)]
    assert len(redraws) == 3
    indices = [GAME.action_index(a, config) for a in redraws]
    assert len(set(indices)) == 3
    for action, index in zip(redraws, indices, strict=True):
        assert GAME.action_from_index(index, config, state, PETER) == action
    # R2W goes with every choice: the integer names only the two 3s chosen.
    chosen = set()
    for index in indices:
        action = GAME.action_from_index(index, config, state, PETER)
        assert isinstance(action, Redraw)
        chosen.add(frozenset(c.code for c in action.cards))
    assert chosen == {
        frozenset(three)
        for three in (("R2W", "R3W", "I3W"), ("R2W", "R3W", "C3S"), ("R2W", "I3W", "C3S"))
    }


def test_a_redraw_integer_without_the_hand_says_what_it_needs() -> None:
    state = position([WEAK_HAND, [], []], start="deal", rest="deck")
    redraw = next(a for a in state.legal(PETER) if isinstance(a, Redraw))
    index = GAME.action_index(redraw, state.config)
    with pytest.raises(InvalidNotation, match="depends on the hand"):
        GAME.action_from_index(index, state.config)


def test_a_redraw_integer_a_hand_cannot_make_names_the_problem() -> None:
    """Tied cards the hand does not hold, or too few (or many) cards below them."""
    state = position([WEAK_HAND, [], []], start="deal", rest="deck")
    config = state.config
    not_held = GAME.action_index(GAME.parse_action("redraw R2W,R3W,Y3W", config), config)
    too_high = GAME.action_index(GAME.parse_action("redraw R2W,R3W,Y6W", config), config)
    for index in (not_held, too_high):
        with pytest.raises(InvalidNotation, match="does not name three cards of this hand"):
            GAME.action_from_index(index, config, state, PETER)


def test_every_legal_redraw_of_many_deals_round_trips() -> None:
    """Over many deals at every table size (ties at the third value are common), every
    legal redraw's integer is a redraw integer, distinct within the position, and names
    the same three cards again from the hand."""
    config_of = {players: GAME.config(players) for players in range(3, 7)}
    seen = 0
    for seed in range(200):
        players = 3 + seed % 4
        config = config_of[players]
        state = GAME.new_state(config, seed=seed)
        assert isinstance(state, GangstaState)
        rng = random.Random(seed)
        while state.phase == "redraw":
            seat = state.turn
            legal = list(state.legal(seat))
            indices = [GAME.action_index(a, config) for a in legal]
            assert len(set(indices)) == len(legal)
            for action, index in zip(legal, indices, strict=True):
                assert GAME.action_from_index(index, config, state, seat) == action
                seen += isinstance(action, Redraw)
            state.apply(seat, rng.choice(legal))
    assert seen > 100


def test_custom_card_values_size_the_redraw_choices(tmp_path: Path) -> None:
    """Weak cards worth 1-8 and strong 2-9: values 1 and 9 have four cards each (4 + 6 + 4
    choices), 2 to 8 eight each."""
    config = GAME.config(4, card_data=weak_from_one(tmp_path))
    assert GAME.num_actions(config) == 1953 + 2 * (4 + 6 + 4) + 7 * (8 + 28 + 56)
