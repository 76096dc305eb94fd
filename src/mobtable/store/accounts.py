"""Accounts, sessions, who sits where, and ratings: every read and write of them.

SQLAlchemy Core, the same statements for SQLite and PostgreSQL, as in
:mod:`mobtable.store.repository`. A session is stored as the SHA-256 digest of its
cookie, a password only as its Argon2 hash (made by the server, never seen here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from mobtable.store.lifecycle import TableStatus
from mobtable.store.models import (
    AccountModel,
    RatingChangeModel,
    RatingModel,
    SeatAccountModel,
    SeatModel,
    SessionModel,
    TableModel,
)


@dataclass(frozen=True)
class AccountRef:
    """An account as a table knows it: its id and name (never its password's hash)."""

    id: str
    name: str


@dataclass(frozen=True)
class AccountRow:
    id: str
    name: str
    password_hash: str

    @property
    def ref(self) -> AccountRef:
        return AccountRef(self.id, self.name)


@dataclass(frozen=True)
class Skill:
    """A rating: openskill's ``mu`` and ``sigma``, and the rated games it comes from."""

    mu: float
    sigma: float
    games: int = 0


@dataclass(frozen=True)
class PlayedRow:
    """A finished game an account sat at."""

    table_id: str
    game: str
    seat: int
    result: dict[str, Any]
    rated: bool
    at: float


@dataclass(frozen=True)
class RatingPoint:
    table_id: str
    game: str
    mu: float
    sigma: float
    at: float


Rate = Callable[[dict[str, Skill]], dict[str, Skill]]
"""Given the players' current ratings (absent: never rated), their new ones."""


class NameTaken(Exception):
    """Another account has this name, or one that looks the same."""


class AccountStore:
    """The accounts' side of the database behind ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- accounts ---------------------------------------------------------------
    def create(self, account: AccountRow, name_key: str, now: float) -> None:
        """Store a new account; ``NameTaken`` if its ``name_key`` is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(AccountModel).values(
                        id=account.id,
                        name=account.name,
                        name_key=name_key,
                        password_hash=account.password_hash,
                        created_at=now,
                    )
                )
        except IntegrityError as exc:
            raise NameTaken(account.name) from exc

    def by_key(self, name_key: str) -> AccountRow | None:
        return self._one(AccountModel.name_key == name_key)

    def by_id(self, account_id: str) -> AccountRow | None:
        return self._one(AccountModel.id == account_id)

    def _one(self, where: Any) -> AccountRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(AccountModel).where(where)).first()
        return None if r is None else AccountRow(r.id, r.name, r.password_hash)

    def set_password(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountModel)
                .where(AccountModel.id == account_id)
                .values(password_hash=password_hash)
            )

    # -- sessions ----------------------------------------------------------------
    def add_session(self, token_hash: str, account_id: str, now: float, expires: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(SessionModel).values(
                    token_hash=token_hash, account_id=account_id, created_at=now, expires_at=expires
                )
            )

    def session(self, token_hash: str) -> tuple[AccountRow, float] | None:
        """The account a session cookie signs in, and until when; ``None``: no such session."""
        query = (
            select(AccountModel, SessionModel.expires_at)
            .join(SessionModel, SessionModel.account_id == AccountModel.id)
            .where(SessionModel.token_hash == token_hash)
        )
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        if r is None:
            return None
        return AccountRow(r.id, r.name, r.password_hash), float(r.expires_at)

    def drop_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(SessionModel).where(SessionModel.token_hash == token_hash))

    def drop_other_sessions(self, account_id: str, keep: str) -> None:
        """Sign an account out everywhere but the session ``keep`` (a password changed)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(SessionModel).where(
                    SessionModel.account_id == account_id, SessionModel.token_hash != keep
                )
            )

    # -- seats -------------------------------------------------------------------
    def seat_accounts(self, table_id: str) -> dict[int, AccountRef]:
        query = (
            select(SeatAccountModel.seat, AccountModel.id, AccountModel.name)
            .join(AccountModel, AccountModel.id == SeatAccountModel.account_id)
            .where(SeatAccountModel.table_id == table_id)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return {r.seat: AccountRef(r.id, r.name) for r in rows}

    def sit(self, table_id: str, seat: int, account_id: str) -> bool:
        """Give ``seat`` to ``account_id``; ``False`` (nothing changed) if an account has it."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(SeatAccountModel).values(
                        table_id=table_id, seat=seat, account_id=account_id
                    )
                )
        except IntegrityError:
            return False
        return True

    def played(self, account_id: str, limit: int = 500) -> list[PlayedRow]:
        """The finished games ``account_id`` sat at, newest first."""
        query = (
            select(
                TableModel.id,
                TableModel.game,
                SeatAccountModel.seat,
                TableModel.result,
                TableModel.rated,
                TableModel.joined_at,
            )
            .join(SeatAccountModel, SeatAccountModel.table_id == TableModel.id)
            .where(
                SeatAccountModel.account_id == account_id,
                TableModel.status == TableStatus.OVER.value,
            )
            .order_by(TableModel.created_at.desc(), TableModel.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            PlayedRow(r.id, r.game, r.seat, dict(r.result or {}), bool(r.rated), r.joined_at or 0)
            for r in rows
        ]

    def seat_names(
        self, table_ids: Sequence[str]
    ) -> dict[str, list[tuple[int, str, str | None, str | None]]]:
        """Each table's seats: number, kind, bot level and the name chosen (if any)."""
        query = select(
            SeatModel.table_id, SeatModel.seat, SeatModel.kind, SeatModel.bot, SeatModel.name
        ).where(SeatModel.table_id.in_(list(table_ids)))
        out: dict[str, list[tuple[int, str, str | None, str | None]]] = {t: [] for t in table_ids}
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                out[r.table_id].append((r.seat, r.kind, r.bot, r.name))
        return out

    # -- ratings -----------------------------------------------------------------
    def rate(self, table_id: str, game: str, players: Sequence[str], at: float, rate: Rate) -> bool:
        """Rate one finished game in one transaction: read the ``players``' ratings at
        ``game`` (locked where the database can), store ``rate``'s new ones and their
        history. ``False`` (nothing changed) if this table was rated already."""
        current = self._ratings_query(game, players)
        try:
            with self.engine.begin() as conn:
                before = {
                    r.player: Skill(r.mu, r.sigma, r.games)
                    for r in conn.execute(current.with_for_update())
                }
                after = rate(before)
                for player, skill in after.items():
                    values = {"mu": skill.mu, "sigma": skill.sigma, "games": skill.games}
                    if player in before:
                        conn.execute(
                            update(RatingModel)
                            .where(RatingModel.player == player, RatingModel.game == game)
                            .values(**values)
                        )
                    else:
                        conn.execute(insert(RatingModel).values(player=player, game=game, **values))
                    conn.execute(
                        insert(RatingChangeModel).values(
                            player=player,
                            table_id=table_id,
                            game=game,
                            mu=skill.mu,
                            sigma=skill.sigma,
                            at=at,
                        )
                    )
        except IntegrityError:
            return False
        return True

    @staticmethod
    def _ratings_query(game: str, players: Sequence[str]) -> Any:
        return select(RatingModel).where(
            RatingModel.game == game, RatingModel.player.in_(list(players))
        )

    def ratings(self, player: str) -> dict[str, Skill]:
        """``player``'s rating at each game it was rated at."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(RatingModel).where(RatingModel.player == player)).all()
        return {r.game: Skill(r.mu, r.sigma, r.games) for r in rows}

    def history(self, player: str, limit: int = 1000) -> list[RatingPoint]:
        """``player``'s rating after each rated game, oldest first."""
        query = (
            select(RatingChangeModel)
            .where(RatingChangeModel.player == player)
            .order_by(RatingChangeModel.at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [RatingPoint(r.table_id, r.game, r.mu, r.sigma, r.at) for r in reversed(rows)]

    def leaders(self, game: str) -> list[tuple[str, Skill]]:
        """Every rated player of ``game`` (the caller orders and names them)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(RatingModel).where(RatingModel.game == game)).all()
        return [(r.player, Skill(r.mu, r.sigma, r.games)) for r in rows]

    def names(self, account_ids: Sequence[str]) -> Mapping[str, str]:
        query = select(AccountModel.id, AccountModel.name).where(
            AccountModel.id.in_(list(account_ids))
        )
        with self.engine.connect() as conn:
            return {r.id: r.name for r in conn.execute(query)}
