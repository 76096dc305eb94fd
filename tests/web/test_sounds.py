"""The table's sounds: the setting (on or off and a volume, following reduced motion until
chosen), the cues a seat hears in a game played by clicking, the clock's last seconds, and
which of each game's real events are a win or a reveal for a seat (web/games/cues.js)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx2

from mobtable import games
from support.prerequisites import missing
from web.play import click_one_move, play_until_over

WEB = Path(__file__).resolve().parents[2] / "src" / "mobtable" / "web"
# every cue played, in order, from the page's "mobtable:sound" events
HEARD = (
    "window.heard = [];"
    "document.addEventListener('mobtable:sound', (e) => window.heard.push(e.detail));"
)


def _table(server: str, game: str, players: int, **spec: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "name": "Ann", **spec}
    response = httpx2.post(f"{server}/api/tables", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _page(browser: Any, **options: Any) -> Any:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, **options)
    context.add_init_script(HEARD)
    return context.new_page()


def _open(page: Any, server: str, created: dict[str, Any]) -> None:
    page.goto(f"{server}/t/{created['id']}#seat=0&token={created['token']}")
    page.wait_for_selector("#board[data-version]")


def test_the_sound_setting_follows_reduced_motion_until_chosen_and_is_kept(
    browser: Any, server: str
) -> None:
    created = _table(server, "gangsta", 3, seed=7)
    page = _page(browser, reduced_motion="reduce")
    try:
        _open(page, server, created)
        page.locator(".settings > summary").click()
        assert not page.locator("#sound").is_checked()  # the system's wish, no choice yet
        assert page.locator("#volume").is_disabled()
        page.locator("#sound").check()
        page.locator("#volume").fill("0.3")
        page.locator("#volume").dispatch_event("change")
        assert page.evaluate("localStorage.getItem('mobtable:sound')") == "on"
        assert page.evaluate("localStorage.getItem('mobtable:volume')") == "0.3"
        page.reload()
        page.wait_for_selector("#board[data-version]")
        page.locator(".settings > summary").click()
        assert page.locator("#sound").is_checked()
        assert page.locator("#volume").input_value() == "0.3"
    finally:
        page.context.close()
    page = _page(browser)  # no reduced motion, no choice: on
    try:
        _open(page, server, created)
        page.locator(".settings > summary").click()
        assert page.locator("#sound").is_checked()
        assert page.locator("#volume").input_value() == "0.6"
    finally:
        page.context.close()


def test_a_game_played_by_clicking_is_heard_your_move_a_win_and_the_end(
    browser: Any, server: str
) -> None:
    page = _page(browser)
    try:
        _open(page, server, _table(server, "gangsta", 3, seed=11))
        assert page.evaluate("window.heard") == []  # opening a table is not news
        play_until_over([page], seed=2, limit=100)
        page.wait_for_function("window.heard.includes('end')", timeout=5000)
        heard = page.evaluate("window.heard")
        assert "turn" in heard
        assert {"won", "reveal"} & set(heard)
        assert heard[-1] == "end" and heard.count("end") == 1
        for cue in set(heard):
            served = httpx2.get(f"{server}/static/sounds/{cue}.wav")
            assert served.status_code == 200 and served.content[:4] == b"RIFF"
    finally:
        page.context.close()


def test_nothing_is_heard_with_sound_off(browser: Any, server: str) -> None:
    page = _page(browser)
    try:
        page.add_init_script("localStorage.setItem('mobtable:sound', 'off')")
        _open(page, server, _table(server, "gangsta", 3, seed=11))
        rng = random.Random(3)
        for _ in range(12):
            if not click_one_move(page, rng):
                page.wait_for_timeout(50)
        assert page.evaluate("window.heard") == []
    finally:
        page.context.close()


def test_the_clock_ticks_once_in_its_last_seconds(browser: Any, server: str) -> None:
    page = _page(browser)
    try:
        _open(page, server, _table(server, "gangsta", 3, seed=7, clock=8))
        page.wait_for_function("window.heard.includes('clock')", timeout=5000)
        page.wait_for_timeout(2500)
        assert page.evaluate("window.heard.filter((c) => c === 'clock').length") == 1
    finally:
        page.context.close()


def _events(game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Every event of a random game, as the state message carries it."""
    spec = games.get(game)
    state = spec.new_state(spec.config(players), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    return [event.to_json() for event in state.events]


def test_each_game_has_events_heard_as_a_win_and_as_a_reveal() -> None:
    node = shutil.which("node")
    if node is None:
        missing("Node.js", "no node on PATH: install Node.js 20 or newer")
    for game, players in (("gangsta", 3), ("cosca", 3), ("capo", 4)):
        events = [e for seed in range(3) for e in _events(game, players, seed)]
        script = (
            f"import {{ cueFor }} from {json.dumps(str(WEB / 'games' / 'cues.js'))};"
            f"const events = {json.dumps(events)};"
            f"const heard = {{}};"
            f"for (let seat = 0; seat < {players}; seat++)"
            f"  heard[seat] = events.map((e) => cueFor({json.dumps(game)}, e, seat));"
            "console.log(JSON.stringify(heard));"
        )
        run = subprocess.run(
            [node, "--input-type=module", "-e", script],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        heard = json.loads(run.stdout)
        for seat in range(players):
            assert "reveal" in heard[str(seat)], (game, seat)
        assert any("won" in heard[str(seat)] for seat in range(players)), game
        # a win is one seat's: never heard by two seats for one event
        for index in range(len(events)):
            winners = [s for s in range(players) if heard[str(s)][index] == "won"]
            assert len(winners) <= 1 or events[index]["kind"] == "scored", events[index]
