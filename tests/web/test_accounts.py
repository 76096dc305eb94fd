"""Accounts in the browser: two people sign up, play a rated game against each other (one
on a laptop, one on a phone), both ratings move, the profile shows it and the replay opens
from it; "Play now" starts a game against bots in one tap. Screenshots of every new screen
at 1366x768 and 390x844 go to the artifacts, and with ``MOBTABLE_SCREENSHOTS=update`` to
docs/screenshots/accounts-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from playwright.sync_api import Page, expect

from mobtable.server.accounts.passwords import Passwords
from web.conftest import ARTIFACTS, serve
from web.play import play_until_over
from web.test_shell import _keep as keep

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
PASSWORD = "two rated players"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own (accounts are server-wide), hashing passwords cheaply."""
    cheap = Passwords(PasswordHasher.from_parameters(CHEAPEST))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield from serve(tmp_path_factory.mktemp("accounts") / "db.sqlite", passwords=cheap)


def shoot(page: Page, name: str) -> None:
    """``accounts-<name>-<size>`` at both sizes (the page reloaded at each, as a person
    opening it there would see it), in the artifacts; with ``MOBTABLE_SCREENSHOTS=update``
    also under docs/screenshots (``test_shell``'s way)."""
    now = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.reload()
        page.wait_for_load_state("networkidle")
        keep(page, ARTIFACTS, f"accounts-{name}-{size}")
    if now is not None:
        page.set_viewport_size(now)
        page.reload()


def sign_up_in_the_page(page: Page, site: str, name: str) -> None:
    page.goto(f"{site}/account")
    page.locator("#signup-name").fill(name)
    page.locator("#signup-password").fill(PASSWORD)
    page.locator("#signup").click()
    expect(page.locator("[data-role=profile] h2")).to_contain_text(name)
    expect(page.locator("[data-role=account-name]")).to_have_text(name)


def rating(page: Page, site: str, name: str, game: str) -> Any:
    return page.request.get(f"{site}/api/players/{name}").json()


def test_two_players_sign_up_play_a_rated_game_and_see_it_on_their_profiles(
    site: str, browser: Any
) -> None:
    ann_ctx = browser.new_context(viewport=SIZES["desktop"])
    bob_ctx = browser.new_context(viewport=SIZES["phone"])
    errors: list[str] = []
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        for page in (ann, bob):
            page.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{site}/account")
        expect(ann.locator("[data-role=signup-form]")).to_be_visible()
        shoot(ann, "sign-in")
        sign_up_in_the_page(ann, site, "Ann")
        sign_up_in_the_page(bob, site, "Bob")

        # Ann opens a rated table of two in the lobby's form; Bob joins from its link
        ann.goto(site)
        ann.select_option("#game", "sealed-bid")
        ann.select_option("#players", "2")
        ann.locator("#rated-box").check()
        ann.locator("#create").click()
        expect(ann.locator("[data-role=waiting-room] [data-role=rated]")).to_be_visible()
        table_id = ann.url.rsplit("/", 1)[1]
        shoot(ann, "waiting-rated")
        bob.goto(f"{site}/t/{table_id}")
        expect(bob.locator("[data-role=rated]")).to_be_visible()
        bob.locator("button[data-claim='1']").click()
        for page in (ann, bob):
            expect(page.locator("#board[data-version] > *").first).to_be_visible()
        summary = ann.request.get(f"{site}/api/tables/{table_id}").json()
        assert summary["rated"] is True
        assert [s["account"] for s in summary["seats"]] == ["Ann", "Bob"]

        play_until_over([ann, bob], seed=3, limit=90)
        expect(ann.locator("#final-result")).to_be_visible()

        # both ratings moved, each on its profile with a point on the chart
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            [game] = rating(page, site, name, "sealed-bid")["games"]
            assert game["rated_games"] == 1 and game["rating"] is not None
            page.goto(f"{site}/u/{name}")
            expect(page.locator("[data-role=game-stats] [data-role=rating]")).to_contain_text(
                "1 rated"
            )
            expect(page.locator("[data-role=rating-chart] circle")).to_have_count(1)
        shoot(ann, "profile")
        board = ann.request.get(f"{site}/api/leaderboard/sealed-bid").json()["players"]
        assert {e["name"] for e in board} == {"Ann", "Bob"}
        ann.goto(f"{site}/leaderboard/sealed-bid")
        expect(ann.locator("[data-role=leaderboard] tbody tr")).to_have_count(2)
        shoot(ann, "leaderboard")

        # the replay opens from the profile
        ann.goto(f"{site}/u/Ann")
        ann.locator(f"[data-table='{table_id}'] [data-role=replay-link]").click()
        expect(ann).to_have_url(f"{site}/replay/{table_id}")
        expect(ann.locator("#board > *").first).to_be_visible()

        # play again with these players: a rematch of that table, from the profile
        ann.goto(f"{site}/u/Ann")
        ann.locator(f"[data-table='{table_id}'] [data-role=play-again]").click()
        expect(ann).not_to_have_url(f"{site}/u/Ann")
        rematch = ann.request.get(f"{site}/api/tables/{table_id}").json()["rematch"]
        assert rematch and ann.url.endswith(f"/t/{rematch}")

        ann.goto(f"{site}/account")
        expect(ann.locator("#signout")).to_be_visible()
        shoot(ann, "signed-in")
        ann.locator("#signout").click()
        expect(ann.locator("[data-role=sign-in-link]")).to_be_visible()
    finally:
        ann_ctx.close()
        bob_ctx.close()
    assert errors == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_play_now_starts_a_game_against_bots_in_one_tap(size: str, site: str, browser: Any) -> None:
    context = browser.new_context(viewport=SIZES[size])
    try:
        page = context.new_page()
        page.goto(site)
        button = page.locator("button#play-now")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= SIZES[size]["height"]
        link = page.locator("[data-role=sign-in-link]").bounding_box()
        assert link is not None and link["height"] >= 44 and link["width"] >= 44
        if size == "desktop":
            shoot(page, "play-now")
        page.locator("[data-choice=game] [data-value=gangsta]").click()
        page.locator("[data-choice=level] [data-value=easy]").click()
        button.click()
        expect(page.locator("#board[data-version] > *").first).to_be_visible()
        expect(page.locator("[data-role=waiting-room]")).to_have_count(0)
        table_id = page.url.rsplit("/", 1)[1]
        summary = page.request.get(f"{site}/api/tables/{table_id}").json()
        assert summary["status"] == "playing" and summary["game"] == "gangsta"
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot"]
        assert {s["bot"] for s in summary["seats"][1:]} == {"easy"}
        assert summary["rated"] is False  # a guest's game
    finally:
        context.close()
