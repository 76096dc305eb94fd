"""``mobtable games``: what can be played, from each game's own declaration."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from mobtable import bots as bot_registry
from mobtable import games as registry
from mobtable.cli.setup import load_game
from mobtable.core import Game
from mobtable.core.rulespage import choice_words


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def game_table(game: Game) -> RenderableType:
    """One game in detail: what it is, players, variants, options in words, bots by strength."""
    head = Text(f"{game.title}", style="bold")
    head.append(f"  ({game.name})", style="dim")
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    if game.blurb:
        facts.add_row("what", game.blurb)
    facts.add_row("players", f"{game.min_players} to {game.max_players}")
    for players in range(game.min_players, game.max_players + 1):
        note = game.players_note(players)
        if note:
            facts.add_row(f"  {players} players", note)
    if game.length:
        facts.add_row("length", game.length)
    facts.add_row("rules", f"mobtable rules {game.name}")
    facts.add_row("rules version", game.rules_version)
    facts.add_row("simultaneous", "yes" if game.simultaneous else "no")
    parts: list[RenderableType] = [head, facts]
    bots = Table("bot", "what it plays like", box=box.SIMPLE_HEAD, show_edge=False)
    for name in bot_registry.available(game.name):
        bots.add_row(name, bot_registry.describe(name, game.name))
    parts.append(bots)
    if game.variants:
        variants = Table("variant", "description", box=box.SIMPLE_HEAD, show_edge=False)
        for variant in game.variants:
            variants.add_row(variant.name, variant.description)
        parts.append(variants)
    if game.options:
        options = Table(
            "option", "default", "choices", "what it changes", box=box.SIMPLE_HEAD, show_edge=False
        )
        for option in game.options:
            label = Text(option.label or option.name)
            if option.label:
                label.append(f"\n{option.name}", style="dim")
            if option.decision:
                label.append(f" · {option.decision}", style="dim")
            options.add_row(
                label,
                choice_words(option, option.default),
                ", ".join(choice_words(option, c) for c in option.choices),
                option.description,
            )
        parts.append(options)
    return Group(*parts, Text(""))


def overview(width: int = 100) -> RenderableType:
    """Every registered game on one line each (a block each when ``width`` is too narrow).

    Names are never broken: one variant or option a line in the table, and in the blocks
    lines break only between entries. A broken package is listed, not fatal.
    """
    rows: list[tuple[str, str | Text, str, list[str], list[str], list[str]]] = []
    for name in registry.names():
        try:
            game = registry.get(name)
            bots = bot_registry.available(name)
        except Exception as exc:  # a game being written must not break the listing
            rows.append((name, Text(f"unavailable ({exc})", style="dim"), "", [], [], []))
            continue
        variants = [v.name for v in game.variants]
        options = [f"{o.name}={_value(o.default)}" for o in game.options]
        rows.append(
            (
                name,
                game.title,
                f"{game.min_players}-{game.max_players}",
                variants,
                options,
                list(bots),
            )
        )
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("game", no_wrap=True)
    table.add_column("title", min_width=_longest_word(str(row[1]) for row in rows))
    for column in ("players", "variants", "options"):
        table.add_column(column, no_wrap=True)
    table.add_column("bots", min_width=_longest_word(", ".join(row[5]) for row in rows))
    for name, title, players, variants, options, bots in rows:
        table.add_row(
            name,
            title,
            players,
            "\n".join(variants) or "-",
            "\n".join(options) or "-",
            ", ".join(bots),
        )
    wide = Console(width=10_000)  # measured unclamped: the least width the table needs
    if Measurement.get(wide, wide.options, table).minimum <= width:
        return table
    return Group(*(_block(*row) for row in rows))


def _block(
    name: str,
    title: str | Text,
    players: str,
    variants: list[str],
    options: list[str],
    bots: list[str],
) -> RenderableType:
    facts = Table.grid(padding=(0, 1), pad_edge=True)
    facts.add_column(no_wrap=True, min_width=len("variants") + 2)  # with its padding
    facts.add_column()
    for label, entries in (("variants", variants), ("options", options), ("bots", bots)):
        if entries:
            facts.add_row(label, ", ".join(entries))
    head = Text.assemble((name, "bold"), " ", title, f" ({players} players)" if players else "")
    return Group(head, facts, Text(""))


def _longest_word(texts: Iterable[str]) -> int:
    return max((len(word) for text in texts for word in text.split()), default=1)


def games(
    name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="Show one game in detail.")
    ] = None,
    detail: Annotated[bool, typer.Option("--detail", "-d", help="Every game in detail.")] = False,
) -> None:
    """List the games with their player counts, variants, options and bots."""
    console = Console(highlight=False)
    if name is not None:
        console.print(game_table(load_game(name)))
        return
    if not detail:
        console.print(overview(console.width))
        console.print(Text("'mobtable games GAME' shows a game's variants and options.", "dim"))
        return
    for game_name in registry.names():
        try:
            console.print(game_table(registry.get(game_name)))
        except Exception as exc:  # a game being written must not break the listing
            console.print(Text(f"{game_name}: unavailable ({exc})", style="dim"))
