"""Joining a friend's table by its link: the join screen, the waiting room, ready, start, chat.

Two browser contexts, one on a laptop (1366 x 768) and one on a phone (390 x 844), each way round.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Page, expect

from mobtable.server.limits import ServerLimits
from web.conftest import serve

TAP = 44
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}

_CONTROLS = """
() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const room = '[data-role=waiting-room]';
  const shown = [...document.querySelectorAll(`${room} button, ${room} input, ${room} select`)]
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
  const name = (el) => el.dataset.role || el.dataset.claim || el.id || el.textContent.trim();
  return {
    vw, vh, scrollWidth: document.documentElement.scrollWidth,
    controls: shown.map((el) => { const r = el.getBoundingClientRect();
      return {name: name(el), x: r.left, y: r.top, w: r.width, h: r.height}; }),
  };
}
"""


def open_table(server: str, game: str, players: int, name: str = "Ann") -> dict[str, Any]:
    """A table of ``players`` seats for people, the creator (``name``) in the first."""
    body = {"game": game, "players": players, "seats": [{"kind": "human"}] * players}
    return dict(httpx2.post(f"{server}/api/tables", json={**body, "name": name}).json())


def room_problems(page: Page, *, needed: list[str]) -> list[str]:
    """What is wrong with the join screen or waiting room: horizontal scrolling, overlapping
    or small controls, and controls in ``needed`` (by data-role or seat) below the fold."""
    m: dict[str, Any] = page.evaluate(_CONTROLS)
    problems = []
    if m["scrollWidth"] > m["vw"] + 1:
        problems.append(f"horizontal scroll: {m['scrollWidth']} > {m['vw']}")
    controls = m["controls"]
    for c in controls:
        if c["h"] < TAP - 0.5 or c["w"] < TAP - 0.5:
            problems.append(f"{c['name']} is {c['w']:.0f} x {c['h']:.0f} px, under {TAP} px")
        if c["name"] in needed and c["y"] + c["h"] > m["vh"] + 1:
            problems.append(f"{c['name']} is below the fold (bottom {c['y'] + c['h']:.0f})")
    for i, a in enumerate(controls):
        for b in controls[i + 1 :]:
            w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if w > 1 and h > 1:
                problems.append(f"{a['name']} overlaps {b['name']}")
    return problems


@pytest.mark.parametrize("host_size, friend_size", [("desktop", "phone"), ("phone", "desktop")])
def test_a_friend_joins_by_name_readies_and_the_host_starts(
    host_size: str, friend_size: str, server: str, browser: Any, artifacts: Path
) -> None:
    created = open_table(server, "gangsta", 3)
    tid = created["id"]
    host_ctx = browser.new_context(viewport=SIZES[host_size])
    friend_ctx = browser.new_context(viewport=SIZES[friend_size])
    shot = lambda page, name: page.screenshot(path=str(artifacts / f"join-{name}.png"))  # noqa: E731
    errors: list[str] = []
    try:
        ann = host_ctx.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{server}/t/{tid}#seat=0&token={created['token']}")
        expect(ann.locator("[data-role=waiting-room]")).to_be_visible()
        expect(ann.locator("[data-role=start]")).to_be_enabled()  # nobody else yet: bots would fill

        bob = friend_ctx.new_page()
        bob.on("pageerror", lambda e: errors.append(str(e)))
        bob.goto(f"{server}/t/{tid}")
        name = bob.locator("#join-name")
        expect(name).to_be_visible()
        assert room_problems(bob, needed=["join-name", "1", "2"]) == []
        shot(bob, f"screen-{friend_size}")
        name.fill("<i>Bob</i>")
        bob.locator("button[data-claim='1']").click()
        expect(bob.locator("[data-role=join-error]")).to_contain_text("a name is 1 to 24")
        name.fill("ann")
        bob.locator("button[data-claim='1']").click()
        expect(bob.locator("[data-role=join-error]")).to_contain_text(
            "Ann is already at this table"
        )
        name.fill("Bob")
        bob.locator("button[data-claim='1']").click()

        ready = bob.locator("[data-role=ready]")
        expect(ready).to_have_attribute("aria-pressed", "false")
        assert bob.evaluate("localStorage.getItem('mobtable:name')") == "Bob"
        expect(ann.locator("[data-role=seats]")).to_contain_text("Bob")
        expect(ann.locator("[data-role=start]")).to_be_disabled()
        expect(ann.locator("[data-role=waiting-room]")).to_contain_text(
            "Waiting for Bob to be ready"
        )

        bob.locator("[data-role=chat] input").fill("<b>hi</b> & <script>x</script>")
        bob.locator("[data-role=chat] button[type=submit]").click()
        line = ann.locator("[data-role=chat] .chat-line").last
        expect(line).to_have_text("Bob: <b>hi</b> & <script>x</script>")
        assert ann.locator("[data-role=chat] b, [data-role=chat] script").count() == 0

        ready.click()
        expect(ready).to_have_attribute("aria-pressed", "true")
        expect(ann.locator("[data-role=seats] [data-seat='1']")).to_contain_text("ready")
        start = ann.locator("[data-role=start]")
        expect(start).to_be_enabled()
        for page in (ann, bob):
            assert room_problems(page, needed=["start", "ready"]) == []
        shot(ann, f"waiting-{host_size}")
        shot(bob, f"ready-{friend_size}")

        ann.select_option("#start-bot", "random")
        start.click()
        for page in (ann, bob):
            expect(page.locator("[data-role=waiting-room]")).to_have_count(0)
            expect(page.locator("#board[data-version] > *").first).to_be_visible()
        expect(bob.locator("#status")).to_contain_text("you are Bob")
        expect(ann.locator("#seats")).to_contain_text("Bob")
        expect(ann.locator("#seats")).to_contain_text("(bot, random)")
        # the chat came along from the waiting room to the table
        expect(ann.locator("[data-role=chat] .chat-line")).to_have_count(1)
        if friend_size == "phone":  # the chat is behind the Chat tab
            bob.locator("[data-tab=chat]").click()
        bob.locator("[data-role=chat] input").fill("good luck")
        bob.locator("[data-role=chat] input").press("Enter")
        expect(ann.locator("[data-role=chat] .chat-line").last).to_have_text("Bob: good luck")
        if host_size == "phone":  # the closed Chat tab counts what it has not shown
            badge = ann.locator("[data-tab=chat] .tab-badge")
            expect(badge).to_have_text("1")
            ann.locator("[data-tab=chat]").click()
            expect(badge).to_be_hidden()
        shot(ann, f"started-{host_size}")
        table = httpx2.get(f"{server}/api/tables/{tid}").json()
        assert table["status"] == "playing"
        assert [s["display"] for s in table["seats"]][:2] == ["Ann", "Bob"]
        assert errors == []
    finally:
        host_ctx.close()
        friend_ctx.close()


def test_a_spectator_may_watch_then_join_and_chats_as_a_spectator(
    server: str, browser: Any
) -> None:
    created = open_table(server, "sealed-bid", 2)
    ctx = browser.new_context(viewport=SIZES["phone"])
    try:
        page = ctx.new_page()
        page.goto(f"{server}/")
        page.evaluate("localStorage.setItem('mobtable:name', 'Lena')")
        page.goto(f"{server}/t/{created['id']}")
        expect(page.locator("#join-name")).to_have_value("Lena")  # remembered
        page.locator("[data-role=watch]").click()
        expect(page.locator("#join-name")).to_have_count(0)
        page.locator("[data-role=chat] input").fill("just looking")
        page.locator("[data-role=chat] input").press("Enter")
        expect(page.locator("[data-role=chat] .chat-line.spectator")).to_have_text(
            "Lena (watching): just looking"
        )
        page.locator("[data-role=join-after-all]").click()
        page.locator("button[data-claim='1']").click()
        # the last free seat taken: the game starts at once
        expect(page.locator("#status")).to_contain_text("you are Lena")
        expect(page.locator("[data-role=waiting-room]")).to_have_count(0)
    finally:
        ctx.close()


def test_the_lobby_lists_a_waiting_table_with_its_names(
    server: str, browser: Any, artifacts: Path
) -> None:
    created = open_table(server, "capo", 3, "Vera")
    ctx = browser.new_context(viewport=SIZES["desktop"])
    try:
        page = ctx.new_page()
        page.goto(f"{server}/")
        row = page.locator("#open-tables .table-row[data-status=waiting]", has_text="Vera").first
        expect(row).to_contain_text("waiting for 2 more players")
        expect(row).not_to_contain_text("Seat")
        row.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "join-lobby-desktop.png"))
        row.locator("a", has_text="Join").click()
        page.wait_for_url(f"**/t/{created['id']}")
        expect(page.locator("#join-name")).to_be_visible()
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose tables expire after a second."""
    limits = ServerLimits(waiting_expiry=1, abandoned_expiry=1)
    yield from serve(tmp_path_factory.mktemp("quick") / "db.sqlite", limits=limits)


def test_a_table_nobody_joined_closes_and_its_page_says_why(
    quick_server: str, browser: Any, artifacts: Path
) -> None:
    created = open_table(quick_server, "cosca", 2)
    ctx = browser.new_context(viewport=SIZES["phone"])
    try:
        page = ctx.new_page()
        page.goto(f"{quick_server}/t/{created['id']}#seat=0&token={created['token']}")
        closed = page.locator("[data-role=table-closed]")
        expect(closed).to_contain_text("this table has closed", timeout=10_000)
        expect(closed).to_contain_text("nobody joined for 1 second")
        expect(page.locator("[data-role=chat]")).to_be_hidden()  # closed: no chat to write in
        page.screenshot(path=str(artifacts / "join-closed-phone.png"))
        fresh = ctx.new_page()  # the address says so to anyone who opens it later
        fresh.goto(f"{quick_server}/t/{created['id']}")
        expect(fresh.locator("[data-role=table-closed]")).to_be_visible()
        expect(fresh.locator("#join-name")).to_have_count(0)
        assert httpx2.get(f"{quick_server}/api/tables").json() == []
    finally:
        ctx.close()
