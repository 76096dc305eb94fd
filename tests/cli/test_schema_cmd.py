"""``mobtable schema GAME``: the JSON Schema of a game's views, as docs/schemas/ holds it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Invoke

SCHEMAS = Path(__file__).parents[2] / "docs" / "schemas"


@pytest.mark.parametrize(
    ("game", "title", "field"),
    [
        ("gangsta", "GangstaView", "hand"),
        ("cosca", "CoscaView", "row"),
        ("capo", "CapoView", "hand"),
    ],
)
def test_prints_the_schema_docs_schemas_holds(
    invoke: Invoke, game: str, title: str, field: str
) -> None:
    result = invoke(["schema", game])
    assert result.exit_code == 0, result.output
    assert result.stdout == (SCHEMAS / f"{game}.view.schema.json").read_text(encoding="utf-8")
    schema = json.loads(result.stdout)
    assert schema["title"] == title and field in schema["properties"]


def test_an_unknown_game_is_a_one_line_error(invoke: Invoke) -> None:
    result = invoke(["schema", "poker"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: no game 'poker'") and result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_a_game_without_a_declared_view_is_a_one_line_error(invoke: Invoke) -> None:
    result = invoke(["schema", "sealed-bid"])
    assert result.exit_code == 2
    assert result.stderr == "Error: sealed-bid declares no view type (Game.view_type)\n"
