"""Per-seat rewards in [0, 1] from a finished game's :class:`Result`."""

from __future__ import annotations

from mobtable.core import Result

RANK_WEIGHT = 0.1
"""Share of the reward given by final rank, to break ties among hopeless or won lines."""


def win_shares(result: Result) -> list[float]:
    """1 for a sole win, ``1/k`` for a win shared by ``k`` seats, else 0."""
    win = [0.0] * len(result.ranks)
    share = 1.0 / len(result.winners)
    for seat in result.winners:
        win[seat] = share
    return win


def rewards(result: Result, *, rank_weight: float = RANK_WEIGHT) -> list[float]:
    """One reward per seat: a sole win is worth 1, a win shared by ``k`` seats ``1/k``.

    A fraction ``rank_weight`` of the reward comes from the final rank
    (first 1, last 0), so that among lines with the same winner the search
    still prefers finishing higher.

    Example:
        >>> r = Result((5, 3, 3), (1, 2, 2), (0,))
        >>> [round(x, 2) for x in rewards(r)]
        [1.0, 0.05, 0.05]
        >>> [round(x, 2) for x in rewards(Result((4, 4, 1), (1, 1, 3), (0, 1)))]
        [0.55, 0.55, 0.0]
    """
    n = len(result.ranks)
    win = win_shares(result)
    if n < 2 or rank_weight == 0.0:
        return win
    keep = 1.0 - rank_weight
    scale = rank_weight / (n - 1)
    return [keep * win[s] + scale * (n - result.ranks[s]) for s in range(n)]
