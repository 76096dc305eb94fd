"""Police raids (G-14, G-15): a completed row or column brings an ambush card."""

from __future__ import annotations

from mobtable.games.gangsta.grid import CELL_NAMES, EMPTY, full_lines, line_name
from mobtable.games.gangsta.table import GangstaTable, Settled


def raid(state: GangstaTable) -> None:
    """Turn ambush cards until no line is full (at most one deck's worth); the
    cards they mark go to the box. An empty ambush deck is reshuffled first."""
    lines = [] if state.silent else [line_name(line) for line in full_lines(state.grid)]
    filled = ", ".join(lines)
    for _ in range(len(state.cards.ambush)):
        if not state.ambush_deck:
            state.ambush_deck, state.ambush_used = state.ambush_used, []
            state.rng.shuffle(state.ambush_deck)
            if not state.silent:
                state.log("ambush-reshuffle", "The police ambush deck is reshuffled")
        index = state.ambush_deck.pop()
        state.ambush_used.append(index)
        grid = state.grid
        cells = [c for c in state.cards.ambush_cells[index] if grid[c] != EMPTY]
        removed = state.take(cells)
        state.box.extend(removed)
        state.last_raid = Settled((index, cells, removed))
        if not state.silent:
            ambush = state.cards.ambush[index]
            state.log(
                "raid",
                f"Police! {filled} filled; ambush ({ambush.label}) removes "
                f"{', '.join(state.codes(removed)) or 'nothing'}",
                ambush=index,
                removed=state.codes(removed),
                lines=lines,
                marks=ambush.label,
                cells=[CELL_NAMES[c] for c in cells],
            )
        if not state.any_full_line():
            return
