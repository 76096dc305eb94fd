"""A live table in memory: the game state, its seats, its connected clients.

Everything here runs on the event loop; :class:`LiveTable.lock` serialises the
changes of one table (an action is applied, stored, then broadcast, all under
the lock), so nobody ever sees a state that is not yet in the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from mobtable.bots import Bot
from mobtable.core import State
from mobtable.core.actions import Action
from mobtable.core.narrator import Narrator, seat_label
from mobtable.core.record import replay
from mobtable.core.reveal import reveals_everything
from mobtable.core.words import default_names
from mobtable.server.frames import text_frame
from mobtable.server.waiting import seed_notice, waiting_prompt
from mobtable.store import SeatRow, TableRow


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, digest: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored digest."""
    if not token or not digest:
        return False
    return hmac.compare_digest(hash_token(token), digest)


def outcome(words: Narrator, state: State) -> str | None:
    """Once the game is over, the game's own sentence about its end for this reader:
    who won, and what decided it ("..., ahead on the most resources"). A narration's
    prompt says it once the game is over (``Narrator.prompt`` shows a shorter line)."""
    if not state.is_over():
        return None
    return words.narration.prompt(state, words.reader)


def tiebreak(words: Narrator, state: State) -> str | None:
    """Once the game is over, what decided it, in the game's words (the result card's line:
    "Decided by the tie-break: ..."); the same for every reader."""
    if not state.is_over():
        return None
    return words.tiebreak(state.result())


def labels(words: Narrator, state: State, seat: int, legal: Sequence[Action]) -> list[str]:
    """The labels of ``seat``'s legal moves as ``words``' reader reads them, all at once
    where the game's narration can (an optional ``actions(state, seat, actions, reader)``
    sharing the work the labels have in common), else one by one."""
    batch = getattr(words.narration, "actions", None)
    if batch is None:
        return [words.action(state, seat, a) for a in legal]
    return list(batch(state, seat, legal, words.reader))


@dataclass(frozen=True)
class Close:
    """The last item of a client's queue: close the socket with this code and reason."""

    code: int = 1000
    reason: str = ""


TOO_SLOW = Close(4429, "too many messages unread; reconnect for the current state")


class Client:
    """One WebSocket connection: an outgoing queue drained by its own task.

    Two limits keep the queue bounded without ever dropping a message unsaid:
    the client's own replies wait for room (:meth:`room`: the socket's reader
    stops reading until the queue is below ``MAX_REPLIES``, so a burst of
    requests is slowed down, TCP pushing back on the client); a change of the
    table is never held up for one client, so a client whose queue reaches
    ``MAX_BACKLOG`` (it stopped reading while the table moved on) has its
    backlog replaced by :data:`TOO_SLOW`, a close frame with code 4429.

    With nothing queued or being sent, a message goes out at once through
    :attr:`write` where the socket offers it (no queue, no task woken: most
    messages, since a socket's buffer is rarely full); the queue keeps the order
    and the limits for the rest.
    """

    MAX_BACKLOG = 256
    MAX_REPLIES = 64

    def __init__(self, seat: int | None, name: str | None = None) -> None:
        self.seat = seat
        self.name = name  # a spectator's name in the chat
        self.cursor = 0  # events of the state already sent
        self.last_seen: tuple[str, str] | None = None
        """The last state sent, its events left out: the table's text and the seat's."""
        self.queue: asyncio.Queue[str | Close] = asyncio.Queue()
        self.closed = False
        self.write: Callable[[str, bytes | None], bool] | None = None
        """Sends a text (and its frame, if already built) now if the socket can take it
        without waiting (``False``: it cannot, nothing was sent); set by the WebSocket
        endpoint."""
        self.sending = False
        """The sender task is in the middle of a send (set by it)."""
        self._room = asyncio.Event()
        self._room.set()

    def send(self, text: str, frame: bytes | None = None) -> None:
        """Send ``text``; ``frame`` is its ``frames.text_frame``, where the caller built
        it once for several clients."""
        if self.closed:
            return
        queued = self.queue.qsize()
        if queued >= self.MAX_BACKLOG:  # a client that stopped reading
            self.close(TOO_SLOW)
            return
        if not queued and not self.sending and self.write is not None and self.write(text, frame):
            return
        self.queue.put_nowait(text)
        if self.queue.qsize() >= self.MAX_REPLIES:
            self._room.clear()

    async def room(self) -> None:
        """Wait until the queue has room for the replies to one more request."""
        await self._room.wait()

    async def next(self) -> str | Close:
        """The next message to send (for the sender task)."""
        item = await self.queue.get()
        if self.queue.qsize() < self.MAX_REPLIES:
            self._room.set()
        return item

    def close(self, close: Close | None = None) -> None:
        """Close after the queued messages (``close`` given: instead of them)."""
        if not self.closed:
            self.closed = True
            if close is None:
                close = Close()
            else:
                while not self.queue.empty():
                    self.queue.get_nowait()
            self.queue.put_nowait(close)
            self._room.set()


@dataclass
class Seat:
    row: SeatRow
    default_name: str = ""
    connections: int = 0
    away_since: float | None = field(default_factory=time.time)

    @property
    def name(self) -> str:
        """The name players read: the one chosen at the table, or a default name."""
        return self.row.name or self.default_name

    @property
    def label(self) -> str:
        """The name as seat lists and results show it ("Vito (bot, hard)")."""
        return seat_label(self.name, self.row.bot if self.row.kind == "bot" else None)

    @property
    def claimed(self) -> bool:
        return self.row.token_hash is not None

    @property
    def free(self) -> bool:
        return self.row.kind == "human" and not self.claimed

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.row.seat,
            "kind": self.row.kind,
            "bot": self.row.bot if self.row.kind == "bot" else None,
            "name": self.row.name,
            "display": self.name,
            "label": self.label,
            "claimed": self.claimed,
            "ready": self.row.ready,
            "connected": self.connections > 0,
            "away_since": None if self.connections else self.away_since,
        }


class LiveTable:
    def __init__(self, row: TableRow, state: State) -> None:
        self.row = row
        self.state = state
        self.game = state.game
        self.lock = asyncio.Lock()
        defaults = default_names(state.players)
        self.seats = [Seat(s, defaults[s.seat]) for s in sorted(row.seats, key=lambda s: s.seat)]
        self.clients: set[Client] = set()
        self.thinking: set[int] = set()
        self.deadlines: dict[int, float] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.bots: dict[int, Bot] = {}
        self.bot_failures: dict[int, int] = {}
        self.bot_commits: dict[int, tuple[float, int]] = {}
        """Bot seats in the middle of a decision: when it began, how many actions it
        may take (see ``BotTurns._pace``)."""
        self.expires_at: float | None = None
        """When a waiting table closes unless someone joins (set by the manager)."""
        self.expired: str | None = None
        """Why an expired table closed, in words (set by the manager)."""
        self._narrators: dict[int | None, tuple[tuple[str, ...], Narrator]] = {}

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def bot_only(self) -> bool:
        """No seat for a person: bots play it all (and wait for tables with people)."""
        return all(s.row.kind == "bot" for s in self.seats)

    @property
    def status(self) -> str:
        """``waiting`` (the waiting room), ``playing``, ``over`` or ``expired``."""
        return "over" if self.state.is_over() else self.row.status

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def reveals_everything(self) -> bool:
        """Whether the full record is published once over (the game's policy or the table's)."""
        return reveals_everything(self.game, reveal_all=self.row.reveal_at_end)

    def base_record(self) -> dict[str, Any]:
        return {
            "format": 1,
            "game": self.row.game,
            "rules_version": self.row.rules_version,
            "config": self.row.config,
            "seed": self.row.seed,
            "setup": None,
            "actions": [],
            "result": None,
        }

    def rebuild(self, actions: Sequence[tuple[int, str]]) -> None:
        """Replace the state by the replay of ``actions`` (the stored record)."""
        record = self.base_record()
        record["actions"] = [[s, a] for s, a in actions]
        self.state = replay(record)

    # -- what clients see ---------------------------------------------
    def narrator(self, seat: int | None) -> Narrator:
        """The words of this table for ``seat`` (``None``: a spectator), in its names
        (made again only when a name changed: a broadcast asks for each seat's twice)."""
        names = tuple(s.name for s in self.seats)
        kept = self._narrators.get(seat)
        if kept is not None and kept[0] == names:
            return kept[1]
        words = Narrator(self.game, seat, names, self.state.players)
        self._narrators[seat] = (names, words)
        return words

    def summary(self) -> dict[str, Any]:
        state = self.state
        over = state.is_over()
        return {
            "id": self.id,
            "game": self.row.game,
            "title": self.game.title,
            "players": state.players,
            "status": self.status,
            "host": self.row.host,
            "expires_at": self.expires_at if self.row.status == "waiting" else None,
            "expired": self.expired if self.row.status == "expired" else None,
            "moves": state.moves_seen_by(None),
            "seats": [s.public() for s in self.seats],
            "free_seats": [
                s.row.seat for s in self.seats if s.row.kind == "human" and not s.claimed
            ],
            "pending": [] if over else list(state.pending()),
            "thinking": sorted(self.thinking),
            "deadlines": {str(s): d for s, d in sorted(self.deadlines.items())},
            "clock": self.row.clock,
            "replace_after": self.row.replace_after,
            "result": state.result().to_json() if over else None,
            "rematch": self.row.rematch_id,
            "variants": list(self.row.config.get("variants", [])),
            "options": dict(self.row.config.get("options", {})),
            "reveal_at_end": self.row.reveal_at_end,
            "end_reveal": "everything" if self.reveals_everything else "public",
            "hints": self.row.hints,
            "seed_chosen": self.row.seed_chosen,
            "seed_notice": self._seed_notice(),
        }

    def _seed_notice(self) -> str | None:
        """The words that tell everyone the creator chose the seed, at such a table."""
        if not self.row.seed_chosen:
            return None
        host = self.row.host
        return seed_notice(self.seats[host].name if host is not None else None)

    def payload(
        self, seat: int | None, since: int, summary: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The state message for ``seat`` with the events from index ``since``."""
        return {
            "type": "state",
            "table": summary if summary is not None else self.summary(),
            **self._members(seat),
            "events": self._events(seat, since),
            "log_reset": since == 0,
        }

    def _members(self, seat: int | None, words: Narrator | None = None) -> dict[str, Any]:
        """What a state message tells ``seat`` beside the table and the events
        (``words``: its narrator, where the caller has it)."""
        state = self.state
        playing = self.status == "playing"
        legal = state.legal(seat) if seat is not None and playing else ()
        if words is None:
            words = self.narrator(seat)
        return {
            "seat": seat,
            "version": state.moves_seen_by(seat),
            "view": state.view(seat),
            "legal": [
                {"a": str(a), "label": label}
                for a, label in zip(legal, labels(words, state, seat, legal), strict=True)
            ]
            if seat is not None
            else [],
            "prompt": self._prompt(seat, words),
            "outcome": outcome(words, self.state),
            "tiebreak": tiebreak(words, self.state),
        }

    def _events(
        self, seat: int | None, since: int, words: Narrator | None = None
    ) -> list[dict[str, Any]]:
        if words is None:
            words = self.narrator(seat)
        return [{**e.to_json(), "text": words.event(e)} for e in self.state.events_for(seat, since)]

    def _prompt(self, seat: int | None, words: Narrator) -> str:
        if self.status == "waiting":
            host = self.row.host
            name = self.seats[host].name if host is not None else ""
            return waiting_prompt(seat, host, name, sum(s.free for s in self.seats))
        if self.status == "expired":
            return self.expired or "This table has closed."
        return words.prompt(self.state)

    def announce(self, kind: str, text_for: Callable[[int | None], str]) -> None:
        """Tell every client something about the table that is not a game event (a
        clock ran out), in its reader's words: ``text_for(seat)`` (``None``: a spectator)."""
        for client in list(self.clients):
            client.send(json.dumps({"type": "notice", "kind": kind, "text": text_for(client.seat)}))

    def broadcast(self) -> None:
        """Send every connected client its own view and its new events.

        Each part is encoded once: the table summary once for everyone, a seat's
        view, moves and prompt once for all its clients (spectators share one),
        the events once per seat and log position; a message is their joined text,
        framed once for the clients that get it (``frames.text_frame``).
        """
        if not self.clients:
            return
        table = _encode(self.summary())
        end = len(self.state.events)
        bodies: dict[int | None, str] = {}
        narrators: dict[int | None, Narrator] = {}
        messages: dict[tuple[int | None, int], tuple[str, bool]] = {}
        frames: dict[tuple[int | None, int], bytes] = {}  # built for a text sent, once
        for client in list(self.clients):
            seat, since = client.seat, client.cursor
            words = narrators.get(seat)
            if words is None:
                words = narrators[seat] = self.narrator(seat)
            body = bodies.get(seat)
            if body is None:
                body = bodies[seat] = _encode(self._members(seat, words))[1:-1]
            message = messages.get((seat, since))
            if message is None:
                events = self._events(seat, since, words)
                text = (
                    f'{{"type":"state","table":{table},"events":{_encode(events)},'
                    f'"log_reset":{"true" if since == 0 else "false"},{body}}}'
                )
                message = messages[(seat, since)] = (text, bool(events))
            text, news = message
            client.cursor = end
            # A change this client cannot see (a part of another seat's sealed commit)
            # sends nothing: even an empty message would count the parts.
            unchanged_form = (table, body)
            if news or unchanged_form != client.last_seen:
                client.last_seen = unchanged_form
                frame = frames.get((seat, since))
                if frame is None:
                    frame = frames[(seat, since)] = text_frame(text)
                client.send(text, frame)


def _encode(value: Any) -> str:
    """Compact JSON text of a payload (orjson: a view in a fifth of the time of
    ``json``). Keys that are not strings become strings and a tuple subclass a
    list, as ``json`` makes them; text is UTF-8, not ``\\u`` escapes.

    Tried first without orjson's option for keys that are not strings (which takes
    about 1.7 times as long, for the same text where every key is a string): only a
    payload with another key is encoded again with it."""
    try:
        return orjson.dumps(value, default=_plain).decode()
    except TypeError:
        return orjson.dumps(value, default=_plain, option=orjson.OPT_NON_STR_KEYS).decode()


def _plain(value: Any) -> Any:
    """What orjson cannot encode by itself: a tuple subclass (a named tuple) as a list."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")
