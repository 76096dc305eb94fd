"""Capo's SVG board: declare a crew, place it, turn a card up and suspect a seat by clicking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page

LEGAL = "[data-legal='1']"


def _view(server: str, tid: str, token: str) -> dict[str, Any]:
    state = httpx.get(
        f"{server}/api/tables/{tid}/state", params={"seat": 0}, headers={"X-Seat-Token": token}
    ).json()
    return state["view"]


def _click(page: Page, selector: str) -> None:
    """Click a board element and wait until the server's answer has been drawn."""
    before = page.locator("#board").get_attribute("data-version")
    page.locator(selector).first.click()
    page.wait_for_function(
        "v => document.querySelector('#board').dataset.version !== v", arg=before
    )


def test_capo_crew_turn_up_and_suspicion_by_clicking(
    server: str, browser: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    created = httpx.post(
        f"{server}/api/tables",
        json={"game": "capo", "players": 4, "seats": seats, "seed": 11, "name": "Ann"},
    ).json()
    tid, token = created["id"], created["token"]
    link = f"{server}/t/{tid}#seat=0&token={token}"
    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    spectator = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = desktop.new_page()
        page.goto(link)
        page.wait_for_selector("#board svg.capo-job")
        view = _view(server, tid, token)
        # the assignment and your hand come from the view's card data
        assert view["assignment"]["name"] in (page.text_content("#board svg.capo-job") or "")
        for card in view["hand"]:
            name = view["cards"][str(card)]["name"]
            shown = page.text_content(f"#board .capo-hand [data-card='{card}']") or ""
            assert name.split()[0] in shown
        # a card clicked before the crew size is declared is refused with the reason
        page.locator(".capo-hand .ccard").first.click()
        page.wait_for_selector("#note:has-text('how many cards')")
        page.screenshot(path=str(artifacts / "capo-board-start-desktop.png"), full_page=True)
        # K-23: the bots' crews stay off the table until every seat has played
        assert [spot["played"] for spot in view["table"][1:]] == [None, None, None]
        assert page.locator(".capo-table .capo-sealed").count() == 3
        assert page.locator(".capo-table .cback").count() == 0
        # reconstructed card data is marked, with the way to load the real deck's
        note = page.text_content(".capo-reconstructed") or ""
        assert all(part in note for part in view["reconstructed"]) and "--cards FILE" in note

        _click(page, f".capo-hand [data-token='p2']{LEGAL}")
        picked = []
        for _ in range(2):
            card = page.locator(f".capo-hand .ccard{LEGAL}").first.get_attribute("data-card")
            picked.append(int(card or -1))
            _click(page, f".capo-hand .ccard[data-card='{card}']")
        mine = _view(server, tid, token)["table"][0]
        assert sorted(mine["cards"]) == sorted(picked)  # the server holds the crew

        # turn one of the two face-down cards up (half of 2), on the table
        page.wait_for_selector(f".capo-table .ccard{LEGAL}")
        up = page.locator(f".capo-table .ccard{LEGAL}").first.get_attribute("data-card")
        _click(page, f".capo-table .ccard[data-card='{up}']")

        # suspect: your own row explains why not; seat 2's row suspects seat 2
        page.wait_for_selector(f".capo-seat[data-token='s2']{LEGAL}")
        assert int(up or -1) in _view(server, tid, token)["table"][0]["face_up"]
        assert page.locator(".capo-table .cback").count() > 0  # the others' face-down cards
        page.locator(".capo-seat[data-token='s0']").click()
        page.wait_for_selector("#note:has-text('may not suspect himself')")
        page.screenshot(path=str(artifacts / "capo-board-suspect-desktop.png"), full_page=True)
        small = phone.new_page()
        small.goto(link)
        small.wait_for_selector(f".capo-seat[data-token='s2']{LEGAL}")
        small.screenshot(path=str(artifacts / "capo-board-suspect-phone.png"), full_page=True)

        page.locator(f".capo-seat[data-token='s2']{LEGAL}").click()
        page.wait_for_selector(".capo-last .capo-arrow[data-from='0']")
        last = _view(server, tid, token)["last_round"]
        assert last["laid"][0] == 2
        assert last["suspected"][2] and last["revealed"][2]
        # the suspected seat's whole crew is shown, with its hat or prison side
        outcome = ".capo-last .capo-outcome[data-seat='2']"
        assert (
            page.locator(outcome).get_attribute("data-success") == str(last["success"][2]).lower()
        )
        assert page.locator(".capo-last .capo-revealed[data-seat='2'] .ccard").count() == len(
            last["revealed"][2]
        )
        assert page.locator(".capo-last .capo-hat, .capo-last .capo-prison").count() == 4
        page.screenshot(path=str(artifacts / "capo-board-reveal-desktop.png"), full_page=True)
        small.wait_for_selector(".capo-last .capo-arrow[data-from='0']")
        small.screenshot(path=str(artifacts / "capo-board-reveal-phone.png"), full_page=True)

        # a spectator sees the table and the reveal, never a hand
        watcher = spectator.new_page()
        watcher.goto(f"{server}/t/{tid}")
        watcher.wait_for_selector(".capo-watching")
        assert watcher.locator(".capo-hand").count() == 0
        assert watcher.locator(".capo-last .capo-arrow[data-from='0']").count() == 1
    finally:
        for context in (desktop, phone, spectator):
            context.close()
