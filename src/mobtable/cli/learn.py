"""``mobtable learn``: a guided first game at the terminal (the game's ``Tutorial``)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from mobtable import bots as bot_registry
from mobtable.cli import setup
from mobtable.cli._errors import FAILURE, fail
from mobtable.cli.guide import Guide, welcome
from mobtable.cli.session import Ending, Session
from mobtable.core import Game, State
from mobtable.core.narrator import Narrator, seat_label
from mobtable.core.tutorial import LEARNER, Tutorial
from mobtable.core.words import listing


def learn(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")
    ],
) -> None:
    """Learn a game: a guided first game that explains each of your first moves."""
    game = setup.load_game(game_name)
    tutorial = game.tutorial
    if tutorial is None:
        fail(f"{game.title} has no guided game yet: read 'mobtable rules {game.name}'")
    state = tutorial_table(game, tutorial)
    people = list(tutorial.names)
    labels = [
        f"{people[s]} (you)" if s == LEARNER else seat_label(people[s], tutorial.bot)
        for s in range(tutorial.players)
    ]
    console = Console(highlight=False)
    console.print(Text(f"{game.title}: a guided first game.", style="bold"))
    console.print(f"At the table: {listing(labels)}.", markup=False, soft_wrap=True)
    console.print(welcome(tutorial))
    session = Session(
        state,
        tutorial_bots(game, tutorial),
        human=LEARNER,
        names=["you"] + [tutorial.bot] * (tutorial.players - 1),
        console=console,
        read_line=lambda prompt: console.input(prompt),
        people=people,
        labels=labels,
        guide=Guide(tutorial, Narrator(game, LEARNER, people, tutorial.players)),
    )
    ending = session.run()
    console.print(session.describe_ending(ending), markup=False, soft_wrap=True)
    if ending in (Ending.BOT_FAILED, Ending.INPUT_ENDED):
        raise typer.Exit(FAILURE)


def tutorial_table(game: Game, tutorial: Tutorial) -> State:
    """The tutorial's table, dealt: the same every time."""
    return game.new_state(tutorial.table_config(game), seed=tutorial.seed)


def tutorial_bots(game: Game, tutorial: Tutorial) -> dict[int, bot_registry.Bot]:
    """The bots of every seat but the learner's, each seeded from the tutorial."""
    return {
        seat: bot_registry.make(tutorial.bot, game.name, seed=tutorial.bot_seed(seat))
        for seat in range(tutorial.players)
        if seat != LEARNER
    }
