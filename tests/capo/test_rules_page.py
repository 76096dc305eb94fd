"""Capo's rules page (games/capo/rules.md): complete, ours, and shipped with the package."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest
from rich.console import Console
from rich.markdown import Markdown

from mobtable.games.capo import GAME

RULEBOOK = Path("/work/shared/rulebooks/capo-della-mafia.txt")
DECISIONS = Path(__file__).parents[2] / "docs" / "rules" / "capo.md"


def _page() -> str:
    return files("mobtable.games.capo").joinpath("rules.md").read_text(encoding="utf-8")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("\N{RIGHT SINGLE QUOTATION MARK}", "'"))


def test_every_option_choice_and_variant_is_on_the_page() -> None:
    page = " ".join(_page().split())  # lines wrap anywhere
    for option in GAME.options:
        assert option.label and f"**{option.label}** ({option.decision})" in page, option.name
        for label in option.choice_labels:
            assert f"*{label}*" in page, (option.name, label)
    for variant in GAME.variants:
        assert f"`{variant.name}`" in page


def test_every_rule_decision_is_on_the_page() -> None:
    ids = sorted(set(re.findall(r"\*\*(K-\d\d)\b", DECISIONS.read_text(encoding="utf-8"))))
    assert len(ids) >= 23
    page = _page()
    for decision in ids:
        assert f"({decision})" in page, decision


def test_the_page_says_which_card_data_is_reconstructed_and_how_to_load_a_deck() -> None:
    page = _page()
    assert "## Which card data is ours" in page and "--cards FILE" in page
    for part in GAME.new_state(GAME.config(4), seed=1).view(None)["reconstructed"]:
        count = part.split()[0] if part[0].isdigit() else part.split()[1]
        assert count in page, part


def test_the_page_paraphrases_the_rulebook_and_never_pastes_it() -> None:
    """No run of 8 words of the rulebook appears in the page."""
    if not RULEBOOK.exists():  # the rulebooks live beside the project, not in it
        pytest.skip(f"no rulebook at {RULEBOOK} on this machine")
    book = _words(RULEBOOK.read_text(encoding="utf-8"))
    page = " ".join(_words(_page()))
    runs = {" ".join(book[i : i + 8]) for i in range(len(book) - 7)}
    pasted = sorted(run for run in runs if run in page)
    assert not pasted, pasted[:5]


def test_the_page_renders_in_the_terminal() -> None:
    console = Console(width=90, color_system=None, record=True)
    console.print(Markdown(_page()))
    text = console.export_text()
    assert "Capo della Mafia" in text and "Crews go down together" in text
    assert "**" not in text


def test_the_worked_example_says_what_it_adds_to_the_rulebook() -> None:
    """The rulebook's example gives the outcome only; the page's job, cards and choices
    are ours and the page says so before them."""
    page = _page()
    heading = next(line for line in page.splitlines() if line.startswith("#") and "example" in line)
    assert "illustration" in heading.lower()
    section = page[page.index(heading) : page.index("## Between rounds")]
    intro = section[: section.index("Protection racket")]
    assert "does not give the job, the cards" in " ".join(intro.split())
