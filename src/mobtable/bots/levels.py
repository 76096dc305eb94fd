"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``expert``, each a real, documented bot.

- ``easy``: the game's own ``greedy`` bot (uniform random if a game has none).
- ``medium``: ISMCTS with :data:`MEDIUM` (a short search).
- ``hard``: ISMCTS with :data:`HARD` (the strongest setting that still answers
  within about a second).
- ``expert``: ``hard``'s search and budget, with the opponent model (determinizations
  weighted by the others' observed plays, :mod:`mobtable.bots.search.belief`, in the games
  that declare what to observe: Gangsta and Capo) and the game's learned evaluator
  (:mod:`mobtable.bots.search.learned`, which predicts the winner better than the hand-written
  one in every game) where it ships one. Hints consult it: the strongest level that thinks
  within a hint's time (:data:`mobtable.bots.hints.HINT_LEVEL`).

Search levels have an iteration budget, so a seeded bot is reproducible, and a
time cap, so that a slow position never keeps a human waiting.
"""

from __future__ import annotations

from mobtable.bots.base import Bot, Decision, RandomBot
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.belief import BeliefParams
from mobtable.core import Action

MEDIUM = Budget(iterations=300, seconds=0.25)
HARD = Budget(iterations=2500, seconds=0.9)
DEFAULT_LEVEL = "hard"
"""The level a front end should offer first; its moves take at most about 1 s."""

STRENGTH_ORDER = ("easy", "medium", "hard", "expert", "random", "greedy", "ismcts")
"""How front ends list bots: the levels by strength, then the bots kept for experts."""

DESCRIPTIONS: dict[str, str] = {
    "easy": "Plays the obvious good move at once, never planning ahead; moves instantly.",
    "medium": "Looks a few moves ahead by trying out games in its head; "
    "thinks about a quarter of a second.",
    "hard": "Plays out thousands of possible games before each move; thinks up to about a second.",
    "expert": "Plays like hard, but also reads what the others' plays say about their hands "
    "and judges positions by what it learned from thousands of games; "
    "thinks up to about a second.",
    "random": "Picks any legal move at random: for learning the rules; moves instantly.",
    "greedy": "Takes whatever looks best right now, the same bot as easy; moves instantly.",
    "ismcts": "The search behind medium and hard, with half a second per move.",
}
"""One line per bot for the lobby: what it plays like and how long it thinks."""


class EasyBot(Bot):
    """The game's ``greedy`` bot (``Game.bots``), found through the decision's game."""

    name = "easy"
    description = DESCRIPTIONS["easy"]

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self._delegate: Bot | None = None
        self._game: str | None = None

    def choose(self, decision: Decision) -> Action:
        if self._delegate is None or self._game != decision.game.name:
            cls = decision.game.bots.get("greedy", RandomBot)
            self._delegate = cls(seed=self.rng.getrandbits(64))
            self._game = decision.game.name
        return self._delegate.choose(decision)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self._delegate = None


class MediumBot(ISMCTSBot):
    """ISMCTS with the :data:`MEDIUM` budget."""

    name = "medium"
    description = DESCRIPTIONS["medium"]
    budget = MEDIUM


class HardBot(ISMCTSBot):
    """ISMCTS with the :data:`HARD` budget."""

    name = "hard"
    description = DESCRIPTIONS["hard"]
    budget = HARD


class ExpertBot(ISMCTSBot):
    """ISMCTS with the :data:`HARD` budget, the opponent model (:class:`BeliefParams`) and
    the learned evaluator."""

    name = "expert"
    description = DESCRIPTIONS["expert"]
    budget = HARD
    belief = BeliefParams()
    learned = True


LEVELS: dict[str, type[Bot]] = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
"""The difficulty levels, weakest first."""
