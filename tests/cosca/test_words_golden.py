"""Golden words for the rulebook's examples: a change of wording is a reviewed change.

Each example is played from an explicit setup (as in test_examples.py) and
rendered for the red player and for a spectator: the prompts, the labels of the
moves on offer, and every log line each may read. The texts live in
``golden/words_*.txt``; to accept a reviewed change, regenerate them with
``MOBTABLE_GOLDEN=update pytest tests/cosca/test_words_golden.py``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from mobtable.core.words import Reader
from mobtable.games.cosca.state import CoscaState
from mobtable.games.cosca.words import NARRATION

from .helpers import BLUE, GREEN, RED, table

GOLDEN = Path(__file__).parent / "golden"
NAMES = ("Red", "Green", "Blue")
SHOWN = 8
"""Labels written per seat and step (a dice step has up to 252)."""


class Transcript:
    """What a red player and a spectator read while a position is played."""

    def __init__(self, state: CoscaState) -> None:
        self.state = state
        self.lines: list[str] = []
        self.seen = 0
        self.log()

    def log(self) -> None:
        for who, reader in (("red", Reader(RED, NAMES)), ("spectator", Reader(None, NAMES))):
            for event in self.state.events[self.seen :]:
                if event.visible_to(reader.seat):
                    self.lines.append(f"{who} log: {NARRATION.event(event, reader)}")
            self.lines.append(f"{who} prompt: {NARRATION.prompt(self.state, reader)}")
        self.seen = len(self.state.events)

    def decide(self, moves: Mapping[int, str]) -> None:
        for seat in sorted(moves):
            reader = Reader(seat, NAMES)
            legal = self.state.legal(seat)
            labels = [NARRATION.action(self.state, seat, a, reader) for a in legal[:SHOWN]]
            more = f" | ... {len(legal) - SHOWN} more" if len(legal) > SHOWN else ""
            self.lines.append(f"{NAMES[seat]}'s moves: " + " | ".join(labels) + more)
        for seat, text in moves.items():
            self.state.apply_text(seat, text)
        self.log()

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def jacob_soldini() -> str:
    """Green offers 3 money, red 1 money and 1 weapon: red wins with value 4."""
    state = table(
        3, {"round": 7, "row": ["Jacob Soldini"], "money": [1, 3, 0], "weapons": [1, 0, 0]}
    )
    out = Transcript(state)
    out.decide({RED: "GGS", GREEN: "GGS", BLUE: "SSS"})
    out.decide({RED: "gun0", GREEN: "gun0"})
    out.decide({GREEN: "3m0w", RED: "1m1w"})
    return out.text()


def friday() -> str:
    """A new Friday: John Brown and Mama Pazzo bring a die, Jacob Soldini does not;
    then a day played on to its fight for Bobby."""
    state = table(
        3,
        {
            "start": "new-day",
            "round": 5,
            "row": ["Mama Pazzo", "John Brown", "Jacob Soldini", "Bobby"],
            "loyal": {"Mama Pazzo": RED, "John Brown": GREEN, "Jacob Soldini": BLUE},
            "drinks": ["Mama Pazzo"],
        },
    )
    out = Transcript(state)
    out.decide({RED: "CCCS", GREEN: "BBBB", BLUE: "SSV"})
    out.decide({BLUE: "villa"})
    out.decide({RED: "1m0w", BLUE: "0m0w"})  # red wins Bobby, value 1 to 0
    return out.text()


EXAMPLES: dict[str, Callable[[], str]] = {"jacob_soldini": jacob_soldini, "friday": friday}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_rulebook_examples_read_as_their_golden_text(name: str) -> None:
    path = GOLDEN / f"words_{name}.txt"
    text = EXAMPLES[name]()
    if os.environ.get("MOBTABLE_GOLDEN") == "update":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
