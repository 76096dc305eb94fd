"""Every worked example of the Gangsta rulebook, built from an explicit setup.

The examples' table: Peter, John, Andrea and Angelica (seats 0-3); the mafia
boss (trumps) is the Yakuza.
"""

from __future__ import annotations

from mobtable.games.gangsta.grid import CELL_NAMES, EMPTY, placement_points

from .helpers import ANDREA, ANGELICA, JOHN, PETER, hand, play, position


def test_example_1_highest_card_of_the_led_mafia_wins() -> None:
    state = position([["R5W", "I2W"], ["R3S", "I3W"], ["R5S", "I4W"], ["C6W", "I5W"]], leader=PETER)
    play(state, "R5W", "R3S", "R5S")
    assert "C6W" in {str(a) for a in state.legal(ANGELICA)}  # void in Bratva: any card
    play(state, "C6W")
    assert state.phase == "place" and state.turn == ANDREA


def test_example_2_a_trump_from_a_void_player_wins() -> None:
    state = position(
        [["Y2W", "C2W"], ["I8S", "C3W"], ["I4W", "C4W"], ["I5S", "C5W"]], leader=ANDREA
    )
    play(state, "I4W", "I5S", "Y2W", "I8S")
    assert state.turn == PETER and state.phase == "place"
    assert sorted(state.codes(state.to_place)) == ["I4W", "I5S", "I8S", "Y2W"]


def test_example_3_two_combined_cards_take_the_trick() -> None:
    # G-21: the rulebook's Peter leads the Cosa Nostra 4 Weak that Angelica also
    # combines; here he leads the 4 Strong.
    state = position(
        [["C4S", "I2W"], ["C8S", "I3W"], ["R2W", "I4W"], ["C4W", "C5W", "I5W"]], leader=PETER
    )
    play(state, "C4S", "C8S", "R2W")
    play(state, "C4W+C5W")
    assert state.turn == ANGELICA and state.phase == "place"
    assert hand(state, ANGELICA) == ["I5W"]  # one card fewer than the others from now on
    assert [len(h) for h in state.hands] == [1, 1, 1, 1]


def test_example_4_scoring_two_pairs_at_once() -> None:
    """A 5 on C2 pairs with B2 (column 2) and with C1 (row C): two pairs, 3 points."""
    state = position(
        [["R5S", "I2W"], ["R2W", "I3W"], ["R3W", "I4W"], ["R4W", "I5W"]],
        grid={"B2": "Y5W", "C1": "I5S"},
        leader=PETER,
    )
    play(state, "R5S", "R2W", "R3W", "R4W")
    assert state.turn == PETER
    play(state, "R5S@C2")
    assert state.scores[PETER] == 3


def test_example_4_trio_plus_pair_when_a2_also_holds_a_5() -> None:
    state = position(
        [["R5S", "I2W"], ["R2W", "I3W"], ["R3W", "I4W"], ["R4W", "I5W"]],
        grid={"B2": "Y5W", "C1": "I5S", "A2": "C5W"},
        leader=PETER,
    )
    play(state, "R5S", "R2W", "R3W", "R4W", "R5S@C2")
    assert state.scores[PETER] == 5 + 1


def test_example_4_no_trio_across_two_lines() -> None:
    values = [EMPTY] * 25
    for cell in ("B2", "C1", "C2"):
        values[CELL_NAMES.index(cell)] = 5
    points, sizes = placement_points(values, CELL_NAMES.index("C2"))
    assert (points, sorted(sizes)) == (3, [2, 2])  # not a trio


def test_example_4_cards_scored_one_at_a_time_in_the_chosen_order() -> None:
    """Placing order matters: the second 7 scores a pair with the first."""
    state = position([["R7S", "I2W"], ["R7W", "I3W"], ["R2W", "I4W"], ["R3W", "I5W"]], leader=PETER)
    play(state, "R7S", "R7W", "R2W", "R3W")
    play(state, "R7S@A1")
    assert state.scores[PETER] == 0
    play(state, "R7W@A5")
    assert state.scores[PETER] == 1
    assert state.trick_points == 1


def test_example_5_winner_draws_one_card_per_absent_player() -> None:
    state = position(
        [["R9S", "C2W"], ["R2W", "C3W"], ["R3W", "C4W"], []],  # Angelica is out of cards
        deck=["Y8S", "Y7S"],
        leader=PETER,
    )
    assert state.trick_order == [PETER, JOHN, ANDREA]
    play(state, "R9S", "R2W", "R3W")
    assert state.turn == PETER
    assert sorted(state.codes(state.to_place)) == ["R2W", "R3W", "R9S", "Y8S"]
    assert state.codes(state.deck) == ["Y7S"]


def test_example_5_two_absent_players_mean_two_cards() -> None:
    state = position(
        [["R9S", "C2W"], ["R2W", "C3W"], [], []],
        deck=["Y8S", "Y7S", "Y6S"],
        leader=JOHN,
    )
    play(state, "R2W", "R9S")
    assert state.turn == PETER
    assert sorted(state.codes(state.to_place)) == ["R2W", "R9S", "Y7S", "Y8S"]


def test_example_5_a_player_may_play_a_trick_alone() -> None:
    state = position([["R9S", "C2W"], [], []], deck=["Y8S", "Y7S", "Y6S"], leader=JOHN)
    assert state.trick_order == [PETER]
    play(state, "R9S")
    assert sorted(state.codes(state.to_place)) == ["R9S", "Y7S", "Y8S"]
