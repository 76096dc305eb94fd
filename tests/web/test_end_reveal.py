"""The lobby offers the end-of-game reveal option; the replay honours it (K-24)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx2

BOTS = {"kind": "bot", "bot": "random"}


def _finished(server: str, game: str, players: int, **spec: Any) -> dict[str, Any]:
    body = {"game": game, "players": players, "seats": [BOTS] * players, "sit": None, **spec}
    created = httpx2.post(f"{server}/api/tables", json=body).json()
    deadline = time.monotonic() + 60
    while True:
        summary = httpx2.get(f"{server}/api/tables/{created['id']}").json()
        if summary["status"] == "over":
            return dict(summary)
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)


def test_K_24_the_lobby_offers_to_reveal_everything_and_sends_the_choice(
    server: str, browser: object, artifacts: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(server)
        page.wait_for_selector("#game")
        page.select_option("#game", "gangsta")
        assert not page.locator("#reveal-at-end-box").count()  # nothing stays secret anyway
        assert "whole game" in page.inner_text("#reveal-help")
        page.select_option("#game", "capo")
        label = page.locator("label:has(#reveal-at-end-box)")
        assert "Show every card when the game ends" in label.inner_text()
        assert "every player agrees" in page.inner_text("#reveal-help")
        assert not page.is_checked("#reveal-at-end-box")  # off unless ticked
        page.check("#reveal-at-end-box")
        page.screenshot(path=str(artifacts / "lobby-reveal-at-end.png"), full_page=True)
        page.click("#create")
        page.wait_for_url("**/t/*")
        tid = page.url.rsplit("/", 1)[1]
        assert httpx2.get(f"{server}/api/tables/{tid}").json()["reveal_at_end"] is True
    finally:
        context.close()


def test_K_24_the_replay_shows_a_seat_only_where_everything_is_revealed(
    server: str, browser: object, artifacts: Path
) -> None:
    secret = _finished(server, "capo", 3, seed=4)
    revealed = _finished(server, "capo", 3, seed=4, reveal_at_end=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(f"{server}/replay/{secret['id']}")
        page.wait_for_selector("#kept-secret")
        assert not page.locator("#watch-as").count()
        page.goto(f"{server}/replay/{revealed['id']}")
        page.wait_for_selector("#watch-as")
        page.locator("#first").click()
        before = page.inner_text(".board")
        page.select_option("#watch-as", "1")
        page.wait_for_function("() => document.querySelector('.board .capo-hand .ccard') !== null")
        assert page.inner_text(".board") != before  # seat 1's hand is drawn now
        assert page.locator(".board .capo-hand .ccard").count() == 5
        page.screenshot(path=str(artifacts / "replay-as-seat.png"), full_page=True)
    finally:
        context.close()
