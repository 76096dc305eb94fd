"""SIGKILL the server mid-game, start it again: the game and the open tab carry on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from mobtable.core import record as records
from web.conftest import free_port
from web.play import click_one_move, play_until_over, version


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "mobtable.server", "--db", f"sqlite:///{db}"]
    command += ["--port", str(port), "--bot-delay", "0.02", "--log-level", "warning"]
    proc = subprocess.Popen(command)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def test_a_killed_server_resumes_the_game_and_the_tab_reconnects(
    tmp_path: Path, browser: object, artifacts: Path
) -> None:
    db, port = tmp_path / "db.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(db, port)
    context = browser.new_context()  # type: ignore[attr-defined]
    try:
        seats = [
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ]
        created = httpx2.post(
            f"{base}/api/tables", json={"game": "gangsta", "players": 3, "seats": seats, "seed": 9}
        ).json()
        tid, token = created["id"], created["token"]
        page = context.new_page()
        page.goto(f"{base}/t/{tid}#seat=0&token={token}")
        page.wait_for_selector("#board[data-version]")
        import random

        rng = random.Random(1)
        while version(page) < 8:
            click_one_move(page, rng)
            page.wait_for_timeout(30)
        headers = {"X-Seat-Token": token}
        # wait for a quiet moment: our own move pending, so no bot is about to act
        deadline = time.monotonic() + 20
        while True:
            before = httpx2.get(f"{base}/api/tables/{tid}/state?seat=0", headers=headers).json()
            if 0 in before["table"]["pending"] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        page.wait_for_selector("#status >> text=reconnecting")
        server = _start(db, port)
        after = httpx2.get(f"{base}/api/tables/{tid}/state?seat=0", headers=headers).json()
        assert after["version"] == before["version"]
        assert after["view"] == before["view"] and after["events"] == before["events"]
        page.wait_for_selector("#status >> text=Your move", timeout=15000)
        page.screenshot(path=str(artifacts / "restart-reconnected.png"))
        play_until_over([page], seed=2, limit=120)
        record = httpx2.get(f"{base}/api/tables/{tid}/record").json()
        assert records.check(record).is_over()
        assert len(record["actions"]) > before["version"]
    finally:
        context.close()
        server.kill()
        server.wait()
