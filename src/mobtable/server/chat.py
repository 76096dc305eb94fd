"""Chat at a table: what a message may be, and what every client is sent of it.

A message carries only what a person typed and who typed it (a player's name, or a
spectator, labelled as one), so the chat can tell nobody anything the game hides.
The text goes out as typed; the web client shows it with ``textContent``.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence

from mobtable.store import ChatRow

CHAT_MAX = 300
"""Characters in one chat message."""
HISTORY = 100
"""Messages a client gets on connecting (the latest)."""


def chat_text(text: str) -> str:
    """``text`` as a chat message (trimmed, line breaks as spaces), or ``ValueError``."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ValueError("the message is empty")
    if len(cleaned) > CHAT_MAX:
        raise ValueError(
            f"a chat message is at most {CHAT_MAX} characters (this one has {len(cleaned)})"
        )
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in cleaned):
        raise ValueError("the message has a control or unassigned character")
    return cleaned


def author(seat: int | None, name: str) -> str:
    """Who wrote a message, as everyone reads it: a player's name, or a spectator."""
    if seat is not None:
        return name
    return f"{name} (watching)" if name else "a spectator"


def chat_message(rows: Sequence[ChatRow], *, history: bool = False) -> str:
    """The WebSocket message carrying ``rows`` (``history``: the whole log so far)."""
    return json.dumps(
        {
            "type": "chat",
            "history": history,
            "limit": CHAT_MAX,
            "messages": [
                {
                    "n": r.n,
                    "seat": r.seat,
                    "from": author(r.seat, r.name),
                    "spectator": r.seat is None,
                    "text": r.text,
                    "at": r.at,
                }
                for r in rows
            ],
        },
        separators=(",", ":"),
    )
