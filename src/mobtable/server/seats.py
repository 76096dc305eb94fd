"""A table's seats as the server holds them: who sits there, connected or away since when,
and the seat tokens (only their SHA-256 digests are kept)."""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass, field
from typing import Any

from mobtable.core.narrator import seat_label
from mobtable.store import SeatRow


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, digest: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored digest."""
    if not token or not digest:
        return False
    return hmac.compare_digest(hash_token(token), digest)


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
    def is_bot(self) -> bool:
        return self.row.kind == "bot"

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
