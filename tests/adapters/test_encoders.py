"""The observation encoders: fixed shapes, masks equal to legal moves, and secrecy."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import numpy as np
import pytest

from mobtable import games
from mobtable.adapters.encoders import action_mask, encoder_for, observation_string

from .helpers import GAMES, TABLES, positions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_observations_have_the_declared_size_and_stay_small(name: str, players: int) -> None:
    game = games.get(name)
    encoder = encoder_for(game, game.config(players))
    assert encoder.size == sum(f.size for f in encoder.fields)
    for state in positions(name, players, range(2)):
        for seat in range(players):
            tensor = encoder.observe(state, seat)
            assert tensor.shape == (encoder.size,) and tensor.dtype == np.float32
            assert np.isfinite(tensor).all() and np.abs(tensor).max() <= 5.0
            assert tensor.any()


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_mask_marks_exactly_the_legal_actions(name: str, players: int) -> None:
    game = games.get(name)
    config = game.config(players)
    for state in positions(name, players, range(2), every=3):
        for seat in state.pending():
            mask = action_mask(state, seat)
            assert mask.dtype == np.int8 and mask.shape == (game.num_actions(config),)
            legal = {game.action_index(a, config) for a in state.legal(seat)}
            assert set(np.flatnonzero(mask).tolist()) == legal


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_seat_observes_nothing_it_may_not_know(name: str, players: int) -> None:
    """Positions that differ only in what ``seat`` cannot see (drawn by determinizing
    from its side) give it the same tensor and string, while the hidden part differs."""
    game = games.get(name)
    encoder = encoder_for(game, game.config(players))
    differed = 0
    for state in positions(name, players, range(2), every=11):
        if state.is_over():
            continue
        for seat in range(players):
            tensor, text = encoder.observe(state, seat), observation_string(state.view(seat))
            for k in range(2):
                other = state.determinize(seat, random.Random(k))
                differed += other.fingerprint() != state.fingerprint()
                assert np.array_equal(encoder.observe(other, seat), tensor)
                assert observation_string(other.view(seat)) == text
    assert differed > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_its_own_hidden_information(name: str) -> None:
    """The observer's tensor changes with its own private cards: the secrecy above is
    not an encoder that ignores the hidden part."""
    game = games.get(name)
    encoder = encoder_for(game, game.config(3))
    tensors = set()
    for seed in range(4):
        state = game.new_state(game.config(3), seed=seed)
        tensors.add(encoder.observe(state, 0).tobytes())
    assert len(tensors) > 1


@pytest.mark.parametrize("name", GAMES)
def test_every_field_is_documented(name: str) -> None:
    game = games.get(name)
    encoder = encoder_for(game, game.config(game.min_players))
    section = DOCS.read_text(encoding="utf-8").split(f"### {game.title}")[1]
    section = re.split(r"^##", section, flags=re.MULTILINE)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", section, re.MULTILINE))
    assert documented == {f.name for f in encoder.fields}


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_incremental_encoding_equals_a_full_encoding(name: str, players: int) -> None:
    """A table's ``Memo`` writes again only the parts whose view keys changed since the
    seat's last view; whatever seats ask in whatever order, its tensor is the full one,
    and it hands out a new array each time (a kept observation never changes)."""
    game = games.get(name)
    encoder = encoder_for(game, game.config(players))
    encoder.incremental = True  # no encoder uses it by default: its parts still must
    memo = encoder.memo()
    rng = random.Random(players)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for state in positions(name, players, range(2), every=1):
        for seat in rng.sample(range(players), rng.randint(1, players)):
            tensor = memo.encode(state.view(seat))
            assert np.array_equal(tensor, encoder.observe(state, seat))
            kept.append((tensor, tensor.copy()))
    assert all(np.array_equal(a, b) for a, b in kept)


@pytest.mark.parametrize("name", GAMES)
def test_a_view_shares_nothing_with_the_state(name: str) -> None:
    """The incremental encoder keeps each seat's last view to compare the next one with:
    a view must be made of new containers, never changed by later play."""
    game = games.get(name)
    players = game.min_players
    state = game.new_state(game.config(players), seed=4)
    rng = random.Random(4)
    views = []
    while not state.is_over():
        views += [(view, copy.deepcopy(view)) for view in map(state.view, range(players))]
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    assert len(views) > 20 and all(view == frozen for view, frozen in views)
