"""Capo's own bots. They see a seat's view (and the public card list), nothing more.

``greedy`` plays an honest crew when its hand has one, and otherwise bluffs:
mostly a single card (nothing to turn up), sometimes a fuller crew that shows
a convincing card. It suspects the player whose visible cards make success
least likely, estimated by drawing that player's face-down cards from the
cards it cannot place, when the expected respect of suspecting is positive;
between equally likely suspects it draws one with its own seeded RNG.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from mobtable.core import Action, Bot, Decision
from mobtable.games.capo import events as ev
from mobtable.games.capo.actions import DECLARES, Declare, Place, Suspect, TurnUp
from mobtable.games.capo.assignments import star_total, succeeds
from mobtable.games.capo.cards import Assignment, CardSet, Mafioso, Special, load_cards
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import PLAYING, TURNING, TonyStars
from mobtable.games.capo.view_types import CapoView

SAMPLES = 40
BLUFF_SINGLE = 0.6
SUSPECT_MARGIN = 0.25
MAX_SUBSET_HAND = 10

# the members as module constants: an Enum class's attribute costs a Python __getattr__
# hook on Python 3.11 (asked per card in the search)
_LITTLE_TONY, _MARIO_BERETTA = Special.LITTLE_TONY, Special.MARIO_BERETTA
_GIULIA_NAPOLI, _PER_CARD = Special.GIULIA_NAPOLI, TonyStars.PER_CARD
_KEPT_BACK = (Special.CAPTAIN_PENNY, Special.JOHN_MALONE, Special.VINCENZO_FORZA)
"""The star-cutters and the joker, kept for harder assignments."""


def _assignment(view: CapoView) -> tuple[Assignment, int]:
    a = view["assignment"]
    card = Assignment(a["id"], a["name"], tuple(a["symbols"]), a["choice"], a["stars"], False)
    return card, a["max_stars"]


def _crew_ok(crew: Sequence[Mafioso], card: Assignment, limit: int, cards: CardSet) -> bool:
    tonies = sum(1 for c in crew if c.special is _LITTLE_TONY)
    return succeeds(crew, card, limit, cards.symbols, extra_stars=tonies)


def _turn(card: Assignment, cards: CardSet, legal: Sequence[Any]) -> Action:
    """The card to turn face up: the one that looks most like doing the job (most of its
    symbols asked for, then fewest stars, then the lowest id); read from the crew alone."""
    needed = set(card.symbols)

    def appeal(action: TurnUp) -> tuple[int, int, int]:
        c = cards.mafiosi[action.card]
        return (
            len(needed.intersection(c.symbols)) + (card.choice > 0) * len(c.symbols),
            -c.stars,
            -c.id,
        )

    best: Action = max(legal, key=appeal)
    return best


class GreedyBot(Bot):
    """Honest when it can be, a cautious bluffer when it cannot, a careful accuser."""

    name = "greedy"

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self._plan: tuple[int, int, tuple[int, ...]] | None = None

    def sample_guide(self, state: Any, seat: int) -> Action | None:
        """What :meth:`choose` plays in the crew and turning-up phases of a determinized
        sample (the search's first try at a new node; the opponent model's guide), from
        the state's own fields where the view would show the same (the hand, the
        assignment and its star limit); ``None`` for suspicions."""
        phase = state.phase
        if phase is TURNING:
            return _turn(state.cards.assignments[state.assignment], state.cards, state.legal(seat))
        if phase is not PLAYING:
            return None
        legal = list(state.legal(seat))
        key = (state.round, seat)
        if not isinstance(legal[0], Declare):
            return self._place(key, legal)
        assignment = state.cards.assignments[state.assignment]
        picked = state.picked.get(seat, ())
        hand = [c for c in state.hands[seat] if c not in picked]
        limit = ev.max_stars(assignment, state.effect)
        return self._declare(key, legal, hand, assignment, limit, state.cards)

    def choose(self, decision: Decision) -> Action:
        view = cast(CapoView, decision.view)  # a capo decision: a capo view
        cards = load_cards(decision.config.card_data)
        legal = list(decision.legal)
        phase = view["phase"]
        if phase == "play":
            return self._play(view, cards, legal)
        if phase == "turn":
            return _turn(_assignment(view)[0], cards, legal)
        return self._suspect(view, cards, legal)

    # -- phase 2 ---------------------------------------------------------
    def _play(self, view: CapoView, cards: CardSet, legal: list[Any]) -> Action:
        seat, hand = view["seat"], view["hand"]
        assert seat is not None and hand is not None  # a bot decides for a seat
        key = (view["round"], seat)
        if isinstance(legal[0], Declare):
            card, limit = _assignment(view)
            return self._declare(key, legal, hand, card, limit, cards)
        return self._place(key, legal)

    def _declare(
        self,
        key: tuple[int, int],
        legal: list[Any],
        held: list[int],
        card: Assignment,
        limit: int,
        cards: CardSet,
    ) -> Action:
        """How many cards to play: the crew planned now, placed by :meth:`_place`."""
        counts = {a.count for a in legal}
        plan = self._pick_crew(held, card, limit, cards, counts)
        self._plan = (*key, plan)
        return DECLARES[len(plan) - 1]  # the interned Declare(len(plan))

    def _place(self, key: tuple[int, int], legal: list[Any]) -> Action:
        wanted = self._plan[2] if self._plan and self._plan[:2] == key else ()
        for action in legal:
            if isinstance(action, Place) and action.card in wanted:
                return action
        first: Action = legal[0]
        return first

    def _pick_crew(
        self, held: list[int], card: Assignment, limit: int, cards: CardSet, counts: set[int]
    ) -> tuple[int, ...]:
        mafiosi = cards.mafiosi
        hand = [mafiosi[c] for c in held]
        best: tuple[float, tuple[int, ...]] | None = None
        if len(hand) <= MAX_SUBSET_HAND:
            # ``_crew_ok``'s answer (every Little Tony's star counted), remembered per kind
            ok = CrewTest.of(cards, card, limit, _PER_CARD)
            sizes = sorted(counts)
            if not ok.may_complete((), held, sizes[0], sizes[-1]):
                sizes = []  # no crew of the hand can succeed: skip trying each
            for crew in ok.winners(held, sizes):
                score = self._honest_score([mafiosi[c] for c in crew], len(hand))
                if best is None or score > best[0]:
                    best = (score, crew)
        if best is not None:
            return best[1]
        return self._bluff(hand, card, cards, counts)

    @staticmethod
    def _honest_score(crew: Sequence[Mafioso], hand_size: int) -> float:
        specials = [c.special for c in crew]
        score = 0.0
        score += 1.0 * specials.count(_GIULIA_NAPOLI)
        score += 0.5 * specials.count(_MARIO_BERETTA)
        score += 0.4 if hand_size - len(crew) <= 1 else 0.0
        # keep the star-cutters and the joker for harder assignments
        for special in _KEPT_BACK:
            score -= 0.3 * specials.count(special)
        return score - 0.05 * len(crew)

    def _bluff(
        self, hand: list[Mafioso], card: Assignment, cards: CardSet, counts: set[int]
    ) -> tuple[int, ...]:
        least = min(counts)
        if least == 1 and self.rng.random() < BLUFF_SINGLE:
            tonies = [c for c in hand if c.special is _LITTLE_TONY]
            if tonies:
                return (tonies[0].id,)
            return (min(hand, key=lambda c: (c.stars, c.id)).id,)  # the fewest stars
        size = min(max(least, 3), max(counts))
        needed = set(card.symbols)
        ranked = sorted(hand, key=lambda c: (-len(needed.intersection(c.symbols)), c.stars, c.id))
        return tuple(c.id for c in ranked[:size])

    # -- phase 3 ---------------------------------------------------------
    def _suspect(self, view: CapoView, cards: CardSet, legal: list[Any]) -> Action:
        seat = view["seat"]
        card, limit = _assignment(view)
        pool = self._unseen(view, cards)
        event = view["event"]["effect"] if view["event"] else None
        gain = 3 if event == "informant" else 2
        cost = 2 if event == "omerta" else 1
        best_value, best = SUSPECT_MARGIN, [Suspect(None)]
        for action in legal:
            if not isinstance(action, Suspect) or action.target is None:
                continue
            table = view["table"][action.target]
            shown = [cards.mafiosi[c] for c in table["face_up"]]
            hidden = (table["played"] or 0) - len(shown)  # known once all have played
            fail = self._failure_chance(shown, hidden, pool, card, limit, cards)
            value = gain * fail - cost * (1 - fail)
            if any(c.special is _MARIO_BERETTA for c in shown):
                value -= 1
            if action.target == seat or value <= SUSPECT_MARGIN or value < best_value:
                continue
            if value > best_value:
                best_value, best = value, []
            best.append(action)
        # Equally good suspects: the bot's own seeded draw, so no seat is favoured.
        return best[0] if len(best) == 1 else self.rng.choice(best)

    @staticmethod
    def _unseen(view: CapoView, cards: CardSet) -> list[Mafioso]:
        known: set[int] = set(view["hand"] or ()) | set(view["box"])
        known |= set(view["discard"]["seen"]) | set(view["discard"]["mine"])
        for table in view["table"]:
            known |= set(table["face_up"]) | set(table.get("cards", ()))
        return [c for c in cards.mafiosi if c.id not in known]

    def _failure_chance(
        self,
        shown: list[Mafioso],
        hidden: int,
        pool: list[Mafioso],
        card: Assignment,
        limit: int,
        cards: CardSet,
    ) -> float:
        if star_total(shown) > limit + 3:  # beyond any star-cutter's help
            return 1.0
        if hidden <= 0 or len(pool) < hidden:
            return 0.0 if _crew_ok(shown, card, limit, cards) else 1.0
        rng = random.Random(self.rng.getrandbits(32))
        fails = 0
        for _ in range(SAMPLES):
            crew = shown + rng.sample(pool, hidden)
            if not _crew_ok(crew, card, limit, cards):
                fails += 1
        return fails / SAMPLES


BOTS: dict[str, type[Bot]] = {"greedy": GreedyBot}
