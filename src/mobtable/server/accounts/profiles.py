"""A player's profile (games played and won per game, rating over time, recent tables)
and each game's leaderboard, as the web client shows them."""

from __future__ import annotations

from typing import Any

from mobtable import games
from mobtable.core.words import default_names
from mobtable.server.accounts.ratings import account_player, shown
from mobtable.store.accounts import AccountRef, AccountStore, Skill

RECENT = 20
LEADERS = 50


def _title(game: str) -> str:
    try:
        return games.get(game).title
    except KeyError:
        return game


def profile(store: AccountStore, account: AccountRef) -> dict[str, Any]:
    """``account``'s profile (read in a database thread)."""
    player = account_player(account.id)
    played = store.played(account.id)
    ratings = store.ratings(player)
    history = store.history(player)
    per_game: dict[str, dict[str, Any]] = {}
    for row in played:
        g = per_game.setdefault(row.game, {"played": 0, "won": 0})
        g["played"] += 1
        g["won"] += row.seat in row.result.get("winners", ())
    names = store.seat_names([r.table_id for r in played[:RECENT]])
    recent = []
    for row in played[:RECENT]:
        ranks = row.result.get("ranks", [])
        recent.append(
            {
                "table": row.table_id,
                "game": row.game,
                "title": _title(row.game),
                "seat": row.seat,
                "at": row.at,
                "rated": row.rated,
                "won": row.seat in row.result.get("winners", ()),
                "rank": ranks[row.seat] if row.seat < len(ranks) else None,
                "players": len(ranks),
                "with": _others(names.get(row.table_id, []), row.seat),
            }
        )
    return {
        "name": account.name,
        "games": [
            {
                "game": game,
                "title": _title(game),
                "played": counts["played"],
                "won": counts["won"],
                "rating": shown(ratings[game]) if game in ratings else None,
                "rated_games": ratings[game].games if game in ratings else 0,
                "history": [
                    {
                        "table": p.table_id,
                        "at": p.at,
                        "rating": shown_point(p.mu, p.sigma),
                    }
                    for p in history
                    if p.game == game
                ],
            }
            for game, counts in sorted(per_game.items())
        ],
        "recent": recent,
    }


def shown_point(mu: float, sigma: float) -> float:
    return shown(Skill(mu, sigma))


def _others(seats: list[tuple[int, str, str | None, str | None]], mine: int) -> list[str]:
    """The other players' names as the table showed them."""
    defaults = default_names(max((s[0] for s in seats), default=0) + 1)
    out = []
    for seat, kind, bot, name in sorted(seats):
        if seat == mine:
            continue
        who = name or defaults[seat]
        out.append(f"{who} (bot, {bot})" if kind == "bot" and bot else who)
    return out


def leaderboard(store: AccountStore, game: str) -> list[dict[str, Any]]:
    """``game``'s rated players, best first: accounts by name, bot levels as bots."""
    rows = store.leaders(game)
    names = store.names([p[2:] for p, _ in rows if p.startswith("a:")])
    board: list[dict[str, Any]] = []
    for player, skill in rows:
        entry: dict[str, Any]
        if player.startswith("a:"):
            entry = {"name": names.get(player[2:], "?"), "bot": None}
        else:
            entry = {"name": f"bot, {player.removeprefix('bot:')}", "bot": player[4:]}
        board.append({**entry, "rating": shown(skill), "games": skill.games})
    board.sort(key=lambda e: (-e["rating"], e["name"]))
    return [{"rank": i + 1, **e} for i, e in enumerate(board[:LEADERS])]
