"""One COSCA table's data: plain lists, cheap to clone, and the facts derived from them.

The bottom layer of the package: the rule modules (:mod:`rounds`, :mod:`city`,
:mod:`loyalty`, :mod:`mobsters`, :mod:`steps`, :mod:`supply`, :mod:`scoring`)
and the :class:`~mobtable.games.cosca.state.CoscaState` on top read and change
this data; nothing here decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mobtable.core import Config, Event, SealedStep
from mobtable.games.cosca.actions import CoscaAction
from mobtable.games.cosca.cards import Mobster, facts_of
from mobtable.games.cosca.model import DICE_STEP, HATS, ROUNDS, WEEKDAYS, Weekday
from mobtable.games.cosca.rules import Rules

if TYPE_CHECKING:
    from typing import Self

    from mobtable.core import Action, Game, Origin


class CoscaTable:
    """One table. Row lists (``row``, ``loyal``, ``drink``, ``under``, ``met``) share positions.

    Attributes:
        cards: every mobster card of the game (ids index it).
        facts: what the rules read of ``cards``, precomputed (shared by every table).
        rules: the table's options.
        round: 0-based round (day) number.
        deck: mobster ids still face down, top first (hidden).
        row: mobster ids revealed below the city, left to right.
        loyal: per row position, the seat whose hat is on the card (``NOBODY``).
        drink: per row position, whether a drink (a money token) sits on the card.
        under: per row position, a bitmask of the seats with a hat under the card.
        met: per row position, a bitmask of the seats that met the condition
            today (public: the dice are revealed, resources are open).
        money, weapons: per seat.
        dice: per seat, how many dice the player has today.
        settings: per seat, the dice counts revealed on round ``settings_round``.
        villa_die: per seat, whether a die waits on the villa token.
        villa_got: per seat, villa dice already collected (0 black, 1 white, 2 box).
        supply: money, weapons and dice in the general supply.
        stage, sealed: the decision being taken and its sealed commitments (in a
            determinization, ``sealed.announced`` keeps the seats known to have
            committed whose choices were dropped).
        fight_pos, fighters: the fight being fought (phase 4).
        fights: the fights revealed since the last dice reveal (public).
    """

    game: Game
    config: Config
    origin: Origin
    history: list[tuple[int, Action]]
    events: list[Event]
    silent: bool

    def __init__(self, config: Config, cards: tuple[Mobster, ...], seed: int | None) -> None:
        n = config.players
        self.cards = cards
        self.facts = facts_of(cards)
        self.rules = Rules.of(config, seed)
        self.round = 0
        self.deck: list[int] = []
        self.row: list[int] = []
        self.loyal: list[int] = []
        self.drink: list[bool] = []
        self.under: list[int] = []
        self.met: list[int] = []
        self.money = [0] * n
        self.weapons = [0] * n
        self.dice = [0] * n
        self.settings: list[tuple[int, ...] | None] = [None] * n
        self.settings_round = -1
        self.villa_die = [False] * n
        self.villa_got = [0] * n
        self.supply = [0, 0, 0]
        self.stage = DICE_STEP
        self.sealed: SealedStep[CoscaAction] = SealedStep.of(range(n))
        self.fight_pos = -1
        self.fighters: tuple[int, ...] = ()
        self.fights: list[dict[str, Any]] = []

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

    # -- copies ------------------------------------------------------------
    def sample_copy(self) -> Self:
        """A copy for a determinization: no history and no events (a sample plays on
        from here; copying a long event log for each one cost more than the rest).
        Every attribute is named."""
        other = CoscaTable.__new__(type(self))
        other.game, other.config, other.origin = self.game, self.config, self.origin
        other.history, other.events, other.silent = [], [], self.silent
        other.cards, other.facts, other.rules = self.cards, self.facts, self.rules
        other.round, other.deck, other.row = self.round, self.deck[:], self.row[:]
        other.loyal, other.drink = self.loyal[:], self.drink[:]
        other.under, other.met = self.under[:], self.met[:]
        other.money, other.weapons = self.money[:], self.weapons[:]
        other.dice, other.settings = self.dice[:], self.settings[:]
        other.settings_round = self.settings_round
        other.villa_die, other.villa_got = self.villa_die[:], self.villa_got[:]
        other.supply, other.stage = self.supply[:], self.stage
        other.sealed = self.sealed.copy()
        other.fight_pos, other.fighters = self.fight_pos, self.fighters
        other.fights = self.fights[:]
        return other
