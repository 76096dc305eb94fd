"""Sounds at the table: your turn, the clock's last seconds and the end are heard (each cue
played is listed on the page: ``data-sounds``); off when the system asks for reduced motion
unless chosen in ⚙, where the choice and the volume are kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import expect

from web.play import play_until_over
from web.test_shell import _keep as keep

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def bid_table(server: str, **extra: Any) -> dict[str, Any]:
    body = {
        "game": "sealed-bid",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        **extra,
    }
    return dict(httpx2.post(f"{server}/api/tables", json=body).json())


def sounds(page: Any) -> list[str]:
    return str(page.evaluate("document.documentElement.dataset.sounds || ''")).split()


def test_a_game_is_heard_turn_by_turn_and_at_its_end(server: str, browser: Any) -> None:
    made = bid_table(server, seats=[{"kind": "human"}] * 2)
    bob_token = httpx2.post(f"{server}/api/tables/{made['id']}/seats/1/claim", json={}).json()
    contexts = [browser.new_context(viewport=SIZES["desktop"]) for _ in range(2)]
    try:
        ann, bob = (c.new_page() for c in contexts)
        ann.goto(f"{server}/t/{made['id']}#seat=0&token={made['token']}")
        bob.goto(f"{server}/t/{made['id']}#seat=1&token={bob_token['token']}")
        for page in (ann, bob):
            expect(page.locator("#board[data-version] > *").first).to_be_visible()
        play_until_over([ann, bob], seed=1, limit=60)
        for page in (ann, bob):
            expect(page.locator("#final-result")).to_be_visible()
        heard = sounds(ann) + sounds(bob)
        assert sounds(ann)[-1] == sounds(bob)[-1] == "end" and heard.count("end") == 2
        # whoever bid first waited for the other: the next prize was their turn again
        assert heard.count("turn") >= 2
    finally:
        for c in contexts:
            c.close()


def test_the_clock_ticks_in_its_last_seconds(server: str, browser: Any) -> None:
    made = bid_table(server, clock=4)
    page = browser.new_page(viewport=SIZES["desktop"])
    try:
        page.goto(f"{server}/t/{made['id']}#seat=0&token={made['token']}")
        expect(page.locator("html[data-sounds*=tick]")).to_have_count(1, timeout=8000)
    finally:
        page.close()


def test_reduced_motion_means_no_sound_unless_chosen(
    server: str, browser: Any, artifacts: Path
) -> None:
    for size, viewport in SIZES.items():
        context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        try:
            made = bid_table(server)
            page = context.new_page()
            page.goto(f"{server}/t/{made['id']}#seat=0&token={made['token']}")
            expect(page.locator("#board[data-version] > *").first).to_be_visible()
            play_until_over([page], seed=2, limit=60)  # a whole game, heard by nobody
            assert sounds(page) == []
            page.locator("#look-at-board").click()
            page.locator("details.settings > summary").click()
            toggle = page.locator("#sound-on")
            expect(toggle).not_to_be_checked()
            expect(page.locator("#sound-volume")).to_be_disabled()
            toggle.check()
            assert sounds(page) == ["turn"]  # a sample, at the volume chosen
            page.locator("#sound-volume").fill("30")
            page.locator("#sound-volume").dispatch_event("change")
            keep(page, artifacts, f"sounds-settings-{size}")
            stored = page.evaluate("JSON.parse(localStorage.getItem('mobtable:sound'))")
            assert stored == {"on": True, "volume": 0.3}
            page.reload()
            page.locator("#look-at-board").click()
            page.locator("details.settings > summary").click()
            expect(page.locator("#sound-on")).to_be_checked()
        finally:
            context.close()
