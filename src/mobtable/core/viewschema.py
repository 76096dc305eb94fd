"""A game's view as JSON Schema, made from its declared type (:attr:`Game.view_type`).

The ``TypedDict`` is the one declaration; pydantic turns it into JSON Schema (draft 2020-12),
with each ``TypedDict``'s docstring and its fields' docstrings as descriptions. Every object
is closed (``additionalProperties: false``), so a view that grows a field its type does not
declare fails validation. ``docs/schemas/GAME.view.schema.json`` holds the output
(``mobtable schema GAME``); a test fails when a file is out of date with its type.
"""

from __future__ import annotations

import json
import typing
import warnings
from collections.abc import Iterator, Mapping
from typing import Any

from typing_extensions import is_typeddict

from mobtable.core.errors import BadConfig
from mobtable.core.game import Game

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def view_schema(game: Game) -> dict[str, Any]:
    """The JSON Schema of ``game``'s views; ``BadConfig`` when it declares no view type."""
    from pydantic import ConfigDict, TypeAdapter, with_config  # a second to import: only here

    if game.view_type is None:
        raise BadConfig(f"{game.name} declares no view type (Game.view_type)")
    closed = ConfigDict(extra="forbid", use_attribute_docstrings=True)
    for part in _typeddicts(game.view_type):
        with_config(closed)(part)  # pydantic's reading of our own types, set on them
    with warnings.catch_warnings():
        # Shared faces are typed ``ReadOnly`` for mypy; a schema has nothing to protect.
        warnings.filterwarnings("ignore", message=r".*`ReadOnly` qualifier", category=UserWarning)
        schema = TypeAdapter(game.view_type).json_schema()
    return {"$schema": DIALECT, "$id": f"{game.name}.view.schema.json", **schema}


def schema_text(game: Game) -> str:
    """:func:`view_schema` as the files under ``docs/schemas/`` hold it."""
    return json.dumps(view_schema(game), indent=2, ensure_ascii=False) + "\n"


def _typeddicts(root: type[Mapping[str, Any]]) -> Iterator[type[Any]]:
    """``root`` and every ``TypedDict`` its fields name, each once."""
    seen: set[type[Any]] = set()
    todo: list[Any] = [root]
    while todo:
        tp = todo.pop()
        if is_typeddict(tp):
            if tp in seen:
                continue
            seen.add(tp)
            yield tp
            todo.extend(typing.get_type_hints(tp).values())
        else:
            todo.extend(typing.get_args(tp))
