"""The precomputed conditions (card bitmasks per dice setting and per seat) agree with the
card-by-card rules they replace, for every card, seat and option."""

from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable.games.cosca import mobsters
from mobtable.games.cosca.actions import dice_settings
from mobtable.games.cosca.cards import CardFacts, builtin_mobsters, facts_of

from .helpers import GAME

SETTINGS = st.integers(1, 9).flatmap(lambda n: st.sampled_from(dice_settings(n)))
TABLES = st.integers(2, 5).flatmap(
    lambda n: st.tuples(
        st.lists(st.one_of(st.none(), SETTINGS), min_size=n, max_size=n),
        st.lists(st.integers(0, 12), min_size=n, max_size=n),
        st.lists(st.integers(0, 12), min_size=n, max_size=n),
        st.sampled_from(["shared", "strict"]),
        st.sampled_from(["multiset", "symbols"]),
    )
)


@settings(max_examples=300, deadline=None)
@given(TABLES)
def test_cards_met_is_qualifies_for_every_card_and_seat(table) -> None:
    dice, money, weapons, ties, henrietta = table
    config = GAME.config(len(dice), options={"resource_ties": ties, "henrietta": henrietta})
    state = GAME.new_state(config, seed=1)
    state.settings = [None if s is None else s.counts for s in dice]
    state.money, state.weapons = money, weapons
    for after_city in (False, True):
        met = mobsters.cards_met(state, after_city=after_city)
        for seat in range(len(dice)):
            for card, mobster in enumerate(state.cards):
                expected = mobster.after_city is after_city and mobsters.qualifies(
                    state, mobster, seat
                )
                assert bool(met[seat] >> card & 1) is expected, (mobster.name, seat, after_city)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), SETTINGS), min_size=2, max_size=5), st.booleans())
def test_matching_seats_is_matches_three_for_every_seat(dice, symbols: bool) -> None:
    settings_ = [None if s is None else s.counts for s in dice]
    facts = facts_of(builtin_mobsters())
    mask = mobsters.matching_seats(facts, settings_, symbols=symbols)
    for seat in range(len(dice)):
        expected = mobsters.matches_three(seat, settings_, symbols=symbols)
        assert bool(mask >> seat & 1) is expected


def test_card_facts_are_made_once_per_card_set_and_pickle_as_it() -> None:
    cards = builtin_mobsters()
    facts = facts_of(cards)
    assert facts_of(cards) is facts
    assert facts.after_city == facts.fewest_money | facts.most_weapons | facts.equal
    every = facts.dice | facts.match3 | facts.after_city
    assert every == (1 << len(cards)) - 1  # each card in exactly one class
    assert facts.dice & facts.match3 == 0 and (facts.dice | facts.match3) & facts.after_city == 0
    copy = pickle.loads(pickle.dumps(facts))
    assert isinstance(copy, CardFacts) and copy.cards == cards and copy.works == facts.works
    other = tuple(cards)[::-1]
    assert facts_of(other).cards is other  # another set (equal or not) gets its own facts
