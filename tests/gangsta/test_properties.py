"""Property tests: random legal play keeps Gangsta's invariants and secrets."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable.games.gangsta.grid import CELL_NAMES, EMPTY
from mobtable.games.gangsta.state import GangstaState

from .helpers import GAME

CODE = re.compile(r'"([YICR][2-9][SW])"')

tables = st.tuples(
    st.integers(min_value=3, max_value=6),
    st.sampled_from([(), ("reveal-one",), ("reveal-two",)]),
    st.integers(min_value=0, max_value=2**32),
)


def _zones(state: GangstaState) -> list[int]:
    cards = [state.trump, *state.deck, *state.box, *state.discard, *state.to_place]
    cards += [*state.revealed, *(c for c in state.grid if c != EMPTY)]
    cards += [c for h in state.hands for c in h]
    cards += [c for _, ids in state.trick for c in ids]
    return cards


def _games(players: int, variants: tuple[str, ...], seed: int):  # type: ignore[no-untyped-def]
    state = GAME.new_state(GAME.config(players, variants=variants), seed=seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        legal = state.legal(state.turn)
        state.apply(state.turn, legal[rng.randrange(len(legal))])
        yield state


def test_a_views_grid_is_the_grid_now_and_a_copys_its_own() -> None:
    """A view's grid is made once each time the grid changes (``grid_shown``) and shared by
    views and copies until then: after every placement and raid it shows the grid as it
    is, and a copy made before a step goes on showing the grid it had."""
    raids = 0
    for seed in range(12):
        before: tuple[GangstaState, dict[str, str]] | None = None
        for state in _games(3 + seed % 4, (), seed):
            shown = state.view(None)["grid"]
            grid = {CELL_NAMES[i]: state.code(c) for i, c in enumerate(state.grid) if c != EMPTY}
            assert shown == grid
            assert state.view(seed % 3)["grid"] is shown
            if before is not None:
                copy, then = before
                assert copy.view(0)["grid"] == then
            before = (state.clone(), grid)
            raids += state.last_raid is not None and state.phase.value == "place"
        filled = next(i for i, c in enumerate(state.grid) if c != EMPTY)
        assert CELL_NAMES[filled] in state.view(None)["grid"]
        state.take([filled])  # as a raid does (a raid's own view comes after a placement)
        assert CELL_NAMES[filled] not in state.view(None)["grid"]
    assert raids


@settings(max_examples=40, deadline=None)
@given(tables)
def test_every_card_is_always_in_exactly_one_place(table: tuple[int, tuple[str, ...], int]) -> None:
    for state in _games(*table):
        cards = _zones(state)
        assert sorted(cards) == list(range(64))


@settings(max_examples=40, deadline=None)
@given(tables)
def test_scores_never_decrease_and_hands_never_grow(
    table: tuple[int, tuple[str, ...], int],
) -> None:
    previous_scores: list[int] | None = None
    previous_sizes: list[int] | None = None
    for state in _games(*table):
        sizes = [len(h) for h in state.hands]
        if previous_scores is not None and previous_sizes is not None:
            assert all(a >= b for a, b in zip(state.scores, previous_scores, strict=True))
            assert all(a <= b for a, b in zip(sizes, previous_sizes, strict=True))
        previous_scores, previous_sizes = list(state.scores), sizes
    assert state.is_over() and all(not h for h in state.hands)


def _plays_by_the_rules(state: GangstaState, seat: int) -> set[str]:
    """G-07/G-08 read directly: every single and pair, tested one by one (no bisection)."""
    cards, hand, trick = state.cards.cards, state.hands[seat], state.trick
    if not trick:
        return {cards[c].code for c in hand}
    led = cards[trick[0][1][0]].mafia
    follow = [c for c in hand if cards[c].mafia == led]
    if not follow:
        return {cards[c].code for c in hand}
    mafia_of, trump = state.cards.mafia, state.cards.mafia[state.trump]
    plays = trick
    if state.contenders_only:
        target = trump if any(mafia_of[ids[0]] == trump for _, ids in trick) else led
        plays = [p for p in trick if mafia_of[p[1][0]] == target]
    bar = max((sum(cards[c].value for c in ids) for _, ids in plays), default=0)
    pairs = {
        f"{cards[a].code}+{cards[b].code}"
        for a in follow
        for b in follow
        if a < b and cards[a].group == cards[b].group and cards[a].value + cards[b].value > bar
    }
    return {cards[c].code for c in follow} | pairs


@settings(max_examples=40, deadline=None)
@given(tables, st.sampled_from(["all", "contenders"]))
def test_the_plays_offered_are_exactly_the_rules_plays(
    table: tuple[int, tuple[str, ...], int], pair_must_beat: str
) -> None:
    players, variants, seed = table
    config = GAME.config(players, variants=variants, options={"pair_must_beat": pair_must_beat})
    state = GAME.new_state(config, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        assert all(h == sorted(h) for h in state.hands)  # what the quick rules rely on
        legal = state.legal(state.turn)
        if state.phase.value == "play":
            offered = [str(a) for a in legal]
            assert len(offered) == len(set(offered))
            assert set(offered) == _plays_by_the_rules(state, state.turn)
        state.apply(state.turn, legal[rng.randrange(len(legal))])


@settings(max_examples=30, deadline=None)
@given(tables)
def test_known_voids_are_true(table: tuple[int, tuple[str, ...], int]) -> None:
    """A seat marked void in a mafia really holds none of it, for the rest of the game."""
    for state in _games(*table):
        for seat, hand in enumerate(state.hands):
            assert not any(state.voids[seat] >> state.cards.mafia[c] & 1 for c in hand)


def _may_know(state: GangstaState, seat: int | None) -> set[str]:
    public = {state.trump, *state.box, *state.discard, *state.to_place, *state.revealed}
    public |= {c for c in state.grid if c != EMPTY}
    public |= {c for _, ids in state.trick for c in ids}
    if state.last_trick:
        public |= {c for _, ids in state.last_trick.fact[1] for c in ids}
    if state.last_raid:
        public |= set(state.last_raid.fact[2])
    if seat is not None:
        public |= set(state.hands[seat]) | set(state.redrew.get(seat, ()))
    return set(state.codes(sorted(public)))


@settings(max_examples=30, deadline=None)
@given(tables)
def test_a_view_names_only_cards_its_seat_may_know(table: tuple[int, tuple[str, ...], int]) -> None:
    """No other hand, no deck card, no other seat's redraw discards — ever."""
    for state in _games(*table):
        for seat in [None, *range(state.players)]:
            text = json.dumps(state.view(seat))
            named = set(CODE.findall(text))
            assert named <= _may_know(state, seat), (seat, named - _may_know(state, seat))
            # A seat knows the cards it put back in a redraw even if another hand drew them.
            own_discards = (
                set(state.codes(state.redrew.get(seat, ()))) if seat is not None else set()
            )
            for other in range(state.players):
                if other != seat:
                    assert not set(state.codes(state.hands[other])) & (named - own_discards)
            assert "seed" not in text and "rng" not in text


@settings(max_examples=20, deadline=None)
@given(tables)
def test_public_events_never_name_a_hidden_card(table: tuple[int, tuple[str, ...], int]) -> None:
    *_, state = _games(*table)
    ever_public: set[str] = {state.code(state.trump)}
    for event in state.events:
        if event.kind in {"play", "center-card", "opened", "extra-cards", "place", "raid", "pick"}:
            ever_public |= set(re.findall(r"[YICR][2-9][SW]", event.text))
    for event in state.events:
        if event.to is None:
            assert set(re.findall(r"[YICR][2-9][SW]", event.text)) <= ever_public
        else:
            assert event.kind == "redraw-private" and len(event.to) == 1
