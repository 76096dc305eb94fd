"""The database schema (SQLAlchemy 2 declarative models).

A table's game is stored as its record's parts: config, seed and the ordered
actions. Replaying them with :mod:`mobtable.core.record` rebuilds the state.
Seat tokens, request keys and session cookies are never stored, only their SHA-256 digests;
passwords only as Argon2 hashes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableModel(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[str] = mapped_column(String(20))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), index=True)  # waiting|playing|over|expired
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)
    replace_after: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    moves: Mapped[int] = mapped_column(Integer, default=0)
    reveal_at_end: Mapped[bool] = mapped_column(Boolean, default=False)  # the players agreed
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # players may ask for hints
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False)  # by the creator
    rated: Mapped[bool] = mapped_column(Boolean, default=False)  # its end moves ratings
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the creator's seat
    joined_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # last join (epoch s)
    moved_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # play last moved on
    created_at: Mapped[datetime] = mapped_column(DateTime, server_default=func.now())
    lobby: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The public summary its holder last wrote (several processes: the shared lobby)."""
    public_moves: Mapped[int] = mapped_column(Integer, default=0)
    """The moves every spectator knows of (never a sealed commit's hidden parts)."""


class SeatModel(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)  # in the waiting room
    request_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """The digest of the key the request that took the seat carried (its retry: the seat)."""


class ActionModel(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(200))


class ChatModel(Base):
    """One chat message at a table, as typed (escaped only where it is shown)."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class AccountModel(Base):
    """A player's account: a unique name and an Argon2 hash of the password."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)  # what it looks like
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)


class SessionModel(Base):
    """A signed-in browser: the SHA-256 digest of its cookie, until when it holds."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class SeatAccountModel(Base):
    """Which account sits in a seat (a guest's seat has no row)."""

    __tablename__ = "seat_accounts"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )


class RatingModel(Base):
    """A player's openskill rating at one game; ``player`` is ``a:<account id>`` or
    ``bot:<level>`` (a bot level is rated as a pseudo-account)."""

    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(String(60), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class RatingChangeModel(Base):
    """A rating after one rated game: its history, one row per player and table."""

    __tablename__ = "rating_changes"

    player: Mapped[str] = mapped_column(String(60), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(40))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float, index=True)


class ServerModel(Base):
    """A running server process sharing the database; alive while ``expires_at`` (the
    database's clock) is ahead."""

    __tablename__ = "servers"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    address: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseModel(Base):
    """The process holding a live table (valid while that process is alive)."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(32), index=True)
    wanted_by: Mapped[str | None] = mapped_column(String(32), nullable=True)
