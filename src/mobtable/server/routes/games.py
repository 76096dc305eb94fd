"""``/api/games``: the games this server plays, and their card data."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Path as PathParam

from mobtable import bots, games
from mobtable.core.cardfile import builtin_card_data
from mobtable.core.game import Game
from mobtable.core.rulespage import choice_words
from mobtable.server.bot_turns import default_bot
from mobtable.server.errors import NotFound
from mobtable.server.schemas import GameInfo

router = APIRouter(tags=["games"])


def game_info(game: Game) -> dict[str, Any]:
    """A game as the lobby shows it: variants, options, bots, players' notes, end reveal."""
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "players_notes": {
            str(n): note
            for n in range(game.min_players, game.max_players + 1)
            if (note := game.players_note(n))
        },
        "blurb": game.blurb,
        "length": game.length,
        "simultaneous": game.simultaneous,
        "variants": [
            {"name": v.name, "label": v.label or v.name, "description": v.description}
            for v in game.variants
        ],
        "options": [
            {
                "name": o.name,
                "default": o.people_default,  # a served table is played by people
                "choices": list(o.choices),
                "description": o.description,
                "label": o.label or o.name,
                "decision": o.decision,
                "choice_labels": [choice_words(o, c) for c in o.choices],
            }
            for o in game.options
        ],
        "bots": bots.available(game.name),
        "bot_levels": [
            {"name": b, "description": bots.describe(b, game.name)}
            for b in bots.available(game.name)
        ],
        "default_bot": default_bot(game.name),
        "tutorial": game.tutorial is not None,
        "end_reveal": {
            "everything": game.end_reveal.everything,
            "description": game.end_reveal.description,
            "decision": game.end_reveal.decision,
        },
    }


@router.get("/api/games", response_model=list[GameInfo])
async def list_games() -> list[dict[str, Any]]:
    """The games this server plays, with their variants, options and bots."""
    out = []
    for name in games.names():
        try:
            game = games.get(name)
        except Exception:
            continue
        out.append(game_info(game))
    return out


@router.get("/api/games/{name}/cards")
async def game_cards(name: Annotated[str, PathParam(max_length=40)]) -> dict[str, Any]:
    """The game's built-in card data (the TOML the engine reads), as JSON."""
    try:
        package = games.package_of(name)
    except KeyError as exc:
        raise NotFound(str(exc.args[0])) from exc
    try:
        return builtin_card_data(package)
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
