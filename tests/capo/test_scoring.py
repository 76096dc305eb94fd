"""Scoring order, Mario Beretta, Giulia Napoli, the respect supply (K-04, K-05, K-11)."""

from __future__ import annotations

import pytest

from mobtable.core import BadSetup
from mobtable.games.capo import GAME
from mobtable.games.capo.cards import Special
from mobtable.games.capo.rules import Phase

from .helpers import Picker, new, play_round


def _mario_table(counter: int, respect: list[int], *, mario_succeeds: bool):
    pick = Picker()
    mario = pick.card(special=Special.MARIO_BERETTA)  # pistol, 2 stars
    crew = [mario, pick.card("cash", stars=1)] if mario_succeeds else [mario]
    hands = [pick.fillers(5), pick.fillers(5), crew + pick.fillers(5 - len(crew))]
    state = new(hands, first="Protection racket", respect=respect, counter=counter)
    plays = {0: hands[0][:1], 1: hands[1][:1], 2: crew}
    play_round(state, plays, turns={2: [crew[-1]]}, suspicions={0: 2, 1: 2})
    return state


def test_K_04_mario_steals_after_suspectors_scored_when_they_count_first() -> None:
    state = _mario_table(counter=0, respect=[0, 0, 0], mario_succeeds=False)
    assert state.last_round["success"] == [True, True, False]
    # seats 0 and 1: +1 success, +2 for the prisoner, then Mario takes 1 from each
    assert state.respect == [2, 2, 2]


def test_K_04_mario_gets_nothing_from_suspectors_with_no_respect_yet() -> None:
    state = _mario_table(counter=2, respect=[0, 0, 0], mario_succeeds=False)
    # Mario's seat scores first: both suspectors are at 0, nothing to take
    assert state.respect == [3, 3, 0]
    assert state.last_round["change"] == [3, 3, 0]


def test_K_04_mario_steals_in_clockwise_order_from_his_seat() -> None:
    state = _mario_table(counter=0, respect=[1, 1, 0], mario_succeeds=True)
    # 0 and 1: +1 success, -1 wrong suspicion; Mario: +1 success, +1 from 0, +1 from 1
    assert state.respect == [0, 0, 3]
    lines = [e.text for e in state.events if e.kind == "scored"][-1]
    assert lines.index("from seat 0") < lines.index("from seat 1")


def test_K_11_giulia_shown_to_claim_her_respect_other_cards_stay_hidden() -> None:
    pick = Picker()
    giulia = pick.card(special=Special.GIULIA_NAPOLI)
    others = [pick.card("knife", stars=0), pick.card("car", stars=0)]
    hands = [[giulia, *others, *pick.fillers(2)], pick.fillers(5), pick.fillers(5)]
    state = new(hands)
    play_round(
        state,
        {0: [giulia, *others], 1: hands[1][:1], 2: hands[2][:1]},
        turns={0: [others[0]]},
    )
    assert state.last_round["change"][0] == 2
    assert state.last_round["giulia_shown"] == [giulia]
    spectator = state.view(None)
    assert giulia in spectator["discard"]["seen"] and others[0] in spectator["discard"]["seen"]
    assert others[1] not in spectator["discard"]["seen"]
    assert str(others[1]) not in state.view(1)["cards"]


def test_K_11_giulia_in_prison_earns_nothing() -> None:
    pick = Picker()
    giulia = pick.card(special=Special.GIULIA_NAPOLI)
    hands = [[giulia, *pick.fillers(4)], pick.fillers(5), pick.fillers(5)]
    state = new(hands, respect=[3, 3, 3])
    play_round(state, {0: [giulia], 1: hands[1][:1], 2: hands[2][:1]}, suspicions={1: 0})
    assert state.last_round["success"][0] is False
    assert state.last_round["change"][0] == 0


def _rich_table(options=None):
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    return new(hands, respect=[33, 33, 33], options=options), hands


def test_K_05_respect_is_unlimited_by_default() -> None:
    state, hands = _rich_table()
    assert state.supply is None
    play_round(state, {s: hands[s][:1] for s in range(3)})
    assert state.respect == [34, 34, 34]
    assert sum(state.respect) > 100
    assert state.phase is Phase.PLAY  # K-08: a three-way tie at the top plays on


def test_K_05_limited_supply_runs_dry_in_scoring_order() -> None:
    state, hands = _rich_table({"respect_supply": "limited"})
    assert state.supply == 1
    play_round(state, {s: hands[s][:1] for s in range(3)})
    assert state.respect == [34, 33, 33]
    assert state.supply == 0
    assert state.is_over() and state.result().winners == (0,)


def test_K_05_limited_supply_gets_lost_respect_back() -> None:
    pick = Picker()
    honest = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
    hands = [pick.fillers(5), honest + pick.fillers(3), pick.fillers(5)]
    state = new(hands, respect=[2, 2, 2], options={"respect_supply": "limited"})
    play_round(state, {0: hands[0][:1], 1: honest, 2: hands[2][:1]}, suspicions={0: 1})
    # seat 0: +1 success, -1 wrong suspicion; seats 1 and 2: +1
    assert state.respect == [2, 3, 3]
    assert state.supply + sum(state.respect) == 100


def test_K_05_limited_supply_refuses_too_much_respect() -> None:
    config = GAME.config(3, options={"respect_supply": "limited"})
    pick = Picker()
    hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
    with pytest.raises(BadSetup, match="respect"):
        GAME.new_state(config, setup={"hands": hands, "respect": [40, 40, 40]})
