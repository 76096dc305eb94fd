"""COSCA's SVG board: dice set die by die on the city, offers with steppers, drinks on cards."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx2
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from mobtable.core import record as records

ACTION = "#cosca-action"


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
        assert [ann.text_content(f".cosca-city[data-place='{t[0]}']") for t in view["city"]]
        # reconstructed card data is marked, with the way to load the real deck's
        marked = [mob for mob in view["row"] if mob["reconstructed"]]
        assert ann.locator(".cosca-mob .cosca-reconstructed").count() == len(marked) > 0
        note = ann.text_content(".cosca-provenance") or ""
        assert all(part in note for part in view["reconstructed"]) and "--cards FILE" in note

        def city(page: Page, letter: str) -> None:
            page.locator(f".cosca-city[data-place='{letter}']").click()

        empty = ann.locator(f"{ACTION} .cosca-slot.empty")
        assert empty.count() == 3
        city(ann, "B")
        city(ann, "B")
        assert empty.count() == 1
        # Bob commits meanwhile: Ann's board is redrawn and keeps her pick
        for letter in "SSS":
            city(bob, letter)
        assert bob.locator(f"{ACTION} button.go").get_attribute("data-token") == "SSS"
        bob.screenshot(path=str(artifacts / "cosca-board-dice-phone.png"), full_page=True)
        before = _version(ann)
        bob.locator(f"{ACTION} button.go").click()
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
        go = ann.locator(f"{ACTION} button.go")
        assert go.get_attribute("data-token") == "BGS"  # canonical city order
        assert go.get_attribute("data-legal") == "1"
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
        assert ann.locator(".cosca-city[data-place='S'] .cosca-die").count() == 4
        assert ann.locator(".cosca-city[data-place='B'] .cosca-die").count() == 1
        assert ann.locator(".cosca-player[data-seat='1'] .cosca-die").count() == 3
        ann.screenshot(path=str(artifacts / "cosca-board-revealed-desktop.png"), full_page=True)
    finally:
        desktop.close()
        phone.close()


def _act_on_board(page: Page, rng: random.Random, shots: dict[str, Path]) -> str | None:
    """Make this page's decision with the board's own controls; returns what it played."""
    panel = page.locator(f"{ACTION}[class*='stage-']")
    if not panel.count():
        return None
    stage = (panel.get_attribute("class") or "").split("stage-")[1].split()[0]
    if stage == "dice":
        places = page.locator(".cosca-city.cosca-pickable")
        while page.locator(f"{ACTION} .cosca-slot.empty").count():
            places.nth(rng.randrange(6)).click(timeout=2000)
            if stage in shots:
                page.screenshot(path=str(shots.pop(stage)), full_page=True)
        go = page.locator(f"{ACTION} button.go")
    elif stage == "fight":
        for _ in range(rng.randrange(4)):
            step = page.locator(f"{ACTION} button[data-step]:not([disabled])")
            if step.count():
                step.nth(rng.randrange(step.count())).click(timeout=2000)
        go = page.locator(f"{ACTION} button.go")
    elif stage == "club":
        cards = page.locator(".cosca-mob.cosca-pickable")
        for k in range(cards.count()):
            if rng.random() < 0.5:
                cards.nth(k).click(timeout=2000)
        go = page.locator(f"{ACTION} button[data-club]")
        if go.is_disabled():  # more invitations than Club dice: drop them all
            for k in range(cards.count()):
                if "✓" in (cards.nth(k).text_content() or ""):
                    cards.nth(k).click(timeout=2000)
    else:
        chips = page.locator(f"{ACTION} button[data-legal='1']")
        go = chips.nth(rng.randrange(chips.count()))
    if stage in shots:
        page.screenshot(path=str(shots.pop(stage)), full_page=True)
    played = go.get_attribute("data-token") or go.get_attribute("data-club")
    before = _version(page)
    go.click(timeout=2000)
    _wait_new_version(page, before)
    return played


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
                try:
                    notation = _act_on_board(page, rng, shots[seat])
                except PlaywrightError:  # redrawn under the click: look again
                    continue
                if notation:
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
        assert ann.locator(".cosca-player .cosca-good").count() >= 1  # the winner's mat

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
