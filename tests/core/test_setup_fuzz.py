"""A record's explicit ``setup`` comes from a file: any JSON there gives a ``MobtableError``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mobtable import games
from mobtable.core import MobtableError
from support.fuzz import JSON_VALUES

SETUP_KEYS = st.sampled_from(
    [
        "hands",
        "deck",
        "row",
        "trump",
        "grid",
        "box",
        "discard",
        "scores",
        "best_trick",
        "ambush",
        "leader",
        "start",
        "stack",
        "assignments",
        "events",
        "respect",
        "counter",
        "round",
        "money",
        "weapons",
        "dice",
        "drinks",
        "loyal",
        "hats_under",
        "villa_die",
        "villa_used",
    ]
)


@pytest.mark.parametrize("name", ["capo", "cosca", "gangsta"])
@given(setup=st.dictionaries(SETUP_KEYS, JSON_VALUES, max_size=5))
@example(setup={"row": [{}]})
@example(setup={"deck": [[1]]})
@example(setup={"drinks": [[]]})  # a list where a mobster name goes: once a TypeError
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_setup_of_any_shape_is_built_or_refused_with_a_mobtable_error(
    name: str, setup: dict[str, object]
) -> None:
    game = games.get(name)
    try:
        game.new_state(game.config(game.min_players), seed=1, setup=setup)
    except MobtableError as exc:
        assert str(exc)
