"""A whole COSCA game played by tapping the board, on a laptop and on a phone.

At every click the layout holds (``layout_problems``), the board shows no notation, and the key
steps are saved as screenshots (``artifacts/web/cosca-<size>-<step>.png``). The reveal is paced
beat by beat from the update's events, and shown all at once when motion is off.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Page

from web.conftest import serve
from web.cosca_clicks import ACTION, CONFIRM, NOTATION, decide
from web.layout import layout_problems
from web.play import open_seat


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: the whole COSCA games here wait on bots' moves and
    pacing, which the tables earlier modules leave playing on the shared server slow down."""
    yield from serve(tmp_path_factory.mktemp("cosca-web") / "db.sqlite")


SHOTS = ("dice", "reveal", "gun", "club", "villa", "fight", "end")


def _table(server: str, seed: int, players: int = 3) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1)
    return httpx2.post(
        f"{server}/api/tables",
        json={"game": "cosca", "players": players, "seats": seats, "seed": seed, "name": "Ann"},
    ).json()


def _open(browser: Any, server: str, created: dict[str, Any], size: str, motion: str) -> Any:
    return open_seat(browser, server, created, size, motion, ACTION)


def _words_only(page: Page) -> list[str]:
    """Notation anywhere a person reads it on the board: text, tooltips, labels."""
    shown = page.evaluate(
        """() => { const b = document.querySelector('#board');
        const bits = [b.innerText];
        for (const el of b.querySelectorAll('title')) bits.push(el.textContent);
        for (const el of b.querySelectorAll('[aria-label]')) {
          bits.push(el.getAttribute('aria-label'));
        }
        return bits.join('\\n'); }"""
    )
    return NOTATION.findall(shown)


@pytest.mark.parametrize(("size", "players"), [("desktop", 3), ("phone", 3), ("phone", 5)])
def test_a_whole_game_by_tapping_the_board(
    server: str, browser: Any, artifacts: Path, size: str, players: int
) -> None:
    created = _table(server, seed=11, players=players)
    context, page = _open(browser, server, created, size, motion="0.4")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    phone = size == "phone"
    steps: list[str] = []
    shots = set(SHOTS)

    sealing: list[str | None] = [None]  # the board's version just before the sealing click

    def after(p: Page, what: str) -> None:
        steps.append(what)
        if what not in ("dice-placed", "offer", "drink") and not what.endswith("-sent"):
            # decide() names the step itself just before the click that seals its choice
            sealing[0] = p.locator("#board").get_attribute("data-version")
        problems = layout_problems(p, phone=phone)
        assert problems == [], f"after {len(steps)} clicks ({what}): {problems}"
        assert _words_only(p) == [], f"notation shown after {what}"
        if what in shots:
            shots.discard(what)
            p.screenshot(path=str(artifacts / f"cosca-{size}-{players}p-{what}.png"))
        if what == "dice-sent" and "reveal" in shots:  # the reveal being played, beat by beat
            p.wait_for_selector(".cosca-story li.now", timeout=5000)
            shots.discard("reveal")
            p.screenshot(path=str(artifacts / f"cosca-{size}-{players}p-reveal.png"))

    try:
        rng = random.Random(3)
        played = []
        deadline = time.monotonic() + 100
        while page.locator("#board").get_attribute("data-status") != "over":
            assert time.monotonic() < deadline, f"no end of game after {played}"
            move = decide(page, rng, after)
            if move is None:
                page.wait_for_timeout(40)
                continue
            played.append(move)
            # read just before the sealing click, not before the dice were placed: a bot's
            # move meanwhile would end the wait while the page still asks for this choice
            page.wait_for_function(
                "v => document.querySelector('#board').dataset.version !== v", arg=sealing[0]
            )
        page.wait_for_selector("#final-result")
        page.wait_for_selector(".cosca-story:not(.playing)", timeout=30000)
        assert layout_problems(page, phone=phone) == []
        assert _words_only(page) == []
        page.screenshot(path=str(artifacts / f"cosca-{size}-{players}p-end.png"))
        record = httpx2.get(f"{server}/api/tables/{created['id']}/record").json()
        assert [a for s, a in record["actions"] if s == 0] == played
        winners = record["result"]["winners"]
        assert page.locator(".cosca-player .cosca-pl-status.good").count() == len(winners)
        said = page.inner_text(".cosca-banner")
        seats = httpx2.get(f"{server}/api/tables/{created['id']}").json()["seats"]
        names = [s["display"] for s in seats]
        assert all(names[seat] in said for seat in winners), said
        if record["result"]["tiebreak"]:
            assert "tie is broken" in said
        assert steps.count("dice-sent") == 7  # one setting a day, all by tapping places
        assert errors == []
    finally:
        context.close()


def _reveal(page: Page) -> None:
    """Set the dice (all to the Bank) and press Ready, with the keyboard."""
    for _ in range(page.locator(f"{ACTION} .cosca-slot.empty").count()):
        page.locator(".cosca-city[data-place='0']").press("Enter")
        # the redrawn board gives the focus back to the place, for the next key
        assert page.evaluate("document.activeElement.dataset.place") == "0"
    assert page.locator(f"{ACTION} .cosca-slot.empty").count() == 0
    page.locator(CONFIRM).press("Enter")


def test_the_reveal_is_paced_then_stays_until_the_next(
    server: str, browser: Any, artifacts: Path
) -> None:
    created = _table(server, seed=5)
    context, page = _open(browser, server, created, "desktop", motion="1")
    ann = ".cosca-player[data-seat='0'] .cosca-pl-stock"
    try:
        before = page.inner_text(ann)
        _reveal(page)
        page.wait_for_selector(".cosca-story li.now")
        first = page.locator(".cosca-story li").count()
        assert page.locator(".cosca .cosca-now").count() >= 1  # the place or mobster, marked
        # while the story plays, Ann's panel holds what she had before the reveal
        assert page.locator(".cosca-story.playing").count() == 1
        assert page.inner_text(ann) == before
        page.wait_for_selector(".cosca-story:not(.playing)", timeout=20000)
        assert first < page.locator(".cosca-story li").count(), "the beats came all at once"
        # at its end the panel has the day's takings: the Bank paid for every die
        page.wait_for_function(f"document.querySelector({ann!r}).innerText !== {before!r}")
        texts = page.locator(".cosca-story li").all_inner_texts()
        assert "dice" in texts[0].lower() and "Bank" in " ".join(texts)
        assert page.locator(".cosca .cosca-now").count() == 0
        # Carla's last action is on her panel in words
        assert page.locator(".cosca-player[data-seat='1'] .cosca-pl-last").count() == 1
    finally:
        context.close()
    context, page = _open(browser, server, _table(server, seed=5), "desktop", motion="0")
    try:
        _reveal(page)
        page.wait_for_selector(".cosca-story li")
        assert page.locator(".cosca-story li").count() >= 2  # the whole story at once
        assert page.locator(".cosca-story.playing, .cosca .cosca-now").count() == 0
    finally:
        context.close()


def _seated(server: str, players: int, seed: int) -> tuple[str, list[str]]:
    """A table of ``players`` people (Ann and friends, no bot): its id and each seat's token."""
    seats = [{"kind": "human"}] * players
    created = httpx2.post(
        f"{server}/api/tables",
        json={"game": "cosca", "players": players, "seats": seats, "seed": seed, "name": "Ann"},
    ).json()
    tid, tokens = created["id"], [created["token"]]
    for seat, name in enumerate(["Bob", "Cid", "Dora", "Eve", "Fay", "Gil"][: players - 1], 1):
        claimed = httpx2.post(f"{server}/api/tables/{tid}/seats/{seat}/claim", json={"name": name})
        tokens.append(claimed.json()["token"])
    return tid, tokens


# Measures the page at the end of every update the table draws (a mutation observer made
# after the page's own): what any later script, a test's or the board's own, finds.
_WATCH = """() => { window.tallest = { height: 0, prompt: '' };
  new MutationObserver(() => { const height = document.documentElement.scrollHeight;
    if (height > window.tallest.height) window.tallest = { height,
      prompt: document.querySelector('#prompt').innerText,
      status: document.querySelector('#status').innerText }; })
  .observe(document.body,
    { subtree: true, childList: true, characterData: true, attributes: true }); }"""


def test_five_on_a_phone_keep_the_page_in_the_window_as_the_prompt_grows(
    server: str, browser: Any
) -> None:
    """The status line and the prompt above the board grow on a phone with five players (four
    names waiting, a fight against four rivals: four lines of prompt), and the board gives up
    that height in the same update, not a frame later (issue 25: 850 px in an 844 px window
    after the dice were sent). Every seat plays its first legal move through the API, so the
    path is the same at every run."""
    tid, tokens = _seated(server, 5, seed=11)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{server}/t/{tid}#seat=0&token={tokens[0]}")
        page.wait_for_selector(f"{ACTION}")
        page.evaluate(_WATCH)
        prompts: set[str] = set()
        for _ in range(120):
            table = httpx2.get(f"{server}/api/tables/{tid}").json()
            if table["status"] == "over" or len(prompts) > 12:
                break
            seat = table["pending"][0]
            state = httpx2.get(
                f"{server}/api/tables/{tid}/state",
                params={"seat": seat},
                headers={"X-Seat-Token": tokens[seat]},
            ).json()
            before = page.locator("#board").get_attribute("data-version")
            httpx2.post(
                f"{server}/api/tables/{tid}/actions",
                json={"seat": seat, "token": tokens[seat], "action": state["legal"][0]["a"]},
            )
            page.wait_for_function(
                "v => document.querySelector('#board').dataset.version !== v", arg=before
            )
            prompts.add(page.inner_text("#prompt"))
        tallest = page.evaluate("window.tallest")
        assert tallest["height"] <= 844, tallest
        assert any(p.startswith("Fight for") for p in prompts), prompts  # the long prompt met
    finally:
        context.close()
