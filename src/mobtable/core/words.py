"""How a game speaks to a person: the narration protocol and its small helpers.

A game's engine keeps structured data (seat numbers, card ids, amounts) in its
actions, events and views; its narration (``games/<name>/words.py``) turns them
into text *for one reader*: the table's player names, "you" for the reader, and
only what that reader may know. Every front end (the terminal, the server's
payloads, the replay viewer, an RL env's ``render()``) asks the narration, so a
person reads one text wherever they play.

Example:
    >>> reader = Reader(seat=1, names=("Marco", "Giulia", "Sal"))
    >>> reader.subject(0), reader.subject(1), reader.name(2)
    ('Marco', 'You', 'Sal')
    >>> reader.verb(1, "play", "plays"), reader.verb(2, "play", "plays")
    ('play', 'plays')
    >>> count(1, "card"), count(3, "card"), count(2, "die", "dice"), count(2500, "game")
    ('1 card', '3 cards', '2 dice', '2,500 games')
    >>> listing(["Marco", "Giulia", "Sal"]), listing(["you"]), listing([])
    ('Marco, Giulia and Sal', 'you', 'nobody')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from mobtable.core.actions import Action

if TYPE_CHECKING:
    from mobtable.core.state import Event, Seat, State

DEFAULT_NAMES = ("Vito", "Carla", "Salvo", "Lucia", "Enzo", "Rosa", "Nico")
"""Names for seats nobody named (never "seat 2": a person reads names)."""


def default_names(players: int) -> tuple[str, ...]:
    """The first ``players`` default names (numbered past the list's end)."""
    base = DEFAULT_NAMES
    return tuple(
        base[i] if i < len(base) else f"{base[i % len(base)]} {i // len(base) + 1}"
        for i in range(players)
    )


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads a text: a seat (``None``: a spectator) and the table's names."""

    seat: Seat | None
    names: tuple[str, ...]

    @classmethod
    def for_table(cls, seat: Seat | None, names: Sequence[str | None], players: int) -> Reader:
        """A reader whose unnamed seats get default names."""
        defaults = default_names(players)
        given = [*names[:players], *[None] * (players - len(names))]
        filled = tuple(name or default for name, default in zip(given, defaults, strict=True))
        return cls(seat, filled)

    def is_me(self, seat: Seat | None) -> bool:
        return seat is not None and seat == self.seat

    def name(self, seat: Seat) -> str:
        """The seat as an object or mid-sentence: "you" for the reader."""
        return "you" if self.is_me(seat) else self.names[seat]

    def subject(self, seat: Seat) -> str:
        """The seat at the start of a sentence: "You" for the reader."""
        return "You" if self.is_me(seat) else self.names[seat]

    def possessive(self, seat: Seat) -> str:
        """ "your" for the reader, "Marco's" for another."""
        return "your" if self.is_me(seat) else f"{self.names[seat]}'s"

    def verb(self, seat: Seat, you_form: str, other_form: str) -> str:
        """The verb agreeing with the seat as subject ("you play", "Marco plays")."""
        return you_form if self.is_me(seat) else other_form


def count(n: int, singular: str, plural: str | None = None) -> str:
    """ "1 card", "3 cards", "2,500 games": a number with its noun in the right number."""
    return f"{n:,} {singular if n == 1 else (plural or singular + 's')}"


def listing(items: Iterable[str], *, empty: str = "nobody", last: str = "and") -> str:
    """ "a, b and c" (``empty`` when there is nothing to list)."""
    words = list(items)
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


class Narration(Protocol):
    """What a game's ``words.py`` provides (the game spec's ``narration``)."""

    def action(self, state: State, seat: Seat, action: Action, reader: Reader) -> str:
        """A label for ``seat``'s ``action`` in ``state`` (a move button, a log entry)."""
        ...

    def event(self, event: Event, reader: Reader) -> str:
        """One log line for ``event`` as ``reader`` reads it (the event is visible to them)."""
        ...

    def prompt(self, state: State, reader: Reader) -> str:
        """What the current step asks of the reader, or who it waits for."""
        ...


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How each player's score was made, for the result card (a narration's optional
    ``breakdown(state, reader) -> Breakdown | None`` once the game is over): a heading
    per column and, per seat in seat order, its cells, all in words."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, list[str] | list[list[str]]]:
        return {"columns": list(self.columns), "rows": [list(r) for r in self.rows]}


class NamedMove(NamedTuple):
    """The second step of a choice made in two: a move a player picks by its name."""

    name: str
    """What the player types, as the board prints it (Gangsta's cell "C3")."""
    detail: str
    """What it does, in words ("pair, 1 point")."""
    action: Action


class MoveGroup(NamedTuple):
    """The first step of a choice made in two: one thing, then a move by its name."""

    label: str
    """The thing chosen first, in words ("Yakuza 9 weak")."""
    question: str
    """What the second step asks ("Where does Yakuza 9 weak go?")."""
    moves: tuple[NamedMove, ...]


class TwoSteps(NamedTuple):
    """A choice among many moves of one kind, made in two steps.

    A narration may offer ``two_steps(state, seat, actions, reader) -> TwoSteps |
    None`` (Gangsta's placements: a won card, then its cell); a front end then asks
    for a group by its number, then for one of its moves by name.
    """

    question: str
    """What the first step asks ("Which won card do you place now?")."""
    groups: tuple[MoveGroup, ...]
