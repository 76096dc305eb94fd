"""Information-set Monte Carlo tree search (ISMCTS), generic over the core contract."""

from mobtable.bots.search.bot import ISMCTSBot
from mobtable.bots.search.budget import Budget
from mobtable.bots.search.ismcts import SearchResult, search
from mobtable.bots.search.rewards import rewards
from mobtable.bots.search.rollout import random_rollout
from mobtable.bots.search.tree import ActionStats, Selection

__all__ = [
    "ActionStats",
    "Budget",
    "ISMCTSBot",
    "SearchResult",
    "Selection",
    "random_rollout",
    "rewards",
    "search",
]
