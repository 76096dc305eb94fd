"""Simulated people playing whole games through the balancer: each seat watches its
table over a WebSocket (reconnecting whenever it closes, as the web client does) and
plays a random legal move over HTTP, noting every move the server acknowledged.

Used by the multi-process tests and ``benchmarks/soak.py``: afterwards
:func:`audit` compares what each table acknowledged with what the database stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import random
import secrets
import ssl
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from mobtable.core.record import check
from mobtable.store import Repository

GAME = "cosca"
PLAYERS = 4
RETRY = 0.2
"""Seconds before a seat's first try to reconnect; each failed try doubles it, up to
``RETRY_MAX``, and every wait is drawn from ±50 % of it (as the web client waits 0.3 s,
0.6 s, …): the clients of a table that moved, or of a thousand tables, never retry in step."""
RETRY_MAX = 5.0


def backoff(rng: random.Random, failures: int) -> float:
    """Seconds to wait before a retry after ``failures`` failed tries in a row (jittered)."""
    return min(RETRY_MAX, RETRY * 2 ** min(failures, 10)) * rng.uniform(0.5, 1.5)


QUIET = 5.0
"""Seconds without a message after which a seat reconnects for a fresh state."""


@functools.cache
def insecure() -> ssl.SSLContext:
    """TLS without verification: the loopback balancer's certificate is self-signed (one
    context for every client: making one loads the system's CA store, 10 ms each)."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


@dataclass
class Ledger:
    """What one table's seats sent and what the server answered."""

    table_id: str = ""
    acked: list[tuple[int, str, float]] = field(default_factory=list)
    """(seat, action, when): moves the server acknowledged (HTTP 200), in order."""
    unsure: list[tuple[int, str]] = field(default_factory=list)
    """Moves whose answer never came (the server died): stored or not."""
    doing: dict[int, str] = field(default_factory=dict)
    """What each seat is doing now (for a report on a table that stalls)."""
    refused: int = 0
    """Moves refused (4xx): the state they were chosen from was already old."""
    latencies: list[float] = field(default_factory=list)
    """Seconds from sending a move to its acknowledgement."""
    reconnects: int = 0
    """WebSocket connections that failed or dropped (each seat reconnects after one)."""
    over: bool = False


@dataclass
class Audit:
    acked: int = 0
    lost: int = 0
    stored: int = 0
    checked: int = 0
    bad_records: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    unfinished: int = 0


async def open_table(http: httpx2.AsyncClient, rng: random.Random) -> tuple[str, list[str]]:
    """A table of four people, every seat taken: its id and the seats' tokens. Each request
    carries a key of its own, sent again with its retries: a retry whose first try was
    stored (its answer lost, its server killed) gets that table or seat back."""
    body: dict[str, Any] = {"game": GAME, "players": PLAYERS, "sit": 0, "request": _key()}
    body["seats"] = [{"kind": "human"}] * PLAYERS
    made = await _retrying(http, "POST", "/api/tables", body)
    table_id, tokens = made["id"], [made["token"]]
    for seat in range(1, PLAYERS):
        path = f"/api/tables/{table_id}/seats/{seat}/claim"
        claimed = await _retrying(http, "POST", path, {"request": _key()})
        tokens.append(claimed["token"])
    return table_id, tokens


def _key() -> str:
    """A fresh request key (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


async def _retrying(
    http: httpx2.AsyncClient, method: str, path: str, body: dict[str, Any]
) -> dict[str, Any]:
    """A request retried while the server is moving or gone (502 to 504, no answer), ≤ 60 s
    (only opening and joining tables, each with its request key: the server answers a retry
    of a request it stored as it did the first try)."""
    deadline = time.monotonic() + 60
    failures = 0
    while True:
        try:
            response = await http.request(method, path, json=body)
            if response.status_code not in (502, 503, 504):
                response.raise_for_status()
                return dict(response.json())
        except httpx2.TransportError:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{method} {path}: no answer for 60 s")
        await asyncio.sleep(backoff(_jitter, failures))
        failures += 1


_jitter = random.Random(0)
"""Draws the retries' jitter (not the players' random generators: their games stay seeded)."""


async def play_seat(
    http: httpx2.AsyncClient,
    ws_base: str,
    ledger: Ledger,
    seat: int,
    token: str,
    rng: random.Random,
    until: float,
    think: float = 0.0,
    think_spread: float = 1.0,
    open_timeout: float = 5.0,
    over_socket: bool = False,
) -> None:
    """One person at the table until the game is over (or ``until``, monotonic), thinking
    ``think`` seconds on average before each move (drawn from 0 to twice that, or with
    ``think_spread`` from ``think * (1 +- think_spread)``). Moves go over HTTP, or with
    ``over_socket`` over the WebSocket as the web client sends them (each with a ``ref``,
    acknowledged by the server's ``acted``)."""
    hello = json.dumps({"type": "hello", "seat": seat, "token": token})
    path = f"/api/tables/{ledger.table_id}/actions"
    known = 0  # the version our last acknowledged move left
    failures = 0  # reconnections in a row that got no state
    refs = itertools.count(1)
    low, high = think * (1 - think_spread), think * (1 + think_spread)
    while not ledger.over and time.monotonic() < until:
        ledger.doing[seat] = "connecting"
        pending: tuple[int, str, float] | None = None  # a move sent on the socket: ref, when
        try:
            async with connect(
                f"{ws_base}/ws/tables/{ledger.table_id}", ssl=insecure(), open_timeout=open_timeout
            ) as ws:
                await ws.send(hello)
                ledger.doing[seat] = "waiting"
                failures = -1  # connected: the next retry waits the least again
                latest: dict[str, Any] | None = None  # the newest state not yet played from
                while True:  # no word for a while (a refused move, a stalled server): reconnect
                    m = orjson.loads(await asyncio.wait_for(ws.recv(), QUIET + 8 * think))
                    kind = m.get("type")
                    if kind == "state":
                        if m["table"]["status"] == "over":
                            ledger.over = True
                            return
                        latest = m
                    elif pending is not None and m.get("ref") == pending[0]:
                        _ref, action, sent = pending
                        pending = None
                        if kind != "acted":  # refused: the table moved on meanwhile
                            ledger.refused += 1
                            break
                        known = _acknowledged(ledger, seat, action, sent, int(m["version"]))
                    if pending is not None or latest is None:
                        continue
                    m, latest = latest, None
                    if not m["legal"] or m["version"] < known or time.monotonic() > until:
                        continue
                    action = rng.choice(m["legal"])["a"]
                    if think:
                        await asyncio.sleep(rng.uniform(low, high))
                    sent = time.monotonic()
                    ledger.doing[seat] = f"sent {action} at v{m['version']}"
                    if over_socket:
                        pending = (next(refs), action, sent)
                        await ws.send(
                            json.dumps({"type": "act", "action": action, "ref": pending[0]})
                        )
                        continue
                    try:
                        answer = await http.post(
                            path, json={"seat": seat, "token": token, "action": action}
                        )
                    except httpx2.TransportError:
                        ledger.unsure.append((seat, action))
                        break
                    if answer.status_code == 200:
                        known = _acknowledged(ledger, seat, action, sent, answer.json()["version"])
                    elif answer.status_code >= 500:
                        ledger.unsure.append((seat, action))
                        break
                    else:  # refused: the table moved on meanwhile; a fresh state on reconnect
                        ledger.refused += 1
                        break
        except (OSError, TimeoutError, WebSocketException) as exc:
            ledger.doing[seat] = f"reconnecting after {exc!r}"[:200]
            ledger.reconnects += 1
            if pending is not None:  # sent, never acknowledged: stored or not
                ledger.unsure.append((seat, pending[1]))
        failures += 1
        await asyncio.sleep(backoff(_jitter, failures))


async def play_table(
    base: str,
    ws_base: str,
    rng: random.Random,
    until: float,
    ledger: Ledger | None = None,
    *,
    think: float = 0.0,
    think_spread: float = 1.0,
    open_timeout: float = 5.0,
    over_socket: bool = False,
) -> Ledger:
    """Open a table and play it to the end (or ``until``) with four simulated people
    (``over_socket``: their moves sent on the WebSocket, as the web client sends them)."""
    ledger = ledger or Ledger()
    async with httpx2.AsyncClient(base_url=base, verify=insecure(), timeout=30) as http:
        ledger.table_id, tokens = await open_table(http, rng)
        seats = [
            play_seat(
                http,
                ws_base,
                ledger,
                s,
                t,
                random.Random(rng.random()),
                until,
                think,
                think_spread,
                open_timeout,
                over_socket,
            )
            for s, t in enumerate(tokens)
        ]
        await asyncio.gather(*seats)
    return ledger


def _acknowledged(ledger: Ledger, seat: int, action: str, sent: float, version: int) -> int:
    """Note a move the server acknowledged; the version it left."""
    now = time.monotonic()
    ledger.acked.append((seat, action, now))
    ledger.latencies.append(now - sent)
    ledger.doing[seat] = f"waiting after v{version}"
    return int(version)


def missing(ledger: Ledger, stored: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The acknowledged moves not in ``stored``: a seat's moves are acknowledged one after
    the other, so each seat's must be stored in the order it got them (the seats' answers
    may cross on the way back, so their order between seats says nothing)."""
    lost = []
    for seat in {s for s, _a, _w in ledger.acked}:
        mine = [a for s, a in stored if s == seat]
        at = 0
        for action in [a for s, a, _w in ledger.acked if s == seat]:
            found = next((i for i in range(at, len(mine)) if mine[i] == action), None)
            if found is None:
                lost.append((seat, action))
            else:
                at = found + 1
    return lost


def audit(db_url: str, ledgers: list[Ledger]) -> Audit:
    """Every acknowledged move is in its table's stored record, in order; every record
    replays to its stored result (``core.record.check``)."""
    repo = Repository(db_url, run_migrations=False)
    report = Audit()
    try:
        for ledger in ledgers:
            row = repo.load(ledger.table_id)
            assert row is not None, ledger.table_id
            stored = row.actions
            report.acked += len(ledger.acked)
            report.stored += len(stored)
            report.lost += len(missing(ledger, stored))
            report.missing += [
                f"{ledger.table_id}: seat {s} {a}" for s, a in missing(ledger, stored)
            ]
            try:
                check(row.record())
                report.checked += 1
            except Exception as exc:
                report.bad_records.append(f"{ledger.table_id}: {exc}")
            report.unfinished += row.result is None
    finally:
        repo.close()
    return report


@contextlib.contextmanager
def quiet_websockets() -> Any:
    """The websockets library logs every refused handshake: not while failing over."""
    import logging

    logger = logging.getLogger("websockets")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)
