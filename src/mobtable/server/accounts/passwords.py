"""Passwords: Argon2id hashes (``argon2-cffi``'s ``PasswordHasher``), made and checked
in a thread, a few at a time (each takes 64 MiB and tens of milliseconds)."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

PASSWORD_MIN = 8
PASSWORD_MAX = 200
"""Characters: a passphrase fits; a 10 kB "password" is refused before it is hashed."""
AT_ONCE = 2
"""Hashes made or checked at once (each takes the hasher's memory)."""


class Passwords:
    """Hash and verify passwords; the hasher's parameters are argon2-cffi's defaults
    (RFC 9106's low-memory profile) unless given (tests use a cheap profile)."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or PasswordHasher()
        self._slots = asyncio.Semaphore(AT_ONCE)
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        async with self._slots:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> tuple[bool, str | None]:
        """Whether ``password`` matches ``stored`` (``None``: an unknown account, checked
        against a made-up hash all the same, so that the time taken tells nothing),
        and a new hash when the stored one was made with older parameters."""
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash("not anyone's password")
            async with self._slots:
                await asyncio.to_thread(self._check, self._dummy, password)
            return False, None
        async with self._slots:
            ok = await asyncio.to_thread(self._check, stored, password)
        if not ok or not self.hasher.check_needs_rehash(stored):
            return ok, None
        return ok, await self.hash(password)

    def _check(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False
