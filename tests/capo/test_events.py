"""Event cards: envelopes, Have a sit down, and the nine reconstructed events (K-16, K-17, K-20)."""

from __future__ import annotations

import random

from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Declare
from mobtable.games.capo.cards import Effect
from mobtable.games.capo.rules import Phase

from .helpers import CARDS, Picker, event, new, play, play_round


def _with_event(effect: Effect | None, *, hands=None, first="Protection racket", **setup):
    pick = Picker()
    if hands is None:
        honest = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
        hands = [honest + pick.fillers(3), pick.fillers(5), pick.fillers(5)]
    events = [] if effect is None else [event(effect)]
    return new(hands, first=first, envelope_next=effect is not None, events=events, **setup)


def test_K_17_an_envelope_on_the_next_back_turns_an_event() -> None:
    state = _with_event(Effect.DOUBLE_PAY)
    assert state.event == event(Effect.DOUBLE_PAY)
    view = state.view(None)
    assert view["next_assignment_envelope"] is True
    assert view["event"]["effect"] == "double-pay"
    quiet = _with_event(None)
    assert quiet.event is None and quiet.view(None)["next_assignment_envelope"] is False


def test_K_17_first_game_ignores_envelopes() -> None:
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    state = new(hands, envelope_next=True, variants=["first-game"])
    assert state.event is None and state.event_stack == []
    assert len(state.event_box) == len(CARDS.events)


def test_K_16_double_pay() -> None:
    state = _with_event(Effect.DOUBLE_PAY)
    play_round(state, {s: state.hands[s][:1] for s in range(3)})
    assert state.last_round["change"] == [2, 2, 2]


def test_K_16_informant_and_omerta() -> None:
    for effect, change in ((Effect.INFORMANT, [4, 0, 1]), (Effect.OMERTA, [1, 1, -1])):
        state = _with_event(effect)
        honest = state.hands[0][:2]
        suspicions = {0: 1} if effect is Effect.INFORMANT else {2: 0}
        play_round(
            state, {0: honest, 1: state.hands[1][:1], 2: state.hands[2][:1]}, suspicions=suspicions
        )
        assert state.last_round["change"] == change, effect


def test_K_16_cards_on_the_table_and_in_the_dark() -> None:
    state = _with_event(Effect.CARDS_ON_THE_TABLE)
    for seat in range(3):
        play(state, seat, state.hands[seat][:3])
    assert state.must_turn == [2, 2, 2]
    dark = _with_event(Effect.IN_THE_DARK)
    for seat in range(3):
        play(dark, seat, dark.hands[seat][:3])
    assert dark.phase is Phase.SUSPECT


def test_K_16_heat_is_on_and_friendly_judge_change_the_star_limit() -> None:
    assert _with_event(Effect.HEAT_IS_ON).view(0)["assignment"]["max_stars"] == 2
    assert _with_event(Effect.FRIENDLY_JUDGE).view(0)["assignment"]["max_stars"] == 5
    bucks = _with_event(Effect.HEAT_IS_ON, first="A few bucks on the side")
    assert bucks.view(0)["assignment"]["max_stars"] == 0


def test_K_16_big_job_needs_two_cards() -> None:
    state = _with_event(Effect.BIG_JOB)
    assert state.legal(0)[0] == Declare(2)
    assert Declare(1) not in state.legal(0)


def test_K_16_new_recruits_draw_one_after_the_refill() -> None:
    state = _with_event(Effect.NEW_RECRUITS)
    play_round(state, {0: state.hands[0][:2], 1: state.hands[1][:4], 2: state.hands[2][:1]})
    # seat 0: 3 cards, +1; seat 1: 1 card, refilled to 5; seat 2: 4 cards, +1
    assert [len(h) for h in state.hands] == [4, 5, 5]


def _sit_down(suspicions):
    state = _with_event(Effect.SIT_DOWN)
    play_round(state, {s: state.hands[s][2:3] for s in range(3)}, suspicions=suspicions)
    return state.last_round


def test_K_20_mutual_suspicions_cancel_under_have_a_sit_down() -> None:
    last = _sit_down({0: 1, 1: 0})
    assert last["suspicions"] == [None, None, None]
    assert last["suspected"] == [False, False, False]
    assert last["revealed"] == [None, None, None]
    assert last["change"] == [1, 1, 1]  # both bluffed, both succeed unseen


def test_K_20_a_third_suspicion_still_applies() -> None:
    last = _sit_down({0: 1, 1: 0, 2: 0})
    assert last["suspicions"] == [None, None, 0]
    assert last["suspected"] == [True, False, False]
    assert last["success"] == [False, True, True]
    assert last["change"] == [0, 1, 3]  # seat 1's cancelled suspicion scores nothing


def test_without_the_event_mutual_suspicions_stand() -> None:
    state = _with_event(None)
    play_round(state, {s: state.hands[s][2:3] for s in range(3)}, suspicions={0: 1, 1: 0})
    assert state.last_round["suspected"] == [True, True, False]


def test_K_16_sit_down_only_option_plays_the_rulebook_event_alone() -> None:
    config = GAME.config(5, options={"event_deck": "sit-down-only"})
    sit_down = event(Effect.SIT_DOWN)
    seen = set()
    for seed in range(6):
        state = GAME.new_state(config, seed=seed)
        assert state.event_stack + ([state.event] if state.event is not None else []) == [sit_down]
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            if state.event is not None:
                seen.add(state.event)
    assert seen == {sit_down}
