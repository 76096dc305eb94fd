"""Playing in the browser by clicking only legal moves, as a person would."""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


def open_seat(
    browser: Any, server: str, created: dict[str, Any], size: str, motion: str, ready: str
) -> tuple[Any, Page]:
    """A new context at ``size`` with the animation speed ``motion``, on the creator's seat of
    the table ``created`` (its id and token), once ``ready`` is on the page."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('mobtable:motion', '{motion}')")
    page = context.new_page()
    page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
    page.wait_for_selector(ready)
    return context, page


def version(page: Page) -> int:
    value = page.locator("#board").get_attribute("data-version")
    return -1 if value is None else int(value)


def is_over(page: Page) -> bool:
    return page.locator("#board").get_attribute("data-status") == "over"


def click_one_move(page: Page, rng: random.Random) -> bool:
    """Click one legal move (a board element or a listed move); False if there is none.

    On a phone the listed moves are in the Moves drawer: it is opened first, as a
    person would (the table closes it again once a move is chosen).
    """
    board = page.locator("#board [data-legal='1']")
    listed = page.locator("#moves button[data-action]")
    try:
        n_board, n_listed = board.count(), listed.count()
        if n_board and (not n_listed or rng.random() < 0.6):
            target = board.nth(rng.randrange(n_board))
        elif n_listed:
            if not listed.first.is_visible():
                page.locator("#tabbar [data-tab='moves']").click(timeout=1500)
                n_listed = listed.count()
                if not n_listed:
                    return True
            target = listed.nth(rng.randrange(n_listed))
        else:
            return False
        target.click(timeout=1500)
        return True
    except PlaywrightError:  # the page re-rendered under the click: try again
        return True


def play_until_over(pages: list[Page], *, seed: int, limit: float, log: Any = None) -> int:
    """Each page clicks legal moves until every page shows the end; returns clicks."""
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + limit
    while not all(is_over(p) for p in pages):
        if time.monotonic() > deadline:
            raise AssertionError(f"no end of game after {limit} s ({clicks} clicks)")
        acted = False
        for page in pages:
            if click_one_move(page, rng):
                acted = True
                clicks += 1
        if not acted:
            pages[0].wait_for_timeout(25)
    return clicks
