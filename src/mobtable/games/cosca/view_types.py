"""The shape of a COSCA view: the contract between the engine (:mod:`.view`), the bots,
the encoders, the terminal and the web board (``web/games/cosca.js``).

Places are named by their titles in ``city`` order (dice settings by the places' letters,
``"BBG"``), days by three-letter codes (``"mon"``), seats by number; a mobster's ``pos``
counts from 1 at the left of the row. ``docs/schemas/cosca.view.schema.json`` is made from
these declarations (``mobtable schema cosca``). A field typed ``Sequence`` holds a list made
once (per card set, start day or table size) and shared by every view: read-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired

from typing_extensions import TypedDict

from mobtable.core.state import ResultView

Day = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
Stage = Literal["dice", "gun", "club", "villa", "fight"]
Token = Literal["black", "white", "box"]
"""The villa token's side: black, then white, then back in the box."""


class Calendar(TypedDict):
    """The week: seven rounds from the start day on."""

    round: int
    """Today's round, from 1."""
    rounds: int
    day: Day
    start_day: Day
    last_day: Day
    days: Sequence[Day]
    """The day of each round, in order."""
    race_days: Sequence[Day]
    """The days of the week on which the racetrack pays."""
    race_today: bool


class Decision(TypedDict):
    """The sealed decision being taken: who takes part and who has committed (never what)."""

    stage: Stage
    seats: list[int]
    committed: list[int]
    mobster: NotRequired[str]
    """A fight: the mobster fought for."""
    pos: NotRequired[int]
    """A fight: the mobster's place in the row, from 1."""
    fighters: NotRequired[list[int]]
    """A fight: the seats that fight."""


class RowMobster(TypedDict):
    """One mobster card in the row, with the pieces on it."""

    pos: int
    """Its place in the row, from 1 at the left."""
    name: str
    condition: str
    """Its loyalty condition in card-file notation (``"BBG"``, or a special: ``"same"``)."""
    days: Sequence[Day]
    """The days it works."""
    works_today: bool
    loyal: int | None
    """The seat it is loyal to (``None``: nobody yet)."""
    drink: bool
    """Whether a drink token lies on it (C-09)."""
    hats_under: Sequence[int]
    """The seats whose hats lie under it (tied fighters, C-06)."""
    reconstructed: Sequence[str]
    """Which of its fields are our own design, not printed."""


class VillaView(TypedDict):
    """A seat's villa token and die."""

    token: Token
    die: bool
    """Whether a die waits on the token."""
    asks_left: int


class SeatView(TypedDict):
    """One player's pieces (public)."""

    seat: int
    money: int
    weapons: int
    dice: int
    mobsters: int
    """The mobsters loyal to this seat."""
    hats_free: int
    villa: VillaView


class Supply(TypedDict):
    """The general supply (C-01): counts only when it is limited."""

    limited: bool
    money: int | None
    weapons: int | None
    dice: int | None


class Revealed(TypedDict):
    """The dice of the last reveal."""

    round: int | None
    """The round they were revealed in (``None``: no reveal yet)."""
    dice: list[str | None]
    """Each seat's dice, as place letters (``None``: nothing revealed for it)."""


class Fight(TypedDict):
    """A fight revealed since the last dice reveal."""

    pos: int
    """The mobster's place in the row, from 0 at the left."""
    mobster: str
    round: int
    """The round of the fight, from 0."""
    offers: dict[str, str]
    """Each fighter's offer (``"2m1w"``: money and weapons), by seat number."""
    winner: int | None
    tied: list[int]


class Mine(TypedDict):
    """This seat's own sealed choice in the decision being taken."""

    choice: str | None
    """In the game's notation (``None``: not committed yet)."""


class CoscaView(TypedDict):
    """What one seat (or a spectator, ``seat`` null) may know of a COSCA table."""

    game: Literal["cosca"]
    seat: int | None
    """The seat this view is for; ``None``: a spectator."""
    players: int
    city: Sequence[str]
    """The six places' titles, in the city's order (a die's faces)."""
    calendar: Calendar
    stage: Stage | Literal["over"]
    decision: Decision | None
    """The decision being taken (``None`` once the game is over)."""
    row: list[RowMobster]
    deck_left: int
    table: list[SeatView]
    supply: Supply
    revealed: Revealed
    fights: list[Fight]
    mine: Mine | None
    """This seat's sealed choice (``None`` for a spectator)."""
    result: ResultView | None
    reconstructed: Sequence[str]
    """Which card data is our own design, in words (empty for a real deck's file)."""
