"""Gangsta's rollout policy for the search: legal, sensible and reproducible."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from mobtable.games.gangsta.actions import Place
from mobtable.games.gangsta.grid import CELLS, LINES_OF, SIZE, placement_points
from mobtable.games.gangsta.playout import RAID_PENALTY, best_placement, playout, trick_play
from mobtable.games.gangsta.state import GangstaState

from .helpers import GAME, play, position


class _Checked(GangstaState):
    """Refuses any action that is not legal, whatever ``check`` says."""

    __slots__ = ()  # a state's own layout, so that a state can become one

    def apply(self, seat, action, check=True):  # type: ignore[no-untyped-def, override]
        assert action in self.legal(seat), f"{action} is not legal for seat {seat}"
        return super().apply(seat, action, check=check)


@pytest.mark.parametrize("seed", range(12))
def test_playout_plays_only_legal_actions_to_the_end(seed: int) -> None:
    state = GAME.new_state(GAME.config(3 + seed % 4), seed=seed)
    state.__class__ = _Checked
    playout(state, random.Random(seed))
    assert state.is_over()
    assert not any(state.hands)


def test_playout_stops_at_the_given_progress() -> None:
    state = GAME.new_state(GAME.config(4), seed=3)
    playout(state, random.Random(0), lambda s: s.tricks, 2)
    assert state.tricks == 2 and not state.is_over()


def test_playout_is_reproducible_for_a_seed() -> None:
    finals = []
    for _ in range(2):
        state = GAME.new_state(GAME.config(4), seed=8)
        playout(state, random.Random(42))
        finals.append((state.scores, state.grid))
    assert finals[0] == finals[1]


def test_playout_places_for_the_most_points() -> None:
    state = position(
        [["R5S", "I2W"], ["R2W", "I3W"], ["R3W", "I4W"], ["R4W", "I6W"]],
        grid={"A1": "Y5W", "A2": "I5W", "E5": "C2W"},
    )
    play(state, "R5S", "R2W", "R3W", "R4W")
    best = best_placement(state, random.Random(0).random)
    # the 5 joins the two 5s of row A: a trio, 5 points (no 2 beats that)
    assert str(best).startswith("R5S@A")


def scanned_placement(state: GangstaState, rnd: Callable[[], float]) -> Place:
    """``best_placement`` by its definition: every card on every empty cell, scored by
    the rules (a cell completing a line costs the penalty), ties in card-then-cell order;
    if nothing scores, a random card on a random cell calling no raid (if any)."""
    values, filled, empty = state.grid_values, state.filled, state.empty
    lines = [LINES_OF[cell] for cell in empty]
    near_full = [filled[row] == SIZE - 1 or filled[column] == SIZE - 1 for row, column in lines]
    best: list[tuple[int, int]] = []
    best_points = 0 if not all(near_full) else -RAID_PENALTY
    for card in state.to_place:
        for cell, full in zip(empty, near_full, strict=True):
            placed = values[:]
            placed[cell] = state.cards.value[card]
            points = placement_points(placed, cell)[0]
            if points == 0:  # no equal value shares a line with the cell
                continue
            points -= RAID_PENALTY if full else 0
            if points > best_points:
                best, best_points = [(card, cell)], points
            elif points == best_points:
                best.append((card, cell))
    if best_points <= 0:
        cells = [c for c, full in zip(empty, near_full, strict=True) if not full] or empty
        cards = state.to_place
        best.append((cards[int(rnd() * len(cards))], cells[int(rnd() * len(cells))]))
    card, cell = best[int(rnd() * len(best))]
    return state.table.place[card * CELLS + cell]


@pytest.mark.parametrize("seed", range(6))
def test_best_placement_is_its_definition(seed: int) -> None:
    """The same placement and the same draws as scoring every card on every cell, on
    the placements of seeded games placed by the policy itself."""
    state = GAME.new_state(GAME.config(3 + seed % 3), seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over():
        seat = state.pending()[0]
        if state.phase.value == "place":
            for k in range(4):
                fast, slow = random.Random(k), random.Random(k)
                assert best_placement(state, fast.random) is scanned_placement(state, slow.random)
                assert fast.getstate() == slow.getstate()
            checked += 1
            state.apply(seat, best_placement(state, rng.random), check=False)
            continue
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    assert checked > 20


def test_playout_avoids_calling_the_police_when_nothing_scores() -> None:
    grid = {"A1": "Y2W", "A2": "Y3W", "A3": "Y4W", "A4": "Y6W"}
    state = position([["R9S", "I2W"], ["R2W", "I3W"], ["R3W", "I4W"], ["R4W", "I6W"]], grid=grid)
    play(state, "R9S", "R2W", "R3W", "R4W")
    rnd = random.Random(1).random
    for _ in range(50):
        assert not str(best_placement(state, rnd)).endswith("@A5")


def test_playout_takes_the_trick_as_cheaply_as_it_can() -> None:
    state = position([["R5S"], ["R6W", "R9S", "I2W"], ["R3W"], ["R4W"]], trump="Y9S")
    play(state, "R5S")
    assert str(trick_play(state, 1)) == "R6W"


def test_playout_dumps_its_lowest_card_when_it_cannot_win() -> None:
    state = position([["R9S"], ["R6W", "R3W", "I2W"], ["R2W"], ["R4W"]], trump="Y9S")
    play(state, "R9S")
    assert str(trick_play(state, 1)) == "R3W"


@pytest.mark.parametrize("seed", range(6))
def test_trick_play_wins_whenever_it_can_and_as_cheaply_as_it_can(seed: int) -> None:
    from mobtable.games.gangsta.tricks import strength, trick_winner

    state = GAME.new_state(GAME.config(4), seed=seed)
    rng = random.Random(seed)
    answered = 0
    while not state.is_over():
        seat = state.turn
        legal = state.legal(seat)
        if state.phase.value == "play" and state.trick:
            cards, trump = state.cards, state.trump_mafia

            def key(play, cards=cards):  # type: ignore[no-untyped-def]
                ids = tuple(c.id for c in play.cards)
                return len(ids), strength(cards, ids)

            def wins(play, cards=cards, trump=trump, seat=seat):  # type: ignore[no-untyped-def]
                ids = tuple(c.id for c in play.cards)
                trick = [*state.trick, (seat, ids)]
                return trick_winner(cards, trick, trump) == len(state.trick)

            winners = [p for p in legal if wins(p)]
            chosen = trick_play(state, seat)
            if winners:
                assert wins(chosen) and key(chosen) == min(map(key, winners))
            else:  # no way to win: one card, never a pair
                assert len(chosen.cards) == 1
            answered += 1
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert answered > 20


def test_hand_value_rises_with_trumps_and_is_nothing_for_an_empty_hand() -> None:
    from mobtable.games.gangsta.estimate import expected_scores, future_points

    state = position(
        [["Y9W", "Y8W", "R2W"], ["R3W", "I2W", "C2W"], ["R4W", "I3W", "C3W"], []],
        trump="Y9S",
    )
    state.scores = [1, 1, 1, 4]
    assert future_points(state, 0) > future_points(state, 1) >= future_points(state, 3) == 0.0
    assert future_points(state, 0) > 5  # two high trumps
    assert expected_scores(state)[3] == 4
    assert expected_scores(state)[0] == pytest.approx(1 + future_points(state, 0))
