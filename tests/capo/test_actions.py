"""Action notation, integer index, legality and the sealed steps (K-13, K-14)."""

from __future__ import annotations

import json
import random

import pytest

from mobtable.core import IllegalAction, InvalidNotation
from mobtable.games.capo import GAME
from mobtable.games.capo.actions import (
    ALL_ACTIONS,
    NUM_ACTIONS,
    Declare,
    Place,
    Suspect,
    TurnUp,
    parse,
)
from mobtable.games.capo.rules import Phase

from .helpers import Picker, new, play

CONFIG = GAME.config(4)


def test_K_13_every_action_round_trips_through_text_and_index() -> None:
    assert NUM_ACTIONS == GAME.num_actions(CONFIG) == 218
    for index, action in enumerate(ALL_ACTIONS):
        assert GAME.parse_action(str(action), CONFIG) == action
        assert GAME.action_index(action, CONFIG) == index
        assert GAME.action_from_index(index, CONFIG) == action
    assert [GAME.action_index(a, CONFIG) for a in (Declare(1), Place(0), TurnUp(0))] == [0, 70, 140]
    assert [GAME.action_index(a, CONFIG) for a in (Suspect(), Suspect(0), Suspect(6))] == [
        210,
        211,
        217,
    ]


@pytest.mark.parametrize("text", ["", "p0", "p71", "d70", "u-1", "s7", "s", "x3", "d 3", "pp"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse(text)


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    assert (
        parse(" D17 ") == Place(17) and parse("S-") == Suspect(None) and parse("p3") == Declare(3)
    )
    with pytest.raises(InvalidNotation):
        GAME.action_from_index(NUM_ACTIONS, CONFIG)
    with pytest.raises(InvalidNotation):
        GAME.action_index("d3", CONFIG)


OPEN = {"crew_sizes": "open"}


def _table(options=None):
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(4)]
    return new(hands, options=options), hands


def test_K_13_declare_then_place_in_any_order() -> None:
    state, hands = _table()
    assert list(state.legal(0)) == [Declare(n) for n in range(1, 6)]
    state.apply(0, Declare(3))
    assert sorted(a.card for a in state.legal(0)) == sorted(hands[0])
    state.apply(0, Place(hands[0][4]))
    state.apply(0, Place(hands[0][0]))
    assert len(state.legal(0)) == 3
    with pytest.raises(IllegalAction, match="already placed"):
        state.apply(0, Place(hands[0][0]))
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(0, Place(hands[1][0]))
    with pytest.raises(IllegalAction, match="already declared"):
        state.apply(0, Declare(1))
    state.apply(0, Place(hands[0][2]))
    assert state.legal(0) == () and 0 not in state.pending()
    assert state.view(0)["me"] == {
        "committed": True,
        "declared": 3,
        "placed": sorted([hands[0][0], hands[0][2], hands[0][4]]),
    }


def test_K_13_legal_lists_stay_short() -> None:
    state, hands = _table()
    for seat in range(4):
        assert len(state.legal(seat)) <= 5
        play(state, seat, hands[seat][:5])
    assert state.phase is Phase.TURN
    assert all(len(state.legal(s)) == 5 for s in range(4))


def test_illegal_actions_name_the_rule() -> None:
    state, hands = _table()
    with pytest.raises(IllegalAction) as info:
        state.apply(0, Suspect(1))
    assert info.value.rule == "phase"
    with pytest.raises(IllegalAction) as info:
        state.apply(0, Declare(6))
    assert info.value.rule == "play-at-least-one"
    for seat in range(4):
        play(state, seat, hands[seat][:1])
    with pytest.raises(IllegalAction) as info:
        state.apply(2, Suspect(2))
    assert info.value.rule == "suspect-self"
    with pytest.raises(IllegalAction):
        state.apply(2, Suspect(5))


def test_K_14_turn_up_choices_are_sealed_until_all_have_chosen() -> None:
    state, hands = _table()
    for seat in range(4):
        play(state, seat, hands[seat][:2])
    views = set()
    for card in hands[0][:2]:
        trial = state.clone()
        trial.apply(0, TurnUp(card))
        assert trial.view(0)["me"]["turning"] == [card]
        views.add(json.dumps([trial.view(1), trial.view(None)], sort_keys=True))
        assert all(trial.view(s)["table"][0]["face_up"] == [] for s in range(4))
    assert len(views) == 1
    for seat in range(4):
        state.apply(seat, TurnUp(hands[seat][1]))
    assert state.phase is Phase.SUSPECT
    assert [state.view(3)["table"][s]["face_up"] for s in range(4)] == [[h[1]] for h in hands]


def _others(state, seat: int = 0) -> str:
    """Every view but ``seat``'s own, as one comparable text."""
    views = [state.view(s) for s in range(state.players) if s != seat] + [state.view(None)]
    return json.dumps(views, sort_keys=True)


def test_K_14_views_show_who_has_committed_never_what() -> None:
    state, hands = _table()
    assert state.view(1)["step"] == {
        "phase": "play",
        "seats": [0, 1, 2, 3],
        "committed": [],
        "waiting": [0, 1, 2, 3],
    }
    # playing: the declared count and the cards are private, even once all are down (K-23)
    fresh = _others(state)
    declared = set()
    for count in (2, 3):
        trial = state.clone()
        trial.apply(0, Declare(count))
        declared.add(_others(trial))
    assert declared == {fresh}
    crews = set()
    for crew in (hands[0][:2], hands[0][3:]):
        trial = state.clone()
        play(trial, 0, crew)
        view = trial.view(1)
        assert view["step"]["committed"] == [0] and view["step"]["waiting"] == [1, 2, 3]
        assert view["table"][0]["played"] is None and "cards" not in view["table"][0]
        assert view["hand_sizes"][0] == 5 and trial.view(0)["hand"] == sorted(
            set(hands[0]) - set(crew)
        )
        assert not set(hands[0]) & {int(c) for c in view["cards"]}
        crews.add(_others(trial))
    assert len(crews) == 1
    state.apply(1, Declare(3))
    state.apply(1, Place(hands[1][4]))
    view = state.view(2)
    assert view["table"][1]["played"] is None and view["step"]["committed"] == []
    assert state.view(1)["table"][1] == {
        "played": 1,
        "face_up": [],
        "must_turn": 0,
        "cards": [hands[1][4]],
    }
    for seat in range(4):
        if seat != 1:
            play(state, seat, hands[seat][:2])
    state.apply(1, Place(hands[1][0]))
    state.apply(1, Place(hands[1][1]))
    # turning up: who has chosen shows, the cards only once all turn together
    assert state.phase is Phase.TURN
    turned = set()
    for card in hands[0][:2]:
        trial = state.clone()
        trial.apply(0, TurnUp(card))
        assert trial.view(2)["step"]["committed"] == [0]
        assert trial.view(2)["table"][0]["face_up"] == []
        turned.add(_others(trial))
    assert len(turned) == 1
    for seat in range(4):
        state.apply(seat, TurnUp(state.table[seat][0]))
    # suspicions: who has laid his card shows, not at whom it points
    laid = set()
    for target in (None, 2, 3):
        trial = state.clone()
        trial.apply(0, Suspect(target))
        assert trial.view(None)["step"] == {
            "phase": "suspect",
            "seats": [0, 1, 2, 3],
            "committed": [0],
            "waiting": [1, 2, 3],
        }
        laid.add(_others(trial))
    assert len(laid) == 1


def test_K_14_a_sample_shows_the_same_step_and_decides_again() -> None:
    state, hands = _table(OPEN)  # what the table shows of the crews (K-23)
    play(state, 0, hands[0][:2])
    state.apply(2, Declare(3))
    state.apply(2, Place(hands[2][1]))
    for watcher in (1, 3):
        sample = state.determinize(watcher, random.Random(watcher))
        assert sample.view(watcher) == state.view(watcher)
        assert sample.pending() == (0, 1, 2, 3)  # seat 0 owes its crew again
        assert sample.declared[0] == 2 and sample.picked[0] == []
        assert len(sample.picked[2]) == 1 and 2 <= sample.declared[2] <= 5
        assert set(sample.picked[2]) <= set(sample.hands[2])
        before = sample.view(watcher)
        while 0 in sample.pending():
            sample.apply(0, sample.legal(0)[0])  # a placement, never a new count
        assert sample.view(watcher)["step"] == before["step"]
        assert sample.view(watcher)["table"][0]["played"] == 2
        while 2 in sample.pending():
            sample.apply(2, sample.legal(2)[0])
        assert sample.view(watcher)["step"]["committed"] == [0, 2]
