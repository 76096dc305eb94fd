"""The clients of a table: each WebSocket's outgoing queue, and the table's audience.

A table sends through one path (:meth:`Audience.send` and the session's broadcast):
a message goes into each client's queue, and each connection's sender task sends
it with Starlette's public ``WebSocket.send_text`` (:mod:`mobtable.server.ws`), in
order. Nothing here knows the server underneath.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Close:
    """The last item of a client's queue: close the socket with this code and reason."""

    code: int = 1000
    reason: str = ""


TOO_SLOW = Close(4429, "too many messages unread; reconnect for the current state")
LEFT = Close(4403, "you left this seat: its token is no longer valid")
REPLACED = Close(4403, "this seat is held by another token now: yours is no longer valid")


class Client:
    """One WebSocket connection's outgoing messages, drained by its sender task.

    Two limits keep the queue bounded without ever dropping a message unsaid:
    the client's own replies wait for room (:meth:`room`: the socket's reader
    stops reading until the queue is below ``MAX_REPLIES``, so a burst of
    requests is slowed down, TCP pushing back on the client); a change of the
    table is never held up for one client, so a client whose queue reaches
    ``MAX_BACKLOG`` (it stopped reading while the table moved on) has its
    backlog replaced by :data:`TOO_SLOW`, a close frame with code 4429.
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
        self._room = asyncio.Event()
        self._room.set()

    def send(self, text: str) -> None:
        """Queue ``text`` for the sender task (nothing once the client is closed)."""
        if self.closed:
            return
        if self.queue.qsize() >= self.MAX_BACKLOG:  # a client that stopped reading
            self.close(TOO_SLOW)
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


class Audience:
    """The clients connected to one table (a set with the table's way of telling them)."""

    def __init__(self) -> None:
        self._clients: set[Client] = set()

    def __iter__(self) -> Iterator[Client]:
        return iter(list(self._clients))  # a send may close a client meanwhile

    def __len__(self) -> int:
        return len(self._clients)

    def __contains__(self, client: object) -> bool:
        return client in self._clients

    def add(self, client: Client) -> None:
        self._clients.add(client)

    def discard(self, client: Client) -> None:
        self._clients.discard(client)

    def send(self, text: str) -> None:
        """The same message to everyone at the table (a chat message)."""
        for client in self:
            client.send(text)

    def close_all(self) -> None:
        for client in self:
            client.close()
