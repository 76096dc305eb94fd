"""The rules pages: each game's ``rules.md`` as HTML, a page of its own and a fragment.

``/rules/<game>`` is a whole page (linked from the lobby); the table's
quick-reference panel fetches ``/api/games/<game>/rules`` and shows the same
HTML without leaving the game. The terminal prints the same Markdown.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Annotated

from fastapi import APIRouter
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from pydantic import BaseModel, Field

from mobtable import games
from mobtable.core.rulespage import rules_markdown
from mobtable.server.errors import NotFound

GameName = Annotated[str, PathParam(max_length=40)]

router = APIRouter()


class RulesPage(BaseModel):
    game: str
    title: str
    html: str = Field(description="the rules page rendered from the game's Markdown")


@lru_cache(maxsize=16)
def rules_html(name: str) -> tuple[str, str]:
    """The game's title and its rules page as HTML; ``KeyError`` for an unknown game."""
    game = games.get(name)
    markdown = rules_markdown(game, games.package_of(name))
    # Our own text, but raw HTML stays off: the page is Markdown and nothing else.
    parser = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(
        ["table", "strikethrough", "replacements", "smartquotes"]
    )
    return game.title, parser.render(markdown)


def _lookup(name: str) -> tuple[str, str]:
    try:
        return rules_html(name)
    except KeyError as exc:
        raise NotFound(f"no rules for {name!r}: {exc.args[0]}") from exc


@router.get("/api/games/{name}/rules", response_model=RulesPage, tags=["games"])
async def rules_fragment(name: GameName) -> dict[str, str]:
    """The game's rules page as an HTML fragment (the table's quick-reference panel)."""
    title, html = _lookup(name)
    return {"game": name, "title": title, "html": html}


PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} — rules — mobtable</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <header class="top"><a href="/" class="brand">mobtable</a>
    <span id="crumb"> / rules / {title}</span></header>
  <main><article class="rules card" id="rules">{body}</article>
  <p><a class="button secondary" href="/">Back to the lobby</a></p></main>
</body>
</html>
"""


@router.get("/rules/{name}", include_in_schema=False)
async def rules_page(name: GameName) -> HTMLResponse:
    """The game's rules as a page of its own; a readable 404 page for an unknown game."""
    try:
        title, html = rules_html(name)
    except KeyError as exc:
        message = f"<h1>No such game</h1><p>{escape(str(exc.args[0]))}.</p>"
        return HTMLResponse(PAGE.format(title="unknown game", body=message), status_code=404)
    return HTMLResponse(PAGE.format(title=escape(title), body=html))
