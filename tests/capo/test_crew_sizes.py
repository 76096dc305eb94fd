"""K-23: how many cards a seat plays stays sealed until every seat has played.

The last seat to commit (the person in the browser, whose bots commit at once,
or the highest seat of ``simulate``) must choose its crew knowing no more than
the first: the order of commits changes nothing a seat sees before its own.
Option ``crew_sizes = open`` keeps each card seen to go down as it is placed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import permutations

import pytest

from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Declare, Place
from mobtable.games.capo.rules import Phase
from mobtable.games.capo.state import CapoState

from .helpers import Picker, new, play

OPEN = {"crew_sizes": "open"}
PLAYERS = 4


def _table(options: dict[str, str] | None = None) -> tuple[CapoState, list[list[int]]]:
    pick = Picker()
    hands = [pick.fillers(5) for _ in range(PLAYERS)]
    return new(hands, options=options), hands


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def _seen(state: CapoState, seat: int, since: int) -> str:
    """All a seat sees: its view, its legal actions and the events it was shown."""
    seen = {
        "view": state.view(seat),
        "legal": [str(a) for a in state.legal(seat)],
        "events": [e.to_json() for e in state.events_for(seat, since)],
    }
    return _json(seen)


def _before_own_commit(
    options: dict[str, str] | None,
    watcher: int,
    order: Sequence[int],
    sizes: Sequence[int],
) -> tuple[str, str]:
    """What ``watcher`` sees when its turn to play comes after ``order`` has played.

    Returns what it sees right after the others' commits and, for the same
    table, what it sees had it been first (before anyone played).
    """
    state, hands = _table(options)
    first = _seen(state, watcher, 0)
    mark = len(state.events)
    for seat in order:
        play(state, seat, hands[seat][: sizes[seat]])
    # who has committed is public (K-14); compare everything else
    view = json.loads(_seen(state, watcher, mark))
    view["view"]["step"] = None
    view["events"] = [e for e in view["events"] if e["kind"] != "committed"]
    fresh = json.loads(first)
    fresh["view"]["step"] = None
    fresh["events"] = []
    return _json(view), _json(fresh)


def test_K_23_crew_sizes_are_sealed_by_default_with_an_open_option() -> None:
    assert GAME.config(PLAYERS).option("crew_sizes") == "sealed"
    option = next(o for o in GAME.options if o.name == "crew_sizes")
    assert option.choices == ("sealed", "open") and "K-23" in option.description
    assert GAME.config(PLAYERS, options=OPEN).option("crew_sizes") == "open"


@pytest.mark.parametrize("watcher", range(PLAYERS))
def test_K_23_the_order_of_commits_changes_nothing_a_seat_sees_before_its_own(
    watcher: int,
) -> None:
    """Whoever played before, in whatever order and with whatever crews, the
    watcher sees exactly what it saw when nobody had played (but who has)."""
    others = [s for s in range(PLAYERS) if s != watcher]
    seen = set()
    for k, order in enumerate(permutations(others)):
        sizes = [1 + (k + s) % 5 for s in range(PLAYERS)]
        for count in range(len(order) + 1):
            after, fresh = _before_own_commit(None, watcher, order[:count], sizes)
            seen.update((after, fresh))
    assert len(seen) == 1


def test_K_23_open_placement_shows_the_sizes_to_whoever_plays_last() -> None:
    """The option keeps the earlier reading: the last seat sees the others' sizes."""
    after_small, fresh = _before_own_commit(OPEN, 3, (0, 1, 2), [1, 1, 1, 1])
    after_large, _ = _before_own_commit(OPEN, 3, (0, 1, 2), [4, 2, 3, 1])
    assert len({after_small, after_large, fresh}) == 3
    state, hands = _table(OPEN)
    play(state, 0, hands[0][:2])
    state.apply(1, Declare(3))
    state.apply(1, Place(hands[1][4]))
    view = state.view(2)
    assert [view["table"][s]["played"] for s in range(PLAYERS)] == [2, 1, 0, 0]
    assert view["hand_sizes"] == [3, 4, 5, 5]
    assert [e.data["count"] for e in state.events_for(2, 0) if e.kind == "face-down"] == [1, 2, 1]


def test_K_23_sizes_show_once_every_seat_has_played() -> None:
    state, hands = _table()
    sizes = [1, 3, 2, 4]
    for seat in range(PLAYERS):
        assert state.view(None)["table"][seat]["played"] is None
        play(state, seat, hands[seat][: sizes[seat]])
        own = state.view(seat)
        assert own["table"][seat]["played"] == sizes[seat]
        assert own["hand_sizes"][seat] == 5 - sizes[seat]
    assert state.phase is Phase.TURN
    for watcher in (*range(PLAYERS), None):
        view = state.view(watcher)
        assert [view["table"][s]["played"] for s in range(PLAYERS)] == sizes
        assert view["hand_sizes"] == [5 - n for n in sizes]
    assert not [e for e in state.events if e.kind == "face-down"]


def test_K_23_a_sample_chooses_every_other_crew_afresh() -> None:
    """A sealed crew of another seat is neither seen nor used by determinize."""
    samples = set()
    for sizes in ([1, 2, 1, 1], [4, 3, 5, 2]):  # seat 1 stays in progress
        state, hands = _table()
        play(state, 0, hands[0][: sizes[0]])
        state.apply(1, Declare(sizes[1]))
        state.apply(1, Place(hands[1][0]))
        play(state, 3, hands[3][: sizes[3]])
        watcher = 2
        sample = state.determinize(watcher, random.Random(5))
        assert _json(sample.view(watcher)) == _json(state.view(watcher))
        assert sample.pending() == (0, 1, 2, 3)
        assert sample.declared == {} and sample.picked == {}
        for seat in (0, 1, 3):  # each seat owes its whole crew again, count first
            assert list(sample.legal(seat)) == [Declare(n) for n in range(1, 6)]
            own = sample.view(seat)  # as a search's guide asks it
            assert own["table"][seat]["played"] == 0 and own["me"]["declared"] is None
        samples.add(_json(sample.fingerprint()))
    assert len(samples) == 1


def test_K_23_the_own_crew_in_progress_survives_a_sample() -> None:
    state, hands = _table()
    state.apply(2, Declare(3))
    state.apply(2, Place(hands[2][1]))
    play(state, 0, hands[0][:4])
    sample = state.determinize(2, random.Random(1))
    assert sample.declared == {2: 3} and sample.picked == {2: [hands[2][1]]}
    assert _json(sample.view(2)) == _json(state.view(2))
    while not sample.is_over() and sample.phase is Phase.PLAY:
        seat = sample.pending()[0]
        sample.apply(seat, sample.legal(seat)[0])
    assert len(sample.table[2]) == 3 and hands[2][1] in sample.table[2]
