"""The game-agnostic core: the contract every game implements."""

from mobtable.core.actions import Action, IndexedActions
from mobtable.core.bot import Bot, Decision
from mobtable.core.errors import (
    BadCardData,
    BadConfig,
    BadRecord,
    BadSetup,
    IllegalAction,
    InvalidNotation,
    MobtableError,
    NotYourTurn,
)
from mobtable.core.game import Config, EndReveal, Game, Option, Variant
from mobtable.core.search import Evaluator, SearchHooks
from mobtable.core.simultaneous import SealedStep
from mobtable.core.state import Event, Origin, Result, Seat, State, View

__all__ = [
    "Action",
    "BadCardData",
    "BadConfig",
    "BadRecord",
    "BadSetup",
    "Bot",
    "Config",
    "Decision",
    "EndReveal",
    "Evaluator",
    "Event",
    "Game",
    "IllegalAction",
    "IndexedActions",
    "InvalidNotation",
    "MobtableError",
    "NotYourTurn",
    "Option",
    "Origin",
    "Result",
    "SealedStep",
    "SearchHooks",
    "Seat",
    "State",
    "Variant",
    "View",
]
