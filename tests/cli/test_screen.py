"""The terminal as a player sees it at 100x32: what stays in view at each prompt.

A game is played to the end through :class:`Session` on a 100x32 console; a driver
answers each prompt as a player reading the screen would, and at every prompt the last
32 lines printed (the terminal's rows) are checked for what the player needs there.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from rich.console import Console

from mobtable import bots as bot_registry
from mobtable import games
from mobtable.cli.session import Ending, Session
from mobtable.core.words import default_names
from mobtable.sim import bot_seed

WIDTH, HEIGHT = 100, 32
RULE = "─" * 20
"""The dim rule above every board."""


@dataclass
class Screen:
    """A 100x32 terminal: everything printed, and the rows in view at each prompt."""

    out: io.StringIO = field(default_factory=io.StringIO)
    answered: int = 0
    """Where the output stood at the last answer."""

    def console(self) -> Console:
        return Console(
            file=self.out, width=WIDTH, height=HEIGHT, color_system=None, highlight=False
        )

    def lines(self) -> list[str]:
        return self.out.getvalue().splitlines()

    def in_view(self) -> list[str]:
        """The rows on screen at a prompt: the 31 lines above it and the prompt's own."""
        return [*self.lines()[-(HEIGHT - 1) :], "> "]

    def since_answer(self) -> str:
        return self.out.getvalue()[self.answered :]


Check = Callable[[Screen, Session], None]


def play_at_32_rows(
    game_name: str, players: int, seed: int, check: Check, answer: Callable[[Screen], str]
) -> tuple[Session, Screen, int]:
    """Play seat 0 against random bots to the end; ``check`` runs at every prompt."""
    game = games.get(game_name)
    state = game.new_state(game.config(players), seed=seed)
    screen = Screen()
    prompts = 0
    session: Session

    def read_line(prompt: str) -> str:
        nonlocal prompts
        prompts += 1
        if prompts > 3000:
            raise EOFError
        check(screen, session)
        line = answer(screen)
        screen.out.write(f"{prompt}{line}\n")
        screen.answered = len(screen.out.getvalue())
        return line

    bots = {
        s: bot_registry.make("random", game.name, seed=bot_seed(seed, 0, s))
        for s in range(1, players)
    }
    session = Session(
        state,
        bots,
        human=0,
        names=["you", *["random"] * (players - 1)],
        console=screen.console(),
        read_line=read_line,
        people=list(default_names(players)),
    )
    assert session.run() is Ending.FINISHED, screen.out.getvalue()[-3000:]
    return session, screen, prompts


def first_or_help(screen: Screen) -> str:
    """A player who picks the first listed move, asking for the list when there is none."""
    tail = screen.since_answer()
    found = re.search(r"Type its name, like (\w+)", tail)
    if found and "Type its number" not in tail.split(found[0])[-1]:
        return found[1]
    if "possible moves" in tail and "type 'help'" in tail:
        return "help"
    return "1"


def after_a_board(screen: Screen) -> bool:
    """Whether the board was drawn since the last answer (the prompt right after it)."""
    return RULE in screen.since_answer()


# -- COSCA and Capo: the board's top stays in view ------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_cosca_keeps_the_dice_key_in_view_at_every_prompt(players: int) -> None:
    """At 100x32 the dice letters a player types stay on screen with the prompt."""
    seen: list[int] = []

    def check(screen: Screen, session: Session) -> None:
        if after_a_board(screen):
            view = "\n".join(screen.in_view())
            assert "Dice letters" in view and "Calendar:" in view, view
            seen.append(1)

    play_at_32_rows("cosca", players, 4, check, first_or_help)
    assert len(seen) >= 5


@pytest.mark.parametrize("players", [3, 7])
def test_capo_keeps_the_job_in_view_at_every_prompt(players: int) -> None:
    """At 100x32 the Assignment (the job) stays on screen, at the suspicion too."""
    phases: set[str] = set()

    def check(screen: Screen, session: Session) -> None:
        if after_a_board(screen):
            view = "\n".join(screen.in_view())
            assert "Assignment:" in view, view
            phases.add(session.state.view(0)["phase"])

    play_at_32_rows("capo", players, 5, check, first_or_help)
    assert "suspect" in phases


# -- Gangsta: placing in two steps ----------------------------------------------------
def test_gangsta_places_every_won_card_in_two_steps_by_cell_name() -> None:
    """A short numbered list of the won cards, then the cell by its name (``C3``), with
    the grid in view; ``help`` fits the screen; never "70 possible moves"."""
    steps = {"card": 0, "cell": 0, "help": 0}

    def check(screen: Screen, session: Session) -> None:
        tail = screen.since_answer()
        assert "possible moves" not in tail  # never "70 possible moves, too many to list"
        view = screen.in_view()
        if "Which won card do you place now? Type its number:" in tail:
            steps["card"] += 1
            listed = re.findall(r"\s\d+\. ", tail.split("Type its number:")[-1])
            assert 1 < len(listed) <= len(session.state.view(0)["to_place"])
        if "Type its name, like" in tail:
            steps["cell"] += 1
            text = "\n".join(view)
            assert re.search(r"^\W*A\s", text, re.MULTILINE) and re.search(r"^\W*E\s", text, re.M)
            choices = tail.split("Type its name, like")[-1]
            assert not re.search(r"\b[YICR]\d[SW]\b", choices)  # cells only, never a card code
        if "Commands: help" in tail:  # the help of a placement: one screen
            steps["help"] += 1
            assert len(tail.splitlines()) < HEIGHT

    def answer(screen: Screen) -> str:
        tail = screen.since_answer()
        if "Type its name, like" in tail and not steps["help"] and "Commands" not in tail:
            return "help"
        found = re.search(r"Type its name, like (\w+)", tail)
        if found:
            return found[1].lower()  # as a player types it: c3
        return first_or_help(screen)

    session, _, _ = play_at_32_rows("gangsta", 4, 2, check, answer)
    placed = [e for e in session.state.events if e.kind == "place" and e.data["seat"] == 0]
    assert placed and steps["cell"] >= len(placed) and steps["card"] > 0 and steps["help"] == 1


# -- once per game, one meaning per number ----------------------------------------------
@pytest.mark.parametrize("game", ["gangsta", "cosca", "capo"])
def test_the_card_data_note_comes_once_per_game(game: str) -> None:
    minimum = games.get(game).min_players
    _, screen, prompts = play_at_32_rows(game, minimum, 3, lambda s, x: None, first_or_help)
    text = screen.out.getvalue()
    assert prompts > 5 and text.count("--cards FILE") == 1


def test_capo_numbers_mean_one_thing_on_screen() -> None:
    """Capo lists moves by number only: no ``s1`` (Carla) beside a listed ``1``
    ("Suspect nobody"), no card ids."""
    _, screen, _ = play_at_32_rows("capo", 4, 6, lambda s, x: None, first_or_help)
    text = screen.out.getvalue()
    assert "Suspect nobody" in text
    assert not re.search(r"\b[pdus]\d+\b|\bs-", text)
    assert "the short form in grey" not in text
