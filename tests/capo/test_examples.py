"""Every worked example of the rulebook, from an explicit position."""

from __future__ import annotations

import json

from mobtable.games.capo.actions import Declare, Place, Suspect, TurnUp
from mobtable.games.capo.assignments import succeeds
from mobtable.games.capo.rules import Phase

from .helpers import CARDS, Picker, assignment, joram_danny_erik, new, play_round

JORAM, DANNY, ERIK = 0, 1, 2


def _table() -> tuple:
    return joram_danny_erik()


def _play_example(state, joram, danny, erik) -> None:
    play_round(
        state,
        {JORAM: joram, DANNY: danny, ERIK: erik},
        turns={JORAM: [joram[0]], ERIK: [erik[1]]},
        suspicions={JORAM: ERIK, DANNY: JORAM, ERIK: None},
    )


def test_phase_4_example_joram_prison_danny_unseen_erik_success() -> None:
    state, joram, danny, erik = _table()
    _play_example(state, joram, danny, erik)
    last = state.last_round
    assert last["suspected"] == [True, False, True]
    assert last["success"] == [False, True, True]
    assert last["revealed"] == [sorted(joram), None, sorted(erik)]
    assert last["stars"][JORAM] == 4 and last["stars"][ERIK] == 2
    # Danny's bluff would have failed, yet he succeeds: his cards are not checked.
    racket = CARDS.assignments[assignment("Protection racket")]
    crew = [CARDS.mafiosi[c] for c in danny]
    assert not succeeds(crew, racket, racket.stars, CARDS.symbols)


def test_phase_4_example_dannys_cards_are_never_revealed() -> None:
    state, joram, danny, erik = _table()
    _play_example(state, joram, danny, erik)
    for seat in (JORAM, ERIK, None):
        text = json.dumps(state.view(seat))
        assert f'"{danny[0]}"' not in text  # not even in the card catalogue
        assert danny[0] not in state.view(seat)["discard"]["seen"]
    for event in state.events:
        if str(danny[0]) in json.dumps(event.to_json()):
            assert event.to == frozenset({DANNY})
    assert state.view(DANNY)["discard"]["mine"] == danny
    assert danny[0] in state.discard


def test_scoring_example_danny_3_joram_0_erik_1() -> None:
    state, joram, danny, erik = _table()
    _play_example(state, joram, danny, erik)
    # K-18: Joram gains nothing and loses 1 for wrongly suspecting Erik.
    assert state.last_round["change"] == [-1, 3, 1]
    assert state.respect == [2, 6, 4]


def test_K_18_scoring_example_joram_at_zero_stays_at_zero() -> None:
    state, joram, danny, erik = _table()
    state.respect[JORAM] = 0
    _play_example(state, joram, danny, erik)
    assert state.respect[JORAM] == 0
    assert state.last_round["change"] == [0, 3, 1]


def test_phase_2_example_three_cards_turn_one() -> None:
    pick = Picker()
    hands = [
        [pick.card("cash", stars=1), pick.card("pistol", stars=1), *pick.fillers(3)]
        for _ in range(3)
    ]
    state = new(hands)
    for seat in range(3):
        state.apply(seat, Declare(3))
        for card in hands[seat][:3]:
            state.apply(seat, Place(card))
    assert state.phase is Phase.TURN
    assert [state.must_turn[s] for s in range(3)] == [1, 1, 1]
    assert all(len(state.legal(s)) == 3 for s in range(3))
    for seat in range(3):
        state.apply(seat, TurnUp(hands[seat][2]))
    assert state.phase is Phase.SUSPECT
    assert [state.view(None)["table"][s]["face_up"] for s in range(3)] == [
        [hands[s][2]] for s in range(3)
    ]
    state.apply(0, Suspect(1))
