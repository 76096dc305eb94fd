"""The waiting room's words: what a table that has not started waits for, and how it
is set up (what a friend who joins should know before the first move)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mobtable.bots.hints import HINT_LEVEL
from mobtable.core import Game
from mobtable.core.rulespage import choice_words


def waiting_prompt(reader: int | None, host: int | None, host_name: str, free: int) -> str:
    """The prompt of the waiting room for ``reader`` (``None``: a spectator): how many
    players it waits for, and who may start it with bots."""
    starter = "you" if reader is not None and reader == host else host_name or "the host"
    more = f"{free} more player{'s' if free != 1 else ''}"
    bots = "a bot in the free seat" if free == 1 else "bots in the free seats"
    return f"Waiting for {more} to join, or for {starter} to start with {bots}."


def seed_notice(chooser: str | None) -> str:
    """What everyone who joins a table whose creator chose the seed is told first: the
    seed decides every hand, so whoever chose it can know them all."""
    who = chooser or "The table's creator"
    whom = chooser or "they"
    return (
        f"{who} chose the seed of this deal, so {whom} can know every hand before it is "
        "played: join only if you agree."
    )


def table_settings(
    game: Game,
    config: Mapping[str, Any],
    *,
    clock: int | None,
    hints: bool,
    replace_after: int,
    reveal_at_end: bool,
) -> list[str]:
    """How a table is set up, one line each, in words: the clock, hints, the variants
    and every option's chosen value (the defaults too: a friend cannot know them)."""
    lines = [
        f"{clock} seconds per move: when time runs out, a bot makes that move"
        if clock
        else "No clock: take the time you need",
        f"Hints allowed (the {HINT_LEVEL.name} bot's suggestion)" if hints else "No hints",
    ]
    chosen = set(config.get("variants", ()))
    lines += [f"Variant: {v.label or v.name}" for v in game.variants if v.name in chosen]
    options = config.get("options", {})
    for o in game.options:
        value = options.get(o.name, o.people_default)
        lines.append(f"{o.label or o.name}: {choice_words(o, value)}")
    lines.append(
        f"A player away for {replace_after} s may be replaced by a bot, "
        "and may take the seat back on return"
    )
    if reveal_at_end:
        lines.append("Every card is shown when the game ends")
    return lines
