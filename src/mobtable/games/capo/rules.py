"""Constants, phases and the rule settings a configuration switches on."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mobtable.core.game import Config

HAND_SIZE = 5
"""Cards dealt at the start, and what a hand of 0 or 1 card is refilled to."""
REFILL_AT_MOST = 1
START_RESPECT = 3
RESPECT_SUPPLY = 100
TARGET = 15
FIRST_GAME_TARGET = 10
MAX_ROUNDS = 100
"""K-12: a game ends after this many rounds at the latest."""

FIRST_GAME = "first-game"


class Phase(Enum):
    """Where a round stands. Phase 1 and phase 4 need no decision and run at once."""

    PLAY = "play"
    """Phase 2: each seat declares a count, then places that many cards face down."""
    TURN = "turn"
    """Still phase 2: each seat with 2+ played cards turns some of them face up."""
    SUSPECT = "suspect"
    """Phase 3: each seat lays its Suspicion card."""
    OVER = "over"


# The phases as module names: on Python 3.11 ``Phase.PLAY`` (a member read through its
# class) costs about ten global reads, and the engine asks at every decision.
PLAYING, TURNING, SUSPECTING, GAME_OVER = Phase.PLAY, Phase.TURN, Phase.SUSPECT, Phase.OVER


class EventDeck(Enum):
    """Option ``event_deck`` (K-16)."""

    ALL = "all"
    SIT_DOWN_ONLY = "sit-down-only"


class TonyStars(Enum):
    """Option ``little_tony_stars`` (K-03)."""

    PER_CARD = "per-card"
    ONCE = "once"


class CrewSizes(Enum):
    """Option ``crew_sizes`` (K-23): when the others see how many cards a seat plays."""

    SEALED = "sealed"
    """Nothing shows until every seat has played: the cards go down together."""
    OPEN = "open"
    """Each card is seen to go down as it is placed."""


_SEALED = CrewSizes.SEALED


class Supply(Enum):
    """Option ``respect_supply`` (K-05)."""

    UNLIMITED = "unlimited"
    LIMITED = "limited"


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule settings of one table, read once from its configuration."""

    target: int
    events: bool
    """Event cards in play (and envelopes on the Assignment backs honoured)."""
    event_deck: EventDeck
    little_tony: bool
    """Little Tony cards in play (the first-game variant boxes them)."""
    tony_stars: TonyStars
    supply: Supply
    crew_sizes: CrewSizes

    @property
    def sealed_crews(self) -> bool:
        """Crew sizes stay hidden until every seat has played (K-23)."""
        return self.crew_sizes is _SEALED

    @classmethod
    def of(cls, config: Config) -> Rules:
        first = FIRST_GAME in config.variants
        options = config.options
        return cls(
            target=FIRST_GAME_TARGET if first else TARGET,
            events=not first,
            event_deck=EventDeck(options.get("event_deck", EventDeck.ALL.value)),
            little_tony=not first,
            tony_stars=TonyStars(options.get("little_tony_stars", TonyStars.PER_CARD.value)),
            supply=Supply(options.get("respect_supply", Supply.UNLIMITED.value)),
            crew_sizes=CrewSizes(options.get("crew_sizes", CrewSizes.SEALED.value)),
        )
