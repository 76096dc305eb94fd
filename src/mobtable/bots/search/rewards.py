"""Per-seat rewards in [0, 1] from a finished game's :class:`Result`."""

from __future__ import annotations

from mobtable.core import Result

SCORE_WEIGHT = 0.25
"""Share of the reward given by the final score, relative to the table's best and worst.

Win or lose is a coarse, noisy signal; the score margin says how close a line
came, which lowers the variance of the estimates a lot in point-scoring games.
"""


def win_shares(result: Result) -> list[float]:
    """1 for a sole win, ``1/k`` for a win shared by ``k`` seats, else 0."""
    win = [0.0] * len(result.ranks)
    share = 1.0 / len(result.winners)
    for seat in result.winners:
        win[seat] = share
    return win


def rewards(result: Result, *, score_weight: float = SCORE_WEIGHT) -> list[float]:
    """One reward per seat in [0, 1]: mostly the win share, partly the final score.

    A sole win is worth 1 and a win shared by ``k`` seats ``1/k`` (times
    ``1 - score_weight``); the remaining ``score_weight`` rewards the score,
    scaled so that the table's lowest score gets 0 and its highest 1.

    Example:
        >>> r = Result((5, 3, 1), (1, 2, 3), (0,))
        >>> [round(x, 3) for x in rewards(r)]
        [1.0, 0.125, 0.0]
        >>> [round(x, 3) for x in rewards(Result((4, 4, 1), (1, 1, 3), (0, 1)))]
        [0.625, 0.625, 0.0]
    """
    win = win_shares(result)
    if score_weight == 0.0:
        return win
    scores = result.scores
    low, high = min(scores), max(scores)
    keep = 1.0 - score_weight
    if high == low:
        return [keep * w + score_weight * 0.5 for w in win]
    scale = score_weight / (high - low)
    return [keep * w + scale * (x - low) for w, x in zip(win, scores, strict=True)]
