"""The web app in words: rules pages, the lobby, the table's prompt, log and rules panel."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx2
import pytest

from mobtable import bots as bot_registry
from mobtable import games

VIEWPORTS = {"desktop": (1366, 768), "phone": (390, 844)}


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("name", games.names())
def test_the_rules_page_renders_with_every_option_and_variant(
    name: str, viewport: str, server: str, browser: Any, artifacts: Path
) -> None:
    game = games.get(name)
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        response = page.goto(f"{server}/rules/{name}")
        assert response is not None and response.status == 200
        page.wait_for_selector("#rules h1")
        page.screenshot(path=str(artifacts / f"rules-{name}-{viewport}.png"), full_page=True)
        text = " ".join(page.inner_text("#rules").split()).replace("\u2019", "'")
        assert game.title in page.inner_text("#rules h1")
        for variant in game.variants:
            assert variant.name in text
        for option in game.options:
            assert (option.label or option.name) in text
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    finally:
        context.close()


def test_an_unknown_games_rules_page_says_so(server: str, browser: Any) -> None:
    page = browser.new_page()
    try:
        response = page.goto(f"{server}/rules/poker")
        assert response is not None and response.status == 404
        assert "no game 'poker'" in page.inner_text("main")
    finally:
        page.close()


def test_the_lobby_describes_each_game_and_lists_bots_weakest_first(
    server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(server)
        page.wait_for_selector("#games .game-card")
        page.select_option("#game", "sealed-bid")
        page.locator("summary", has_text="The bots, weakest first").click()
        page.screenshot(path=str(artifacts / "lobby-words.png"), full_page=True)
        toy = games.get("sealed-bid")
        assert toy.blurb in page.inner_text("#games")
        assert toy.blurb in page.inner_text("#game-facts")
        levels = page.locator("#bot-levels li").all_inner_texts()
        assert [line.split(" — ")[0] for line in levels] == bot_registry.available("sealed-bid")
        assert all(" — " in line and len(line.split(" — ")[1]) > 10 for line in levels)
        page.locator("#rules-link").click()
        page.wait_for_url(re.compile(r"/rules/sealed-bid$"))
        page.wait_for_selector("#rules h1")
    finally:
        context.close()


def test_the_lobby_shows_options_in_words(server: str, browser: Any) -> None:
    with_options = [g for g in games.names() if games.get(g).options]
    if not with_options:
        pytest.fail("no game declares options: this test would prove nothing")
    name = with_options[0]
    page = browser.new_page()
    try:
        page.goto(server)
        page.wait_for_selector("#games .game-card")
        page.select_option("#game", name)
        extras = page.inner_text(".extras")
        for option in games.get(name).options:
            assert (option.label or option.name) in extras
            assert option.description.split(".")[0][:40] in " ".join(extras.split())
    finally:
        page.close()


def test_the_table_speaks_in_words_and_opens_the_rules_beside_the_game(
    server: str, browser: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "sealed-bid", "players": 2, "seats": seats, "seed": 4, "name": "Ann"}
    created = httpx2.post(f"{server}/api/tables", json=body).json()
    tid = created["id"]
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{tid}#seat=0&token={created['token']}")
        page.wait_for_selector("#moves button[data-action='b3']")
        assert page.inner_text("#moves button[data-action='b3']") == "Bid 3 coins"
        page.wait_for_selector("#prompt >> text=Your turn: bid some of your coins, face down.")
        page.wait_for_selector("#log li >> text=Carla has bid, face down.")
        assert "Carla (bot, random)" in page.inner_text("#seats")
        url = page.url
        page.locator("#rules-open").click()
        page.wait_for_selector("#rules-panel h1")
        page.screenshot(path=str(artifacts / "table-rules-panel.png"))
        assert page.url == url and page.locator("#board").is_visible()
        page.locator("#rules-close").click()
        assert page.locator("#rules-panel").is_hidden()
        page.locator("#moves button[data-action='b3']").click()
        page.wait_for_selector("#log li >> text=The bids are shown: you 3 coins")
        log = page.inner_text("#log")
        assert not re.search(r"seat \d|\[", log, re.IGNORECASE)
    finally:
        context.close()
