"""For each game: two browsers join one table by link, play it out by clicking, see one result."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest

from mobtable import games
from mobtable.core import record as records
from web.play import play_until_over

GAMES = ["sealed-bid", "gangsta", "cosca", "capo"]


@pytest.mark.parametrize("game_name", GAMES)
def test_two_players_and_bots_play_a_whole_game_by_clicking(
    game_name: str, server: str, browser: object, artifacts: Path
) -> None:
    game = games.get(game_name)
    players = game.min_players
    seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (
        players - 2
    )
    created = httpx2.post(
        f"{server}/api/tables",
        json={"game": game_name, "players": players, "seats": seats, "seed": 5, "name": "Ann"},
    ).json()
    tid = created["id"]
    first = browser.new_context(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    second = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    try:
        ann = first.new_page()
        ann.goto(f"{server}/t/{tid}#seat=0&token={created['token']}")
        bob = second.new_page()
        bob.goto(f"{server}/t/{tid}")  # the invite link: take the free seat
        bob.locator("button[data-claim='1']").click()
        bob.wait_for_selector("#status >> text=you are Carla")
        ann.wait_for_selector("#board[data-version] > *")  # any renderer, SVG or HTML
        ann.screenshot(path=str(artifacts / f"{game_name}-start.png"), full_page=True)
        play_until_over([ann, bob], seed=3, limit=240)
        for page in (ann, bob):
            page.wait_for_selector("#final-result")
        ann.screenshot(path=str(artifacts / f"{game_name}-end-desktop.png"), full_page=True)
        bob.screenshot(path=str(artifacts / f"{game_name}-end-phone.png"), full_page=True)
        # the same ranks, scores and tie-break (the sentence above them is in each reader's words)
        for part in ("#final-result > table", "#result-tiebreak"):
            assert ann.locator(part).count() == bob.locator(part).count()  # no tie-break line
            if ann.locator(part).count():  # where none was needed
                assert _same_result(ann.inner_text(part), bob.inner_text(part))
        cells = "#result-breakdown td"  # how the scores were made (a phone lays it out apart)
        assert ann.locator(cells).all_text_contents() == bob.locator(cells).all_text_contents()
        assert ann.locator(cells).count() > 0 or game_name == "sealed-bid"  # no words
        record = httpx2.get(f"{server}/api/tables/{tid}/record").json()
        if game.end_reveal.everything:
            assert records.check(record).is_over()
        else:  # a public record: no deal to replay from (K-24)
            assert record["public"] is True and record["seed"] is None
        shown = ann.inner_text("#final-result")
        for score in record["result"]["scores"]:
            assert str(score) in shown
    finally:
        first.close()
        second.close()


def _same_result(a: str, b: str) -> bool:
    def norm(text: str) -> str:
        return text.replace(" (you)", "")

    return norm(a) == norm(b)
