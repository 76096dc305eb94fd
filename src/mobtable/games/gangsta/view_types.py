"""The shape of a Gangsta view: the contract between the engine (:mod:`.view`), the bots,
the encoders, the terminal and the web board (``web/games/gangsta.js``).

Cards are named by their codes (``"A7S"``: mafia letter, value, Suit or Weapon side),
cells by column and row (``"C2"``), seats by number. ``docs/schemas/gangsta.view.schema.json``
is made from these declarations (``mobtable schema gangsta``). A field typed ``Mapping`` or
``Sequence`` (``ReadOnly`` in a face) holds a container shared by every view: made once per
card set, once per trick or raid (the last trick, the last raid), or once each time the
grid changes: read-only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from typing_extensions import ReadOnly, TypedDict

Phase = Literal["redraw", "play", "pick", "place", "over"]
Variant = Literal["reveal-one", "reveal-two"]
"""The variants that open cards for the trick's winner (``None``: neither)."""


class TrickPlay(TypedDict):
    """The cards one seat put into a trick (one card, or a pair)."""

    # Shared by every view in the last trick (``LastTrick``): read-only.

    seat: ReadOnly[int]
    cards: ReadOnly[Sequence[str]]


class LastTrick(TypedDict):
    """The trick just finished: who won it and what each seat played."""

    # Made by the first view that asks and shared by every later one
    # (``table.Settled``): read-only.

    winner: ReadOnly[int]
    plays: ReadOnly[Sequence[TrickPlay]]


class LastRaid(TypedDict):
    """The last police raid."""

    # Made by the first view that asks and shared by every later one
    # (``table.Settled``): read-only.

    ambush: ReadOnly[int]
    """The ambush card's index in the card data."""
    label: ReadOnly[str]
    """The ambush card's pattern, in words."""
    cells: ReadOnly[Sequence[str]]
    """The cells it emptied."""
    removed: ReadOnly[Sequence[str]]
    """The cards it took out of the game."""


class RedrawView(TypedDict):
    """The redraw at the start (G-04)."""

    waiting: list[int]
    """The seats still to decide, in order."""
    redrew: list[int]
    """The seats that redrew."""
    mine: list[str] | None
    """The three cards this seat put back (``None``: it did not redraw, or a spectator)."""


class GangstaView(TypedDict):
    """What one seat (or a spectator, ``seat`` null) may know of a Gangsta table."""

    game: Literal["gangsta"]
    players: int
    seat: int | None
    """The seat this view is for; ``None``: a spectator."""
    phase: Phase
    turn: int | None
    """The seat to move; ``None`` once the game is over."""
    variant: Variant | None
    trump: str
    """The trump card (turned face up at the deal)."""
    trump_mafia: str
    """The trump mafia's letter."""
    mafias: Mapping[str, str]
    """Each mafia's letter and name, in the card data's order."""
    hand: list[str] | None
    """This seat's cards (``None`` for a spectator)."""
    hand_sizes: list[int]
    deck_size: int
    grid: Mapping[str, str]
    """The territory: each filled cell and its card."""
    scores: list[int]
    best_trick: list[int]
    """Each seat's most valuable trick so far (the tie-break)."""
    trick_points: int
    """The points of the cards in the current trick."""
    tricks_played: int
    leader: int
    """The seat that leads (or led) the current trick."""
    trick: list[TrickPlay]
    """The current trick so far, in the order played."""
    trick_order: list[int]
    """The seats that play in this trick, in order."""
    last_trick: LastTrick | None
    to_place: list[str]
    """The won cards waiting to be placed on the grid."""
    opened: list[str]
    """Cards opened from the deck: for seats sitting out a trick, or to pick from."""
    absent: list[int]
    """The seats with no cards left (they sit out the trick)."""
    voids: list[list[str]]
    """Per seat, the mafias it showed it holds none of (G-26)."""
    ambush_deck_size: int
    ambush_used: list[int]
    """The ambush cards used so far (indices in the card data)."""
    last_raid: LastRaid | None
    box: list[str]
    """Cards raided out of the game."""
    discard: list[str]
    """The opened cards not kept (variant reveal-two); a redraw puts its cards back in the deck."""
    reconstructed: Sequence[str]
    """Which card data is our own design, not printed (empty for a real deck's file)."""
    redraw: RedrawView
