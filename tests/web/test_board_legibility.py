"""What a person at the table must always see (issue 25, web items 1, 2, 3 and 7).

COSCA's last day is told before the result (no overlay, no winner on the board while its
story plays, and the players' panels agree with the result once it shows); the "what just
happened" line has a strip of its own and never covers the board; Gangsta's cards print
nothing under 11 px, its seats cut no count on a phone with five players and its "More" is a
tap target. ``layout_problems`` (with ``legibility_problems``) holds the same at every step of
the whole games in ``test_cosca_table.py``, ``test_gangsta_game.py`` and ``test_capo_board.py``.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import Page

from web.cosca_clicks import decide

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _table(server: str, game: str, players: int, seed: int) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "seed": seed, "name": "Ana"}
    return httpx2.post(f"{server}/api/tables", json=body).json()


def _state(server: str, created: dict[str, Any]) -> dict[str, Any]:
    return httpx2.get(
        f"{server}/api/tables/{created['id']}/state",
        params={"seat": 0},
        headers={"X-Seat-Token": created["token"]},
    ).json()


def _open(browser: Any, server: str, created: dict[str, Any], size: str, motion: str) -> Any:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('mobtable:motion', '{motion}')")
    page = context.new_page()
    page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
    page.wait_for_selector("#board[data-version]")
    return context, page


def _cosca_to_its_last_day(server: str, created: dict[str, Any]) -> None:
    """Ana's moves through the API (the first legal one) until day 7 asks for her dice."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = _state(server, created)
        view = state["view"]
        last_day = view["calendar"]["round"] == view["calendar"]["rounds"]
        if last_day and view["stage"] == "dice" and state["legal"]:
            return
        if state["legal"]:
            httpx2.post(
                f"{server}/api/tables/{created['id']}/actions",
                json={"seat": 0, "token": created["token"], "action": state["legal"][0]["a"]},
            )
        else:
            time.sleep(0.03)
    raise AssertionError("COSCA did not reach its last day")


def _loyal(page: Page) -> list[int]:
    labels = page.locator(".cosca-player").evaluate_all(
        "els => els.map((el) => el.getAttribute('aria-label'))"
    )
    return [int(re.search(r"(\d+) loyal mobsters", label).group(1)) for label in labels]


def test_cosca_tells_its_last_day_before_the_result(
    server: str, browser: Any, artifacts: Path
) -> None:
    created = _table(server, "cosca", 3, seed=21)
    _cosca_to_its_last_day(server, created)
    context, page = _open(browser, server, created, "desktop", motion="0.4")
    try:
        rng = random.Random(2)
        deadline = time.monotonic() + 20
        while page.locator("#board").get_attribute("data-status") != "over":
            assert time.monotonic() < deadline, "the last day did not end"
            if decide(page, rng, lambda p, what: None) is None:
                page.wait_for_timeout(30)
        # while the last day's story plays: no result over the board, nor on it
        page.wait_for_selector(".cosca-story.playing", timeout=3000)
        spoilers = []
        while page.locator(".cosca-story.playing").count():
            seen = page.evaluate(
                """() => [!document.querySelector('#result').hidden && 'the result overlay',
                   document.querySelector('.cosca-banner').innerText.includes('The week is over')
                     && 'the banner',
                   [...document.querySelectorAll('.cosca-pl-status')].some(
                     (el) => el.innerText.includes('winner')) && 'a winner on a panel']
                  .filter(Boolean)"""
            )
            spoilers += seen
            page.screenshot(path=str(artifacts / "web-board-cosca-last-day.png"))
            page.wait_for_timeout(150)
        assert spoilers == [], f"told before the story's end: {sorted(set(spoilers))}"
        page.wait_for_selector("#final-result", timeout=5000)
        result = httpx2.get(f"{server}/api/tables/{created['id']}").json()["result"]
        assert _loyal(page) == result["scores"], "the panels disagree with the result"
        assert "The week is over" in page.inner_text(".cosca-banner")
    finally:
        context.close()
