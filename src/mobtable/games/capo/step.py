"""Capo's sealed step: the core's :class:`~mobtable.core.SealedStep`, as Capo's own class.

The same contract (one commitment per expected seat, revealed all at once; a
determinized copy forgets the others' choices but keeps them announced), so the
rules, the views and the words read it alike. Compiled (``step.pxd``), it is an
extension type whose fields the rules read in place, many times a decision; the core's
class is a generic dataclass and cannot be one. A test holds it to the core's class.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

_NONE: frozenset[int] = frozenset()


class CapoStep:
    """One simultaneous decision by a fixed set of seats (see :class:`SealedStep`)."""

    __slots__ = ("announced", "choices", "seats")

    seats: tuple[int, ...]
    choices: dict[int, Any]
    announced: frozenset[int]
    """Seats publicly known to have committed whose choice this copy forgot."""

    def __init__(
        self,
        seats: tuple[int, ...],
        choices: dict[int, Any] | None = None,
        announced: frozenset[int] = _NONE,
    ) -> None:
        self.seats = seats
        self.choices = {} if choices is None else choices
        self.announced = announced

    @classmethod
    def of(cls, seats: Iterable[int]) -> CapoStep:
        return cls(tuple(sorted(seats)))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, CapoStep)
        return (self.seats, self.choices, self.announced) == (
            other.seats,
            other.choices,
            other.announced,
        )

    def __repr__(self) -> str:
        return (
            f"CapoStep(seats={self.seats!r}, choices={self.choices!r}, "
            f"announced={self.announced!r})"
        )

    def waiting(self) -> tuple[int, ...]:
        choices = self.choices
        if not choices:
            return self.seats
        return tuple([s for s in self.seats if s not in choices])

    def committed(self) -> tuple[int, ...]:
        """The seats whose choice this step holds."""
        return tuple([s for s in self.seats if s in self.choices])

    def known_committed(self) -> tuple[int, ...]:
        """The seats everyone knows to have committed (``announced`` included)."""
        return tuple([s for s in self.seats if s in self.choices or s in self.announced])

    def commit(self, seat: int, choice: Any) -> bool:
        """Record ``seat``'s choice; True once every seat has committed."""
        self.choices[seat] = choice
        return len(self.choices) == len(self.seats)

    def complete(self) -> bool:
        return len(self.choices) == len(self.seats)

    def in_seat_order(self) -> list[tuple[int, Any]]:
        choices = self.choices
        return [(s, choices[s]) for s in self.seats]

    def forget_others(self, seat: int) -> CapoStep:
        """A copy holding only ``seat``'s own commitment (for determinization); the
        others' commitments are forgotten but stay announced."""
        choices = self.choices
        kept = {seat: choices[seat]} if seat in choices else {}
        announced = self.announced | frozenset(choices)
        return CapoStep(self.seats, kept, announced)

    def copy(self) -> CapoStep:
        return CapoStep(self.seats, dict(self.choices), self.announced)

    def public(self) -> dict[str, list[int]]:
        """What anyone may know: who has committed, not what."""
        return {"seats": list(self.seats), "committed": list(self.known_committed())}
