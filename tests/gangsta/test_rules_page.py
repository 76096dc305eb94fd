"""Gangsta's rules page and lobby words: every option and variant explained in plain words."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from .helpers import GAME

PAGE = files("mobtable.games.gangsta").joinpath("rules.md").read_text(encoding="utf-8")
DECISIONS = Path(__file__).parents[2] / "docs" / "rules" / "gangsta.md"
DECISION_ID = re.compile(r"\bG-\d\d\b")


def test_the_page_explains_every_option_choice_and_variant() -> None:
    for option in GAME.options:
        assert option.label and option.label in PAGE, option.name
        assert option.decision and f"({option.decision})" in PAGE, option.name
        if option.name != "first_player":  # its choices are the players at the table
            for choice in option.choice_labels:
                assert f"*{choice}*" in PAGE, (option.name, choice)
    for variant in GAME.variants:
        assert f"({variant.name})" in PAGE


def test_the_page_explains_every_rule_decision() -> None:
    documented = set(DECISION_ID.findall(DECISIONS.read_text(encoding="utf-8")))
    assert documented and documented <= set(DECISION_ID.findall(PAGE))


def test_the_page_names_the_reconstructed_card_data_and_the_way_to_replace_it() -> None:
    assert "## Card data we reconstructed" in PAGE and "--cards FILE" in PAGE
    for words in ("mafia card values", "police ambush cards"):
        assert words in PAGE


def test_the_page_speaks_in_words_not_notation() -> None:
    text = PAGE.replace("--cards FILE", "")
    assert not re.search(r"\b[YICR]\d[SW]\b|\bseat\s*\d|first_player|pair_must_beat", text)


def test_lobby_words_are_plain() -> None:
    """Labels, choice labels and descriptions in words; decision ids only as a reference."""
    assert GAME.blurb and GAME.length
    for option in GAME.options:
        assert option.label and option.decision
        assert len(option.choice_labels) == len(option.choices), option.name
        assert len(set(option.choice_labels)) == len(option.choice_labels)
        for text in (option.description, option.label, *option.choice_labels):
            assert not DECISION_ID.search(text) and "'" not in text and "_" not in text, text
    for variant in GAME.variants:
        assert (
            not DECISION_ID.search(variant.description) and "Variant 1" not in variant.description
        )
