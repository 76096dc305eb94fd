"""Bot ratings across line-ups, from openskill's Plackett-Luce model.

Each game is one match; each seat is a one-player team ranked by the
table's ``rank`` column (1 = best, tied seats share a rank). A bot sitting
in several seats of one game is rated from each seat against the same
prior, and its new rating is the mean of those updates (so a line-up of
one bot leaves it where it was).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
from openskill.models import PlackettLuce


@dataclass(frozen=True)
class BotRating:
    """A bot's skill estimate: mean ``mu``, uncertainty ``sigma``, ``ordinal = mu - 3 sigma``."""

    bot: str
    mu: float
    sigma: float
    ordinal: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "mu": round(self.mu, 6),
            "sigma": round(self.sigma, 6),
            "ordinal": round(self.ordinal, 6),
            "games": self.games,
        }


def rate(frame: pd.DataFrame) -> list[BotRating]:
    """Ratings of every bot in the table, best ordinal first, from games in index order."""
    model = PlackettLuce()
    ratings = {str(bot): model.rating(name=str(bot)) for bot in sorted(set(frame.bot))}
    games = dict.fromkeys(ratings, 0)
    for _, game in frame.sort_values(["game_index", "seat"]).groupby("game_index", sort=True):
        bots = [str(b) for b in game.bot]
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma, name=b)] for b in bots]
        updated = model.rate(teams, ranks=[int(r) for r in game["rank"]])
        for bot in set(bots):
            seats = [team[0] for team, b in zip(updated, bots, strict=True) if b == bot]
            mu = sum(r.mu for r in seats) / len(seats)
            sigma = sum(r.sigma for r in seats) / len(seats)
            ratings[bot] = model.rating(mu=mu, sigma=sigma, name=bot)
            games[bot] += 1
    result = [
        BotRating(bot, r.mu, r.sigma, float(r.ordinal()), games[bot]) for bot, r in ratings.items()
    ]
    return sorted(result, key=lambda r: -r.ordinal)
