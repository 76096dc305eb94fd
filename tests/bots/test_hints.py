"""Hints in words: the move the search supports best, never one it shows as worse."""

from __future__ import annotations

import re

from mobtable.bots.hints import describe, hint, interval, ranked
from mobtable.bots.search import ActionStats, Budget
from mobtable.core.narrator import Narrator
from mobtable.games.capo import GAME as CAPO


def _stats(*rows: tuple[str, int, float]) -> list[ActionStats]:
    return [ActionStats(action, visits, win, win) for action, visits, win in rows]


def test_a_higher_share_from_few_games_is_shown_as_noise_not_as_better() -> None:
    """The audit's `d65 23% … next best d60 24%`: the hint names why 24% is not better."""
    stats = ranked(_stats(("few", 90, 0.24), ("many", 1210, 0.23)))
    assert [s.action for s in stats] == ["many", "few"]
    line = describe(stats, {"many": "Put the Sicario down", "few": "Put the Soldato down"}.get)
    assert line.startswith("Put the Sicario down: it won 23% of 1,210 games")
    assert "Put the Soldato down, 24% of 90 (16% to 34%: higher, but too few games" in line


def test_shares_that_read_the_same_are_not_called_higher() -> None:
    stats = ranked(_stats(("many", 227, 0.003), ("few", 80, 0.004)))
    assert "higher" not in describe(stats, str)


def test_the_hint_is_the_best_of_what_it_shows() -> None:
    """A move clearly better on fewer games is the hint; nothing shown beats it surely."""
    stats = ranked(_stats(("a", 900, 0.20), ("b", 300, 0.45), ("c", 50, 0.10)))
    assert stats[0].action == "b"
    best_low = interval(stats[0].win, stats[0].visits)[0]
    assert all(interval(s.win, s.visits)[0] <= best_low for s in stats)
    assert "too few games" not in describe(stats, str)


def test_a_capo_hint_is_in_words() -> None:
    """No card ids or seat codes (`d65`, `s2`): every move by its label."""
    state = CAPO.new_state(CAPO.config(3), seed=4)
    seat = state.pending()[0]
    state.apply(seat, state.legal(seat)[1])  # declare two cards: now the cards to put down
    found = hint(state, seat, seed=1, budget=Budget(iterations=60))
    words = Narrator(CAPO, seat, [], 3)
    line = found.words(lambda action: words.action(state, seat, action))
    assert line.startswith("Put ") and " games the hard bot played out from here" in line
    assert not re.search(r"\b[pdus]\d+\b|\bs-", line)
    assert found.action == found.stats[0].action
