"""The conformance suite: every registered game honours the core contract.

These properties hold for any game, so they run over every entry of
``mobtable.games`` (and the toy sealed-bid game of the test suite).
"""

from __future__ import annotations

import json
import random

import pytest

from mobtable import games
from mobtable.core import (
    Action,
    Config,
    Game,
    IllegalAction,
    InvalidNotation,
    MobtableError,
    NotYourTurn,
    State,
)
from mobtable.core import record as records

from .helpers import all_game_names, as_json, configs, play_out, positions, random_step

GAMES = all_game_names()
SEEDS = [1, 2, 3]


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest):
    return games.get(request.param)


def test_random_play_terminates_with_a_well_formed_result(game) -> None:
    for config in configs(game):
        for seed in SEEDS:
            state = game.new_state(config, seed=seed)
            play_out(state, random.Random(seed))
            assert state.pending() == ()
            assert all(len(state.legal(s)) == 0 for s in range(config.players))
            result = state.result()
            n = config.players
            assert len(result.scores) == len(result.ranks) == n
            assert all(1 <= r <= n for r in result.ranks)
            assert result.winners and set(result.winners) == {
                s for s in range(n) if result.ranks[s] == 1
            }
            for a in range(n):
                for b in range(n):
                    if result.scores[a] > result.scores[b]:
                        assert result.ranks[a] < result.ranks[b]


def test_result_before_the_end_is_refused(game) -> None:
    state = game.new_state(next(configs(game)), seed=5)
    with pytest.raises(IllegalAction):
        state.result()


def test_same_seed_same_game(game) -> None:
    config = next(configs(game))
    a, b = game.new_state(config, seed=11), game.new_state(config, seed=11)
    play_out(a, random.Random(3))
    play_out(b, random.Random(3))
    assert records.to_record(a) == records.to_record(b)
    assert as_json(a.fingerprint()) == as_json(b.fingerprint())


def test_clone_is_independent(game) -> None:
    for state in positions(game, next(configs(game)), seed=21):
        if state.is_over():
            continue
        before = as_json(state.fingerprint())
        copy = state.clone()
        assert as_json(copy.fingerprint()) == before
        play_out(copy, random.Random(0))
        assert as_json(state.fingerprint()) == before


def test_record_round_trip(game) -> None:
    for config in configs(game):
        state = game.new_state(config, seed=31)
        play_out(state, random.Random(31))
        record = json.loads(json.dumps(records.to_record(state)))
        replayed = records.check(record)
        assert as_json(replayed.fingerprint()) == as_json(state.fingerprint())
        assert replayed.result() == state.result()


def test_tampered_record_is_refused(game) -> None:
    state = game.new_state(next(configs(game)), seed=41)
    play_out(state, random.Random(41))
    record = records.to_record(state)
    bad_result = dict(record, result=dict(record["result"], winners=[99]))
    with pytest.raises(MobtableError):
        records.check(bad_result)
    bad_action = dict(record, actions=[*record["actions"][:3], [0, "no-such-move"]])
    with pytest.raises(MobtableError, match="action #3"):
        records.replay(bad_action)


def test_illegal_action_changes_nothing(game) -> None:
    config = next(configs(game))
    size = game.num_actions(config)
    for state in positions(game, config, seed=51, every=5):
        if state.is_over():
            continue
        before = as_json(state.fingerprint())
        seat = state.pending()[0]
        legal = set(state.legal(seat))
        rng = random.Random(len(state.history))
        illegal = [
            a
            for a in (named(game, rng.randrange(size), config, state, seat) for _ in range(50))
            if a is not None and a not in legal
        ]
        assert illegal or len(legal) == size
        for action in illegal[:5]:
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
            assert as_json(state.fingerprint()) == before
        idle = [s for s in range(config.players) if s not in state.pending()]
        if idle:
            with pytest.raises(NotYourTurn):
                state.apply(idle[0], next(iter(legal)))
            assert as_json(state.fingerprint()) == before


def named(game: Game, index: int, config: Config, state: State, seat: int) -> Action | None:
    """The action ``index`` names for ``seat`` at ``state`` (``None``: a choice whose meaning
    needs a position that cannot make it, as a Gangsta redraw of cards not in the hand)."""
    try:
        return game.action_from_index(index, config, state, seat)
    except InvalidNotation:
        return None


def test_notation_and_index_round_trip(game) -> None:
    """Notation and integers name each legal action, and no two legal actions of one
    position share an integer."""
    config = next(configs(game))
    size = game.num_actions(config)
    for state in positions(game, config, seed=61, every=3):
        for seat in state.pending():
            legal = list(state.legal(seat))
            indices = [game.action_index(action, config) for action in legal]
            assert len(set(indices)) == len(legal)
            for action, index in zip(legal, indices, strict=True):
                assert game.parse_action(str(action), config) == action
                assert 0 <= index < size
                assert game.action_from_index(index, config, state, seat) == action


def test_views_are_json_and_survive_determinization(game) -> None:
    config = next(configs(game))
    for state in positions(game, config, seed=71):
        for seat in range(config.players):
            view = state.view(seat)
            json.dumps(view)
            if state.is_over():
                continue
            sample = state.determinize(seat, random.Random(seat))
            assert as_json(sample.view(seat)) == as_json(view)
            for s in sample.pending():
                assert sample.legal(s)
        json.dumps(state.view(None))


def test_determinization_depends_only_on_the_view(game) -> None:
    """Two states giving a seat the same view give it the same samples."""
    config = next(configs(game))
    for state in positions(game, config, seed=81):
        if state.is_over():
            continue
        for seat in range(config.players):
            twin = state.determinize(seat, random.Random(1000 + seat))
            a = state.determinize(seat, random.Random(5))
            b = twin.determinize(seat, random.Random(5))
            assert as_json(a.fingerprint()) == as_json(b.fingerprint())


def test_determinized_games_play_to_the_end(game) -> None:
    """A sample is a game of its own: it ends with a result and leaves the original alone."""
    config = next(configs(game))
    played = 0
    for state in positions(game, config, seed=91, every=11):
        if state.is_over():
            continue
        before = as_json(state.fingerprint())
        seat = state.pending()[0]
        sample = state.determinize(seat, random.Random(2))
        play_out(sample, random.Random(2))
        result = sample.result()
        assert len(result.scores) == config.players
        assert result.winners and set(result.winners) <= set(range(config.players))
        assert as_json(state.fingerprint()) == before
        played += 1
    assert played > 0


def test_commit_order_never_changes_the_outcome(game) -> None:
    config = next(configs(game))
    rng = random.Random(7)
    found = 0
    for state in positions(game, config, seed=101, every=1):
        pending = state.pending()
        if len(pending) < 2:
            continue
        choices = {s: state.legal(s)[rng.randrange(len(state.legal(s)))] for s in pending}
        forward, backward = state.clone(), state.clone()
        for s in pending:
            forward.apply(s, choices[s])
        for s in reversed(pending):
            backward.apply(s, choices[s])
        assert as_json(forward.fingerprint()) == as_json(backward.fingerprint())
        found += 1
    if game.simultaneous:
        assert found, f"{game.name} declares simultaneous decisions but none occurred"


def test_other_seats_commits_stay_sealed(game) -> None:
    """Until a simultaneous step resolves, a seat's view ignores what others committed."""
    config = next(configs(game))
    rng = random.Random(9)
    for state in positions(game, config, seed=111, every=1):
        pending = state.pending()
        if len(pending) < 2:
            continue
        first, watcher = pending[0], pending[-1]
        legal = state.legal(first)
        views = set()
        for action in legal[:6]:
            trial = state.clone()
            trial.apply(first, action)
            if watcher in trial.pending():
                views.add(as_json(trial.view(watcher)))
                views.add(as_json(trial.view(None)))
        assert len(views) <= 2, "another seat's sealed commit showed in a view"
        _ = rng


def test_spectator_sees_no_more_than_any_seat(game) -> None:
    """What a spectator sees never depends on hidden facts a seat's sample may change."""
    config = next(configs(game))
    for state in positions(game, config, seed=121):
        if state.is_over():
            continue
        for seat in range(config.players):
            sample = state.determinize(seat, random.Random(3))
            assert as_json(sample.view(None)) == as_json(state.view(None))


def test_events_are_json_and_scoped(game) -> None:
    config = next(configs(game))
    state = game.new_state(config, seed=131)
    rng = random.Random(131)
    while not state.is_over():
        random_step(state, rng)
    for event in state.events:
        json.dumps(event.to_json())
        assert event.to is None or all(0 <= s < config.players for s in event.to)


def test_mid_step_determinization_keeps_the_view() -> None:
    """Halfway through a simultaneous step, a sample re-opens the others' choices
    yet shows the seat exactly the view it has (who committed included)."""
    for name in GAMES:
        game = games.get(name)
        if not game.simultaneous:
            continue
        config = next(configs(game))
        rng = random.Random(17)
        checked = 0
        for state in positions(game, config, seed=141, every=1):
            pending = state.pending()
            if len(pending) < 2 or checked >= 25:
                continue
            first = pending[0]
            trial = state.clone()
            trial.apply(first, trial.legal(first)[rng.randrange(len(trial.legal(first)))])
            for seat in trial.pending():
                sample = trial.determinize(seat, random.Random(seat))
                assert as_json(sample.view(seat)) == as_json(trial.view(seat)), name
                assert first in sample.pending(), f"{name}: a sealed commit leaked into a sample"
            checked += 1
        assert checked, f"{name}: no simultaneous step met"


def test_states_pickle_for_process_pools(game) -> None:
    """A state crosses a process boundary whole (server bot workers, simulation pools)."""
    import pickle

    for state in positions(game, next(configs(game)), seed=151, every=9):
        copy = pickle.loads(pickle.dumps(state))
        assert as_json(copy.fingerprint()) == as_json(state.fingerprint())
        assert as_json(copy.view(None)) == as_json(state.view(None))


def test_commits_of_several_actions_stay_sealed(game) -> None:
    """A commit made of several actions (a Capo crew: its count, then each card)
    shows no more than a one-action commit: whatever the first seat commits,
    another seat still deciding sees the same."""
    config = next(configs(game))
    rng = random.Random(13)
    for state in positions(game, config, seed=161, every=1):
        pending = state.pending()
        if len(pending) < 2:
            continue
        first, watcher = pending[0], pending[-1]
        views = set()
        for _ in range(4):
            trial = state.clone()
            while first in trial.pending():
                legal = trial.legal(first)
                trial.apply(first, legal[rng.randrange(len(legal))])
            views.add(as_json([trial.view(watcher), trial.view(None)]))
        assert len(views) == 1, "another seat's sealed commit showed in a view"
