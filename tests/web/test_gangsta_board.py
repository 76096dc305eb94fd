"""Gangsta in the browser: reconstructed card data is marked; the lobby explains six players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2


def test_the_board_marks_reconstructed_card_data(
    server: str, browser: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = httpx2.post(
        f"{server}/api/tables", json={"game": "gangsta", "players": 3, "seats": seats, "seed": 5}
    ).json()
    state = httpx2.get(
        f"{server}/api/tables/{created['id']}/state",
        params={"seat": 0},
        headers={"X-Seat-Token": created["token"]},
    ).json()
    assert state["view"]["reconstructed"] == ["mafia card values", "ambush cards"]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
        page.wait_for_selector("#board[data-version]")
        note = page.locator(".gangsta-reconstructed").text_content() or ""
        assert "mafia card values, ambush cards" in note
        assert "whoever runs this server can load the real deck's data" in note
        assert "--cards" not in note  # a web player has no command line (issue 25, item 8)
        police = page.locator("#board .g-pile-police")  # ✱ on the pile, named in its label
        assert "(reconstructed)" in (police.get_attribute("aria-label") or "")
        assert police.locator(".g-pile-note").inner_text() == "✱"
        page.screenshot(path=str(artifacts / "gangsta-reconstructed.png"))
    finally:
        context.close()


def test_the_lobby_says_what_six_gangsta_players_mean(
    server: str, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server)
        page.wait_for_selector("#game")
        page.select_option("#game", "gangsta")
        page.select_option("#players", "6")
        note = page.locator("#players-note").text_content() or ""
        assert "10 cards" in note and "2 are left for the last rounds" in note
        page.screenshot(path=str(artifacts / "gangsta-lobby-six.png"))
        page.select_option("#players", "4")
        assert "12 cards" in (page.locator("#players-note").text_content() or "")
    finally:
        context.close()
