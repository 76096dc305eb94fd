"""A turn-based table (a clock of an hour per move) in two browsers: the waiting player, whose
tab is in the background, is notified when it becomes their move (the Notification API,
turned on in ⚙), and "Your tables" lists the table with "your move" first."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import expect

from web.play import click_one_move
from web.test_shell import _keep as keep

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
# The browser's notifications, recorded (a headless browser shows none), and a tab that the
# test may send to the background (document.hidden).
FAKE_NOTIFICATIONS = """
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: (options || {}).body }); }
  close() {}
  static get permission() { return window.__allowed ? "granted" : "default"; }
  static requestPermission() { window.__allowed = true; return Promise.resolve("granted"); }
};
Object.defineProperty(document, "hidden", { get: () => window.__hidden === true });
"""


def notes(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("window.__notes"))


def test_the_waiting_player_is_notified_and_finds_the_table_in_your_tables(
    server: str, browser: Any, artifacts: Path
) -> None:
    body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2, "clock": 3600}
    made = httpx2.post(f"{server}/api/tables", json={**body, "name": "Ann"}).json()
    table_id = made["id"]
    bob_seat = httpx2.post(
        f"{server}/api/tables/{table_id}/seats/1/claim", json={"name": "Bob"}
    ).json()
    contexts = [browser.new_context(viewport=SIZES[s]) for s in ("desktop", "phone")]
    try:
        ann, bob = (c.new_page() for c in contexts)
        for page in (ann, bob):
            page.add_init_script(FAKE_NOTIFICATIONS)
        ann.goto(f"{server}/t/{table_id}#seat=0&token={made['token']}")
        bob.goto(f"{server}/t/{table_id}#seat=1&token={bob_seat['token']}")
        for page in (ann, bob):
            expect(page.locator("#board[data-version] > *").first).to_be_visible()

        bob.locator("details.settings > summary").click()
        bob.locator("#notify-on").check()
        expect(bob.locator("#notify-on")).to_be_checked()
        bob.locator("details.settings > summary").click()
        assert bob.evaluate("localStorage.getItem('mobtable:notify')") == "1"

        version = bob.locator("#board").get_attribute("data-version")
        rng = random.Random(1)
        while bob.locator("#board").get_attribute("data-version") == version:
            click_one_move(bob, rng)  # Bob bids, then waits for Ann
            bob.wait_for_timeout(100)
        expect(bob.locator("#moves button[data-action]")).to_have_count(0)
        bob.evaluate("window.__hidden = true")  # Bob's tab goes to the background
        click_one_move(ann, rng)  # Ann bids: the prize goes, and the next is Bob's move
        expect(bob.locator("#board[data-version]")).not_to_have_attribute("data-version", version)
        bob.wait_for_function("window.__notes.length > 0", timeout=10000)
        [note] = notes(bob)
        assert note["title"] == "Your move: Sealed Bid (test game)"
        assert notes(ann) == []  # Ann did not turn it on (and her tab is in front)

        for page, size in ((bob, "phone"), (ann, "desktop")):
            page.goto(f"{server}/tables")
            row = page.locator(f"[data-role=my-tables] [data-table='{table_id}']")
            expect(row).to_have_attribute("data-your-move", "true")
            expect(row).to_contain_text("your move")
            keep(page, artifacts, f"turn-based-your-tables-{size}")
    finally:
        for c in contexts:
            c.close()
