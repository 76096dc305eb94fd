"""WebSocket inputs: odd hellos (other seats' tokens, wrong types), then odd frames on a
seated socket — malformed, huge or deeply nested JSON, wrong types, binary frames, moves
mangled or legal — each followed by a ``ping`` whose ``pong`` proves the socket still
answers. Documented closes only: 4400/4403 after a refused hello, 1009 for a frame over
the protocol's 1 MiB (or 1006 while still sending it; frames already sent behind it may
still be answered first); anything else (a drop, a silence, an unknown message) is a failure.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from mobtable.server import WS_MAX_FRAME
from support.fuzzing import Tally
from support.fuzzing.live import Seated, World

ANSWERS = {"state", "acted", "error", "pong", "explain", "hint", "chat", "notice"}
HELLO_CLOSES = {4400, 4403}
BIG_CLOSES = {1009, 1006}
"""A frame over the protocol's limit: 1009, or a dropped connection if the client was still
sending it (docs/web.md, Limits)."""
WAIT = 15.0
"""Seconds a frame's answer may take on a loaded machine before it counts as silence."""
ODD_TEXT = ["", " ", "\x00", "\ud800", "é", "李", "\u202e", "\n", "'", '"', "\\", "%s", "{}", "<b>"]
ODD_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    2**63,
    10**400,
    1.5,
    float("nan"),
    float("inf"),
    "",
    "1",
    [],
    {},
    [1],
    {"a": None},
]
TYPES = ["hello", "act", "chat", "hint", "explain", "ping", "pong", "state", "", "ACT", "x" * 300]


class FrameFuzz:
    """Sockets at the seeded tables, each sent a hello and then a run of odd frames."""

    def __init__(self, world: World, tally: Tally, rng: random.Random) -> None:
        self.world = world
        self.tally = tally
        self.rng = rng
        self.ws_base = world.base.replace("http://", "ws://", 1)

    def run(self, inputs: int, per_socket: int = 40) -> None:
        sent = 0
        while sent < inputs:
            sent += self.session(min(per_socket, inputs - sent))

    def session(self, frames: int) -> int:
        """One socket: a hello, then up to ``frames`` more; the inputs sent."""
        rng = self.rng
        table = rng.choice(self.world.tables)
        table_id = table.id if rng.random() < 0.95 else rng.choice(["x" * 40, "..", "%00", "nope"])
        hello, expect_seat = self._hello(table)
        try:
            ws = connect(
                f"{self.ws_base}/ws/tables/{table_id}",
                open_timeout=WAIT,
                close_timeout=5,
                max_size=None,
                compression=None,
            )
        except Exception as exc:
            self.tally.fail(f"ws connect to {table_id}: {exc!r}")
            return 1
        with ws:
            self._send(ws, hello)
            first = self._receive(ws, f"hello {hello!r}")
            if first is None:
                return 1
            if first.get("type") == "error":
                code = self._closed_code(ws)
                self.tally.sent("ws", f"hello refused {code}")
                if code not in HELLO_CLOSES:
                    self.tally.fail(f"hello {hello!r}: refused then closed with {code}")
                return 1
            self.tally.sent("ws", "hello")
            if first.get("type") != "state" or first.get("seat") != expect_seat:
                said = f"type {first.get('type')!r}, seat {first.get('seat')!r}"
                self.tally.fail(f"hello {hello!r} got {said}: {str(first)[:300]}")
                return 1
            legal = [m["a"] for m in first.get("legal", [])]
            for n in range(frames - 1):
                frame = self._frame(legal, table)
                answer = self._exchange(ws, frame, legal, expect_seat)
                if answer == "closed":
                    return n + 2
        return frames

    def _hello(self, table: Seated) -> tuple[str | bytes, int | None]:
        """A hello frame and the seat it should seat (``None``: a spectator, or refused)."""
        rng = self.rng
        seat = rng.randrange(len(table.tokens))
        roll = rng.random()
        if roll < 0.6:
            return json.dumps({"type": "hello", "seat": seat, "token": table.tokens[seat]}), seat
        if roll < 0.7:
            return json.dumps({"type": "hello", "name": rng.choice(ODD_TEXT) * 3}), None
        if roll < 0.8:  # another seat's token: refused
            other = table.tokens[(seat + 1) % len(table.tokens)]
            return json.dumps({"type": "hello", "seat": seat, "token": other}), None
        return self._odd_message("hello", table), None

    def _frame(self, legal: list[str], table: Seated) -> str | bytes:
        rng = self.rng
        roll = rng.random()
        if roll < 0.15 and legal:
            return json.dumps({"type": "act", "action": rng.choice(legal), "ref": rng.randrange(9)})
        if roll < 0.3:
            move = rng.choice(legal) if legal else "p1"
            return json.dumps({"type": "act", "action": self._mangle(move)})
        if roll < 0.55:
            return self._odd_message(rng.choice(TYPES), table)
        if roll < 0.65:
            return _json_text(_random_json(rng, 4))
        if roll < 0.72:
            return rng.choice([b"", b"\xff\xfe", b'{"type":"ping"}', rng.randbytes(64)])
        if roll < 0.8:
            text = json.dumps({"type": "ping"})
            return text[: rng.randrange(len(text))]
        if roll < 0.86:
            return rng.choice(["[", "{", '{"a":'])[0] * rng.choice([100, 5000, 100_000])
        if roll < 0.92:
            size = rng.choice([4097, 16_384, 70_000, 900_000])
            return json.dumps({"type": "chat", "text": "x" * size})
        if roll < 0.925:
            return "x" * (WS_MAX_FRAME + 1)  # over the protocol's limit: 1009
        return json.dumps({"type": "chat", "text": "".join(rng.choices(ODD_TEXT, k=8))})

    def _odd_message(self, kind: str, table: Seated) -> str:
        rng = self.rng
        fields = ["seat", "token", "action", "text", "ref", "name", "extra"]
        message: dict[str, Any] = {"type": kind if rng.random() < 0.9 else rng.choice(ODD_VALUES)}
        for name in rng.sample(fields, rng.randrange(4)):
            pool = ODD_VALUES + ODD_TEXT + table.tokens
            message[name] = rng.choice(pool)
        return _json_text(message)

    def _mangle(self, move: str) -> str:
        rng = self.rng
        extra = rng.choice(["", "1", "²", "٣", "①", ",", "@", " ", "-1", "9" * 50, "\u0301"])
        cut = rng.randrange(len(move) + 1)
        return move[:cut] + extra + move[cut:]

    # -- one exchange ------------------------------------------------------------------

    def _exchange(
        self, ws: ClientConnection, frame: str | bytes, legal: list[str], seat: int | None
    ) -> str:
        """Send ``frame`` then a ping; read up to the pong. ``closed`` when the socket
        closed (as documented, or counted as a failure)."""
        big = len(frame) > WS_MAX_FRAME
        label = repr(frame[:200])
        if not self._send(ws, frame) or not self._send(ws, '{"type":"ping"}'):
            return self._closed(ws, big, label)
        kinds: list[str] = []
        while True:
            message = self._receive(ws, label)
            if message is None:
                return self._closed(ws, big, label)
            kind = str(message.get("type"))
            if kind == "pong" and not big:  # after a frame over the limit: on to the close
                break
            kinds.append(kind)
            if kind == "state":
                if message.get("seat") != seat:
                    self.tally.fail(f"{label}: a state for seat {message.get('seat')}")
                legal[:] = [m["a"] for m in message.get("legal", [])]
        answer = "error" if "error" in kinds else (kinds[0] if kinds else "nothing")
        self.tally.sent("ws", answer)
        return answer

    def _send(self, ws: ClientConnection, frame: str | bytes) -> bool:
        try:
            ws.send(frame)
        except ConnectionClosed:
            return False
        return True

    def _receive(self, ws: ClientConnection, label: str) -> dict[str, Any] | None:
        """The next message, checked; ``None`` once the socket closed or fell silent."""
        try:
            raw = ws.recv(timeout=WAIT)
        except ConnectionClosed:
            return None
        except TimeoutError:
            self.tally.fail(f"{label}: no answer in {WAIT:.0f} s")
            ws.close()
            return None
        try:
            message = json.loads(raw)
        except ValueError:
            self.tally.fail(f"{label}: answered with what is no JSON: {raw[:200]!r}")
            return {}
        if not isinstance(message, dict) or message.get("type") not in ANSWERS:
            self.tally.fail(f"{label}: answered {str(message)[:200]}")
            return {}
        if message["type"] == "error" and not message.get("message"):
            self.tally.fail(f"{label}: an error without words: {message}")
        return message

    def _closed(self, ws: ClientConnection, big: bool, label: str) -> str:
        code = self._closed_code(ws)
        self.tally.sent("ws", f"closed {code}")
        if not (big and code in BIG_CLOSES):
            self.tally.fail(f"{label}: the socket closed with {code}")
        return "closed"

    def _closed_code(self, ws: ClientConnection) -> int | None:
        try:
            ws.recv(timeout=WAIT)
        except ConnectionClosed:
            pass
        except TimeoutError:
            return None
        return ws.close_code


def _random_json(rng: random.Random, depth: int) -> Any:
    roll = rng.random()
    if depth == 0 or roll < 0.4:
        return rng.choice(ODD_VALUES + ODD_TEXT)
    if roll < 0.7:
        return [_random_json(rng, depth - 1) for _ in range(rng.randrange(4))]
    keys: list[Callable[[], str]] = [lambda: rng.choice(TYPES), lambda: rng.choice(ODD_TEXT)]
    return {rng.choice(keys)(): _random_json(rng, depth - 1) for _ in range(rng.randrange(4))} | (
        {"type": rng.choice(TYPES)} if rng.random() < 0.5 else {}
    )


def _json_text(value: Any) -> str:
    """JSON text as a careless client writes it: ``NaN``, huge integers, lone surrogates
    (as ``\\u`` escapes, the only way UTF-8 carries them)."""
    return json.dumps(value)
