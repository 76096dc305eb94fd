"""Believable crews in determinized samples: others play a crew that succeeds when they can.

Why: :func:`~mobtable.games.capo.view.determinize` deals the cards a seat
cannot place uniformly, so another seat's face-down crew would be a random
draw. Such crews meet the assignment far less often than crews really played
(greedy self-play at 5 players: about 7% of sampled crews against 23% of real
ones), and a search planning over them believes its opponents bluff much more
than they do, so it suspects wrongly.

A sensible player plays a crew that carries out the assignment whenever his
hand holds one. So a sample treats a seat's sampled hand plus its sampled
face-down crew cards as the hand he chose from, and picks the face-down cards
from that pool so that the crew (face-up cards included) succeeds whenever
some choice of that many cards does; among the choices that succeed it picks
one uniformly. Otherwise the uniform deal stands. A seat still placing its
crew gets, in the same spirit, a total and visible cards taken from a
successful crew of its sampled hand when there is one.

Only the sampled cards and public facts (the assignment, the event, the face-up
cards, the counts) are used, so a sample still depends only on the view (K-15).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from mobtable.games.capo import events as ev
from mobtable.games.capo.assignments import star_total, succeeds
from mobtable.games.capo.cards import Assignment, CardSet, Special
from mobtable.games.capo.scoring import extra_stars

if TYPE_CHECKING:
    from mobtable.games.capo.rules import TonyStars
    from mobtable.games.capo.table import CapoTable

# the members as module constants: an Enum class's attribute costs a Python __getattr__
# hook on Python 3.11 (asked per card in the search)
_LITTLE_TONY = Special.LITTLE_TONY

HONEST = 1.0
"""Chance that a sampled crew is made to succeed when its pool allows it (else
the uniform deal stands). Measured with greedy self-play at 5 players (see
``tests/capo/test_determinize_crews.py``'s module docstring): even at 1.0 the
sampled crews succeed less often than real ones, since a uniformly drawn pool
holds a successful crew less often than the hand of a player who played one."""


class CrewTest:
    """Does a crew carry out this round's assignment, were its player alone suspected?

    The rules' own test (:func:`~mobtable.games.capo.assignments.succeeds`):
    stars at most the round's maximum (events included, John Malone and
    Captain Penny taking stars off), symbols covered (Vincenzo Forza's joker
    included), plus the crew's own Little Tony stars (K-03), as they count
    when its player is suspected.

    It is asked thousands of times a second, so two cheap necessary conditions
    come first (the stars without Little Tony's, which only adds, and the count
    of symbols that can serve the assignment, see :class:`_Round`), and the
    answers are remembered per kind of crew (cards alike in symbols, stars and
    special power are interchangeable).
    """

    __slots__ = ("assignment", "limit", "mafiosi", "round", "symbols", "tony_stars")

    def __init__(self, state: CapoTable) -> None:
        cards = state.cards
        assignment = cards.assignments[state.assignment]
        self._set(cards, assignment, ev.max_stars(assignment, state.effect), state.rules.tony_stars)

    @classmethod
    def of(
        cls, cards: CardSet, assignment: Assignment, limit: int, tony_stars: TonyStars
    ) -> CrewTest:
        """The test for an assignment and star limit given as such (a bot's, from a view),
        with Little Tony's stars counted as ``tony_stars`` says."""
        test = cls.__new__(cls)
        test._set(cards, assignment, limit, tony_stars)
        return test

    def _set(
        self, cards: CardSet, assignment: Assignment, limit: int, tony_stars: TonyStars
    ) -> None:
        self.assignment = assignment
        self.limit = limit
        self.mafiosi = cards.mafiosi
        self.symbols = cards.symbols
        self.tony_stars = tony_stars
        self.round = _Round.of(cards, assignment, limit, tony_stars)

    def __call__(self, crew: Sequence[int]) -> bool:
        return self.ok(crew)

    def ok(self, crew: Sequence[int]) -> bool:
        """The test itself."""
        r = self.round
        net, useful = r.net, r.useful
        stars = serving = 0
        for c in crew:
            stars += net[c]
            serving += useful[c]
        if stars > self.limit or serving < r.needed:
            return False
        kind = r.kind
        key = tuple(sorted([kind[c] for c in crew]))
        known = r.results.get(key)
        if known is None:
            known = self._succeeds(crew)
            r.remember(key, known)
        return known

    def winners(self, pool: Sequence[int], sizes: Iterable[int]) -> list[tuple[int, ...]]:
        """Every crew of ``pool`` that succeeds, size by size in ``combinations`` order."""
        wins = []
        for size in sizes:
            for crew in combinations(pool, size):
                if self.ok(crew):
                    wins.append(crew)
        return wins

    def _succeeds(self, crew: Sequence[int]) -> bool:
        """The rules' answer, for a kind of crew not seen before."""
        mafiosi = [self.mafiosi[c] for c in crew]
        tonies = sum(1 for m in mafiosi if m.special is _LITTLE_TONY)
        extra = extra_stars(self.tony_stars, tonies)
        return succeeds(mafiosi, self.assignment, self.limit, self.symbols, extra_stars=extra)

    def may_complete(
        self, shown: Sequence[int], pool: Sequence[int], least: int, most: int
    ) -> bool:
        """False when no ``least`` to ``most`` cards of ``pool`` can join ``shown`` in a success.

        Even the fewest stars are too many (star-cutters lower the total), or
        even the most serviceable symbols are too few.
        """
        r = self.round
        net, useful = r.net, r.useful
        stars = sorted([net[c] for c in pool])
        fewest = 0
        for c in shown:
            fewest += net[c]
        for n in stars[:least]:
            fewest += n
        for n in stars[least:most]:
            if n < 0:
                fewest += n
        if fewest > self.limit:
            return False
        serving = sorted([useful[c] for c in pool], reverse=True)
        total = 0
        for c in shown:
            total += useful[c]
        for n in serving[:most]:
            total += n
        return total >= r.needed


class _Round:
    """What a crew test needs to know about one assignment, by card id; cached.

    ``net``: a card's stars as :func:`star_total` counts them. ``useful``: how
    many of its symbols can serve the assignment (any symbol when it asks for
    question marks, else the printed kinds), plus 1 for Vincenzo Forza's
    joker. ``needed``: the printed symbols plus the question marks; a crew
    whose ``useful`` total is below it fails
    :func:`~mobtable.games.capo.assignments.symbols_met`, where every missing
    symbol must be made up by a joker. ``kind``: an index shared by identical
    cards. ``results``: the remembered answers per sorted tuple of kinds.
    """

    __slots__ = ("kind", "needed", "net", "results", "useful")

    LIMIT = 100_000
    """Remembered answers per assignment before they are forgotten."""
    CACHE: ClassVar[dict[tuple[Any, ...], tuple[CardSet, _Round]]] = {}

    def __init__(self, cards: CardSet, assignment: Assignment) -> None:
        kinds: dict[tuple[Any, ...], int] = {}
        self.kind = tuple(
            kinds.setdefault((tuple(sorted(c.symbols)), c.stars, c.special), len(kinds))
            for c in cards.mafiosi
        )
        self.net = tuple(star_total([c]) for c in cards.mafiosi)
        printed = set(assignment.symbols)
        self.useful = tuple(
            sum(1 for s in c.symbols if assignment.choice or s in printed)
            + (c.special is Special.VINCENZO_FORZA)
            for c in cards.mafiosi
        )
        self.needed = len(assignment.symbols) + assignment.choice
        self.results: dict[tuple[int, ...], bool] = {}

    @classmethod
    def of(
        cls, cards: CardSet, assignment: Assignment, limit: int, tony_stars: TonyStars
    ) -> _Round:
        # an Enum member hashes in Python: its id stands for it (members are singletons)
        key = (id(cards), assignment.id, limit, id(tony_stars))
        cached = cls.CACHE.get(key)
        if cached is None or cached[0] is not cards:
            cached = cls.CACHE[key] = (cards, cls(cards, assignment))
        return cached[1]

    def remember(self, key: tuple[int, ...], answer: bool) -> None:
        if len(self.results) >= self.LIMIT:
            self.results.clear()
        self.results[key] = answer


def settle_tables(sample: CapoTable, seat: int, test: CrewTest, rng: random.Random) -> None:
    """Give every other seat's face-down cards a crew that succeeds when its pool allows.

    ``sample`` has just been dealt uniformly; cards only move between a seat's
    hand and its face-down cards, so every count stays as the view shows.
    """
    for p in range(sample.players):
        if p == seat:
            continue
        shown = sample.face_up[p]
        hidden = [c for c in sample.table[p] if c not in shown]
        if not hidden or rng.random() >= HONEST or test.ok([*shown, *hidden]):
            continue
        pool = sorted([*sample.hands[p], *hidden])
        if not test.may_complete(shown, pool, len(hidden), len(hidden)):
            continue
        wins = [crew for crew in combinations(pool, len(hidden)) if test.ok([*shown, *crew])]
        if wins:
            chosen = rng.choice(wins)
            sample.table[p] = sorted([*shown, *chosen])
            sample.hands[p] = [c for c in pool if c not in chosen]


def crew_in_progress(
    hand: Sequence[int], down: int, least: int, test: CrewTest, rng: random.Random
) -> tuple[int, list[int]] | None:
    """A total and ``down`` placed cards for a seat still placing its crew.

    Taken from a successful crew of ``least`` or more cards of ``hand``,
    uniformly among them; ``None`` when none succeeds (or, with chance
    ``1 - HONEST``, anyway): the caller then draws them uniformly.
    """
    if rng.random() >= HONEST or not test.may_complete((), hand, least, len(hand)):
        return None
    wins = test.winners(hand, range(least, len(hand) + 1))
    if not wins:
        return None
    chosen = rng.choice(wins)
    return len(chosen), rng.sample(chosen, down)
