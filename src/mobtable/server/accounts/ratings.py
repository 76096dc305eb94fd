"""Ratings: openskill's Plackett-Luce model, one rating per player and game.

A player is an account (``a:<id>``) or a bot level (``bot:<level>``, rated as a
pseudo-account, so that a solo player's rating against bots means something).
When a rated table's game ends (the action pipeline's end of game), every seat of an
account and every bot seat is rated by its rank in the result, guests left out; a
game with no account at it, or fewer than two rated seats, moves nothing. Where one
bot level holds several seats, its new rating is the mean of theirs. A table is
rated once (its rating changes are keyed by table).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from mobtable.store.accounts import AccountStore, Skill

log = logging.getLogger("mobtable.server")
MODEL = PlackettLuce()
Db = Callable[..., Awaitable[Any]]


def account_player(account_id: str) -> str:
    return f"a:{account_id}"


def bot_player(level: str) -> str:
    return f"bot:{level}"


def shown(skill: Skill) -> float:
    """The rating people read: openskill's ordinal (mu - 3 sigma), which only grows
    as the model grows sure of a player's skill; 0 for a newcomer."""
    return round(MODEL.rating(mu=skill.mu, sigma=skill.sigma).ordinal(), 1)


def rated_seats(
    seats: list[tuple[str, str | None]], accounts: dict[int, str]
) -> list[tuple[int, str]]:
    """The seats rated at a table: (seat, player) for each account's seat and each bot
    seat; ``seats`` gives each seat's kind and bot level, ``accounts`` its account id."""
    out = []
    for n, (kind, bot) in enumerate(seats):
        if n in accounts:
            out.append((n, account_player(accounts[n])))
        elif kind == "bot" and bot:
            out.append((n, bot_player(bot)))
    return out


def new_ratings(
    seats: list[tuple[int, str]], ranks: list[int], before: dict[str, Skill]
) -> dict[str, Skill]:
    """Everyone's rating after a game in which ``seats`` finished at ``ranks`` (1 best)."""
    teams = [
        [MODEL.rating(mu=s.mu, sigma=s.sigma) if (s := before.get(p)) else MODEL.rating()]
        for _, p in seats
    ]
    rated = MODEL.rate(teams, ranks=[float(ranks[n]) for n, _ in seats])
    moved: dict[str, list[tuple[float, float]]] = {}
    for (_, player), [r] in zip(seats, rated, strict=True):
        moved.setdefault(player, []).append((r.mu, r.sigma))
    return {
        p: Skill(
            fmean(m for m, _ in v),
            fmean(s for _, s in v),
            (before[p].games if p in before else 0) + 1,
        )
        for p, v in moved.items()
    }


async def rate_game(
    store: AccountStore,
    db: Db,
    table_id: str,
    game: str,
    seats: list[tuple[str, str | None]],
    accounts: dict[int, str],
    result: dict[str, Any],
) -> bool:
    """Rate one finished game (see the module); whether any rating moved."""
    rated = rated_seats(seats, accounts)
    if not accounts or len(rated) < 2:
        return False
    ranks = list(result["ranks"])
    players = sorted({p for _, p in rated})
    return bool(
        await db(
            store.rate,
            table_id,
            game,
            players,
            time.time(),
            lambda before: new_ratings(rated, ranks, before),
        )
    )
