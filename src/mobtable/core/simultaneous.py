"""Sealed simultaneous decisions: commit one by one, reveal all at once.

A :class:`SealedStep` collects one commitment per expected seat. Nothing
about a commitment is revealed (views show only *who* has committed) until
every seat has committed; then the game resolves all of them together, so the
order in which commits arrive can never change the outcome.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass
class SealedStep(Generic[T]):
    """One simultaneous decision by a fixed set of seats."""

    seats: tuple[int, ...]
    choices: dict[int, T] = field(default_factory=dict)
    announced: frozenset[int] = frozenset()
    """Seats publicly known to have committed whose choice this copy forgot
    (a determinization): they owe their decision again, yet every view still
    lists them as committed, exactly as the real table does."""

    @classmethod
    def of(cls, seats: Iterable[int]) -> SealedStep[T]:
        return cls(tuple(sorted(seats)))

    def waiting(self) -> tuple[int, ...]:
        choices = self.choices
        if not choices:
            return self.seats
        return tuple([s for s in self.seats if s not in choices])

    def committed(self) -> tuple[int, ...]:
        """The seats whose choice this step holds."""
        return tuple(s for s in self.seats if s in self.choices)

    def known_committed(self) -> tuple[int, ...]:
        """The seats everyone knows to have committed (``announced`` included)."""
        return tuple(s for s in self.seats if s in self.choices or s in self.announced)

    def commit(self, seat: int, choice: T) -> bool:
        """Record ``seat``'s choice; True once every seat has committed."""
        self.choices[seat] = choice
        return len(self.choices) == len(self.seats)

    def complete(self) -> bool:
        return len(self.choices) == len(self.seats)

    def in_seat_order(self) -> list[tuple[int, T]]:
        return [(s, self.choices[s]) for s in self.seats]

    def forget_others(self, seat: int) -> SealedStep[T]:
        """A copy holding only ``seat``'s own commitment (for determinization).

        The others' commitments are forgotten (they must decide again in the
        sample) but stay announced, so the sample's views equal the real ones.
        """
        kept = {seat: self.choices[seat]} if seat in self.choices else {}
        announced = self.announced | frozenset(self.choices)
        return SealedStep(self.seats, kept, announced)

    def copy(self) -> SealedStep[T]:
        return SealedStep(self.seats, dict(self.choices), self.announced)

    def public(self) -> dict[str, list[int]]:
        """What anyone may know: who has committed, not what."""
        return {"seats": list(self.seats), "committed": list(self.known_committed())}
