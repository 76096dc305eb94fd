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

from mobtable.core import Config, Event, SealedStep, State, fields
from mobtable.games.capo.cards import CardSet, Effect
from mobtable.games.capo.rules import Phase, Rules
from mobtable.games.capo.view_types import LastRound

if TYPE_CHECKING:
    from typing import Self

    from mobtable.core import Game, Origin


class _Summary(Protocol):
    """A round's facts (:class:`~mobtable.games.capo.scoring.RoundFacts`): their summary."""

    def summary(self) -> LastRound: ...


@fields.table
class CapoTable(State):
    """Every zone and counter of one Capo della Mafia table, declared once.

    Each field says who may see it; the state's copies and fingerprint follow from that
    (:mod:`mobtable.core.fields`). A new table comes from :meth:`new`.
    """

    cards: CardSet = fields.derived()
    """The table's cards (from the config's card data)."""
    rules: Rules = fields.derived()
    """The rule settings, read once from the config."""
    rng: random.Random = fields.hidden(copy=fields.copy_random, sample=fields.share)
    """The table's chance. A determinization gives its sample a source of its own, so a
    sample copy need not copy this one."""
    hands: list[list[int]] = fields.seat()
    stack: list[int] = fields.hidden()
    """The Mafioso stack; index 0 is the top."""
    discard: list[int] = fields.hidden(fingerprint=sorted)
    """The discard pile (kept sorted except in a search's silent samples, so the fingerprint
    reads it sorted): what is known of it is ``seen_discard`` and ``own_discard``."""
    seen_discard: set[int] = fields.public()
    """The cards that went to the discard face up for everyone."""
    own_discard: list[set[int]] = fields.seat()
    """Per seat, the cards it put on the discard unseen by the others."""
    box: list[int] = fields.public()
    """Cards out of the game."""
    table: list[list[int]] = fields.seat()
    """Per seat, the cards it played this round (its own; the others see the face-up part
    and how many)."""
    face_up: list[list[int]] = fields.public()
    """Per seat, the turned part of ``table``."""
    assignment_stack: list[int] = fields.hidden()
    """The Assignment cards to come (the back of the top one is seen, not its face)."""
    assignments_used: list[int] = fields.public()
    assignment: int = fields.public()
    """This round's Assignment card."""
    event_stack: list[int] = fields.hidden()
    events_used: list[int] = fields.public()
    event_box: list[int] = fields.public()
    """Event cards out of the game."""
    event: int | None = fields.public()
    """This round's Event card, if one is out."""
    round: int = fields.public()
    counter: int = fields.public()
    phase: Phase = fields.public()
    step: SealedStep[Any] = fields.seat(copy=SealedStep.copy)
    """The sealed step: who committed is public, each choice its seat's own."""
    declared: dict[int, int] = fields.seat()
    """Per seat that has said it, how many cards its crew holds (private until shown)."""
    picked: dict[int, list[int]] = fields.seat()
    """Per seat, the cards chosen so far for the commitment being made."""
    must_turn: list[int] = fields.public()
    """Per seat, how many of its cards it must turn up."""
    respect: list[int] = fields.public()
    supply: int | None = fields.public()
    """Respect tokens left in a limited supply (``None``: unlimited)."""
    last_round_facts: LastRound | _Summary | None = fields.public(
        copy=fields.share, fingerprint=lambda facts: _last_round(facts)
    )
    """The last round's summary, or the facts it is made from when first read (replaced
    each round, never changed in place)."""
    capped: bool = fields.public()
    """The game ended on the round limit."""

    @classmethod
    def new(cls, game: Game, config: Config, origin: Origin, cards: CardSet) -> Self:
        """A table before the deal: every zone empty."""
        n = config.players
        return cls(
            game,
            config,
            origin,
            cards=cards,
            rules=Rules.of(config),
            rng=random.Random(origin.seed if origin.seed is not None else 0),
            hands=[[] for _ in range(n)],
            stack=[],
            discard=[],
            seen_discard=set(),
            own_discard=[set() for _ in range(n)],
            box=[],
            table=[[] for _ in range(n)],
            face_up=[[] for _ in range(n)],
            assignment_stack=[],
            assignments_used=[],
            assignment=-1,
            event_stack=[],
            events_used=[],
            event_box=[],
            event=None,
            round=0,
            counter=0,
            phase=Phase.PLAY,
            step=SealedStep.of(range(n)),
            declared={},
            picked={},
            must_turn=[0] * n,
            respect=[0] * n,
            supply=None,
            last_round_facts=None,
            capped=False,
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def last_round(self) -> LastRound | None:
        """What everyone saw of the last round (``None`` before the first is scored)."""
        return _last_round(self.last_round_facts)

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


def _last_round(last: LastRound | _Summary | None) -> LastRound | None:
    return last if last is None or isinstance(last, dict) else last.summary()


def clockwise(table: CapoTable, first: int) -> tuple[int, ...]:
    """Every seat once, from ``first`` on in playing order (K-07)."""
    return _rotations(len(table.hands))[first]


@cache
def _rotations(players: int) -> tuple[tuple[int, ...], ...]:
    """``_rotations(n)[first]``: the n seats clockwise from ``first``."""
    return tuple(tuple((first + i) % players for i in range(players)) for first in range(players))
