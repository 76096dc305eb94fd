"""The result card's breakdown of a Gangsta game: where each player's points came from.

Read from the public log: each placement's points go to the row and the column in which
its sets formed (a card forming a pair in both lines scores "two pairs", one point more
than the two pairs alone: shown apart), and each police raid to the player whose
placement filled the line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobtable.core.words import Breakdown, Reader
from mobtable.games.gangsta.grid import COLUMNS, ROWS, SET_POINTS, TWO_PAIRS

if TYPE_CHECKING:
    from mobtable.core import State


def breakdown(state: State, reader: Reader) -> Breakdown:
    players = state.players
    lines: list[dict[str, int]] = [{} for _ in range(players)]
    bonus = [0] * players
    raids = [0] * players
    placer: int | None = None
    for event in state.events:
        if not event.visible_to(reader.seat):
            continue
        if event.kind == "place":
            placer = event.data["seat"]
            sizes, where = event.data.get("sets", []), event.data.get("lines", [])
            if not event.data.get("points"):
                continue
            if sizes == [2, 2]:
                bonus[placer] += TWO_PAIRS - 2 * SET_POINTS[2]
            for size, line in zip(sizes, where, strict=False):
                lines[placer][line] = lines[placer].get(line, 0) + SET_POINTS[size]
        elif event.kind == "raid" and placer is not None:
            raids[placer] += 1

    def listed(seat: int, names: tuple[str, ...]) -> str:
        got = [f"{n}\u00a0+{lines[seat][n]}" for n in names if lines[seat].get(n)]
        return " · ".join(got) or "—"

    columns = tuple(str(c) for c in COLUMNS)
    return Breakdown(
        ("Points by row", "Points by column", "Two pairs bonus", "Raids set off"),
        tuple(
            (
                listed(seat, ROWS),
                listed(seat, columns),
                f"+{bonus[seat]}" if bonus[seat] else "—",
                str(raids[seat]),
            )
            for seat in range(players)
        ),
    )
