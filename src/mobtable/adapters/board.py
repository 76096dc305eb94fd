"""A table drawn as text for people: the game's terminal board of a spectator's view.

PettingZoo's ``render()`` and an OpenSpiel state's ``str()`` both print it. A spectator's
view holds only public facts, so the text shows no hand and no sealed choice."""

from __future__ import annotations

import io

from mobtable.core import State


def board_text(state: State, width: int = 100) -> str:
    """The spectator's board of ``state``, as the terminal draws it (plain text)."""
    from rich.console import Console

    from mobtable.cli.rendering import render_view

    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(state.game.name, state.view(None)))
    return console.export_text()
