"""Capo's rollout policy for the search: legal, and it suspects failing crews."""

from __future__ import annotations

import random

import pytest

from mobtable.games.capo import GAME
from mobtable.games.capo.actions import SUSPECT_NOBODY, Suspect
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.playout import LOOKS, as_seen, looks, playout, playout_as_seen
from mobtable.games.capo.rules import Phase
from mobtable.games.capo.state import CapoState

_SUSPICIONS: dict[int, list[tuple[int, Suspect, list[int]]]] = {}
"""Each recorded state's suspicions, by the state's id (a state has no room of its own)."""


class _Recorded(CapoState):
    """Checks every action is legal and keeps the suspicions with the crews they judged."""

    __slots__ = ()  # a state's own layout, so that a state can become one

    @property
    def suspicions(self) -> list[tuple[int, Suspect, list[int]]]:
        return _SUSPICIONS[id(self)]

    def play(self, seat, action):  # type: ignore[no-untyped-def]
        """The playout's every action comes through here (the unchecked ``apply``)."""
        assert action in self.legal(seat), f"{action} is not legal for seat {seat}"
        if self.phase is Phase.SUSPECT:
            test = CrewTest(self)
            failing = [p for p in range(self.players) if not test(self.table[p])]
            self.suspicions.append((seat, action, failing))
        super().play(seat, action)


def _recorded(players: int, seed: int) -> _Recorded:
    state = GAME.new_state(GAME.config(players), seed=seed)
    state.__class__ = _Recorded
    _SUSPICIONS[id(state)] = []
    return state  # type: ignore[return-value]


@pytest.mark.parametrize("seed", range(6))
def test_playout_plays_only_legal_actions_to_the_end(seed: int) -> None:
    state = _recorded(3 + seed % 5, seed)
    playout(state, random.Random(seed))
    assert state.is_over()


def test_without_noise_suspicions_point_at_failing_crews_only() -> None:
    state = _recorded(5, 4)
    playout(state, random.Random(1), noise=0.0)
    assert len(state.suspicions) >= 10
    accused = 0
    for seat, action, failing in state.suspicions:
        others = [p for p in failing if p != seat]
        if others:
            assert action.target in others
            accused += 1
        else:
            assert action == SUSPECT_NOBODY
    assert accused > 0


def test_playout_stops_at_the_given_progress_and_is_reproducible() -> None:
    finals = []
    for _ in range(2):
        state = GAME.new_state(GAME.config(5), seed=9)
        playout(state, random.Random(3), lambda s: s.round, 3)
        assert state.round == 3 and not state.is_over()
        finals.append((state.respect, state.hands))
    assert finals[0] == finals[1]


def _at_suspicions(players: int, seed: int) -> CapoState:
    """A table at its first suspicion step, crews and turn-ups played at random."""
    state = GAME.new_state(GAME.config(players), seed=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.SUSPECT:
        seat = state.pending()[0]
        actions = state.legal(seat)
        state.play(seat, actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("seed", range(6))
def test_the_playout_as_seen_plays_only_legal_actions_to_the_end(seed: int) -> None:
    state = _recorded(3 + seed % 5, seed)
    playout_as_seen(state, random.Random(seed))
    assert state.is_over()


def test_suspicions_as_seen_read_only_what_everyone_sees() -> None:
    """Two tables that differ only in a crew's face-down cards draw the same suspicions."""
    state = _at_suspicions(5, 3)
    crew = next(p for p in range(5) if len(state.table[p]) > len(state.face_up[p]))
    hidden = [c for c in state.table[crew] if c not in state.face_up[crew]]
    other = state.sample_copy()
    other.table = [list(t) for t in state.table]
    other.hands = [list(h) for h in state.hands]
    r = CrewTest(state).round
    holder, spot = next(  # a card that serves the job otherwise takes a face-down place
        (p, i)
        for p in range(5)
        for i, c in enumerate(other.hands[p])
        if (r.useful[c], r.net[c]) != (r.useful[hidden[0]], r.net[hidden[0]])
    )
    swap_in = other.hands[holder][spot]
    other.hands[holder][spot] = hidden[0]
    other.table[crew] = sorted([swap_in, *[c for c in other.table[crew] if c != hidden[0]]])
    drawn = []
    for table in (state, other):
        rng = random.Random(7)
        choose = as_seen()(table, rng.random)
        drawn.append([choose(seat) for seat in range(5) for _ in range(20)])
    assert drawn[0] == drawn[1]


def test_suspicions_as_seen_follow_how_a_crew_looks() -> None:
    """A weight that pulls suspicions onto lone cards sends them there; with no pull at all
    nobody (weight 1 against each crew's e^0 = 1) is as likely as any crew."""
    state = _at_suspicions(5, 1)
    lone = [p for p in range(5) if len(state.table[p]) == 1]
    rng = random.Random(2)
    only_lone = as_seen((0.0, 0.0, 30.0, 0.0, 0.0, 0.0))(state, rng.random)
    assert lone, "the table has a lone-card crew"
    seat = next(p for p in range(5) if p not in lone)
    assert {only_lone(seat).target for _ in range(50)} <= set(lone)
    flat = as_seen((0.0,) * len(LOOKS))(state, rng.random)
    nobody = sum(flat(0) == SUSPECT_NOBODY for _ in range(2000))
    assert 300 < nobody < 500  # 1 in 5


def test_looks_count_what_the_face_up_cards_show() -> None:
    state = _at_suspicions(4, 5)
    test = CrewTest(state)
    for p in range(4):
        crew, up = state.table[p], state.face_up[p]
        constant, size, lone, down, short, over = looks(test, crew, up)
        assert (constant, size, lone, down) == (
            1.0,
            len(crew),
            float(len(crew) == 1),
            len(crew) - len(up),
        )
        assert short == test.round.needed - sum(test.round.useful[c] for c in up)
        assert over == sum(test.round.net[c] for c in up) - test.limit
