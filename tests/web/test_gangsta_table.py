"""Gangsta's board in Chromium: picking in place, pairs and single plays from the hand, the
redraw, placing won cards, words only, animations that follow the player's setting.

The board is drawn from positions the engine reaches (``gangsta_positions``), with the
table's own words, into a page of the running server; ``act`` is recorded instead of sent.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from web.gangsta_positions import NAMES, message
from web.layout import layout_problems

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
BOARD = {"desktop": (1040, 600), "phone": (380, 620)}

_DRAW = (Path(__file__).parent / "gangsta_board.js").read_text()

_LABELS = "els => els.map(e => `${e.getAttribute('aria-label')} ${e.getAttribute('title')}`)"
CODE = re.compile(r"\b[YICR]\d[SW]\b|\bSeat \d\b|\b[YICR]\b")


# Every animation as it starts, with when it ends (s): a slow machine may look only after a
# short one is over, so the tests read this record rather than `document.getAnimations()`.
_RECORD_ANIMATIONS = """
window.started = [];
document.addEventListener("animationstart", (e) => {
  const style = getComputedStyle(e.target);
  const end = parseFloat(style.animationDuration) + parseFloat(style.animationDelay);
  started.push({ name: e.animationName, end });
});
"""
_LIFTS = "started.filter(a => a.name === 'g-lift').length"


def _board(
    browser: Any, server: str, size: str, kind: str, motion: float = 0, seat: int | None = 0
) -> Page:
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(_RECORD_ANIMATIONS)
    page.goto(server)
    page.wait_for_selector("#app")
    bw, bh = BOARD[size]
    draw = {"msg": message(kind, seat), "motion": motion, "width": bw, "height": bh}
    page.evaluate(_DRAW, {**draw, "names": list(NAMES), "seat": seat})
    page.wait_for_selector(".gangsta")
    return page


def _acts(page: Page) -> list[str]:
    return list(page.evaluate("window.__acts"))


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


@pytest.mark.parametrize("size", SIZES)
def test_a_picked_card_lifts_in_place_then_plays_alone_or_in_a_pair(
    size: str, server: str, browser: Any, artifacts: Path
) -> None:
    page = _board(browser, server, size, "pair")
    try:
        assert layout_problems(page, phone=size == "phone") == []
        seven = page.locator('[data-role=hand] [aria-label^="Bratva 7 weak"]')
        before = seven.bounding_box()
        assert before is not None
        seven.click()
        after = page.locator("[data-role=hand] .g-picked").bounding_box()
        assert after is not None
        assert abs(after["x"] - before["x"]) < 1 and 6 <= before["y"] - after["y"] <= 14  # in place
        confirm = page.locator("[data-role=confirm]")
        assert confirm.inner_text() == "Play Bratva 7 weak alone"
        mates = page.locator("[data-role=hand] .g-mate")
        assert mates.count() == 2  # the 2 and the 4 make a pair with it
        assert layout_problems(page, phone=size == "phone") == []
        page.screenshot(path=str(artifacts / f"gangsta-pick-{size}.png"))
        mates.first.click()
        assert _acts(page) == ["R2W+R7W"]
        page.locator("[data-role=confirm]").click()  # still picked: nothing was sent back yet
        assert _acts(page) == ["R2W+R7W", "R7W"]
        page.locator('[data-role=hand] [aria-label="Play Bratva 2 strong"]').click()
        assert _acts(page)[-1] == "R2S"  # no pair with it: one tap plays it
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_redraw_picks_three_cards_in_place_and_confirms(
    size: str, server: str, browser: Any, artifacts: Path
) -> None:
    page = _board(browser, server, size, "redraw")
    try:
        confirm = page.locator("[data-role=confirm]")
        assert confirm.is_disabled() and confirm.inner_text() == "Pick 3 more to redraw"
        for name in ("Yakuza 4 strong", "Cosa Nostra 4 strong", "Bratva 2 weak"):
            page.locator(f'[data-role=hand] [aria-label^="Pick {name}"]').click()
        picked = page.locator("[data-role=hand] .g-picked")
        assert picked.count() == 3
        boxes = [picked.nth(k).bounding_box() for k in range(3)]
        assert len({round(b["x"]) for b in boxes if b}) == 3  # three places, none stacked
        assert confirm.inner_text() == "Redraw these 3" and confirm.is_enabled()
        assert layout_problems(page, phone=size == "phone") == []
        page.screenshot(path=str(artifacts / f"gangsta-redraw-{size}.png"))
        assert page.locator('[data-role=hand] [aria-label^="Pick Bratva 4 strong"]').count() == 0
        page.locator('[data-role=hand] [aria-label^="Cosa Nostra 4 strong, picked"]').click()
        assert confirm.is_disabled()  # changed my mind: two picked
        page.locator('[data-role=hand] [aria-label^="Pick Bratva 4 strong"]').click()
        confirm.click()
        assert _acts(page) == ["redraw Y4S,R2W,R4S"]
        page.get_by_role("button", name="Keep your hand").click()
        assert _acts(page)[-1] == "keep"
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES)
def test_won_cards_sit_beside_the_grid_and_go_where_tapped(
    size: str, server: str, browser: Any, artifacts: Path
) -> None:
    page = _board(browser, server, size, "place")
    try:
        won = page.locator(".g-decide [data-legal='1']")
        assert won.count() >= 2
        assert page.locator(".g-decide .g-picked").count() == 1  # the first is picked already
        grid = _box(page, ".g-grid")
        decide = _box(page, ".g-decide")
        hand = _box(page, "[data-role=hand]")
        if size == "phone":
            assert decide["y"] + decide["height"] <= grid["y"] + 1  # above the grid
        else:
            assert decide["x"] >= grid["x"] + grid["width"] - 1  # beside it
        assert decide["y"] < hand["y"]
        assert layout_problems(page, phone=size == "phone") == []
        second = won.nth(1)
        label = second.get_attribute("aria-label") or ""
        second.click()
        now = page.locator(".g-decide .g-picked").get_attribute("aria-label") or ""
        assert "(picked)" in now and label.replace("Place ", "") in now
        page.screenshot(path=str(artifacts / f"gangsta-place-{size}.png"))
        target = page.locator(".g-cell.g-target").first
        cell = target.get_attribute("data-cell")
        target.click()
        act = _acts(page)
        assert len(act) == 1 and act[0].endswith(f"@{cell}")
    finally:
        page.close()


@pytest.mark.parametrize("kind", ["redraw", "pair", "place"])
def test_the_board_speaks_words_not_notation(kind: str, server: str, browser: Any) -> None:
    page = _board(browser, server, "desktop", kind)
    try:
        page.eval_on_selector_all(".g-rowno", "els => els.forEach(e => e.remove())")  # rows A-E
        shown = page.inner_text(".gangsta")
        labels = " ".join(
            page.eval_on_selector_all(".gangsta [aria-label], .gangsta [title]", _LABELS)
        )
        assert CODE.findall(shown) == [] and CODE.findall(labels) == []
        assert "trump" in shown and "Trumps:" in shown
    finally:
        page.close()


def test_animations_follow_the_motion_setting(server: str, browser: Any) -> None:
    still = _board(browser, server, "desktop", "place", motion=0)
    moving = _board(browser, server, "desktop", "place", motion=1)
    fast = _board(browser, server, "desktop", "place", motion=0.25)
    try:
        moving.wait_for_function("started.length > 0")
        assert still.evaluate("started.length") == 0
        won = next(e for e in message("place")["events"] if e["kind"] == "trick-won")
        assert won["data"]["seat"] == 0 and won["text"].startswith("You win the trick")
        # marked on the board (its log line goes to the shell's strip, never over the board)
        for page in (still, moving):
            assert page.locator(".g-seat.winner .g-tag.win").inner_text() == "won the trick"
        assert moving.locator(".g-banner").count() == 0
        for page in (moving, fast):  # every delayed animation has begun, and ended
            page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
        longest = "Math.max(...started.map(a => a.end))"
        assert fast.evaluate(longest) < moving.evaluate(longest) / 3
    finally:
        for page in (still, moving, fast):
            page.close()


def _tab_to(page: Page, selector: str, tries: int = 40) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(tries):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_the_keyboard_picks_and_plays_and_keeps_the_focus(server: str, browser: Any) -> None:
    page = _board(browser, server, "desktop", "pair")
    try:
        _tab_to(page, '[aria-label^="Bratva 7 weak"]')
        page.keyboard.press("Enter")
        page.wait_for_selector("[data-role=hand] .g-picked")
        page.wait_for_function("document.activeElement.classList.contains('g-picked')")  # kept
        _tab_to(page, "[data-role=confirm]")
        page.keyboard.press("Enter")
        assert _acts(page) == ["R7W"]
        page.locator("[data-role=hand] .g-picked").click()  # a click puts it back: no focus moved
        _tab_to(page, '[aria-label="Play Bratva 2 strong"]')
        page.keyboard.press("Space")
        assert _acts(page) == ["R7W", "R2S"]
    finally:
        page.close()


@pytest.mark.parametrize("kind", ["pair", "place"])
def test_a_spectator_sees_no_hand_and_nothing_to_click(
    kind: str, server: str, browser: Any
) -> None:
    page = _board(browser, server, "phone", kind, seat=None)
    try:
        assert page.locator("#board [data-legal='1'], #board button").count() == 0
        assert page.locator("[data-role=hand]").inner_text() == "Watching: the hands are hidden"
    finally:
        page.close()


def test_a_raid_fades_the_raided_cards_out_and_leaves_the_cells_empty(
    server: str, browser: Any, artifacts: Path
) -> None:
    raid = next(e for e in message("raid")["events"] if e["kind"] == "raid")
    moving = _board(browser, server, "desktop", "raid", motion=0.25)
    still = _board(browser, server, "desktop", "raid", motion=0)
    try:
        ghosts = moving.locator(".g-ghost")
        assert ghosts.count() == len(raid["data"]["removed"]) > 0
        assert moving.locator(".g-banner").count() == 0  # the log line is the shell's strip's
        moving.wait_for_function("document.getAnimations().every(a => a.playState === 'finished')")
        opacity = "els => els.map(e => getComputedStyle(e).opacity)"
        assert set(moving.eval_on_selector_all(".g-ghost", opacity)) == {"0"}  # gone for good
        for cell in raid["data"]["cells"]:
            assert moving.locator(f'[data-cell="{cell}"] .g-card:not(.g-ghost)').count() == 0
        assert still.locator(".g-ghost").count() == 0
        assert still.locator(".g-cell.g-raided").count() == len(raid["data"]["cells"])
    finally:
        moving.close()
        still.close()


@pytest.mark.parametrize("size", SIZES)
def test_variant_two_keeps_one_of_the_two_opened_cards_by_a_tap(
    size: str, server: str, browser: Any, artifacts: Path
) -> None:
    msg = message("pick")
    page = _board(browser, server, size, "pick")
    try:
        offered = page.locator(".g-decide [data-legal='1']")
        assert offered.count() == 2  # the first two opened cards, not the next pair
        labels = {m["label"] for m in msg["legal"]}
        assert {offered.nth(k).get_attribute("aria-label") for k in range(2)} == labels
        assert layout_problems(page, phone=size == "phone") == []
        page.screenshot(path=str(artifacts / f"gangsta-pick-opened-{size}.png"))
        offered.first.click()
        assert _acts(page) == [f"pick {msg['view']['opened'][0]}"]
    finally:
        page.close()


def test_a_picked_card_rises_once_when_motion_is_on(server: str, browser: Any) -> None:
    moving = _board(browser, server, "desktop", "pair", motion=1)
    still = _board(browser, server, "desktop", "pair", motion=0)
    try:
        for page in (moving, still):
            page.locator('[data-role=hand] [aria-label^="Bratva 7 weak"]').click()
        moving.wait_for_function(f"{_LIFTS} >= 1")
        assert moving.evaluate(_LIFTS) == 1
        assert still.evaluate(_LIFTS) == 0
        moving.evaluate("document.querySelector('.g-picked').click()")  # put back, pick again
        moving.locator('[data-role=hand] [aria-label^="Bratva 7 weak"]').click()
        moving.wait_for_function(f"{_LIFTS} >= 2")
        moving.wait_for_timeout(300)  # a second rise for the same pick would have begun by now
        assert moving.evaluate(_LIFTS) == 2
    finally:
        moving.close()
        still.close()
