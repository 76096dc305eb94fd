"""The table page's frame at 1366x768 and 390x844: the board slot fits the viewport, the move
list pages instead of running below the fold, the phone's drawer, keyboard play, the settings,
the "what just happened" toast, the result overlay, the replay from a seat, hints and the clock."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest

from mobtable import bots, games
from mobtable.bots import Decision
from mobtable.games.gangsta.naming import card_name
from web.layout import layout_problems
from web.play import click_one_move, is_over, version

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
RANDOM = {"kind": "bot", "bot": "random"}


def _table(server: str, game: str, players: int, **spec: Any) -> dict[str, Any]:
    body = {
        "game": game,
        "players": players,
        "seats": [{"kind": "human"}] + [RANDOM] * (players - 1),
    }
    body.update({"name": "Ann", **spec})
    response = httpx2.post(f"{server}/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@contextmanager
def _browsing(browser: Any, size: str, **options: Any) -> Iterator[Any]:
    """A page in a fresh browser context of one of the two sizes."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser: Any, size: str) -> Iterator[Any]:
    with _browsing(browser, size) as page:
        yield page


def _open(page: Any, server: str, created: dict[str, Any]) -> None:
    page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
    page.wait_for_selector("#board[data-version]")


def _keep(page: Any, artifacts: Path, name: str) -> None:
    """A screenshot in the artifacts; with ``MOBTABLE_SCREENSHOTS=update`` also a small copy
    (256 colours) under docs/screenshots, so a test run changes no committed file."""
    from PIL import Image

    shot = artifacts / f"{name}.png"
    page.screenshot(path=str(shot))
    if os.environ.get("MOBTABLE_SCREENSHOTS") != "update":
        return
    with Image.open(shot) as image:
        image.convert("RGB").quantize(256).save(SHOTS / f"{name}.png", optimize=True)


def _box(page: Any, selector: str) -> dict[str, float]:
    return dict(page.locator(selector).first.bounding_box())


def test_the_board_slot_fills_the_height_left_and_nothing_scrolls(
    page: Any, size: str, server: str, artifacts: Path
) -> None:
    _open(page, server, _table(server, "gangsta", 3, seed=7))
    width, height = SIZES[size]
    board, prompt = _box(page, "#board"), _box(page, "#prompt")
    slot = page.evaluate(
        "parseFloat(document.getElementById('board').style.getPropertyValue('--board-h'))"
    )
    assert abs(board["height"] - slot) < 1.5
    assert board["y"] >= prompt["y"] + prompt["height"] - 1
    metrics = page.evaluate(
        "({sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight})"
    )
    assert metrics["sw"] <= width and metrics["sh"] <= height + 1  # neither way
    assert layout_problems(page, phone=size == "phone") == []
    if size == "desktop":
        assert board["y"] + board["height"] <= height
        side = _box(page, "#side")
        assert 280 <= side["width"] <= 320 and side["x"] >= board["x"] + board["width"]
        assert page.locator("[data-role='chat-slot']").count() == 1
        assert not page.locator("#tabbar").is_visible()
    else:
        tabbar = _box(page, "#tabbar")
        assert board["y"] + board["height"] <= tabbar["y"] + 1
        assert tabbar["y"] + tabbar["height"] <= height + 1
        for tab in page.locator("#tabbar .tab").all():
            b = tab.bounding_box()
            assert b["width"] >= 44 and b["height"] >= 44, tab.inner_text()
        page.locator("[data-tab='log']").click()
        assert page.locator("#side [data-panel='log']").is_visible()
        assert page.locator("[data-tab='log']").get_attribute("aria-expanded") == "true"
        page.keyboard.press("Escape")
        assert not page.locator("#side").is_visible()
    _keep(page, artifacts, f"shell-frame-{size}")


def test_the_move_list_shows_a_page_that_fits_and_turns_pages(
    page: Any, size: str, server: str, artifacts: Path
) -> None:
    created = _table(server, "cosca", 3, seed=3)  # 126 ways to set the dice
    legal = httpx2.get(
        f"{server}/api/tables/{created['id']}/state",
        params={"seat": 0},
        headers={"X-Seat-Token": created["token"]},
    ).json()["legal"]
    assert len(legal) > 40
    _open(page, server, created)
    if size == "phone":
        page.locator("[data-tab='moves']").click()
    buttons = page.locator("#moves button[data-action]")
    buttons.first.wait_for()
    pages: list[list[str | None]] = []
    for _ in range(3):
        shown = [b.get_attribute("data-action") for b in buttons.all()]
        assert shown and not {a for p in pages for a in p} & set(shown)
        pages.append(shown)
        assert _list_problems(page, phone=size == "phone") == []
        assert f"of {len(legal)}" in page.inner_text("#moves .pager-row")
        page.locator("#moves [data-page='more']").click()
    assert {a for p in pages for a in p} <= {m["a"] for m in legal}
    page.locator("#moves [data-page='back']").click()
    assert buttons.first.get_attribute("data-action") == pages[2][0]
    _keep(page, artifacts, f"shell-moves-{size}")


def _list_problems(page: Any, *, phone: bool) -> list[str]:
    """The layout problems of the move list's own controls (the board is the game's)."""
    height = SIZES["phone" if phone else "desktop"][1]
    problems = []
    boxes = [(b.inner_text(), b.bounding_box()) for b in page.locator("#moves button").all()]
    for name, b in boxes:
        if b["y"] < 0 or b["y"] + b["height"] > height:
            problems.append(f"{name!r} is outside the viewport")
        if phone and min(b["width"], b["height"]) < 44:
            problems.append(f"{name!r} is smaller than 44 px")
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1 :]:
            w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            if w > 0 and h > 0:
                problems.append(f"{name!r} and {other!r} overlap")
    return problems


def test_moves_and_board_pieces_play_from_the_keyboard(browser: Any, server: str) -> None:
    with _browsing(browser, "desktop") as page:
        _open(page, server, _table(server, "gangsta", 3, seed=7))
        first = page.locator("#moves button[data-action]").first
        first.focus()
        before = version(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"Number(document.getElementById('board').dataset.version) > {before}"
        )
        piece = page.locator("#board [data-legal='1']").first
        piece.wait_for(timeout=20000)
        assert piece.get_attribute("tabindex") == "0" and piece.get_attribute("role") == "button"
        piece.focus()
        before = version(page)
        page.keyboard.press(" ")
        page.wait_for_function(
            f"Number(document.getElementById('board').dataset.version) > {before}"
            " || document.querySelector('#board .tok-selected') !== null"
        )


def test_the_animation_setting_is_kept_and_follows_reduced_motion(
    browser: Any, server: str
) -> None:
    created = _table(server, "gangsta", 3, seed=7)
    with _browsing(browser, "desktop", reduced_motion="reduce") as page:
        _open(page, server, created)
        assert page.locator("#motion").input_value() == "0"  # no choice yet: the system's wish
        page.locator(".settings > summary").click()
        page.select_option("#motion", "0.4")
        assert page.evaluate("localStorage.getItem('mobtable:motion')") == "0.4"
        page.reload()
        page.wait_for_selector("#board[data-version]")
        assert page.locator("#motion").input_value() == "0.4"


def test_what_just_happened_shows_over_the_board(browser: Any, server: str) -> None:
    with _browsing(browser, "phone") as page:
        _open(page, server, _table(server, "sealed-bid", 3, seed=7))  # a board without its own
        move = page.locator("#moves button[data-action]").first
        move.wait_for(state="attached")
        if not move.is_visible():
            page.locator("#tabbar [data-tab='moves']").click()
        move.click()
        toast = page.locator("#toast")
        toast.wait_for(state="visible")
        # bots may move on meanwhile: the toast catches up with the log's latest line
        page.wait_for_function(
            """() => {
              const items = document.querySelectorAll('#log li');
              const toast = document.querySelector('#toast');
              return items.length && !toast.hidden
                && toast.innerText.includes(items[items.length - 1].innerText);
            }""",
            timeout=5000,
        )
        assert "null" not in toast.inner_text()


def _finished_with_a_tiebreak(server: str) -> tuple[dict[str, Any], list[str]]:
    """A 3-player Gangsta game played out through the API by seeded random bots, which
    ends on the best single trick (seed 18); returns the table and the seats' tokens."""
    created = _table(server, "gangsta", 3, seed=18, seats=[{"kind": "human"}] * 3)
    tid = created["id"]
    tokens = [created["token"]]
    for seat, name in ((1, "Bob"), (2, "Carla")):
        claimed = httpx2.post(f"{server}/api/tables/{tid}/seats/{seat}/claim", json={"name": name})
        tokens.append(claimed.json()["token"])
    game = games.get("gangsta")
    mirror = game.new_state(game.config(3), seed=18)
    players = [bots.make("random", "gangsta", seed=100 + i) for i in range(3)]
    while not mirror.is_over():
        seat = mirror.pending()[0]
        action = players[seat].choose(Decision(mirror.clone(), seat))
        mirror.apply(seat, action)
        body = {"seat": seat, "token": tokens[seat], "action": str(action)}
        assert httpx2.post(f"{server}/api/tables/{tid}/actions", json=body).status_code == 200
    assert mirror.result().tiebreak == "the best single trick"
    return created, tokens


@pytest.fixture(scope="module")
def tied(server: str) -> tuple[dict[str, Any], list[str]]:
    return _finished_with_a_tiebreak(server)


def test_the_result_overlay_names_the_winner_and_the_deciding_tiebreak(
    page: Any, size: str, server: str, tied: tuple[dict[str, Any], list[str]], artifacts: Path
) -> None:
    created, tokens = tied
    page.goto(f"{server}/t/{created['id']}#seat=2&token={tokens[2]}")
    overlay = page.locator("[data-role='result']")
    overlay.wait_for(state="visible")
    summary = httpx2.get(f"{server}/api/tables/{created['id']}").json()
    winner = summary["seats"][summary["result"]["winners"][0]]["display"]
    assert winner in page.inner_text("#result-title")
    assert "Decided by the tie-break: the best single trick." in page.inner_text("#result-tiebreak")
    assert "the best single trick" in page.inner_text("#result-why")  # the game's own sentence
    for control in ("#rematch", "#replay", "#to-lobby", "#look-at-board"):
        assert page.locator(control).is_visible()
    assert page.locator("#to-lobby").get_attribute("href") == "/"
    _keep(page, artifacts, f"shell-result-{size}")
    page.locator("#look-at-board").click()
    assert not overlay.is_visible()
    page.locator("#show-result").click()
    assert overlay.is_visible()


def test_a_game_played_by_clicking_ends_on_the_result_overlay(
    page: Any, size: str, server: str
) -> None:
    _open(page, server, _table(server, "gangsta", 3, seed=11))
    rng = random.Random(2)
    deadline = time.monotonic() + 100
    while not is_over(page):
        assert time.monotonic() < deadline, "no end of game"
        if not click_one_move(page, rng):
            page.wait_for_timeout(30)
    page.locator("#final-result").wait_for()
    assert " wins" in page.inner_text("#result-title") or "Shared" in page.inner_text(
        "#result-title"
    )
    tiebreak = page.locator("#result-tiebreak")  # said only where a tie-break decided
    assert tiebreak.count() == 0 or tiebreak.inner_text()
    assert "No tie-break was needed" not in page.inner_text("#final-result")


def test_the_replay_starts_at_the_deal_and_shows_the_result_only_at_the_end(
    page: Any, size: str, server: str, tied: tuple[dict[str, Any], list[str]], artifacts: Path
) -> None:
    created, _ = tied
    tid = created["id"]
    steps = httpx2.get(f"{server}/api/tables/{tid}/replay", params={"seat": 1}).json()["steps"]
    ann = httpx2.get(f"{server}/api/tables/{tid}/replay", params={"seat": 0}).json()["steps"]
    mine, theirs = steps[0]["view"]["hand"], ann[0]["view"]["hand"]
    page.goto(f"{server}/replay/{tid}?seat=1")
    page.wait_for_selector("#board[data-step='0']")
    assert "step 0 of" in page.inner_text("#step")
    assert not page.locator("[data-role='result']").is_visible()  # no spoiler
    assert page.locator("#watch-as").input_value() == "1"
    hand = page.eval_on_selector_all(
        "[data-role='hand'] .g-card", "cards => cards.map(c => c.getAttribute('title'))"
    )
    named = sorted(name.removesuffix(", trump") for name in hand)
    assert named == sorted(card_name(code) for code in mine)  # Bob's hand, not Ann's
    assert sorted(mine) != sorted(theirs)
    _keep(page, artifacts, f"shell-replay-start-{size}")
    page.locator("#next").click()
    assert "step 1 of" in page.inner_text("#step")
    assert not page.locator("[data-role='result']").is_visible()
    page.locator("#last").click()
    page.locator("[data-role='result']").wait_for(state="visible")
    assert "best single trick" in page.inner_text("#final-result")
    page.screenshot(path=str(artifacts / f"shell-replay-end-{size}.png"))


def _at_a_choice_with_hints(page: Any, server: str) -> Any:
    """A Gangsta table with hints, past a lone move (the hint would say "your only move");
    returns the move buttons."""
    _open(page, server, _table(server, "gangsta", 3, seed=7, hints=True))
    moves = page.locator("#moves button[data-action]")
    if moves.count() == 1:  # keep the hand: the hint would say "your only move"
        click_one_move(page, random.Random(1))
        page.wait_for_function("document.querySelectorAll('#moves button[data-action]').length > 1")
    return moves


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_a_hint_answers_with_the_move_in_words(
    browser: Any, server: str, artifacts: Path, where: str
) -> None:
    """The hint names the move; it takes one line of the strip above the board, and a hint too
    long for it ends in "…" and opens whole over the board on a tap, the board unmoved."""
    with _browsing(browser, where) as page:
        moves = _at_a_choice_with_hints(page, server)
        labels = [b.inner_text() for b in moves.all()]
        page.locator("#hint").click()
        note = page.locator("#note.hint")
        note.wait_for(timeout=20000)
        text = note.inner_text()
        assert text.startswith("Hint: ") and any(label in text for label in labels)
        hinted = page.locator("#moves button.hinted")  # the suggested move, marked in the list
        assert hinted.count() == 1 and hinted.inner_text() in text
        strip = page.locator("#board-notes").bounding_box()
        board = page.locator("#board").bounding_box()
        shut = note.bounding_box()
        assert shut["y"] + shut["height"] <= strip["y"] + strip["height"] + 1  # one line
        overflows = note.evaluate("n => n.scrollWidth > n.clientWidth + 1")
        page.screenshot(path=str(artifacts / f"shell-hint-{where}.png"))
        assert overflows == ("long" in (note.get_attribute("class") or ""))
        if where == "phone":
            assert overflows  # a phone's line holds the move at most
        if overflows:
            assert note.get_attribute("title") == text
            note.click()
            assert "open" in (note.get_attribute("class") or "")
            opened = note.bounding_box()
            assert opened["height"] > 1.5 * shut["height"]  # wrapped over the board's top edge
            assert note.evaluate("n => n.scrollHeight <= n.clientHeight + 1")  # all of it shown
            assert page.locator("#board").bounding_box() == board
            page.screenshot(path=str(artifacts / f"shell-hint-open-{where}.png"))
            note.click()
            assert "open" not in (note.get_attribute("class") or "")


def test_a_note_is_measured_again_when_the_window_changes_width(
    browser: Any, server: str, artifacts: Path
) -> None:
    """A hint too long for a phone's line opens over the board; on a wide window the same
    hint fits its line (no "…", nothing to open), and back on the phone it is long again."""
    with _browsing(browser, "phone") as page:
        _at_a_choice_with_hints(page, server)
        page.locator("#hint").click()
        note = page.locator("#note.hint")
        note.wait_for(timeout=20000)
        assert "long" in (note.get_attribute("class") or "")
        note.click()
        assert "open" in (note.get_attribute("class") or "")

        def measured(long: bool) -> None:
            page.wait_for_function(
                "long => document.querySelector('#note').classList.contains('long') === long",
                arg=long,
            )

        page.set_viewport_size({"width": 1366, "height": 768})
        measured(False)
        assert note.evaluate("n => n.scrollWidth <= n.clientWidth + 1")  # it fits: whole
        assert note.get_attribute("class") == "note hint"  # neither long nor open
        assert note.get_attribute("title") is None and note.get_attribute("tabindex") is None
        page.screenshot(path=str(artifacts / "shell-hint-widened.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        measured(True)
        assert "open" not in (note.get_attribute("class") or "")
        assert note.get_attribute("aria-expanded") == "false"
        page.screenshot(path=str(artifacts / "shell-hint-narrowed.png"))


def test_the_clock_shows_and_its_run_out_is_announced(browser: Any, server: str) -> None:
    with _browsing(browser, "phone") as page:
        _open(page, server, _table(server, "gangsta", 3, seed=7, clock=2))
        assert "left" in page.locator("#status .clock").inner_text()
        page.locator("#toast.notice").wait_for(timeout=10000)
        assert "Your time ran out" in page.inner_text("#toast")
        logged = page.locator("#log li.ev-notice").first
        logged.wait_for(state="attached")
        assert logged.text_content() == "Your time ran out: a bot makes this move for you."


def test_the_lobby_creates_a_table_that_allows_hints(browser: Any, server: str) -> None:
    with _browsing(browser, "desktop") as page:
        page.goto(server)
        page.wait_for_selector("#game")
        page.select_option("#game", "gangsta")
        page.locator("summary:has-text('More')").click()
        label = page.locator("label:has(#hints-box)")
        assert "Allow hints" in label.inner_text()
        assert not page.is_checked("#hints-box")  # off unless ticked
        page.check("#hints-box")
        for select in page.locator("select[data-seat]").all()[1:]:  # bots, so the game starts
            select.select_option(index=1)  # the weakest bot
        page.click("#create")
        page.wait_for_url("**/t/*")
        tid = page.url.rsplit("/", 1)[1]
        assert httpx2.get(f"{server}/api/tables/{tid}").json()["hints"] is True
        page.locator("#moves button[data-action]").first.wait_for(state="attached")
        assert page.locator("#hint").is_visible()  # the seat has a move: it may ask
