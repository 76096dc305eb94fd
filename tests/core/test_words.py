"""The narration helpers every game's words build on."""

from __future__ import annotations

import doctest

from mobtable.core import words
from mobtable.core.words import Reader, count, default_names, listing


def test_docstring_examples_run() -> None:
    failures, tried = doctest.testmod(words)
    assert tried and not failures


def test_reader_fills_unnamed_seats_with_names_not_numbers() -> None:
    reader = Reader.for_table(None, ["Marco", None, ""], 3)
    assert reader.names == ("Marco", "Carla", "Salvo")
    assert all(not name.lower().startswith("seat") for name in default_names(20))
    assert len(set(default_names(20))) == 20


def test_spectator_is_never_you() -> None:
    reader = Reader(None, ("Marco", "Giulia"))
    assert reader.subject(0) == "Marco" and reader.possessive(1) == "Giulia's"


def test_count_and_listing() -> None:
    assert count(0, "card") == "0 cards"
    assert listing(["a", "b"], last="or") == "a or b"


def test_the_result_cards_tiebreak_line_without_game_words() -> None:
    from mobtable.core import Result
    from mobtable.core.narrator import PlainNarration, tiebreak_line

    plain = PlainNarration()
    assert tiebreak_line(Result((3, 1), (1, 2), (0,)), plain) == ""  # nothing to say
    broken = Result.from_keys([3, 3], [(3, 2), (3, 1)], ["coins left"])
    assert tiebreak_line(broken, plain) == "Decided by the tie-break: coins left."
    tied = Result.from_keys([3, 3], [(3, 1), (3, 1)], ["coins left"])
    assert tiebreak_line(tied, plain) == "Tied on every tie-break: the victory is shared."
    capped = Result((2, 2), (1, 1), (0, 1), "round limit (6 rounds) reached: shared victory")
    assert tiebreak_line(capped, plain) == "Round limit (6 rounds) reached: shared victory."
