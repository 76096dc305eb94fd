"""COSCA's rules page (package data): every option, choice, decision and variant appears."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from .helpers import GAME

PAGE = files("mobtable.games.cosca").joinpath("rules.md").read_text(encoding="utf-8")
WORDS = " ".join(PAGE.split()).lower()
DOC = (Path(__file__).parents[2] / "docs" / "rules" / "cosca.md").read_text(encoding="utf-8")


def test_every_option_appears_by_its_label_and_choices() -> None:
    for option in GAME.options:
        assert option.label and f"**{option.label}**" in PAGE, option.name
        assert option.decision and f"({option.decision})" in PAGE, option.name
        assert len(option.choice_labels) == len(option.choices), option.name
        if option.name != "start_day":  # its choices are the weekdays
            for label in option.choice_labels:
                assert label.lower() in WORDS, (option.name, label)


def test_every_variant_appears() -> None:
    assert all(variant.name in PAGE for variant in GAME.variants)
    assert GAME.variants or "no variants" in PAGE


def test_every_rule_decision_is_explained() -> None:
    decided = set(re.findall(r"\*\*(C-\d\d) ", DOC))
    assert len(decided) >= 15
    missing = {d for d in decided if f"({d})" not in PAGE}
    assert not missing, missing


def test_the_page_says_which_card_data_is_reconstructed() -> None:
    assert "--cards FILE" in PAGE and "reconstruct" in PAGE


def test_options_speak_plainly() -> None:
    """Descriptions in words: no decision id, no engine key in them."""
    for option in GAME.options:
        text = option.description
        assert not re.search(r"C-\d\d", text), option.name
        keys = [c for c in option.choices if c != "today"]
        assert not any(re.search(rf"\b{c}\b", text, re.I) for c in keys), option.name
    assert GAME.blurb and GAME.length.startswith("about")
