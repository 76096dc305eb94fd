"""An action a client was told was accepted survives a SIGKILL of the server.

Many tables act at once, so their actions are stored in group commits
(:mod:`mobtable.server.commits`); the server is killed while actions are in
flight, and every action answered with 200 must be in the database, at its
place, and the new server resumes each table from there.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import httpx2
import pytest

from mobtable.store import Repository

from .processes import free_port, start_server

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SIGKILL")

TABLES = 12


def _play(base: str, tid: str, tokens: list[str], acked: list[tuple[int, int, str]]) -> None:
    """Act for the table's two people until the server is gone; note each accepted
    action as (its number, seat, notation)."""
    with httpx2.Client(base_url=base, timeout=10) as http:
        try:
            while True:
                moved = False
                for seat, token in enumerate(tokens):
                    view = http.get(
                        f"/api/tables/{tid}/state",
                        params={"seat": seat},
                        headers={"X-Seat-Token": token},
                    ).json()
                    if view["table"]["status"] != "playing":
                        return
                    if not view["legal"]:
                        continue
                    action = view["legal"][0]["a"]
                    r = http.post(
                        f"/api/tables/{tid}/actions",
                        json={"seat": seat, "token": token, "action": action},
                    )
                    if r.status_code == 200:
                        acked.append((r.json()["version"] - 1, seat, action))
                        moved = True
                if not moved:
                    time.sleep(0.01)  # the bots' turn
        except httpx2.TransportError:
            return  # the server was killed


def test_every_accepted_action_survives_a_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    options = ("--bot-delay", "0", "--bot-processes", "0", "--tables-per-minute", "0")
    server = start_server(db, port, *options)
    acked: dict[str, list[tuple[int, int, str]]] = {}
    threads = []
    try:
        seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "random"}] * 2
        for i in range(TABLES):
            created = httpx2.post(
                f"{base}/api/tables",
                json={"game": "gangsta", "players": 4, "seats": seats, "seed": i},
            ).json()
            claimed = httpx2.post(f"{base}/api/tables/{created['id']}/seats/1/claim", json={})
            tokens = [created["token"], claimed.json()["token"]]
            acked[created["id"]] = []
            threads.append(
                threading.Thread(
                    target=_play, args=(base, created["id"], tokens, acked[created["id"]])
                )
            )
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        while sum(map(len, acked.values())) < 10 * TABLES and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.kill(server.pid, signal.SIGKILL)  # while the threads are still acting
        server.wait()
        for t in threads:
            t.join(30)
    assert sum(map(len, acked.values())) >= 10 * TABLES, "too few actions to prove anything"

    repo = Repository(f"sqlite:///{db}")
    try:
        for tid, actions in acked.items():
            row = repo.load(tid)
            assert row is not None and row.moves == len(row.actions)
            for n, seat, notation in actions:
                assert n < len(row.actions), f"table {tid}: accepted action #{n} was lost"
                assert row.actions[n] == (seat, notation)
    finally:
        repo.close()

    server = start_server(db, port, *options)
    try:
        for tid, actions in acked.items():
            moves = httpx2.get(f"{base}/api/tables/{tid}").json()["moves"]
            assert moves >= max(n for n, _, _ in actions) + 1
    finally:
        server.terminate()
        server.wait(10)
