"""A fast playout policy for Gangsta search rollouts.

Uniformly random rollouts place won cards anywhere, so a won trick looks
worth little more than a lost one, and they squander trumps; the search then
learns nothing a rule of thumb would not know. This policy plays like the
``greedy`` bot but reads the sampled state directly (no view is built), so a
rollout step costs a few microseconds:

- play: take the trick with the cheapest play that wins it, else dump the
  lowest card (a lead: a strong side card, else the lowest);
- place: the card and cell that score the most now, less a penalty for
  completing a line (which calls the police); ties broken at random;
- now and then (``noise``) a uniformly random legal action instead, so that
  rollouts do not all follow the same line.

Without the noise it is also the search's guide: the first action tried at a
new node, at a few microseconds instead of the ``greedy`` bot's view and scoring.

It runs only on determinized samples inside the search: it never sees more
than the sample holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mobtable.games.gangsta.grid import CELLS, SIZE
from mobtable.games.gangsta.table import Phase
from mobtable.games.gangsta.tricks import strength as ids_strength
from mobtable.games.gangsta.tricks import trick_winner

NOISE = 0.1
"""Share of rollout decisions taken uniformly at random."""
RAID_PENALTY = 2
MAX_STEPS = 10_000
_PLACE, _PLAY = Phase.PLACE, Phase.PLAY
_SET_POINTS = (0, 0, 1, 5, 7, 10)
"""Points by the size of the set a card joins in one line (G-12)."""
_LINE_POINTS = tuple(
    3 if in_row == in_column == 1 else _SET_POINTS[in_row + 1] + _SET_POINTS[in_column + 1]
    for in_row in range(SIZE)
    for in_column in range(SIZE)
)
"""``_LINE_POINTS[in_row * SIZE + in_column]``: the points of a card joining that many
equal values in its row and in its column (two pairs at once: 3)."""


def playout(
    state: Any,
    rng: random.Random,
    progress: Callable[[Any], int] | None = None,
    limit: int = 0,
    noise: float = NOISE,
) -> None:
    """Play ``state`` on (to the end, or until ``progress(state) >= limit``)."""
    rnd = rng.random
    for _ in range(MAX_STEPS):
        if state.is_over() or (progress is not None and progress(state) >= limit):
            return
        seat = state.turn
        phase = state.phase
        if phase is _PLACE and rnd() >= noise:
            state.apply(seat, best_placement(state, rnd), check=False)
        elif phase is _PLAY and rnd() >= noise:
            state.apply(seat, trick_play(state, seat), check=False)
        else:
            actions = state.legal(seat)
            state.apply(seat, actions[int(rnd() * len(actions))], check=False)


def guide(state: Any, seat: int) -> Any:
    """The first action the search tries at a new node: this policy without noise
    (ties: the first best), or ``None`` outside tricks and placements (the search then
    asks the ``greedy`` bot, through a view)."""
    phase = state.phase
    if phase is _PLACE:
        return best_placement(state, _first)
    if phase is _PLAY:
        return trick_play(state, seat)
    return None


def _first() -> float:
    return 0.0


def trick_play(state: Any, seat: int) -> Any:
    """Lead a strong side card; answer with the cheapest winning play, else the lowest."""
    plays = state.legal(seat)
    cards = state.cards
    value, mafia, strong = cards.value, cards.mafia, cards.strong
    trick = state.trick
    trump = state.trump_mafia

    def strength(play: Any) -> int:
        return sum(value[c.id] for c in play.cards)

    if not trick:
        side = [p for p in plays if mafia[p.cards[0].id] != trump]
        return max(side, key=strength) if side else min(plays, key=strength)
    ids = trick[trick_winner(cards, trick, trump)][1]
    target = mafia[ids[0]]  # the mafia now taking the trick, and its best play so far
    to_beat = (ids_strength(cards, ids), strong[ids[0]])
    best = None
    best_key = (99, 999)
    for play in plays:
        first = play.cards[0].id
        m = mafia[first]
        s = strength(play)
        wins = (m == trump and target != trump) or (m == target and (s, strong[first]) > to_beat)
        if wins and (len(play.cards), s) < best_key:
            best, best_key = play, (len(play.cards), s)
    if best is not None:
        return best
    return min(plays, key=lambda p: (len(p.cards), mafia[p.cards[0].id] == trump, strength(p)))


def best_placement(state: Any, rnd: Callable[[], float]) -> Any:
    """The placement scoring the most now (a raid costs ``RAID_PENALTY``), ties at random.

    Only cells sharing a line with an equal value can score, so each value still to
    place is scored once (:func:`_best_cells`); every other cell is worth 0 (or minus
    the penalty). The ties are the best cards' best cells, card by card.
    """
    filled = state.filled
    value_of = state.cards.value
    empty = state.empty
    size, width = SIZE, CELLS  # locals: read in every loop below
    last = size - 1
    near_full: list[bool] = []
    for cell in empty:
        near_full.append(filled[cell // size] == last or filled[size + cell % size] == last)
    best: list[int] = []  # each tie as card * CELLS + cell, in order
    best_points = 0 if not all(near_full) else -RAID_PENALTY
    tops: dict[int, tuple[int, list[int]]] = {}
    for card in state.to_place:
        value = value_of[card]
        top = tops.get(value)
        if top is None:
            top = tops[value] = _best_cells(state.grid_values, value, empty, near_full)
        points, cells = top
        if points < best_points or not cells:
            continue
        if points > best_points:
            best, best_points = [], points
        base = card * width
        for cell in cells:
            best.append(base + cell)
    if best_points <= 0:  # nothing scores: any card on a cell that calls no raid, if any
        cells = [c for c, full in zip(empty, near_full, strict=True) if not full] or empty
        cards = state.to_place
        best.append(cards[int(rnd() * len(cards))] * width + cells[int(rnd() * len(cells))])
    return state.table.place[best[int(rnd() * len(best))]]


def _best_cells(
    values: list[int], value: int, empty: list[int], near_full: list[bool]
) -> tuple[int, list[int]]:
    """The most points a card of ``value`` scores on an empty cell (less the penalty on
    the ``near_full`` ones) and the cells where it does, in order; no cells when no empty
    cell shares a line with an equal value."""
    counts = [0] * 10  # equal values per row (0-4) and column (5-9): 2 * SIZE lines
    size = SIZE
    for cell in range(CELLS):
        v = values[cell]
        if v == value:
            counts[cell // size] += 1
            counts[size + cell % size] += 1
    top = -RAID_PENALTY - 1  # below any score
    cells: list[int] = []
    line_points = _LINE_POINTS
    for i in range(len(empty)):
        cell = empty[i]
        in_row = counts[cell // size]
        in_column = counts[size + cell % size]
        if not (in_row or in_column):
            continue
        points = line_points[in_row * size + in_column]
        if near_full[i]:
            points -= RAID_PENALTY
        if points > top:
            top = points
            cells = [cell]
        elif points == top:
            cells.append(cell)
    return top, cells
