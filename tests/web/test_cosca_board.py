"""COSCA's SVG board: dice set die by die on the city, offers with steppers, drinks on cards."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from mobtable.core import record as records
from web.cosca_clicks import ACTION, CONFIRM, decide


def _table(server: str, seed: int) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    return httpx2.post(
        f"{server}/api/tables",
        json={
            "game": "cosca",
            "players": 2,
            "seats": seats,
            "seed": seed,
            "name": "Ann",
            "options": {"start_day": "mon"},
        },
    ).json()


def _state(server: str, tid: str, seat: int, token: str) -> dict[str, Any]:
    return httpx2.get(
        f"{server}/api/tables/{tid}/state", params={"seat": seat}, headers={"X-Seat-Token": token}
    ).json()


def _join(page: Page, server: str, tid: str) -> str:
    """Take seat 1 through the invite link; returns its token."""
    page.goto(f"{server}/t/{tid}")
    page.locator("button[data-claim='1']").click()
    page.wait_for_selector("#status >> text=you are Carla")
    token = page.evaluate(f"JSON.parse(localStorage.getItem('mobtable:seat:{tid}')).token")
    return str(token)


def _version(page: Page) -> str:
    return page.locator("#board").get_attribute("data-version") or ""


def _wait_new_version(page: Page, before: str) -> None:
    page.wait_for_function(
        "v => document.querySelector('#board').dataset.version !== v", arg=before
    )


def test_dice_set_die_by_die_on_the_city_reach_the_server(
    server: str, browser: Any, artifacts: Path
) -> None:
    created = _table(server, seed=7)
    tid, token = created["id"], created["token"]
    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ann = desktop.new_page()
        ann.goto(f"{server}/t/{tid}#seat=0&token={token}")
        ann.wait_for_selector("[data-role=waiting-room]")  # until the friend takes the seat
        bob = phone.new_page()
        bob_token = _join(bob, server, tid)
        ann.wait_for_selector(f"{ACTION}.stage-dice")
        bob.wait_for_selector(f"{ACTION}.stage-dice")

        # the row is drawn from the view's card data, left to right
        view = _state(server, tid, 0, token)["view"]
        assert ann.locator(".cosca-mob").count() == len(view["row"])
        for mob in view["row"]:
            shown = ann.text_content(f".cosca-mob[data-pos='{mob['pos']}']") or ""
            assert all(word in shown for word in mob["name"].split())
        for i, title in enumerate(view["city"]):  # each place named in words
            assert title in (ann.text_content(f".cosca-city[data-place='{i}']") or "")
        # reconstructed card data is marked, with the way to load the real deck's
        marked = [mob for mob in view["row"] if mob["reconstructed"]]
        assert ann.locator(".cosca-mob .cosca-reconstructed").count() == len(marked) > 0
        note = ann.text_content(".cosca-provenance") or ""
        assert all(part in note for part in view["reconstructed"]) and "--cards" not in note
        assert "whoever runs this server can load the real deck's data" in note

        places = [title[0] for title in view["city"]]

        def city(page: Page, letter: str) -> None:
            page.locator(f".cosca-city[data-place='{places.index(letter)}']").click()

        empty = ann.locator(f"{ACTION} .cosca-slot.empty")
        assert empty.count() == 3
        city(ann, "B")
        city(ann, "B")
        assert empty.count() == 1
        assert ann.locator(f"{CONFIRM}[disabled]").count() == 1  # not ready with a die left
        # Bob commits meanwhile: Ann's board is redrawn and keeps her pick
        for letter in "SSS":
            city(bob, letter)
        assert bob.locator(CONFIRM).get_attribute("data-a") == "SSS"
        bob.screenshot(path=str(artifacts / "cosca-board-dice-phone.png"), full_page=True)
        before = _version(ann)
        bob.locator(CONFIRM).click()
        _wait_new_version(ann, before)
        assert ann.locator(f"{ACTION} .cosca-slot:not(.empty)").count() == 2
        assert ann.locator(".cosca-committed .done").count() == 1  # who, never what
        assert _state(server, tid, 0, token)["view"]["revealed"]["dice"] == [None, None]

        city(ann, "S")
        city(ann, "G")  # a fourth die: refused with the reason
        ann.wait_for_selector("#note:has-text('All 3 dice are placed')")
        ann.locator(f"{ACTION} .cosca-slot[data-slot='0']").click()  # take a Bank die back
        assert empty.count() == 1
        city(ann, "G")
        go = ann.locator(CONFIRM)
        assert go.get_attribute("data-a") == "BGS"  # canonical city order
        assert "Bank 1, Gun Shop 1, Street 1" in (go.get_attribute("aria-label") or "")
        ann.screenshot(path=str(artifacts / "cosca-board-dice-desktop.png"), full_page=True)

        before = _version(ann)
        go.click()
        _wait_new_version(ann, before)
        state = _state(server, tid, 0, token)
        assert state["view"]["revealed"]["dice"] == ["BGS", "SSS"]
        assert [e["text"] for e in state["events"] if e["kind"] == "my-choice"] == [
            "You set your dice to Bank 1, Gun Shop 1, Street 1"
        ]
        assert _state(server, tid, 1, bob_token)["view"]["revealed"]["dice"] == ["BGS", "SSS"]
        # the reveal puts everyone's dice on the city; Ann's Gun Shop die asks her next
        ann.wait_for_selector(f"{ACTION}.stage-gun")
        assert ann.locator(f".cosca-city[data-place='{places.index('S')}'] .cosca-die").count() == 4
        assert ann.locator(f".cosca-city[data-place='{places.index('B')}'] .cosca-die").count() == 1
        assert ann.locator(".cosca-player[data-seat='1'] .cosca-face").count() == 3
        ann.screenshot(path=str(artifacts / "cosca-board-revealed-desktop.png"), full_page=True)
    finally:
        desktop.close()
        phone.close()


def _shooter(shots: dict[str, Path]) -> Callable[[Page, str], None]:
    """A screenshot of each step named in ``shots``, the first time it is staged."""

    def after(page: Page, what: str) -> None:
        if what in shots:
            page.screenshot(path=str(shots.pop(what)), full_page=True)

    return after


def test_a_whole_game_played_with_the_board_controls(
    server: str, browser: Any, artifacts: Path
) -> None:
    created = _table(server, seed=21)
    tid, token = created["id"], created["token"]
    desktop = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ann = desktop.new_page()
        errors: list[str] = []
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{server}/t/{tid}#seat=0&token={token}")
        bob = phone.new_page()
        _join(bob, server, tid)
        pages = [ann, bob]
        shots = [
            {s: artifacts / f"cosca-board-{s}-desktop.png" for s in ("fight", "club", "gun")},
            {s: artifacts / f"cosca-board-{s}-phone.png" for s in ("fight", "club")},
        ]
        played: list[list[str]] = [[], []]
        rng = random.Random(4)
        deadline = time.monotonic() + 150
        while any(p.locator("#board").get_attribute("data-status") != "over" for p in pages):
            assert time.monotonic() < deadline, f"no end of game; played {played}"
            acted = False
            for seat, page in enumerate(pages):
                before = _version(page)
                try:
                    notation = decide(page, rng, _shooter(shots[seat]))
                except PlaywrightError:  # redrawn under the click: look again
                    continue
                if notation:
                    _wait_new_version(page, before)
                    played[seat].append(notation)
                    acted = True
            if not acted:
                ann.wait_for_timeout(30)
        for page in pages:
            page.wait_for_selector("#final-result")
        ann.screenshot(path=str(artifacts / "cosca-board-end-desktop.png"), full_page=True)
        bob.screenshot(path=str(artifacts / "cosca-board-end-phone.png"), full_page=True)

        record = httpx2.get(f"{server}/api/tables/{tid}/record").json()
        assert records.check(record).is_over()
        for seat in (0, 1):  # exactly what the board's controls sent, in order
            assert [a for s, a in record["actions"] if s == seat] == played[seat]
        assert any(a.endswith("w") for a in played[0] + played[1]), "no fight was offered"
        assert ann.locator(".cosca-player .cosca-pl-status.good").count() >= 1  # the winner

        # the replay draws every step with the same board, as a spectator
        ann.goto(f"{server}/replay/{tid}")
        ann.wait_for_selector(".cosca")
        ann.locator("#first").click()
        ann.wait_for_selector(".cosca-banner >> text=Day 1 of 7")
        assert not ann.locator(f"{ACTION}").count()
        assert errors == []
    finally:
        desktop.close()
        phone.close()
