"""Capo's board: a crew, the cards to turn up and a suspicion are staged in the browser and
sent only on confirm; the reveal animates (or not, at motion 0); a spectator sees no hand."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import FloatRect, Page

from web.layout import layout_problems
from web.play import is_over

PICK = "#board [data-pick][data-legal='1']"
SUSPECT = "#board [data-suspect][data-legal='1']"
CONFIRM = "#board [data-role='confirm']"
BOARD_ANIMATIONS = (
    "document.getAnimations()"
    ".filter((a) => document.querySelector('#board').contains(a.effect.target)).length"
)
NOTATION = re.compile(r"\b[pdus]\d{1,2}\b|\bs-|\bseats? \d")


def _state(server: str, tid: str, token: str) -> dict[str, Any]:
    return httpx2.get(
        f"{server}/api/tables/{tid}/state", params={"seat": 0}, headers={"X-Seat-Token": token}
    ).json()


def _box(page: Page, selector: str) -> FloatRect:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box


def _confirm(page: Page) -> None:
    """Press the confirm button and wait until the server's answer has been drawn."""
    before = page.locator("#board").get_attribute("data-version")
    page.locator(f"{CONFIRM}[data-legal='1']").click()
    page.wait_for_function(
        "v => document.querySelector('#board').dataset.version !== v", arg=before
    )


def _table(server: str, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    return httpx2.post(
        f"{server}/api/tables",
        json={"game": "capo", "players": 4, "seats": seats, "seed": 11, "name": "Ann", **extra},
    ).json()


def _problems(page: Page, *, phone: bool) -> list[str]:
    """The layout problems of the page, and words a person must not read on the board."""
    problems = layout_problems(page, phone=phone)
    shown = page.inner_text("#board")
    problems += [f"notation on the board: {m.group(0)!r}" for m in NOTATION.finditer(shown)]
    return problems


def test_capo_choices_are_staged_until_confirmed_and_the_reveal_animates(
    server: str, browser: Any, artifacts: Path
) -> None:
    created = _table(server)
    tid, token = created["id"], created["token"]
    link = f"{server}/t/{tid}#seat=0&token={token}"
    desktop = browser.new_context(viewport={"width": 1366, "height": 768})
    still = browser.new_context(viewport={"width": 1366, "height": 768})
    spectator = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = desktop.new_page()
        # animations five times slower than Normal: the reveal lasts long enough to be checked
        page.add_init_script("localStorage.setItem('mobtable:motion', '5')")
        page.goto(link)
        page.wait_for_selector(PICK)
        state = _state(server, tid, token)
        view = state["view"]
        hand = view["hand"]
        # the hand shows each card's name, never its id
        for card in hand:
            name = view["cards"][str(card)]["name"]
            shown = page.inner_text(f"#board [data-role='hand'] [data-card='{card}']")
            assert name.split()[0] in shown and str(card) not in shown.split()
        assert page.locator(f"{CONFIRM}").is_disabled()

        # pick two cards: each lifts where it lies; nothing reaches the server
        first, second, third = hand[0], hand[1], hand[2]
        before = _box(page, f"[data-pick='{first}']")
        page.locator(f"[data-pick='{first}']").click()
        page.locator(f"[data-pick='{second}']").click()
        page.wait_for_timeout(1200)  # the lift, 160 ms at Normal
        after = _box(page, f"[data-pick='{first}']")
        assert abs(after["x"] - before["x"]) < 1 and before["y"] - after["y"] >= 8
        assert page.locator("[data-pick].staged").count() == 2
        assert page.inner_text(CONFIRM) == "Play these 2 cards face down"
        assert _problems(page, phone=False) == []
        page.screenshot(path=str(artifacts / "capo-staged-desktop.png"))
        mine = _state(server, tid, token)["view"]
        assert mine["me"] == {"committed": False, "declared": None, "placed": []}
        assert mine["hand"] == hand

        # change the crew: put one back, take another (by keyboard); then confirm it as a whole
        page.locator(f"[data-pick='{second}']").click()
        assert page.get_attribute(f"[data-pick='{second}']", "aria-pressed") == "false"
        page.locator(f"[data-pick='{third}']").focus()
        page.keyboard.press("Enter")
        assert page.get_attribute(f"[data-pick='{third}']", "aria-pressed") == "true"
        _confirm(page)
        page.wait_for_selector("#board [data-pick][data-legal='1']")  # the turn-up step
        mine = _state(server, tid, token)["view"]
        assert sorted(mine["table"][0]["cards"]) == sorted([first, third])

        # turn one of the two face-down cards up: picked in your crew, sent on confirm
        up = page.locator(PICK).first.get_attribute("data-pick")
        page.locator(f"[data-pick='{up}']").click()
        assert page.inner_text(CONFIRM) == "Turn this card face up"
        _confirm(page)

        # suspect: tap a row, change your mind, then confirm
        page.wait_for_selector("#board [data-suspect='1'][data-legal='1']")
        assert page.locator("#board [data-suspect='0']").count() == 0  # not yourself
        page.locator("#board [data-suspect='1']").click()
        page.locator("#board [data-suspect='2']").click()
        assert page.locator("#board .capo-seat.chosen").count() == 1
        carla = page.inner_text("#board [data-suspect='2'] .capo-name")
        assert page.inner_text(CONFIRM) == f"Suspect {carla}"
        assert _state(server, tid, token)["view"]["me"] == {"committed": False, "suspects": None}
        page.screenshot(path=str(artifacts / "capo-suspect-staged-desktop.png"))
        with still.new_page() as calm:  # a second tab of the same seat, animations off
            calm.add_init_script("localStorage.setItem('mobtable:motion', '0')")
            calm.goto(link)
            calm.wait_for_selector("#board [data-suspect='2']")
            _confirm(page)

            # the reveal: arrows drawing, crews turning up, respect sliding on the track
            page.wait_for_selector("#board .capo-reveal.capo-anim")
            last = _state(server, tid, token)["view"]["last_round"]
            assert last["laid"][0] == 2
            outcome = page.text_content("#board .capo-outcome[data-seat='0']") or ""
            verdict = "wrong about" if last["success"][2] else "right about"
            assert f"{verdict} {carla}" in outcome
            assert page.locator("#board .capo-revealed[data-seat='2'] .ccard").count() == len(
                last["revealed"][2]
            )
            moved = sum(1 for c in last["change"] if c)
            assert page.locator("#board .capo-respect .capo-slide").count() == moved
            page.wait_for_timeout(600)
            page.screenshot(path=str(artifacts / "capo-reveal-playing-desktop.png"))
            calm.wait_for_selector("#board .capo-reveal")
            assert calm.locator("#board .capo.capo-still .capo-reveal:not(.capo-anim)").count()
            assert calm.evaluate(BOARD_ANIMATIONS) == 0

        watcher = spectator.new_page()
        watcher.goto(f"{server}/t/{tid}")
        watcher.wait_for_selector("#board .capo-watching")
        assert watcher.locator("#board [data-role='hand'], #board [data-pick]").count() == 0
    finally:
        for context in (desktop, still, spectator):
            context.close()


def _pick(page: Page, rng: random.Random, count: int, check: Any) -> None:
    """Lift ``count`` cards where they lie, one tap each (checking the page after each)."""
    ids = [
        page.locator(PICK).nth(k).get_attribute("data-pick")
        for k in range(page.locator(PICK).count())
    ]
    for card in rng.sample(ids, count):
        page.locator(f"#board [data-pick='{card}']").click()
        check()


class Player:
    """Seat 0 of a table, played by tapping its board as a person would, the page checked at
    every tap (layout, words, no script error) and the key steps photographed once."""

    def __init__(self, page: Page, table: tuple[str, str, str], shots: Path, name: str) -> None:
        self.page, self.name, self.shots_dir = page, name, shots
        self.server, self.tid, self.token = table
        self.phone = (page.viewport_size or {"width": 0})["width"] < 500
        self.rng = random.Random(7)
        self.shots: set[str] = set()
        self.steps = 0
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def check(self) -> None:
        self.steps += 1
        assert _problems(self.page, phone=self.phone) == [], f"step {self.steps}"
        assert self.errors == []

    def shot(self, step: str, wait: int = 0) -> None:
        if step not in self.shots:
            self.shots.add(step)
            self.page.wait_for_timeout(wait)
            self.page.screenshot(path=str(self.shots_dir / f"capo-{step}-{self.name}.png"))

    def step(self) -> bool:
        """Make this seat's decision if one is due (False: nothing to do yet)."""
        page = self.page
        state = _state(self.server, self.tid, self.token)
        if not state["legal"] or not page.locator(f"{PICK}, {SUSPECT}").count():
            return False
        self.check()
        view, legal = state["view"], [m["a"] for m in state["legal"]]
        me = view["me"]
        if view["phase"] == "play":
            sizes = [int(a[1:]) for a in legal if a.startswith("p")]
            count = self.rng.choice(sizes) if sizes else me["declared"] - len(me["placed"])
            _pick(page, self.rng, count, self.check)
            self.shot("crew")
        elif view["phase"] == "turn":
            _pick(page, self.rng, view["table"][0]["must_turn"] - len(me["turning"]), self.check)
            self.shot("turn")
        else:
            targets = page.locator(SUSPECT)
            targets.nth(self.rng.randrange(targets.count())).click()
            self.check()
            self.shot("suspect")
        _confirm(page)
        if page.locator("#board .capo-reveal.capo-anim").count():
            self.shot("reveal", wait=3400)  # the whole reveal at motion 1
        self.check()
        return True


@pytest.mark.parametrize(("size", "width", "height"), [("desktop", 1366, 768), ("phone", 390, 844)])
def test_capo_whole_game_by_clicking_the_board(
    size: str, width: int, height: int, server: str, browser: Any, artifacts: Path
) -> None:
    created = _table(server, variants=["first-game"])
    tid, token = created["id"], created["token"]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{tid}#seat=0&token={token}")
        page.wait_for_selector("#board .capo")
        me = Player(page, (server, tid, token), artifacts, size)
        deadline = time.monotonic() + 100
        while not is_over(page):
            assert time.monotonic() < deadline, f"no end of game after {me.steps} steps"
            if not me.step():
                page.wait_for_timeout(40)
        page.wait_for_selector("#board .capo-winner")
        me.shot("over", wait=3400)  # the last round's reveal
        summary = httpx2.get(f"{server}/api/tables/{tid}").json()
        banner = page.inner_text("#board .capo-winner")
        for winner in summary["result"]["winners"]:
            assert summary["seats"][winner]["display"] in banner
        me.check()
    finally:
        context.close()


def test_capo_seven_players_fit_a_phone_for_a_whole_round(
    server: str, browser: Any, artifacts: Path
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 6
    created = httpx2.post(
        f"{server}/api/tables",
        json={"game": "capo", "players": 7, "seats": seats, "seed": 3, "name": "Ann"},
    ).json()
    tid, token = created["id"], created["token"]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{tid}#seat=0&token={token}")
        page.wait_for_selector("#board .capo")
        me = Player(page, (server, tid, token), artifacts, "seven-phone")
        deadline = time.monotonic() + 60
        while _state(server, tid, token)["view"]["round"] < 2:
            assert time.monotonic() < deadline, f"round 1 not over after {me.steps} steps"
            if not me.step():
                page.wait_for_timeout(40)
        assert page.locator("#board .capo-reveal .capo-outcome").count() == 7
        me.check()
    finally:
        context.close()


def test_capo_a_crew_declared_from_the_move_list_is_finished_on_the_board(
    server: str, browser: Any
) -> None:
    created = _table(server)
    tid, token = created["id"], created["token"]
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{tid}#seat=0&token={token}")
        page.wait_for_selector(PICK)
        before = page.locator("#board").get_attribute("data-version")
        page.locator("[data-role='legal-moves'] button[data-action='p2']").click()
        page.wait_for_function(
            "v => document.querySelector('#board').dataset.version !== v", arg=before
        )
        assert _state(server, tid, token)["view"]["me"]["declared"] == 2
        hint = page.inner_text("#board .capo-hint")
        assert "pick 2 more cards" in hint
        cards = [page.locator(PICK).nth(k).get_attribute("data-pick") for k in range(3)]
        for card in cards:  # a third pick is refused: the crew has two places
            page.locator(f"[data-pick='{card}']").click()
        assert page.locator("[data-pick].staged").count() == 2
        assert page.inner_text(CONFIRM) == "Play these 2 cards face down"
        _confirm(page)
        mine = _state(server, tid, token)["view"]
        assert sorted(mine["table"][0]["cards"]) == sorted(int(c or -1) for c in cards[:2])
    finally:
        context.close()


def test_capo_on_a_phone_the_event_card_opens_its_words(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Too long for a card that prints at 11 px in a phone's corner, the Event's words open
    over the board from its card (a button), and close again."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 4
    created = httpx2.post(
        f"{server}/api/tables",
        json={"game": "capo", "players": 5, "seats": seats, "seed": 2, "name": "Ana"},
    ).json()
    tid, token = created["id"], created["token"]
    event = _state(server, tid, token)["view"]["event"]
    assert event, "seed 2 deals an Event card in round 1"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{tid}#seat=0&token={token}")
        card = page.locator("#board [data-role='capo-event']")
        assert event["name"] in card.inner_text()
        # Measure once the game's stylesheet (linked in the page's head) has loaded.
        page.wait_for_function(
            "() => [...document.styleSheets].some(s => (s.href || '').endsWith('/capo.css'))"
        )
        box = card.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
        words = page.locator("#capo-event-words")
        assert not words.is_visible()
        card.click()
        assert words.is_visible() and event["text"] in words.inner_text()
        page.screenshot(path=str(artifacts / "capo-event-phone.png"))
        words.locator("button").click()
        assert not words.is_visible()
        assert _problems(page, phone=True) == []
    finally:
        context.close()
