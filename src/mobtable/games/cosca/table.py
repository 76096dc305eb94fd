"""One COSCA table's data: plain lists, cheap to clone, and the facts derived from them.

The bottom layer of the package: the rule modules (:mod:`rounds`, :mod:`city`,
:mod:`loyalty`, :mod:`mobsters`, :mod:`steps`, :mod:`supply`, :mod:`scoring`)
and the :class:`~mobtable.games.cosca.state.CoscaState` on top read and change
this data; nothing here decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mobtable.core import Config, SealedStep, State, fields
from mobtable.games.cosca.actions import CoscaAction
from mobtable.games.cosca.cards import CardFacts, Mobster, facts_of
from mobtable.games.cosca.model import DICE_STEP, HATS, ROUNDS, WEEKDAYS, Stage, Weekday
from mobtable.games.cosca.rules import Rules

if TYPE_CHECKING:
    from typing import Self

    from mobtable.core import Game, Origin


@fields.table
class CoscaTable(State):
    """One COSCA table, declared once. Row lists (``row``, ``loyal``, ``drink``, ``under``,
    ``met``) share positions; per-seat lists are indexed by seat.

    Each field says who may see it; the state's copies and fingerprint follow from that
    (:mod:`mobtable.core.fields`). A new table comes from :meth:`new`.
    """

    cards: tuple[Mobster, ...] = fields.derived()
    """Every mobster card of the game (ids index it; from the config's card data)."""
    facts: CardFacts = fields.derived(copy=fields.share)
    """What the rules read of ``cards``, precomputed (shared by every table)."""
    rules: Rules = fields.public()
    """The table's options, and the weekday its first day is (drawn from the seed)."""
    round: int = fields.public()
    """0-based round (day) number."""
    deck: list[int] = fields.hidden()
    """Mobster ids still face down, top first."""
    row: list[int] = fields.public()
    """Mobster ids revealed below the city, left to right."""
    loyal: list[int] = fields.public()
    """Per row position, the seat whose hat is on the card (``NOBODY``)."""
    drink: list[bool] = fields.public()
    """Per row position, whether a drink (a money token) sits on the card."""
    under: list[int] = fields.public()
    """Per row position, a bitmask of the seats with a hat under the card."""
    met: list[int] = fields.public()
    """Per row position, a bitmask of the seats that met the condition today (the dice
    are revealed, resources are open)."""
    money: list[int] = fields.public()
    weapons: list[int] = fields.public()
    dice: list[int] = fields.public()
    """Per seat, how many dice the player has today."""
    settings: list[tuple[int, ...] | None] = fields.public()
    """Per seat, the dice counts revealed on round ``settings_round``."""
    settings_round: int = fields.public()
    villa_die: list[bool] = fields.public()
    """Per seat, whether a die waits on the villa token."""
    villa_got: list[int] = fields.public()
    """Per seat, villa dice already collected (0 black, 1 white, 2 box)."""
    supply: list[int] = fields.public()
    """Money, weapons and dice in the general supply."""
    stage: Stage = fields.public()
    """The decision being taken."""
    sealed: SealedStep[CoscaAction] = fields.seat(copy=SealedStep.copy)
    """Its sealed commitments: who committed is public, each choice its seat's own (in a
    determinization, ``sealed.announced`` keeps the seats known to have committed whose
    choices were dropped)."""
    fight_pos: int = fields.public()
    fighters: tuple[int, ...] = fields.public()
    """The fight being fought (phase 4): its row position and fighters."""
    fights: list[dict[str, Any]] = fields.public(copy=list.copy)
    """The fights revealed since the last dice reveal (each one's dict made whole when it
    is revealed, never changed after)."""

    @classmethod
    def new(cls, game: Game, config: Config, origin: Origin, cards: tuple[Mobster, ...]) -> Self:
        """A table before the deal: every zone empty."""
        n = config.players
        return cls(
            game,
            config,
            origin,
            cards=cards,
            facts=facts_of(cards),
            rules=Rules.of(config, origin.seed),
            round=0,
            deck=[],
            row=[],
            loyal=[],
            drink=[],
            under=[],
            met=[],
            money=[0] * n,
            weapons=[0] * n,
            dice=[0] * n,
            settings=[None] * n,
            settings_round=-1,
            villa_die=[False] * n,
            villa_got=[0] * n,
            supply=[0, 0, 0],
            stage=DICE_STEP,
            sealed=SealedStep.of(range(n)),
            fight_pos=-1,
            fighters=(),
            fights=[],
        )

    @property
    def players(self) -> int:
        return len(self.money)

    # -- derived facts ---------------------------------------------------
    @property
    def weekday(self) -> Weekday:
        return WEEKDAYS[(self.rules.start + self.round) % 7]

    def is_last_round(self) -> bool:
        return self.round == ROUNDS - 1

    def hats_free(self, seat: int) -> int:
        bit = 1 << seat
        used = self.loyal_count(seat)
        for mask in self.under:
            if mask & bit:
                used += 1
        return HATS - used

    def mobster(self, pos: int) -> Mobster:
        return self.cards[self.row[pos]]

    def loyal_count(self, seat: int) -> int:
        return self.loyal.count(seat)
