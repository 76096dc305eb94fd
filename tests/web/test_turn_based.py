"""Turn-based tables in the browser: the lobby offers hours and days per move, the clock
reads in hours, a notification tells a player in another tab that it is their move, and
"Your tables" lists this browser's seats with the ones waiting for it first."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2

from web.play import click_one_move

DAY = 86400
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
# A stand-in for the browser's Notification (headless Chromium shows none): permission is
# granted when asked, every notification is kept in window.notes; and a tab that the test
# can send to the background (window.hideTab = true).
BACKGROUND = """
window.notes = [];
window.hideTab = false;
class FakeNotification {
  static permission = "default";
  static async requestPermission() { FakeNotification.permission = "granted"; return "granted"; }
  constructor(title, options) { window.notes.push({ title, body: options && options.body }); }
  close() {}
}
window.Notification = FakeNotification;
Object.defineProperty(document, "visibilityState", {
  get: () => (window.hideTab ? "hidden" : "visible"),
});
"""


def _table(server: str, players: int = 3, **spec: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    body = {"game": "gangsta", "players": players, "seats": seats, "name": "Ann", **spec}
    response = httpx2.post(f"{server}/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _keep(page: Any, name: str) -> None:
    """With MOBTABLE_SCREENSHOTS=update, a small copy under docs/screenshots."""
    if os.environ.get("MOBTABLE_SCREENSHOTS") != "update":
        return
    from PIL import Image

    shot = SHOTS / f"{name}.png"
    page.screenshot(path=str(shot))
    with Image.open(shot) as image:
        image.convert("RGB").quantize(256).save(shot, optimize=True)


@contextmanager
def _turn_based_table(browser: Any, server: str) -> Iterator[Any]:
    """Ann's page at a table with a day per move, its tab able to go to the background."""
    created = _table(server, clock=DAY, seed=5)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(BACKGROUND)
    page = context.new_page()
    try:
        page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
        page.wait_for_selector("#board[data-version]")
        yield page
    finally:
        context.close()


def test_a_player_in_another_tab_is_notified_when_it_becomes_their_move(
    browser: Any, server: str
) -> None:
    with _turn_based_table(browser, server) as page:
        status = page.inner_text("#status")
        assert "h" in status and "min left" in status, status  # a day's clock in hours
        page.locator(".settings > summary").click()
        page.locator("#notify").check()  # the permission is asked now, not before
        assert page.evaluate("localStorage.getItem('mobtable:notify')") == "on"
        page.locator(".settings > summary").click()
        page.evaluate("window.hideTab = true")
        rng = random.Random(1)
        deadline = time.monotonic() + 60
        while not page.evaluate("window.notes.length"):
            assert time.monotonic() < deadline, "no notification"
            if not click_one_move(page, rng):
                page.wait_for_timeout(50)
        note = page.evaluate("window.notes[0]")
        assert note["title"] == "Your move: Gangsta"
        assert note["body"] and "seat" not in note["body"]


def test_no_notification_while_the_tab_is_in_view_or_when_off(browser: Any, server: str) -> None:
    with _turn_based_table(browser, server) as page:
        rng = random.Random(1)
        for _ in range(25):  # several moves come back to Ann, notifications off
            if not click_one_move(page, rng):
                page.wait_for_timeout(50)
        page.evaluate("window.hideTab = true")
        for _ in range(25):
            if not click_one_move(page, rng):
                page.wait_for_timeout(50)
        assert page.evaluate("window.notes") == []


def test_your_tables_lists_this_browsers_seats_your_move_first(browser: Any, server: str) -> None:
    mine = _table(server, clock=DAY, seed=3)  # Ann's move at once (the redraw)
    friends = httpx2.post(
        f"{server}/api/tables",
        json={
            "game": "gangsta",
            "players": 3,
            "name": "Ann",
            "clock": 3 * DAY,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        },
    ).json()  # waiting for a friend
    for size, (width, height) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        try:
            for created in (mine, friends):  # this browser keeps both seats, as a link would
                page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
                page.wait_for_selector("#board[data-version], .pregame", timeout=10000)
            page.locator("#your-tables-link").click()
            page.wait_for_selector("#your-move .your-table")
            first = page.locator("#your-move .your-table").first
            assert first.get_attribute("data-table") == mine["id"]
            assert "Your move" in first.inner_text() and "left" in first.inner_text()
            assert "turn-based, 1 day per move" in first.inner_text()
            waiting = page.locator("#waiting-for-others .your-table")
            assert waiting.count() == 1 and "waiting room" in waiting.first.inner_text()
            assert "3 days per move" in waiting.first.inner_text()
            box = first.bounding_box()
            assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= width
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            _keep(page, f"turns-your-tables-{size}")
            first.click()
            page.wait_for_selector("#board[data-version]")
            assert page.url.endswith(f"/t/{mine['id']}")
        finally:
            context.close()


def test_the_lobby_offers_turn_based_clocks(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        page.goto(server)
        page.wait_for_selector("#clock", state="attached")
        labels = page.locator("#clock optgroup option").all_text_contents()
        assert labels == [
            "1 hour per move",
            "12 hours per move",
            "1 day per move",
            "3 days per move",
        ]
    finally:
        page.close()
