"""Hidden information (K-15): a seat's view depends only on what it may see.

The property tests build a *twin* of a position by relabelling every card the
seat cannot place (other hands, other face-down cards, unseen discards, the
stack) and reshuffling the stacks' hidden orders and the RNG. The twin differs
only in hidden facts, so the seat's view and determinizations must not change.
"""

from __future__ import annotations

import json
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mobtable.games.capo import GAME
from mobtable.games.capo.rules import Phase
from mobtable.games.capo.state import CapoState

from .helpers import Picker, new, play_round, relabelled


def _position(players: int, seed: int, steps: int) -> CapoState:
    state = GAME.new_state(GAME.config(players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        pending = state.pending()
        seat = pending[rng.randrange(len(pending))]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def _card_ids(data) -> set[int]:
    """Every card id in an event's data (under the keys that carry cards)."""
    found: set[int] = set()
    for key, value in data.items():
        if key in ("card", "cards", "face_up"):
            stack = [value]
            while stack:
                item = stack.pop()
                if isinstance(item, int):
                    found.add(item)
                elif isinstance(item, list):
                    stack.extend(item)
    return found


def _json(value) -> str:
    return json.dumps(value, sort_keys=True)


@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(3, 7),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    relabel=st.integers(0, 2**32),
)
def test_K_15_views_ignore_what_the_seat_cannot_see(players, seed, steps, relabel) -> None:
    state = _position(players, seed, steps)
    rng = random.Random(relabel)
    for seat in [*range(players), None]:
        twin = relabelled(state, seat, rng)
        assert _json(twin.view(seat)) == _json(state.view(seat))
        if seat is not None and not state.is_over():
            a = state.determinize(seat, random.Random(relabel))
            b = twin.determinize(seat, random.Random(relabel))
            assert _json(a.fingerprint()) == _json(b.fingerprint())


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_K_15_determinization_keeps_what_the_seat_knows(players, seed, steps) -> None:
    state = _position(players, seed, steps)
    assume(not state.is_over())
    for seat in range(players):
        sample = state.determinize(seat, random.Random(seed))
        assert sample.hands[seat] == state.hands[seat]
        assert sample.face_up == state.face_up
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        everywhere = [*sample.stack, *sample.discard, *sample.box]
        for p in range(players):
            everywhere += sample.hands[p] + sample.table[p]
        assert sorted(everywhere) == list(range(70))
        assert sample.origin.seed is None
        for other in sample.step.choices:
            assert other == seat


def test_K_15_unsuspected_cards_never_reach_another_seat() -> None:
    """Over whole random games, an unsuspected player's face-down cards stay his."""
    for seed in range(12):
        state = GAME.new_state(GAME.config(3 + seed % 5), seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[rng.randrange(len(state.pending()))]
            before = state.clone()
            mark = len(state.events)
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            if before.phase is not Phase.SUSPECT or state.last_round is before.last_round:
                continue
            last = state.last_round
            for p in range(state.players):
                if last["suspected"][p]:
                    continue
                secret = set(before.table[p]) - set(before.face_up[p]) - set(last["giulia_shown"])
                for q in [*(q for q in range(state.players) if q != p), None]:
                    # a reshuffle during the refill may legitimately deal one to q
                    hidden = secret - (set() if q is None else set(state.hands[q]))
                    assert not hidden & {int(c) for c in state.view(q)["cards"]}
                    for event in state.events_for(q, mark):
                        shown = _card_ids(event.data)
                        assert not hidden & shown, event


def test_K_15_a_seat_sees_its_own_cards_and_the_revealed_ones() -> None:
    pick = Picker()
    honest = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
    hands = [honest + pick.fillers(3), pick.fillers(5), pick.fillers(5)]
    state = new(hands)
    view = state.view(0)
    assert view["hand"] == sorted(hands[0])
    assert state.view(1)["hand"] == sorted(hands[1])
    assert state.view(None)["hand"] is None and state.view(None)["me"] is None
    assert not set(hands[0]) & {int(c) for c in state.view(1)["cards"]}
    play_round(state, {0: honest, 1: hands[1][:1], 2: hands[2][:1]}, suspicions={1: 0})
    assert state.view(2)["last_round"]["revealed"][0] == sorted(honest)
    assert set(honest) <= set(state.view(None)["discard"]["seen"])
