"""The server under fuzz: a real ``python -m mobtable.server`` on a free loopback port,
tables seeded over its API, every acknowledged move noted, and the audit at the end."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from mobtable.core import record as records
from mobtable.store import Repository
from support.fuzzing import Tally

LOG_ALARMS = ("Traceback", "ERROR", "Exception in ASGI application")
"""Lines of the server's log that count as a failure."""
SEEDED = (("cosca", 2), ("cosca", 5), ("capo", 3), ("capo", 7), ("gangsta", 3), ("gangsta", 6))
"""The games, and their player counts, whose tables are seeded before the fuzz."""
MAX_MOVES = 3000


@dataclass
class Seated:
    """A seeded table and every seat's token."""

    id: str
    game: str
    tokens: list[str]


@dataclass
class World:
    """The running server, its seeded tables and the moves it acknowledged."""

    base: str
    db_url: str
    log: Path
    tables: list[Seated] = field(default_factory=list)
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)
    """(table, seat, notation) of every move the server said it stored, in order."""
    before: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    session: requests.Session = field(default_factory=requests.Session)

    # -- play ------------------------------------------------------------------------

    def seat(self, game: str, players: int) -> Seated:
        """A table of ``game`` with every seat a person's, each claimed."""
        body = {"game": game, "players": players, "seats": [{"kind": "human"}] * players}
        created = self.post("/api/tables", body)
        tokens = [created["token"]]
        for s in range(1, players):
            claimed = self.post(f"/api/tables/{created['id']}/seats/{s}/claim", {"name": None})
            tokens.append(claimed["token"])
        table = Seated(created["id"], game, tokens)
        self.tables.append(table)
        return table

    def play(self, table: Seated, moves: int, rng: random.Random) -> bool:
        """Up to ``moves`` random legal moves at ``table``; whether its game is over."""
        for _ in range(moves):
            summary = self.session.get(f"{self.base}/api/tables/{table.id}", timeout=30).json()
            if summary["status"] != "playing" or not summary["pending"]:
                return summary["status"] != "playing"
            seat = rng.choice(summary["pending"])
            state = self.session.get(
                f"{self.base}/api/tables/{table.id}/state",
                params={"seat": seat},
                headers={"X-Seat-Token": table.tokens[seat]},
                timeout=30,
            ).json()
            if not state["legal"]:
                continue
            action = rng.choice(state["legal"])["a"]
            self.act(table.id, seat, table.tokens[seat], action)
        return False

    def act(self, table_id: str, seat: int, token: str, action: str) -> requests.Response:
        """Send a move; a 200 is noted as acknowledged."""
        body = {"seat": seat, "token": token, "action": action}
        response = self.session.post(
            f"{self.base}/api/tables/{table_id}/actions", json=body, timeout=30
        )
        self.note(table_id, seat, action, response)
        return response

    def note(self, table_id: str, seat: int, action: str, response: requests.Response) -> None:
        if response.status_code == 200:
            self.acknowledged.append((table_id, seat, action))

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.session.post(f"{self.base}{path}", json=body, timeout=30)
        response.raise_for_status()
        return dict(response.json())

    def seed(self, rng: random.Random, *, finished: bool = True) -> None:
        """Tables of every seeded game: one played to its end, one a few moves in,
        one waiting for its last player; then the snapshot the audit compares with."""
        for game, players in SEEDED:
            if finished:
                done = self.seat(game, players)
                if not self.play(done, MAX_MOVES, rng):
                    raise RuntimeError(f"a seeded {game} game did not end in {MAX_MOVES} moves")
            self.play(self.seat(game, players), rng.randrange(1, 20), rng)
            self.post("/api/tables", {"game": game, "players": players})
        self.before = self.stored()

    # -- audit -----------------------------------------------------------------------

    def stored(self) -> dict[str, list[tuple[int, str]]]:
        repo = Repository(self.db_url, run_migrations=False)
        try:
            out = {}
            for table_id in repo.ids():
                row = repo.load(table_id)
                if row is not None:
                    out[table_id] = list(row.actions)
            return out
        finally:
            repo.close()

    def audit(self, tally: Tally) -> dict[str, int]:
        """Every stored game replays (its result too), nothing stored before the fuzz
        changed or went, every acknowledged move is stored where it was acknowledged."""
        repo = Repository(self.db_url, run_migrations=False)
        games = 0
        try:
            after: dict[str, list[tuple[int, str]]] = {}
            for table_id in repo.ids():
                row = repo.load(table_id)
                if row is None:
                    continue
                after[table_id] = list(row.actions)
                games += 1
                try:
                    records.check(row.record())
                except Exception as exc:
                    tally.fail(f"table {table_id} no longer replays: {exc!r}")
        finally:
            repo.close()
        for table_id, actions in self.before.items():
            if after.get(table_id, [])[: len(actions)] != actions:
                tally.fail(f"table {table_id}: moves stored before the fuzz changed or went")
        for (table_id, seat), notations in _by_seat(self.acknowledged).items():
            stored = iter(n for s, n in after.get(table_id, []) if s == seat)
            if not all(n in stored for n in notations):  # in order, among the seat's moves
                tally.fail(f"table {table_id}: a move acknowledged to seat {seat} is lost")
        return {"games": games, "acknowledged": len(self.acknowledged)}

    def alarms(self) -> list[str]:
        """The server's log lines that name an error or a traceback."""
        text = self.log.read_text(errors="replace")
        return [line for line in text.splitlines() if any(a in line for a in LOG_ALARMS)]


def _by_seat(moves: list[tuple[str, int, str]]) -> dict[tuple[str, int], list[str]]:
    """The acknowledged moves of each table's seat, in order (the answer to a move gives
    the version its seat sees, not its place among every seat's moves)."""
    out: dict[tuple[str, int], list[str]] = {}
    for table_id, seat, notation in moves:
        out.setdefault((table_id, seat), []).append(notation)
    return out


@contextmanager
def served(directory: Path, *extra: str) -> Iterator[World]:
    """A server on a fresh SQLite file in ``directory`` (``extra``: more of its options),
    stopped at the end."""
    db_url = f"sqlite:///{directory / 'fuzz.sqlite'}"
    log = directory / "server.log"
    with log.open("wb") as err:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mobtable.server",
                "--db",
                db_url,
                "--port",
                "0",
                "--bot-delay",
                "0.05",
                "--bot-processes",
                "0",
                "--log-level",
                "warning",
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            cwd=directory,
        )
        world: World | None = None
        try:
            world = World(_ready_url(server, log), db_url, log)
            yield world
        finally:
            if world is not None:
                world.session.close()
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            if server.stdout is not None:
                server.stdout.close()


def _ready_url(server: subprocess.Popen[str], log: Path) -> str:
    assert server.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        if "http://" in line:
            return "http://" + line.split("http://", 1)[1].split()[0].rstrip("/")
    raise RuntimeError(f"the server did not start:\n{log.read_text(errors='replace')[-2000:]}")
