"""The waiting room's words: what a table that has not started waits for."""

from __future__ import annotations


def waiting_prompt(reader: int | None, host: int | None, host_name: str, free: int) -> str:
    """The prompt of the waiting room for ``reader`` (``None``: a spectator): how many
    players it waits for, and who may start it with bots."""
    starter = "you" if reader is not None and reader == host else host_name or "the host"
    more = f"{free} more player{'s' if free != 1 else ''}"
    bots = "a bot in the free seat" if free == 1 else "bots in the free seats"
    return f"Waiting for {more} to join, or for {starter} to start with {bots}."
