"""Fuzzing every game's notation parser: any text gives an action or an ``InvalidNotation``.

Whatever a client, a record or a player types reaches ``Game.parse_action``;
it must never raise anything outside the core's ``MobtableError`` family, must
read only short plain-ASCII text (so Unicode digits such as ``²``, ``①`` or
``٣``, which ``str.isdigit`` or ``\\d`` accept, are refused rather than read as
numbers or crash ``int()``), and what it reads must round-trip.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings

from mobtable import games
from mobtable.core import InvalidNotation, MobtableError
from mobtable.core.actions import MAX_NOTATION
from support.fuzz import NOTATION_TEXTS

from .helpers import all_game_names

GAMES = all_game_names()


@pytest.mark.parametrize("name", GAMES)
@given(text=NOTATION_TEXTS)
@example(text="d²")
@example(text="p①")
@example(text="s⁵")
@example(text="u₅")
@example(text="d፩")
@example(text="gun٣")
@example(text="R\u0665W")  # ARABIC-INDIC DIGIT FIVE
@example(text="b²")
@example(text="gun" + "1" * 5000)
@example(text="club" + "2" * 5000)
@example(text="R5W" + " " * MAX_NOTATION)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_parser_reads_short_ascii_notation_and_refuses_the_rest(name: str, text: str) -> None:
    game = games.get(name)
    config = game.config(game.min_players)
    try:
        action = game.parse_action(text, config)
    except InvalidNotation:
        return
    except MobtableError as exc:  # another error of the family is allowed, but say so
        assert str(exc)
        return
    assert text.isascii(), f"{text!r} has non-ASCII characters, yet read as {action}"
    assert len(text) <= MAX_NOTATION
    assert game.parse_action(str(action), config) == action


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", [None, 3, b"p3", ["p3"]])
def test_a_parser_refuses_what_is_not_text(name: str, text: object) -> None:
    game = games.get(name)
    with pytest.raises(InvalidNotation, match="notation must be text"):
        game.parse_action(text, game.config(game.min_players))  # type: ignore[arg-type]
