"""What a person at the table must always see (issue 25, web items 1, 2, 3 and 7).

COSCA's last day is told before the result (no overlay, no winner on the board while its
story plays, and the players' panels agree with the result once it shows); the "what just
happened" line has a strip of its own and never covers the board; Gangsta's cards print
nothing under 11 px, its seats cut no count on a phone with five players and its "More" is a
tap target. ``layout_problems`` (with ``legibility_problems``) holds the same at every step of
the whole games in ``test_cosca_table.py``, ``test_gangsta_game.py`` and ``test_capo_board.py``.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Page

from web.conftest import serve
from web.cosca_clicks import decide
from web.legibility import legibility_problems
from web.play import SIZES, open_seat


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: the whole COSCA games here wait on bots' moves and
    pacing, which the tables earlier modules leave playing on the shared server slow down."""
    yield from serve(tmp_path_factory.mktemp("cosca-web") / "db.sqlite")


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
    return open_seat(browser, server, created, size, motion, "#board[data-version]")


def _shot(page: Page, artifacts: Path, name: str) -> None:
    """A screenshot in the artifacts; with ``MOBTABLE_SCREENSHOTS=update`` also a copy of 256
    colours under docs/screenshots (a plain run changes no committed file)."""
    shot = artifacts / f"{name}.png"
    page.screenshot(path=str(shot))
    if os.environ.get("MOBTABLE_SCREENSHOTS") == "update":
        from PIL import Image

        with Image.open(shot) as image:
            image.convert("RGB").quantize(256).save(SHOTS / f"{name}.png", optimize=True)


def _play_until(server: str, created: dict[str, Any], there: Any, what: str) -> None:
    """Ana's moves through the API (the first legal one) until ``there(state)`` holds."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = _state(server, created)
        if there(state):
            return
        if state["legal"]:
            httpx2.post(
                f"{server}/api/tables/{created['id']}/actions",
                json={"seat": 0, "token": created["token"], "action": state["legal"][0]["a"]},
            )
        else:
            time.sleep(0.03)
    raise AssertionError(f"the game never reached {what}")


def _last_day(state: dict[str, Any]) -> bool:
    view = state["view"]
    last = view["calendar"]["round"] == view["calendar"]["rounds"]
    return bool(last and view["stage"] == "dice" and state["legal"])


def _loyal(page: Page) -> list[int]:
    labels = page.locator(".cosca-player").evaluate_all(
        "els => els.map((el) => el.getAttribute('aria-label'))"
    )
    return [int(re.search(r"(\d+) loyal mobsters", label).group(1)) for label in labels]


# Watches the page from inside: at every change of the DOM (a redraw is one task, so the
# observer sees each finished redraw) whether the game is over while the story still plays,
# and what tells the result meanwhile. The test's own polling could miss a short story under
# load; the page's observer cannot.
WATCH_LAST_DAY = """() => {
  const seen = {played: false, spoilers: []};
  window.lastDay = seen;
  const look = () => {
    const board = document.querySelector('#board');
    if (!board || board.getAttribute('data-status') !== 'over') return;
    if (!document.querySelector('.cosca-story.playing')) return;
    seen.played = true;
    const result = document.querySelector('#result');
    const banner = document.querySelector('.cosca-banner');
    if (result && !result.hidden) seen.spoilers.push('the result overlay');
    if (banner && banner.innerText.includes('The week is over')) seen.spoilers.push('the banner');
    if ([...document.querySelectorAll('.cosca-pl-status')].some(
      (el) => el.innerText.includes('winner'))) seen.spoilers.push('a winner on a panel');
  };
  new MutationObserver(look).observe(document.body, {
    subtree: true, childList: true, attributes: true, characterData: true});
}"""


@pytest.mark.parametrize("size", SIZES)
def test_cosca_tells_its_last_day_before_the_result(
    server: str, browser: Any, artifacts: Path, size: str
) -> None:
    created = _table(server, "cosca", 3, seed=21)
    _play_until(server, created, _last_day, "its last day")
    context, page = _open(browser, server, created, size, motion="0.4")
    try:
        page.evaluate(WATCH_LAST_DAY)
        rng = random.Random(2)
        deadline = time.monotonic() + 60
        while page.locator("#board").get_attribute("data-status") != "over":
            assert time.monotonic() < deadline, "the last day did not end"
            if decide(page, rng, lambda p, what: None) is None:
                page.wait_for_timeout(30)
        if page.locator(".cosca-story.playing").count():
            _shot(page, artifacts, f"web-board-cosca-last-day-{size}")
        # the story plays to its end, and nothing told the result while it played
        page.wait_for_function(
            "() => window.lastDay.played && !document.querySelector('.cosca-story.playing')",
            timeout=20_000,
        )
        spoilers = page.evaluate("() => window.lastDay.spoilers")
        assert spoilers == [], f"told before the story's end: {sorted(set(spoilers))}"
        page.wait_for_selector("#final-result", timeout=5000)
        result = httpx2.get(f"{server}/api/tables/{created['id']}").json()["result"]
        assert _loyal(page) == result["scores"], "the panels disagree with the result"
        assert "The week is over" in page.inner_text(".cosca-banner")
        page.click("#look-at-board")
        _shot(page, artifacts, f"web-board-cosca-end-{size}")
    finally:
        context.close()


def _intersect(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_what_just_happened_has_a_strip_of_its_own(
    server: str, browser: Any, artifacts: Path, size: str
) -> None:
    created = _table(server, "capo", 5, seed=3)
    context, page = _open(browser, server, created, size, motion="0")
    try:
        # Ana's crew through the API: the bots follow, and their moves reach her page
        state = _state(server, created)
        httpx2.post(
            f"{server}/api/tables/{created['id']}/actions",
            json={"seat": 0, "token": created["token"], "action": state["legal"][0]["a"]},
        )
        page.locator("#toast").wait_for(state="visible", timeout=10000)
        toast = page.locator("#toast").bounding_box()
        board = page.locator("#board").bounding_box()
        assert toast and board and not _intersect(toast, board), (toast, board)
        assert [p for p in legibility_problems(page) if p.startswith("covered")] == []
        _shot(page, artifacts, f"web-board-capo-strip-{size}")
        # the last round's long line in the strip, the game-over line on the board uncovered
        _play_until(server, created, lambda st: st["table"]["status"] == "over", "its end")
        page.wait_for_selector("#final-result")
        page.click("#look-at-board")
        page.locator("#toast").wait_for(state="visible")
        assert legibility_problems(page) == []
        _shot(page, artifacts, f"web-board-capo-end-{size}")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_gangsta_with_five_prints_every_count_and_card_in_full(
    server: str, browser: Any, artifacts: Path, size: str
) -> None:
    created = _table(server, "gangsta", 5, seed=4)
    context, page = _open(browser, server, created, size, motion="0")
    try:
        page.wait_for_selector("[data-role=hand] [data-legal='1']")
        assert legibility_problems(page) == []
        counts = page.locator(".g-seat-meta").all_inner_texts()
        assert len(counts) == 5 and all(re.search(r"\d+ cards?", c) for c in counts), counts
        more = page.locator(".g-more summary")
        if more.count():
            box = more.bounding_box()
            assert box and box["height"] >= 44, box  # a tap target, not a 14 px line
        _shot(page, artifacts, f"web-board-gangsta-5p-{size}")
        # Ana won a trick: the heading and every cell to tap in view, nothing over them
        placing = lambda st: st["view"]["phase"] == "place" and st["legal"]  # noqa: E731
        _play_until(server, created, placing, "a won trick")
        page.wait_for_selector(".gangsta.placing .g-target")
        page.wait_for_timeout(300)  # the won cards gathered
        assert legibility_problems(page) == []
        _shot(page, artifacts, f"web-board-gangsta-place-{size}")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_cosca_with_five_prints_in_full_and_shows_the_rivals_by_the_decision(
    server: str, browser: Any, artifacts: Path, size: str
) -> None:
    created = _table(server, "cosca", 5, seed=4)
    context, page = _open(browser, server, created, size, motion="0")
    try:
        page.wait_for_selector("#cosca-action [data-role=confirm]")
        assert legibility_problems(page) == []
        if size == "desktop":  # the players' panels are in view beside the decision
            _shot(page, artifacts, "web-board-cosca-5p-desktop")
            return
        rivals = page.locator(".cosca-rival")
        assert rivals.count() == 4
        for k in range(4):  # each in view with the decision, without scrolling the board
            box = rivals.nth(k).bounding_box()
            assert box and box["y"] + box["height"] <= 844, box
            money, weapons, dice = re.findall(r"\d+", rivals.nth(k).inner_text())
            assert money and weapons and dice
        _shot(page, artifacts, "web-board-cosca-5p-phone")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_capo_with_five_cuts_no_name(server: str, browser: Any, artifacts: Path, size: str) -> None:
    created = _table(server, "capo", 5, seed=4)
    context, page = _open(browser, server, created, size, motion="0")
    try:
        page.wait_for_selector("[data-role=confirm]")
        assert legibility_problems(page) == []  # no name cut, nothing covered
        names = page.locator(".capo-name").all_inner_texts()
        assert "Ana (you)" in names, names
        _shot(page, artifacts, f"web-board-capo-5p-{size}")
    finally:
        context.close()


def test_a_stranger_at_a_game_under_way_gets_a_page_the_window_holds(
    server: str, browser: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]
    created = httpx2.post(
        f"{server}/api/tables", json={"game": "cosca", "players": 3, "seats": seats, "seed": 4}
    ).json()
    httpx2.post(f"{server}/api/tables/{created['id']}/seats/1/claim", json={"name": "Bob"})
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    host, page = context.new_page(), context.new_page()
    try:
        # the audit's stranger met a page grown by the players' long chat messages
        host.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
        host.wait_for_selector("#board[data-version]")
        long = "A long message from the host, to see the chat wrap on a stranger's page. " * 3
        for i in range(4):
            host.locator("[data-role=chat] input").fill(f"{i}: {long}")
            host.locator("[data-role=chat] button[type=submit]").click()
            host.wait_for_function(f"document.querySelectorAll('.chat-line').length >= {i + 1}")
        page.goto(f"{server}/t/{created['id']}")
        page.wait_for_selector("#board[data-version]")
        page.wait_for_function("document.querySelectorAll('.chat-line').length >= 4")
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 768, f"the page is {height} px tall in a 768 px window"
    finally:
        context.close()
