"""The accounts desk: sign up, sign in, sign out, change the password, the session a
cookie holds, and a guest's finished games claimed into an account.

A session is a random cookie (``mobtable_session``: HttpOnly, SameSite=Lax, Secure
over https); the database keeps only its SHA-256 digest, so a stolen database signs
nobody in. Sign-in attempts are rate-limited per address and per account name. No
password is ever logged, stored (only its Argon2 hash), echoed or sent back.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from mobtable.server.accounts.names import name_key
from mobtable.server.accounts.passwords import Passwords
from mobtable.server.errors import Conflict, Forbidden, ServerError
from mobtable.server.limits import TokenBuckets, TooManyRequests
from mobtable.server.seats import hash_token
from mobtable.store.accounts import AccountRef, AccountRow, AccountStore, NameTaken

Db = Callable[..., Awaitable[Any]]

SESSION_DAYS = 30
SIGN_INS_PER_ADDRESS = 10
"""Sign-in attempts a minute from one address (a burst of as many)."""
SIGN_INS_PER_ACCOUNT = 5
"""Sign-in attempts a minute at one account name, from anywhere (a burst of as many)."""


class Unauthorized(ServerError):
    """HTTP 401: not signed in, or the session is over."""

    status = 401


WRONG = "wrong name or password"


class AccountDesk:
    """Accounts and their sessions, for one server (``db`` runs a store call in a
    database thread)."""

    def __init__(
        self,
        store: AccountStore,
        db: Db,
        passwords: Passwords | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        session_seconds: float = SESSION_DAYS * 86400,
    ) -> None:
        self.store = store
        self.db = db
        self.passwords = passwords or Passwords()
        self.session_seconds = session_seconds
        self._by_address = TokenBuckets(SIGN_INS_PER_ADDRESS, SIGN_INS_PER_ADDRESS, clock)
        self._by_account = TokenBuckets(SIGN_INS_PER_ACCOUNT, SIGN_INS_PER_ACCOUNT, clock)

    async def sign_up(self, name: str, password: str, address: str) -> tuple[AccountRef, str]:
        """A new account named ``name`` (checked by the caller), signed in: it and its
        session's cookie. A 409 if the name, or one that looks the same, is taken."""
        self._throttle(self._by_address, address, "from this address")
        key = name_key(name)
        if await self.db(self.store.by_key, key) is not None:
            raise Conflict(f"the name {name!r} is taken (or one that looks the same)")
        row = AccountRow(secrets.token_urlsafe(12), name, await self.passwords.hash(password))
        try:
            await self.db(self.store.create, row, key, time.time())
        except NameTaken as exc:
            raise Conflict(f"the name {name!r} is taken (or one that looks the same)") from exc
        account = AccountRef(row.id, row.name)
        return account, await self._new_session(account)

    async def sign_in(self, name: str, password: str, address: str) -> tuple[AccountRef, str]:
        """The account ``name`` signed in with ``password``: it and a new session's cookie.
        A 401 (the same words whether the name or the password is wrong), or a 429."""
        key = name_key(name)
        self._throttle(self._by_address, address, "from this address")
        self._throttle(self._by_account, key, "at this account")
        row = await self.db(self.store.by_key, key)
        ok, rehashed = await self.passwords.verify(row.password_hash if row else None, password)
        if row is None or not ok:
            raise Unauthorized(WRONG, rule="sign-in")
        if rehashed is not None:
            await self.db(self.store.set_password, row.id, rehashed)
        account = AccountRef(row.id, row.name)
        return account, await self._new_session(account)

    async def sign_out(self, cookie: str | None) -> None:
        if cookie:
            await self.db(self.store.drop_session, hash_token(cookie))

    async def signed_in(self, cookie: str | None) -> AccountRef | None:
        """The account a session cookie signs in; ``None`` without a cookie; a 401 for a
        cookie that signs nobody in (made up, signed out) or whose session is over."""
        if not cookie:
            return None
        found = await self.db(self.store.session, hash_token(cookie))
        if found is None:
            raise Unauthorized("this session is not known (signed out?): sign in again")
        row, expires = found
        if expires <= time.time():
            await self.db(self.store.drop_session, hash_token(cookie))
            raise Unauthorized("your session expired: sign in again", rule="session-expired")
        return AccountRef(row.id, row.name)

    async def change_password(
        self, account: AccountRef, cookie: str, old: str, new: str, address: str
    ) -> None:
        """Change ``account``'s password (the old one checked, rate-limited like a sign-in);
        every other session of the account is signed out."""
        self._throttle(self._by_address, address, "from this address")
        self._throttle(self._by_account, name_key(account.name), "at this account")
        row = await self.db(self.store.by_id, account.id)
        ok, _ = await self.passwords.verify(row.password_hash if row else None, old)
        if row is None or not ok:
            raise Forbidden("the current password is wrong", rule="password")
        await self.db(self.store.set_password, account.id, await self.passwords.hash(new))
        await self.db(self.store.drop_other_sessions, account.id, hash_token(cookie))

    async def _new_session(self, account: AccountRef) -> str:
        cookie = secrets.token_urlsafe(32)
        now = time.time()
        await self.db(
            self.store.add_session, hash_token(cookie), account.id, now, now + self.session_seconds
        )
        return cookie

    @staticmethod
    def _throttle(buckets: TokenBuckets, key: str, where: str) -> None:
        wait = buckets.take(key)
        if wait:
            raise TooManyRequests(
                f"too many sign-in attempts {where}: wait {wait} s", retry_after=wait
            )
