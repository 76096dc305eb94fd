"""Rounds, refills, stacks, the counter and the end of the game (K-06..K-10, K-12, K-21, K-22)."""

from __future__ import annotations

import pytest

from mobtable.core import BadSetup
from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Suspect
from mobtable.games.capo.cards import Special
from mobtable.games.capo.rules import MAX_ROUNDS, Phase

from .helpers import CARDS, Picker, all_cards, new, play, play_round


def test_K_06_empty_stack_takes_the_reshuffled_discard_pile() -> None:
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    rest = [c for c in range(70) if c not in {x for h in hands for x in h}]
    state = new(hands, stack=rest[:2], discard=rest[2:])
    play_round(state, {0: hands[0], 1: hands[1][:1], 2: hands[2][:1]}, suspicions={1: 0})
    assert len(state.hands[0]) == 5
    assert state.discard == [] and state.seen_discard == set()
    assert state.view(1)["discard"] == {
        "size": 0,
        "seen": [],
        "mine": [],
        "unseen_by_seat": [0] * 3,
    }
    assert sorted(all_cards(state)) == list(range(70))
    assert any(e.kind == "reshuffle" for e in state.events)


def test_K_06_refill_goes_clockwise_from_the_counter() -> None:
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    rest = [c for c in range(70) if c not in {x for h in hands for x in h}]
    state = new(hands, stack=rest, counter=1)
    play_round(state, {s: hands[s][:4] for s in range(3)})
    # seat 1 counts and draws first, then seat 2, then seat 0
    assert state.hands[1] == sorted([hands[1][4], *rest[0:4]])
    assert state.hands[2] == sorted([hands[2][4], *rest[4:8]])
    assert state.hands[0] == sorted([hands[0][4], *rest[8:12]])


def test_K_07_the_counter_moves_one_seat_clockwise_each_round() -> None:
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(4)]
    state = new(hands, counter=2, respect=[0, 0, 0, 0])
    seen = [state.counter]
    for _ in range(3):
        play_round(state, {s: state.hands[s][:1] for s in range(4)})
        seen.append(state.view(None)["counter"])
    assert seen == [2, 3, 0, 1]
    fresh = GAME.new_state(GAME.config(4), seed=3)
    assert fresh.counter == 0


def test_K_08_a_tie_at_the_top_plays_a_full_extra_round() -> None:
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    state = new(hands, respect=[14, 14, 0])
    play_round(state, {s: hands[s][:1] for s in range(3)})
    assert state.respect == [15, 15, 1]
    assert not state.is_over() and state.round == 2
    assert state.pending() == (0, 1, 2)  # everyone plays the extra round
    play_round(state, {s: state.hands[s][:1] for s in range(3)}, suspicions={0: 2})
    assert state.respect == [18, 16, 1]
    assert state.is_over() and state.result().winners == (0,)


def test_K_08_one_leader_beyond_the_target_wins_even_if_others_passed_it() -> None:
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    state = new(hands, respect=[14, 15, 0])
    play_round(state, {s: hands[s][:1] for s in range(3)})
    assert state.respect == [15, 16, 1]
    assert state.is_over() and state.result().winners == (1,)


def test_K_09_an_empty_hand_is_refused_in_a_setup() -> None:
    pick = Picker()
    with pytest.raises(BadSetup, match="K-09"):
        new([pick.fillers(5), [], pick.fillers(5)])


def _quiet_game():
    """Everyone plays one card and suspects nobody: all tie for ever (no events)."""
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    return new(hands, respect=[0, 0, 0], variants=["first-game"])


GIULIA = CARDS.with_special(Special.GIULIA_NAPOLI)


def _quiet_round(state) -> None:
    for seat in range(3):
        play(state, seat, [next(c for c in state.hands[seat] if c not in GIULIA)])
    for seat in range(3):
        state.apply(seat, Suspect(None))


def test_K_10_used_assignments_are_reshuffled_as_the_stack_empties() -> None:
    state = _quiet_game()
    turned = []
    for _ in range(20):
        assert state.assignment_stack, "the next Assignment card's back is always visible"
        assert state.view(0)["next_assignment_envelope"] is not None
        turned.append(state.assignment)
        _quiet_round(state)
    assert sorted(turned[:16]) == list(range(16))
    assert state.round == 21


def test_K_12_a_game_ends_at_the_round_limit_with_a_shared_victory() -> None:
    state = _quiet_game()
    while not state.is_over():
        _quiet_round(state)
    assert state.round == MAX_ROUNDS
    result = state.result()
    assert result.winners == (0, 1, 2)
    assert "round limit" in result.tiebreak
    assert sorted(all_cards(state)) == list(range(70))


def test_K_21_first_game_variant() -> None:
    config = GAME.config(4, variants=["first-game"])
    state = GAME.new_state(config, seed=8)
    tonies = sorted(CARDS.with_special(Special.LITTLE_TONY))
    assert state.box == tonies and state.rules.target == 10
    assert state.view(None)["target"] == 10 and state.view(None)["box"] == tonies
    assert not any(t in h for t in tonies for h in state.hands)
    assert state.event is None and state.event_stack == []
    pick = Picker()
    with pytest.raises(BadSetup, match="box"):
        GAME.new_state(config, setup={"hands": [tonies[:1], *(pick.fillers(5) for _ in range(3))]})


def test_K_22_half_rounded_down_and_nobody_waits_for_seats_with_nothing_to_turn() -> None:
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(4)]
    state = new(hands)
    for seat, count in enumerate((1, 2, 4, 5)):
        play(state, seat, hands[seat][:count])
    assert state.phase is Phase.TURN
    assert state.must_turn == [0, 1, 2, 2]
    assert state.pending() == (1, 2, 3)
    assert state.legal(0) == ()
    skip = new([pick.fillers(5) for _ in range(3)])
    for seat in range(3):
        play(skip, seat, skip.hands[seat][:1])
    assert skip.phase is Phase.SUSPECT
