"""What the move prompt makes of a typed line."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable import games
from mobtable.cli.parsing import Command, Empty, Parsed, parse_input
from mobtable.cli.setup import coerce_choice
from mobtable.core import IllegalAction, InvalidNotation, MobtableError, Option

GAME = games.get("sealed-bid")
CONFIG = GAME.config(2)
LEGAL = [GAME.parse_action(f"b{n}", CONFIG) for n in range(4)]


def parse(text: str) -> Parsed:
    return parse_input(text, LEGAL, GAME, CONFIG)


@pytest.mark.parametrize(
    ("text", "command"),
    [("help", Command.HELP), ("?", Command.HELP), (" QUIT ", Command.QUIT), ("log", Command.LOG)],
)
def test_commands(text: str, command: Command) -> None:
    assert parse(text) is command


def test_notation_numbers_and_blank_lines() -> None:
    assert str(parse("b2")) == "b2"
    assert str(parse("  B3 ")) == "b3"
    assert str(parse("1")) == "b0"
    assert str(parse("#4")) == "b3"
    assert parse("   ") == Empty()


def test_well_formed_but_illegal_notation_is_left_to_the_rules() -> None:
    assert str(parse("b9")) == "b9"  # State.apply will say why it is illegal


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("5", IllegalAction, "there is no move number 5: choose 1 to 4"),
        ("#0", IllegalAction, "there is no move number 0"),
        ("b", InvalidNotation, "'b' is not a bid like 'b3' (did you mean"),
        ("bid three", InvalidNotation, "(type 'help' or '?' to list the legal moves)"),
    ],
)
def test_mistakes_raise_errors_naming_the_problem(
    text: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        parse(text)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("choices", "text", "value"),
    [
        ((False, True), "on", True),
        ((False, True), "No", False),
        ((2, 3), "3", 3),
        ((0.5, 1.0), "1", 1.0),
        (("line", "adjacent"), "Adjacent", "adjacent"),
        (("line", "adjacent"), "diagonal", "diagonal"),
    ],
)
def test_option_values_are_read_by_the_declared_choices(
    choices: tuple[object, ...], text: str, value: object
) -> None:
    coerced = coerce_choice(Option("x", choices[0], choices, ""), text)
    assert coerced == value and type(coerced) is type(value)


@pytest.mark.parametrize("text", ["²", "#²", "①", "#" + "1" * 5000, "1" * 5000, "b" + "1" * 5000])
def test_unicode_digits_and_huge_numbers_at_the_prompt_are_refused_cleanly(text: str) -> None:
    with pytest.raises((IllegalAction, InvalidNotation)) as caught:
        parse(text)
    assert len(str(caught.value)) < 300


@given(st.text(max_size=30) | st.from_regex(r"\A#?[0-9\u00b2\u2460\u0663]{1,6}\Z"))
@settings(max_examples=200, deadline=None)
def test_whatever_is_typed_gives_a_move_a_command_or_a_mobtable_error(text: str) -> None:
    with contextlib.suppress(MobtableError):
        parse(text)
