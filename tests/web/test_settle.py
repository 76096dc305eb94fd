"""web-settle: a tap in the first moments of a new decision plays nothing; a key press does.

The other browser tests turn the guard off (conftest.SETTLE_OFF); this one sets a window of
three seconds, long enough that a click made at once is surely inside it on a slow machine.
"""

from __future__ import annotations

import httpx2

from web.play import version

WINDOW_MS = 3000
MOVES = "#moves button[data-action]"
LATER = "Number(document.querySelector('#board').dataset.version) > {}"


def test_web_settle_a_tap_too_soon_after_a_new_decision_plays_nothing(
    server: str, browser: object
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    created = httpx2.post(
        f"{server}/api/tables",
        json={"game": "gangsta", "players": 4, "seats": seats, "seed": 11, "name": "Ann"},
    ).json()
    context = browser.new_context(viewport={"width": 1366, "height": 768})  # type: ignore[attr-defined]
    context.add_init_script(f"localStorage.setItem('mobtable:settle-ms', '{WINDOW_MS}')")
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
        page.wait_for_selector(MOVES)
        before = version(page)
        page.locator(MOVES).first.click()
        page.wait_for_selector("#note.error >> text=nothing was played")
        page.wait_for_timeout(300)
        assert version(page) == before, "a tap inside the window was played"

        page.wait_for_timeout(WINDOW_MS)
        page.locator(MOVES).first.click()
        page.wait_for_function(LATER.format(before))
        assert "nothing was played" not in page.inner_text("#note")

        # the next decision of this seat: a key press at once is aimed, so it is played
        page.wait_for_selector(MOVES)
        now = version(page)
        page.locator(MOVES).first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(LATER.format(now))
        assert "nothing was played" not in page.inner_text("#note")
    finally:
        context.close()
