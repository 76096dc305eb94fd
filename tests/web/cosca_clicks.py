"""Playing COSCA in the browser with the board's own controls, as a person would.

``decide(page, rng, after_click)`` makes this page's current decision: dice tapped onto city
places then Ready, a fight offer set with the steppers then confirmed, drinks picked on the
mobster cards then confirmed, or one of the Gun Shop's or the Villa's buttons. It returns the
move's notation as the board built it (``data-a``), or None when the page has nothing to
decide; ``after_click(page, what)`` runs after every click (layout checks, screenshots), and once
more, as ``what`` = the step, just before the click that seals the choice.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ACTION = "#cosca-action"
CONFIRM = f"{ACTION} [data-role='confirm']"
AfterClick = Callable[[Page, str], None]
CLICK_MS = 8000  # a click waits out the redraws of other seats' moves (bots move every 20 ms)

# What a person must never read on the board: dice letters, offers, club and gun notation,
# seat numbers.
NOTATION = re.compile(r"\b[BGRCVS]{2,}\b|\b\d+m\d+w\b|\bclub[\d-]|\bnovilla\b|\bgun\d|\b[Ss]eat \d")


def stage(page: Page) -> str | None:
    """The decision this page is asked for now (None: nothing to decide)."""
    # one read of the class: between a count and a second query the panel may turn idle
    # (the game moved on), and a locator that no longer matches would wait out its timeout
    classes = page.evaluate(
        "(sel) => document.querySelector(sel)?.getAttribute('class') ?? ''", ACTION
    )
    if re.search(r"\b(idle|stage-over)\b", classes):
        return None
    found = re.search(r"\bstage-(\w+)", classes)
    return found.group(1) if found else None


def _confirm_move(page: Page, asked: str) -> str | None:
    """The confirm button's move (``data-a``, "" if it has none) once the button is there
    within :data:`CLICK_MS` (a redraw may be under way) while the page is still asked
    ``asked``; None once the decision is gone (the game moved on, or ended and its last day's
    story began). Read in one query: a button found by one query may be redrawn away before
    a second, and a locator that no longer matches would wait out its timeout."""
    waited = 0
    while waited < CLICK_MS:
        move = page.evaluate(
            "(sel) => { const el = document.querySelector(sel);"
            " return el ? (el.getAttribute('data-a') ?? '') : null; }",
            CONFIRM,
        )
        if move is not None:
            return str(move)
        if stage(page) != asked:
            return None
        page.wait_for_timeout(50)
        waited += 50
    return None


def _click(page: Page, selector: str, k: int, after: AfterClick, what: str) -> None:
    page.locator(selector).nth(k).click(timeout=CLICK_MS)
    after(page, what)


def decide(page: Page, rng: random.Random, after: AfterClick) -> str | None:
    asked = stage(page)
    if asked is None:
        return None
    if asked == "dice":
        while page.locator(f"{ACTION} .cosca-slot.empty").count():
            _click(page, ".cosca-city.cosca-pickable", rng.randrange(6), after, "dice-placed")
    elif asked == "fight":
        steps = f"{ACTION} button[data-step]:not([disabled])"
        for _ in range(rng.randrange(5)):
            enabled = page.locator(steps).count()
            if not enabled:
                break
            try:  # a stepper may turn off between the count and the click (the offer's limit)
                page.locator(steps).nth(rng.randrange(enabled)).click(timeout=1500)
            except PlaywrightTimeout:
                break
            after(page, "offer")
    elif asked == "club":
        cards = ".cosca-mob.cosca-pickable"
        for k in range(page.locator(cards).count()):
            if rng.random() < 0.5:
                _click(page, cards, k, after, "drink")
        while page.locator(f"{CONFIRM}[disabled]").count():  # too many drinks: take one back
            _click(page, f"{cards}:has(.cosca-invite rect.on)", 0, after, "drink")
    else:
        chips = f"{ACTION} button.cosca-chip"
        chip = page.locator(chips).nth(rng.randrange(page.locator(chips).count()))
        played = chip.get_attribute("data-a")
        after(page, asked)
        chip.click(timeout=CLICK_MS)
        after(page, f"{asked}-sent")
        return played
    played = _confirm_move(page, asked)
    if played is None:
        # the decision went while it was being made (the game moved on): nothing to seal;
        # a confirm missing from a decision still asked is the board's fault
        still = stage(page)
        panel = page.inner_html(ACTION)
        assert still != asked, f"the {asked} step has no confirm button: {panel[:500]}"
        return None
    assert played, f"the {asked} step's confirm button is not ready"
    after(page, asked)  # the choice staged, before it is sealed
    try:
        page.locator(CONFIRM).click(timeout=CLICK_MS)
    except PlaywrightTimeout:
        assert stage(page) != asked, f"the {asked} step's confirm button cannot be pressed"
        return None  # the decision went before the press: nothing was sealed
    after(page, f"{asked}-sent")
    return played
