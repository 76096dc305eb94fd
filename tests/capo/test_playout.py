"""Capo's rollout policy for the search: legal, and it suspects failing crews."""

from __future__ import annotations

import random

import pytest

from mobtable.games.capo import GAME
from mobtable.games.capo.actions import SUSPECT_NOBODY, Suspect
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.playout import playout
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
