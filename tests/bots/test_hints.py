"""Hints in words: the move the search supports best, never one it shows as worse."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from conformance.helpers import as_json
from mobtable.bots.base import Decision
from mobtable.bots.hints import (
    HINT_LEVEL,
    HINT_SECONDS,
    describe,
    hint,
    hint_level,
    hint_seed,
    interval,
    ranked,
)
from mobtable.bots.levels import EasyBot, ExpertBot, MediumBot
from mobtable.bots.search import ActionStats, Budget, ISMCTSBot
from mobtable.core import State
from mobtable.core.narrator import Narrator
from mobtable.games.capo import GAME as CAPO
from mobtable.games.gangsta import GAME as GANGSTA


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
    assert line.startswith("Put ") and " games the expert bot played out from here" in line
    assert not re.search(r"\b[pdus]\d+\b|\bs-", line)
    assert found.action == found.stats[0].action


def test_hints_use_the_strongest_search_level_that_thinks_within_their_time() -> None:
    """``expert`` (hard's time cap, 0.9 s) fits a 1 s hint; a shorter budget falls back."""
    assert HINT_LEVEL is ExpertBot and HINT_SECONDS == 1.0
    assert HINT_LEVEL.budget.seconds is not None and HINT_LEVEL.budget.seconds <= HINT_SECONDS
    assert hint_level(0.5) is MediumBot
    assert hint_level(5.0) is ExpertBot
    with pytest.raises(ValueError, match="no search level"):
        hint_level(0.1)


def test_a_hint_is_searched_by_the_chosen_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's bot is an ``ExpertBot`` seeded with the seed given, searching the seat's
    own decision; its words name the level."""
    searched: list[tuple[type, Decision]] = []
    real = ISMCTSBot.search

    def spy(bot: ISMCTSBot, decision: Decision) -> Any:
        searched.append((type(bot), decision))
        return real(bot, decision)

    monkeypatch.setattr(ISMCTSBot, "search", spy)
    state = GANGSTA.new_state(GANGSTA.config(4), seed=3)
    seat = state.pending()[0]
    found = hint(state, seat, seed=hint_seed(state, seat), budget=Budget(iterations=40))
    [(kind, decision)] = searched
    assert kind is ExpertBot and decision.seat == seat
    assert found.level == "expert"
    if found.searched:
        assert " games the expert bot played out from here" in found.line


def _gangsta_mid_game(seed: int) -> State:
    """A Gangsta table a few tricks in (played by ``easy``), seat to move owing a choice."""
    state = GANGSTA.new_state(GANGSTA.config(4), seed=seed)
    bot = EasyBot(seed=seed)
    while len(state.history) < 30 or len(state.legal(state.pending()[0])) < 2:
        seat = state.pending()[0]
        state.apply(seat, bot.choose(Decision(state, seat)))
    return state


def test_the_same_view_gets_the_same_hint_from_the_expert_search() -> None:
    """Two tables the seat cannot tell apart (the others' hands dealt anew, the same public
    plays, which the opponent model reads): the same seed, the same statistics."""
    state = _gangsta_mid_game(5)
    seat = state.pending()[0]
    twin = state.determinize(seat, random.Random(9))
    twin.history = list(state.history)  # the same public log (as tests/bots/test_belief.py)
    assert as_json(twin.view(seat)) == as_json(state.view(seat))
    assert twin.fingerprint() != state.fingerprint()
    assert hint_seed(twin, seat) == hint_seed(state, seat)
    budget = Budget(iterations=80)
    one = hint(state, seat, seed=hint_seed(state, seat), budget=budget)
    two = hint(twin, seat, seed=hint_seed(twin, seat), budget=budget)
    assert one.stats == two.stats and one.line == two.line
