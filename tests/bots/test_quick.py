"""The ``quick`` level: a capped search for large runs, registered beside the others."""

from __future__ import annotations

import pytest

from mobtable import bots, games
from mobtable.bots.quick import QUICK, QuickBot
from mobtable.sim import SimSpec, play_one


def test_quick_is_a_registered_capped_search_with_its_own_words() -> None:
    assert "quick" in bots.available("gangsta")
    bot = bots.make("quick", "gangsta", seed=1)
    assert isinstance(bot, QuickBot)
    assert bot.budget.iterations == QUICK.iterations == 30
    assert bots.describe("quick", "gangsta").startswith("Tries out a few dozen games")
    assert bots.think_time("quick", "gangsta") == 1.0  # a server pads its moves to this


@pytest.mark.parametrize(("game_name", "players"), [("gangsta", 4), ("capo", 3), ("cosca", 3)])
def test_a_seeded_game_of_quick_bots_is_the_same_every_time(game_name: str, players: int) -> None:
    game = games.get(game_name)
    lineup = ["quick", *["greedy"] * (players - 1)]
    spec = SimSpec.build(game.config(players), game, lineup, 3)
    first, again = play_one(spec, 0), play_one(spec, 0)
    assert first == again
    assert first.actions > 0 and first.lineup[0] == "quick"
