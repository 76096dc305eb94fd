"""Explicit setups: exact positions, and clear refusals of inconsistent ones."""

from __future__ import annotations

import pytest

from mobtable.core import BadSetup
from mobtable.games.capo import GAME
from mobtable.games.capo.cards import Effect

from .helpers import Picker, assignment, event, new


def _hands(players: int = 3) -> list[list[int]]:
    pick = Picker()
    return [pick.fillers(5) for _ in range(players)]


def test_a_setup_is_laid_out_exactly() -> None:
    hands = _hands()
    rest = [c for c in range(70) if c not in {x for h in hands for x in h}]
    stack = list(reversed(rest[:40]))
    first = assignment("Bank job")
    state = GAME.new_state(
        GAME.config(3),
        setup={
            "hands": hands,
            "stack": stack,
            "discard": rest[40:],
            "assignments": [first, assignment("Car bomb")],
            "events": [event(Effect.OMERTA)],
            "respect": [1, 2, 3],
            "counter": 2,
        },
    )
    assert state.hands == [sorted(h) for h in hands]
    assert state.stack == stack and state.discard == sorted(rest[40:])
    assert state.assignment == first and state.assignment_stack[0] == assignment("Car bomb")
    assert state.event == event(Effect.OMERTA)  # Car bomb shows an envelope on its back
    assert state.respect == [1, 2, 3] and state.counter == 2
    # nobody knows what lies in a setup's discard pile
    assert all(state.view(s)["discard"]["seen"] == [] for s in range(3))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(colour="red"), "unknown keys"),
        (lambda s: s.update(hands=s["hands"][:2]), "3 hands"),
        (lambda s: s["hands"][0].__setitem__(0, s["hands"][1][0]), "already elsewhere"),
        (lambda s: s["hands"][0].append(99), "not a card id"),
        (lambda s: s["hands"][0].append(s["hands"][0][0]), "twice"),
        (lambda s: s.update(stack=[0, 1]), "stack"),
        (lambda s: s.update(respect=[3, -1, 3]), "respect"),
        (lambda s: s.update(counter=3), "counter"),
        (lambda s: s.update(assignments=[40]), "assignments"),
        (lambda s: s.update(discard=[s["hands"][2][0]]), "already elsewhere"),
        (lambda s: s["hands"][0].extend([60, 61]), "1 to 5"),
    ],
)
def test_bad_setups_are_refused(change, message) -> None:
    setup = {"hands": _hands()}
    change(setup)
    with pytest.raises(BadSetup, match=message):
        GAME.new_state(GAME.config(3), setup=setup)


def test_first_game_setup_refuses_events() -> None:
    with pytest.raises(BadSetup, match="not in play"):
        new(_hands(), variants=["first-game"], events=[event(Effect.SIT_DOWN)])
