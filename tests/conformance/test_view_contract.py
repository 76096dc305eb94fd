"""Views as a contract: each game's declared type, its JSON Schema, and golden per-seat views.

The type (``games/GAME/view_types.py``) is checked by mypy; here every view of random games
of every player count validates against the schema made from it, the files under
``docs/schemas/`` are that schema, and the golden views (``tests/golden/views``) are still
exactly what the engine shows each seat. After an intended change, regenerate them:
``PYTHONPATH=src:tests python -m golden.views.regenerate``.
"""

from __future__ import annotations

import json
import random
import typing
from functools import cache
from typing import Any

import jsonschema_rs
import pytest

from golden.views.regenerate import GAMES, POSITIONS, SCHEMAS, Position, golden, replay
from mobtable import games
from mobtable.core.viewschema import schema_text, view_schema

from .helpers import configs, random_step

EVERY = 3
"""Random games' views are checked every this many moves (and at the end)."""


@cache
def validator(game: str) -> jsonschema_rs.Draft202012Validator:
    schema = view_schema(games.get(game))
    jsonschema_rs.meta.validate(schema)  # a valid JSON Schema itself
    return jsonschema_rs.Draft202012Validator(schema)


def problems(game: str, view: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.instance_path)) or '(the view)'}: {e.message}"
        for e in validator(game).iter_errors(view)
    ]


@pytest.mark.parametrize("name", GAMES)
def test_the_state_declares_the_games_view_type(name: str) -> None:
    game = games.get(name)
    state = game.new_state(game.config(game.min_players), seed=1)
    assert game.view_type is not None
    assert typing.get_type_hints(type(state).view)["return"] is game.view_type


@pytest.mark.parametrize("name", GAMES)
def test_the_schema_files_are_made_from_the_types(name: str) -> None:
    path = SCHEMAS / f"{name}.view.schema.json"
    assert path.exists(), f"{path.name} is missing: run golden.views.regenerate"
    assert path.read_text(encoding="utf-8") == schema_text(games.get(name)), (
        f"{path.name} is out of date with {name}'s view type: run golden.views.regenerate"
    )


@pytest.mark.parametrize("name", GAMES)
def test_every_view_of_random_games_fits_the_schema(name: str) -> None:
    """Every player count and variant, each seat's view and a spectator's, all game long."""
    game = games.get(name)
    checked = 0
    for index, config in enumerate(configs(game)):
        state = game.new_state(config, seed=100 + index)
        rng = random.Random(index)
        step = 0
        while True:
            if step % EVERY == 0 or state.is_over():
                for seat in (*range(state.players), None):
                    found = problems(name, json.loads(json.dumps(state.view(seat))))
                    assert found == [], f"{config.players}p seat {seat} step {step}: {found}"
                    checked += 1
            if state.is_over():
                break
            random_step(state, rng)
            step += 1
    assert checked > 50


@pytest.mark.parametrize("name", GAMES)
def test_the_schema_refuses_an_undeclared_field_and_a_missing_one(name: str) -> None:
    game = games.get(name)
    view = dict(game.new_state(game.config(game.min_players), seed=3).view(0))
    assert problems(name, view) == []
    assert problems(name, {**view, "seed": 3}) != []  # objects are closed
    del view["seat"]
    assert problems(name, view) != []


def test_the_view_types_name_the_engines_own_words() -> None:
    """A ``Literal`` in a view type lists exactly the values the engine's enum can show."""
    from mobtable.games.capo import cards as capo_cards
    from mobtable.games.capo import rules as capo_rules
    from mobtable.games.capo import view_types as capo
    from mobtable.games.cosca import model as cosca_model
    from mobtable.games.cosca import view_types as cosca
    from mobtable.games.gangsta import table as gangsta_table
    from mobtable.games.gangsta import view_types as gangsta

    def words(literal: Any) -> set[str]:
        return set(typing.get_args(literal))

    assert words(gangsta.Phase) == {p.value for p in gangsta_table.Phase}
    assert words(gangsta.Variant) == {v.name for v in games.get("gangsta").variants}
    assert words(cosca.Day) == {d.code for d in cosca_model.Weekday}
    assert words(cosca.Stage) | {"over"} == {s.value for s in cosca_model.Stage}
    assert words(cosca.Token) == {t.value for t in cosca_model.VillaToken}
    assert words(capo.Phase) == {p.value for p in capo_rules.Phase}
    assert words(capo.Special) == {s.value for s in capo_cards.Special}
    assert words(capo.Effect) == {e.value for e in capo_cards.Effect}


# -- golden views ------------------------------------------------------------------------------


def stored(position: Position) -> dict[str, Any]:
    assert position.path.exists(), f"{position.path.name} is missing: run golden.views.regenerate"
    data: dict[str, Any] = json.loads(position.path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.key)
def test_a_golden_position_shows_each_seat_exactly_its_stored_view(position: Position) -> None:
    data = stored(position)
    state = replay(data)
    assert position.found(state), f"{position.key} no longer shows what it says: {position.about}"
    again = golden(position, state)
    for mine, theirs in zip(again["seats"], data["seats"], strict=True):
        assert mine["view"] == theirs["view"], f"seat {mine['seat']}'s view changed"
        assert mine["legal"] == theirs["legal"], f"seat {mine['seat']}'s legal moves changed"
    assert again == data


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.key)
def test_golden_views_fit_the_schema(position: Position) -> None:
    for entry in stored(position)["seats"]:
        assert problems(position.game, entry["view"]) == [], f"seat {entry['seat']}"


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_goldens_from_start_to_over_for_several_table_sizes(name: str) -> None:
    mine = [p for p in POSITIONS if p.game == name]
    assert {"start", "over"} <= {p.name for p in mine}
    assert len(mine) >= 4 and len({p.players for p in mine}) >= 3
    for position in mine:
        seats = [entry["seat"] for entry in stored(position)["seats"]]
        assert seats == [*range(position.players), None]  # every seat, then a spectator
