"""One Capo table's data: where every card is, the respect track, the sealed step.

The bottom layer of the package: the rule modules (:mod:`phases`,
:mod:`scoring`, :mod:`crews`) and the :class:`~mobtable.games.capo.state.CapoState`
on top read and change this data; nothing here decides a rule.

Card zones (every Mafioso card is in exactly one): ``hands[seat]``,
``table[seat]`` (played this round; ``face_up[seat]`` is the turned part),
``stack`` (index 0 is the top), ``discard`` and ``box`` (out of the game).
What is known about the discard pile: ``seen_discard`` holds the cards that
went there face up for everyone, ``own_discard[seat]`` the cards a seat put
there unseen by the others; the rest nobody knows.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from mobtable.core import Config, Event
from mobtable.games.capo.cards import CardSet, Effect
from mobtable.games.capo.rules import Phase, Rules
from mobtable.games.capo.step import CapoStep
from mobtable.games.capo.view_types import LastRound

if TYPE_CHECKING:
    from mobtable.core import Action, Game, Origin, Seat


class _Summary(Protocol):
    """A round's facts (:class:`~mobtable.games.capo.scoring.RoundFacts`): their summary."""

    def summary(self) -> LastRound: ...


class CapoTable:
    """Every zone and counter of one Capo della Mafia table.

    Compiled, an extension type (``table.pxd`` declares every attribute of a state).
    """

    game: Game
    config: Config
    origin: Origin
    history: list[tuple[Seat, Action]]
    events: list[Event]
    silent: bool
    cards: CardSet
    rules: Rules
    rng: random.Random
    hands: list[list[int]]
    stack: list[int]
    discard: list[int]
    seen_discard: set[int]
    own_discard: list[set[int]]
    box: list[int]
    table: list[list[int]]
    face_up: list[list[int]]
    assignment_stack: list[int]
    assignments_used: list[int]
    assignment: int
    event_stack: list[int]
    events_used: list[int]
    event_box: list[int]
    event: int | None
    round: int
    counter: int
    phase: Phase
    step: CapoStep
    declared: dict[int, int]
    picked: dict[int, list[int]]
    must_turn: list[int]
    respect: list[int]
    supply: int | None
    last_round_facts: LastRound | _Summary | None
    """The last round's summary, or the facts it is made from when first read."""
    capped: bool

    def __init__(self, config: Config, cards: CardSet, seed: int | None) -> None:
        n = config.players
        self.cards = cards
        self.rules = Rules.of(config)
        self.rng = random.Random(seed if seed is not None else 0)
        self.hands = [[] for _ in range(n)]
        self.stack, self.discard, self.box = [], [], []
        self.seen_discard = set()
        self.own_discard = [set() for _ in range(n)]
        self.table = [[] for _ in range(n)]
        self.face_up = [[] for _ in range(n)]
        self.assignment_stack, self.assignments_used = [], []
        self.assignment = -1
        self.event_stack, self.events_used, self.event_box = [], [], []
        self.event = None
        self.round = 0
        self.counter = 0
        self.phase = Phase.PLAY
        self.step = CapoStep.of(range(n))
        self.declared, self.picked = {}, {}
        self.must_turn = [0] * n
        self.respect = [0] * n
        self.supply = None
        self.last_round_facts = None
        self.capped = False

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def last_round(self) -> LastRound | None:
        """What everyone saw of the last round (``None`` before the first is scored)."""
        last = self.last_round_facts
        if last is None or isinstance(last, dict):
            return last
        return last.summary()

    @last_round.setter
    def last_round(self, value: LastRound | None) -> None:
        self.last_round_facts = value

    @property
    def effect(self) -> Effect | None:
        """The effect of this round's Event card, if one is out."""
        return None if self.event is None else self.cards.events[self.event].effect

    def log(self, kind: str, text: str, to: int | None = None, **data: Any) -> None:
        """Add an event to the game log; ``to``: the one seat that sees it. Callers skip it
        when ``silent`` (their words and card facts cost more than the event)."""
        self.events.append(Event(kind, data, text, None if to is None else frozenset({to})))


def clockwise(table: CapoTable, first: int) -> tuple[int, ...]:
    """Every seat once, from ``first`` on in playing order (K-07)."""
    return _rotations(len(table.hands))[first]


@cache
def _rotations(players: int) -> tuple[tuple[int, ...], ...]:
    """``_rotations(n)[first]``: the n seats clockwise from ``first``."""
    return tuple(tuple((first + i) % players for i in range(players)) for first in range(players))
