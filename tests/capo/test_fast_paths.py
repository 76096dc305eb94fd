"""The engine's fast paths equal the slow definitions they stand in for.

The card set's tables (net stars, special cards by id), the crew test the
``greedy`` bot remembers per kind of crew and its list of winning crews, the
dealer of a determinization, and the state's own reading of
its sealed step and of the unchecked ``apply`` (``pending``, ``play``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from mobtable.games.capo import GAME
from mobtable.games.capo.assignments import star_total, succeeds, symbols_met, symbols_met_by_id
from mobtable.games.capo.bots import _crew_ok
from mobtable.games.capo.cards import Assignment, Special
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import TonyStars
from mobtable.games.capo.view import _dealer

from .helpers import CARDS


def test_net_stars_is_star_total_of_each_card() -> None:
    assert CARDS.net_stars == tuple(star_total([c]) for c in CARDS.mafiosi)
    assert min(CARDS.net_stars) < 0  # Captain Penny takes off more than she brings


def test_special_ids_are_the_cards_with_that_special() -> None:
    assert CARDS.tony_ids == frozenset(CARDS.with_special(Special.LITTLE_TONY))
    assert CARDS.giulia_ids == frozenset(CARDS.with_special(Special.GIULIA_NAPOLI))
    assert CARDS.mario_ids == frozenset(CARDS.with_special(Special.MARIO_BERETTA))
    assert CARDS.tony_ids and CARDS.giulia_ids and CARDS.mario_ids


def test_the_bots_crew_test_equals_crew_ok_on_random_crews() -> None:
    rng = random.Random(16)
    ids = range(len(CARDS.mafiosi))
    tonies = sorted(CARDS.tony_ids)
    for assignment in CARDS.assignments:
        for limit in (assignment.stars - 1, assignment.stars, assignment.stars + 2):
            test = CrewTest.of(CARDS, assignment, limit, TonyStars.PER_CARD)
            crews = [rng.sample(ids, rng.randint(1, 5)) for _ in range(150)]
            crews += [[*tonies[:2], *rng.sample(ids, 2)] for _ in range(20)]  # two Tonies
            wins = 0
            for crew in crews:
                expected = _crew_ok([CARDS.mafiosi[c] for c in crew], assignment, limit, CARDS)
                assert test(crew) is expected, (assignment.name, limit, crew)
                wins += expected
            assert wins < len(crews)


def test_one_star_in_all_counts_two_tonies_once() -> None:
    """The rules' test honours the option that the bot's own estimate ignores."""
    assignment = max(CARDS.assignments, key=lambda a: a.stars)
    tonies = sorted(CARDS.tony_ids)[:2]
    for rest in combinations(range(len(CARDS.mafiosi)), 2):
        crew = [*tonies, *rest]
        if len(set(crew)) < 4:
            continue
        mafiosi = [CARDS.mafiosi[c] for c in crew]
        stars = star_total(mafiosi)
        limit = stars + 1  # within the limit with one Tony star, over it with two
        per_card = CrewTest.of(CARDS, assignment, limit, TonyStars.PER_CARD)
        once = CrewTest.of(CARDS, assignment, limit, TonyStars.ONCE)
        meets = succeeds(mafiosi, assignment, limit, CARDS.symbols, extra_stars=1)
        if meets:
            assert once(crew) and not per_card(crew)
            return
    raise AssertionError("no crew of two Little Tonies meets the assignment")


def test_the_dealer_hands_out_the_cards_in_order() -> None:
    cards = list(range(10, 30))
    deal = _dealer(cards)
    assert deal(3) == [10, 11, 12]
    assert deal(0) == []
    assert deal(5) == [13, 14, 15, 16, 17]
    assert deal(12) == cards[8:]


def test_symbols_met_by_id_is_symbols_met() -> None:
    rng = random.Random(23)
    ids = range(len(CARDS.mafiosi))
    for _ in range(3000):
        number = rng.randrange(len(CARDS.assignments))
        crew = sorted(rng.sample(ids, rng.randint(1, 6)))
        expected = symbols_met(
            [CARDS.mafiosi[c] for c in crew], CARDS.assignments[number], CARDS.symbols
        )
        assert symbols_met_by_id(CARDS, number, crew) is expected
        assert symbols_met_by_id(CARDS, number, crew) is expected  # remembered


def _random_crew_tests(
    rng: random.Random, n: int, largest_hand: int
) -> Iterator[tuple[Assignment, int, CrewTest, list[int]]]:
    """``n`` random (assignment, star limit, its crew test, a sorted hand)."""
    ids = range(len(CARDS.mafiosi))
    for _ in range(n):
        assignment = rng.choice(CARDS.assignments)
        limit = assignment.stars + rng.choice((-1, 0, 2))
        test = CrewTest.of(CARDS, assignment, limit, TonyStars.PER_CARD)
        yield assignment, limit, test, sorted(rng.sample(ids, rng.randint(1, largest_hand)))


def test_a_hand_that_may_not_complete_holds_no_successful_crew() -> None:
    """Why the bot may skip trying every crew of a hand that ``may_complete`` rules out."""
    rng = random.Random(7)
    ruled_out = 0
    for assignment, limit, test, hand in _random_crew_tests(rng, 400, largest_hand=6):
        least = rng.randint(1, len(hand))
        if test.may_complete((), hand, least, len(hand)):
            continue
        ruled_out += 1
        for size in range(least, len(hand) + 1):
            for crew in combinations(hand, size):
                assert not _crew_ok([CARDS.mafiosi[c] for c in crew], assignment, limit, CARDS)
    assert ruled_out > 50


def test_winners_are_the_successful_crews_in_combinations_order() -> None:
    rng = random.Random(11)
    found = 0
    for _, _, test, hand in _random_crew_tests(rng, 200, largest_hand=7):
        sizes = range(rng.randint(1, len(hand)), len(hand) + 1)
        expected = [crew for size in sizes for crew in combinations(hand, size) if test(crew)]
        assert test.winners(hand, sizes) == expected
        found += bool(expected)
    assert found > 20


def test_pending_is_the_steps_waiting_and_play_the_unchecked_apply() -> None:
    for seed in range(6):
        config = GAME.config(3 + seed % 5)
        applied, played = GAME.new_state(config, seed=seed), GAME.new_state(config, seed=seed)
        rng = random.Random(seed)
        while not applied.is_over():
            assert applied.pending() == applied.step.waiting()
            seat = applied.pending()[0]
            legal = applied.legal(seat)
            action = legal[rng.randrange(len(legal))]
            applied.apply(seat, action, check=False)
            played.play(seat, action)  # type: ignore[attr-defined]
            assert played.history == applied.history
        assert played.fingerprint() == applied.fingerprint()
        assert played.is_over() and played.pending() == ()
