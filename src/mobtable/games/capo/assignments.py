"""Does a crew of played Mafioso cards carry out an assignment?

A crew succeeds when its star total is at most the assignment's maximum and
its symbols cover the assignment's symbols (K-01, K-02):

- every printed symbol needs one symbol on the played cards, repeats included;
- the question marks need that many *further* symbols, all identical when
  there are two or three; they may be the same kind as a printed symbol;
- Vincenzo Forza gives one symbol of choice, which the engine places where it
  helps (a player would always choose so);
- John Malone takes 1 star off the total and Captain Penny 2; Little Tony's
  extra stars are added by the caller (they depend on who is suspected, K-03).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mobtable.games.capo.cards import STAR_REDUCTION, Assignment, CardSet, Mafioso, Special
from mobtable.games.capo.words import star_limit

# the members as module constants: an Enum class's attribute costs a Python __getattr__
# hook on Python 3.11 (asked per card in the search)
_VINCENZO_FORZA = Special.VINCENZO_FORZA


def star_total(crew: Iterable[Mafioso], extra: int = 0) -> int:
    """The crew's stars after John Malone and Captain Penny, plus ``extra``."""
    total = extra
    for card in crew:
        total += card.stars
        if card.special is not None:
            total -= STAR_REDUCTION.get(card.special, 0)
    return total


def symbols_met(crew: Iterable[Mafioso], assignment: Assignment, symbols: Sequence[str]) -> bool:
    """Whether the crew shows every symbol the assignment asks for."""
    have: dict[str, int] = {}  # plain dicts: a Counter costs more than the whole test
    wild = 0
    for card in crew:
        for symbol in card.symbols:
            have[symbol] = have.get(symbol, 0) + 1
        if card.special is _VINCENZO_FORZA:
            wild += 1
    need: dict[str, int] = {}
    for symbol in assignment.symbols:
        need[symbol] = need.get(symbol, 0) + 1
    missing = {s: max(0, n - have.get(s, 0)) for s, n in need.items()}
    short = sum(missing.values())
    choice = assignment.choice
    if choice == 0:
        return short <= wild
    for symbol in symbols:
        extra = max(0, need.get(symbol, 0) + choice - have.get(symbol, 0))
        if short + extra - missing.get(symbol, 0) <= wild:
            return True
    return False


_KINDS: dict[int, tuple[CardSet, tuple[int, ...]]] = {}
"""Per card set (by ``id``, the set kept alive): each card's kind for the symbol count."""
_MET: dict[tuple[int, int, tuple[int, ...]], bool] = {}
"""Remembered answers of :func:`symbols_met_by_id`, per card set, assignment and kinds."""
MET_LIMIT = 100_000
"""Remembered answers before they are forgotten."""


def symbol_kinds(cards: CardSet) -> tuple[int, ...]:
    """Each card's kind as :func:`symbols_met` sees it: cards with the same symbols and
    the same joker (Vincenzo Forza or not) are interchangeable there."""
    cached = _KINDS.get(id(cards))
    if cached is None or cached[0] is not cards:
        kinds: dict[tuple[tuple[str, ...], bool], int] = {}
        table = tuple(
            [
                kinds.setdefault(
                    (tuple(sorted(c.symbols)), c.special is _VINCENZO_FORZA), len(kinds)
                )
                for c in cards.mafiosi
            ]
        )
        cached = _KINDS[id(cards)] = (cards, table)
    return cached[1]


def symbols_met_by_id(cards: CardSet, assignment: int, crew: Sequence[int]) -> bool:
    """:func:`symbols_met` for the crew of card ids ``crew`` and assignment card number
    ``assignment`` of ``cards``, remembered per kind of crew (a search scores the same
    kinds of crew again and again)."""
    kinds = symbol_kinds(cards)
    key = (id(cards), assignment, tuple(sorted([kinds[c] for c in crew])))
    known = _MET.get(key)
    if known is None:
        mafiosi = cards.mafiosi
        known = symbols_met(
            [mafiosi[c] for c in crew], cards.assignments[assignment], cards.symbols
        )
        if len(_MET) >= MET_LIMIT:
            _MET.clear()
        _MET[key] = known
    return known


def succeeds(
    crew: Sequence[Mafioso],
    assignment: Assignment,
    max_stars: int,
    symbols: Sequence[str],
    *,
    extra_stars: int = 0,
) -> bool:
    """Whether the crew carries out the assignment with at most ``max_stars`` stars."""
    return star_total(crew, extra_stars) <= max_stars and symbols_met(crew, assignment, symbols)


def describe(assignment: Assignment, max_stars: int) -> str:
    """One line: ``Bank job: cash cash car, at most 5 stars`` (``no stars allowed`` at 0)."""
    parts = list(assignment.symbols)
    if assignment.choice == 1:
        parts.append("?")
    elif assignment.choice > 1:
        parts.append(f"{assignment.choice}x identical ?")
    return f"{assignment.name}: {' '.join(parts)}, {star_limit(max_stars)}"
