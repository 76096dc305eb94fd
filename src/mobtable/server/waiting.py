"""The waiting room's words: what a table that has not started waits for."""

from __future__ import annotations


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
