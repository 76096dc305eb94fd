"""The shape of a Capo della Mafia view: the contract between the engine (:mod:`.view`), the
bots, the encoders, the terminal and the web board (``web/games/capo.js``).

Mafioso cards are named by their ids, and ``cards`` holds the faces of exactly the cards the
seat may see (a board never needs more); seats are numbers.
``docs/schemas/capo.view.schema.json`` is made from these declarations (``mobtable schema capo``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from mobtable.core.state import ResultView

Phase = Literal["play", "turn", "suspect", "over"]
Special = Literal[
    "giulia-napoli",
    "little-tony",
    "mario-beretta",
    "vincenzo-forza",
    "john-malone",
    "captain-penny",
]
Effect = Literal[
    "sit-down",
    "double-pay",
    "informant",
    "omerta",
    "cards-on-the-table",
    "in-the-dark",
    "heat-is-on",
    "friendly-judge",
    "big-job",
    "new-recruits",
]


class MafiosoView(TypedDict):
    """A Mafioso card's face."""

    # Made once per card set and shared by every view (``view._faces``): read-only.

    id: ReadOnly[int]
    name: ReadOnly[str]
    symbols: ReadOnly[Sequence[str]]
    """The symbol keys it shows (a key of the view's ``symbols``; a symbol may repeat)."""
    stars: ReadOnly[int]
    special: ReadOnly[Special | None]
    text: ReadOnly[str | None]
    """Its special power in a sentence, for players."""
    reconstructed: ReadOnly[bool]
    """Our own design, not printed in the rulebook."""


class AssignmentCard(TypedDict):
    """An Assignment card's face."""

    id: int
    name: str
    symbols: Sequence[str]  # shared by every view (``view._faces``): read-only
    """The symbols the crew must show (repeats count)."""
    choice: int
    """How many symbols of the crew's choice it asks for besides."""
    stars: int
    """The most stars the crew may total, as printed."""
    reconstructed: bool


class AssignmentView(AssignmentCard):
    """The Assignment card of this round."""

    max_stars: int
    """The most stars a crew may total this round (an Event card may change it)."""


class EventView(TypedDict):
    """An Event card's face."""

    # Made once per card set and shared by every view (``view._faces``): read-only.

    id: ReadOnly[int]
    effect: ReadOnly[Effect]
    name: ReadOnly[str]
    text: ReadOnly[str]
    reconstructed: ReadOnly[bool]


class Discard(TypedDict):
    """The discard pile: its size and the parts of it this seat may know."""

    size: int
    seen: list[int]
    """The cards everyone saw go there."""
    mine: list[int]
    """This seat's own cards that went there unseen by the others."""
    unseen_by_seat: list[int]
    """Per seat, how many of its cards went there unseen."""


class TableSeat(TypedDict):
    """One seat's cards on the table."""

    played: int | None
    """How many cards it has put face down (``None``: not known yet, K-23)."""
    face_up: list[int]
    must_turn: int
    """How many of its cards it must still turn face up (the turn phase)."""
    cards: NotRequired[list[int]]
    """This seat's own cards on the table (only in its own entry)."""


class StepView(TypedDict):
    """The sealed step under way: who takes part, who has committed, who is awaited (K-14)."""

    phase: Phase
    seats: list[int]
    committed: list[int]
    waiting: list[int]


class Me(TypedDict):
    """This seat's own decisions in the current step, committed or in progress."""

    committed: bool
    declared: NotRequired[int | None]
    """Playing: how many cards it declared it will play (``None``: not yet)."""
    placed: NotRequired[list[int]]
    """Playing: the cards put face down so far."""
    turning: NotRequired[list[int]]
    """Turning: the cards chosen to turn face up so far."""
    suspects: NotRequired[int | None]
    """Suspecting: the seat its Suspicion card points at (``None``: nobody, or not yet)."""


class LastRound(TypedDict):
    """What everyone saw of the last round."""

    round: int
    assignment: int
    assignment_name: str
    event: int | None
    max_stars: int
    played: list[int]
    """How many cards each seat played."""
    face_up: list[list[int]]
    laid: list[int | None]
    """The seat each Suspicion card pointed at (``None``: nobody)."""
    suspicions: list[int | None]
    """The suspicions that counted (a Sit-down cancels mutual ones)."""
    suspected: list[bool]
    revealed: list[list[int] | None]
    """The crews of the suspected seats (``None``: not revealed)."""
    stars: list[int | None]
    little_tony_stars: int
    success: list[bool]
    counter: int
    change: list[int]
    """Each seat's change of respect."""
    giulia_shown: list[int]
    """Giulia Napoli cards shown to claim their respect (K-11)."""


class CapoView(TypedDict):
    """What one seat (or a spectator, ``seat`` null) may know of a Capo della Mafia table."""

    game: Literal["capo"]
    seat: int | None
    """The seat this view is for; ``None``: a spectator."""
    players: int
    round: int
    phase: Phase
    counter: int
    """The round counter on the respect track."""
    target: int
    """The respect that ends the game."""
    respect: list[int]
    supply: int | None
    """The respect tokens left in the supply (``None``: unlimited)."""
    assignment: AssignmentView
    event: EventView | None
    next_assignment_envelope: bool | None
    """Whether the next Assignment card's back shows an envelope (``None``: none left)."""
    assignments_left: int
    assignments_used: list[int]
    events_left: int
    events_used: list[int]
    hand: list[int] | None
    """This seat's cards in hand (``None`` for a spectator)."""
    hand_sizes: list[int]
    stack_size: int
    discard: Discard
    box: list[int]
    """The cards left out of this game (public)."""
    table: list[TableSeat]
    step: StepView | None
    me: Me | None
    last_round: LastRound | None
    result: ResultView | None
    cards: dict[str, MafiosoView]
    """The face of every card this seat may see, by id."""
    symbols: Mapping[str, str]  # shared by every view (``view._faces``): read-only
    """Each symbol key and its name."""
    reconstructed: Sequence[str]  # shared by every view while it holds: read-only
    """Which card data in play is our own design (empty for a real deck's file)."""
