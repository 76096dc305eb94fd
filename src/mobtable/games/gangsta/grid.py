"""The 5 x 5 grid of zone cards: cells, lines and what a placed card scores.

Rows are lettered A-E and columns numbered 1-5, so ``C2`` is row C, column 2
(as in the rulebook's example 4). Cells are indexed ``row * 5 + column``.
"""

from __future__ import annotations

from collections.abc import Sequence

SIZE = 5
ROWS = ("A", "B", "C", "D", "E")
COLUMNS = (1, 2, 3, 4, 5)
CELLS = SIZE * SIZE
CELL_NAMES = tuple(f"{r}{c}" for r in ROWS for c in COLUMNS)
EMPTY = -1
CENTER = CELL_NAMES.index("C3")

#: Points for a set of equal values in one line (G-12); two pairs at once score 3.
SET_POINTS = {2: 1, 3: 5, 4: 7, 5: 10}
SET_NAMES = {2: "pair", 3: "trio", 4: "quartet", 5: "quintet"}
TWO_PAIRS = 3


def cell_index(row: str, column: int) -> int:
    return ROWS.index(row) * SIZE + (column - 1)


#: For each cell: its row's cells and its column's cells, in order.
ROW_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(range((i // SIZE) * SIZE, (i // SIZE) * SIZE + SIZE)) for i in range(CELLS)
)
COLUMN_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(i % SIZE, CELLS, SIZE)) for i in range(CELLS)
)
LINES: tuple[tuple[int, ...], ...] = tuple(ROW_OF[r * SIZE] for r in range(SIZE)) + tuple(
    COLUMN_OF[c] for c in range(SIZE)
)


def line_name(line: Sequence[int]) -> str:
    if line[1] - line[0] == 1:
        return f"row {CELL_NAMES[line[0]][0]}"
    return f"column {CELL_NAMES[line[0]][1]}"


def set_size(grid_values: Sequence[int], line: Sequence[int], cell: int, adjacent: bool) -> int:
    """How many cards of the placed card's value stand in ``line`` (placed card included).

    ``grid_values`` holds each cell's card value (``EMPTY`` where empty), the
    placed card already in ``cell``. With ``adjacent`` only the unbroken run
    through ``cell`` counts (option ``combinations = "adjacent"``, G-11).
    """
    value = grid_values[cell]
    if not adjacent:
        return [grid_values[c] for c in line].count(value)
    position = line.index(cell)
    size = 1
    for step in (-1, 1):
        i = position + step
        while 0 <= i < SIZE and grid_values[line[i]] == value:
            size += 1
            i += step
    return size


def placement_points(
    grid_values: Sequence[int], cell: int, adjacent: bool = False
) -> tuple[int, list[int]]:
    """Points for the card just placed on ``cell`` and the set sizes it formed.

    Each of the card's two lines is scored on its own, never merged (G-12): a
    set of 2, 3, 4 or 5 equal values in a line scores 1, 5, 7 or 10; a card
    that forms a pair in both lines at once scores "two pairs", 3.
    """
    sizes = [
        size
        for line in (ROW_OF[cell], COLUMN_OF[cell])
        if (size := set_size(grid_values, line, cell, adjacent)) >= 2
    ]
    return sets_points(sizes), sizes


def set_lines(grid_values: Sequence[int], cell: int, adjacent: bool = False) -> list[str]:
    """The names of the lines (row "A", column "3") in which the card just placed on
    ``cell`` formed a set, in the order of :func:`placement_points`' sizes."""
    name = CELL_NAMES[cell]
    return [
        part
        for line, part in ((ROW_OF[cell], name[0]), (COLUMN_OF[cell], name[1:]))
        if set_size(grid_values, line, cell, adjacent) >= 2
    ]


def sets_points(sizes: Sequence[int]) -> int:
    """Points for the sets (sizes 2-5) one placement formed in its two lines (G-12)."""
    pairs = sizes.count(2)
    return (0, SET_POINTS[2], TWO_PAIRS)[pairs] + sum(SET_POINTS[s] for s in sizes if s > 2)


#: ``LINE_SCORES[in_row][in_column]``: the points and set sizes of a placement whose
#: value now stands ``in_row`` times in its row and ``in_column`` times in its column
#: (the option "line"; precomputed because every placement asks).
LINE_SCORES: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (sets_points(sizes), sizes)
        for in_column in range(SIZE + 1)
        for sizes in [tuple(n for n in (in_row, in_column) if n >= 2)]
    )
    for in_row in range(SIZE + 1)
)

#: For each cell: its row (0-4) and its column (0-4).
ROW_COLUMN: tuple[tuple[int, int], ...] = tuple(divmod(i, SIZE) for i in range(CELLS))
#: For each cell: its row (0-4) and its column (5-9) as indices of the ten lines
#: (``LINES``, and the table's count of cards per line).
LINES_OF: tuple[tuple[int, int], ...] = tuple((r, SIZE + c) for r, c in ROW_COLUMN)
#: For each cell: where its row starts, its column (0-4), and its two ``LINES_OF``:
#: what a placement reads to count its value in both lines.
PLACE_LINES: tuple[tuple[int, int, int, int], ...] = tuple(
    (r * SIZE, c, r, SIZE + c) for r, c in ROW_COLUMN
)


def full_lines(grid: Sequence[int]) -> list[tuple[int, ...]]:
    """The rows and columns with a card on every cell."""
    return [line for line in LINES if all(grid[c] != EMPTY for c in line)]


def describe_sets(sizes: Sequence[int]) -> str:
    if sizes.count(2) == 2:
        return "two pairs"
    return " + ".join(SET_NAMES[s] for s in sizes) if sizes else "nothing"
