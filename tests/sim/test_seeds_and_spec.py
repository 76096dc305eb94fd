"""Seeds derive from (seed, index, purpose) only; specs pickle and rotate line-ups."""

from __future__ import annotations

import pickle

import pytest

from mobtable import games
from mobtable.sim import SimSpec, bot_seed, derive_seed, table_seed


def test_derived_seeds_are_pinned_so_recorded_batches_stay_reproducible() -> None:
    assert derive_seed(0, 0, "table") == table_seed(0, 0)
    assert table_seed(0, 0) == GOLDEN_TABLE_SEED_0_0
    assert bot_seed(42, 7, 3) == GOLDEN_BOT_SEED_42_7_3


def test_derived_seeds_differ_by_seed_index_and_purpose_and_fit_63_bits() -> None:
    seeds = {
        table_seed(1, 0),
        table_seed(2, 0),
        table_seed(1, 1),
        bot_seed(1, 0, 0),
        bot_seed(1, 0, 1),
    }
    assert len(seeds) == 5
    assert all(0 <= s < 2**63 for s in seeds)


def _spec(bots: tuple[str, ...], *, rotate: bool) -> SimSpec:
    game = games.get("sealed-bid")
    return SimSpec.build(game.config(len(bots)), game, bots, 9, rotate=rotate)


def test_rotation_shifts_the_lineup_by_the_game_index() -> None:
    spec = _spec(("a", "b", "c"), rotate=True)
    assert spec.lineup(0) == ("a", "b", "c")
    assert spec.lineup(1) == ("b", "c", "a")
    assert spec.lineup(5) == ("c", "a", "b")
    assert _spec(("a", "b", "c"), rotate=False).lineup(1) == ("a", "b", "c")


def test_spec_needs_one_bot_per_seat() -> None:
    game = games.get("sealed-bid")
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        SimSpec.build(game.config(3), game, ["random", "random"], 1)


def test_spec_pickles_without_its_cached_config() -> None:
    spec = _spec(("random", "random"), rotate=False)
    spec.load_config()
    copy = pickle.loads(pickle.dumps(spec))
    assert copy == spec
    assert copy.package == "support.sealed_bid"
    assert copy.load_config().players == 2


GOLDEN_TABLE_SEED_0_0 = 9065948313553017375
GOLDEN_BOT_SEED_42_7_3 = 6418666631860116267
