"""``mobtable rules GAME``: the game's rules page, the same text as the web app's."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from mobtable import games as registry
from mobtable.cli.setup import load_game
from mobtable.core.rulespage import rules_markdown


def rules(
    name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")],
) -> None:
    """Print how a game is played: components, a turn, scoring, the options in words."""
    game = load_game(name)
    text = rules_markdown(game, registry.package_of(game.name))
    Console(highlight=False).print(Markdown(text, hyperlinks=False))
