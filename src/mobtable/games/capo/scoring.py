"""Phase 4 and scoring: who is suspected, who shows cards, who goes to prison, respect.

Order of play (K-04, K-07): seats are scored one after the other, from the
counting seat clockwise. Each seat in turn:

1. gains respect for a successful assignment (hat side up);
2. gains respect for its special cards: Giulia Napoli (+1 when successful),
   Mario Beretta (when suspected, steals 1 from each suspector in clockwise
   order from his own seat; a suspector with 0 respect has nothing to give);
3. gains 2 for suspecting a prisoner or loses 1 (never below 0) for
   suspecting a successful player.

Because respect changes as the scoring goes round, this order decides what
Mario Beretta can steal from a suspector who is at 0 before his own scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mobtable.games.capo import events as ev
from mobtable.games.capo.assignments import symbols_met, symbols_met_by_id
from mobtable.games.capo.rules import Rules, Supply, TonyStars
from mobtable.games.capo.table import CapoTable, clockwise
from mobtable.games.capo.view_types import LastRound

if TYPE_CHECKING:
    from mobtable.games.capo.cards import CardSet


def effective_suspicions(laid: dict[int, int | None], *, sit_down: bool) -> dict[int, int | None]:
    """The suspicions that apply; with Have a sit down, mutual pairs cancel (K-16)."""
    if not sit_down:
        return dict(laid)
    result = dict(laid)
    for a, b in laid.items():
        if b is not None and laid.get(b) == a:
            result[a] = None
    return result


def tony_stars(state: CapoTable, suspected: list[bool]) -> int:
    """Little Tony's extra stars, counted for every suspected player (K-03)."""
    tonies = state.cards.tony_ids
    count = 0
    if tonies:
        table = state.table
        for seat, hit in enumerate(suspected):
            if hit:
                for card in table[seat]:
                    if card in tonies:
                        count += 1
    return tony_extra(state.rules, count)


def tony_extra(rules: Rules, count: int) -> int:
    """The extra stars ``count`` Little Tony cards of suspected players add (K-03)."""
    return extra_stars(rules.tony_stars, count)


def extra_stars(tony_stars: TonyStars, count: int) -> int:
    """What ``count`` Little Tony cards add under option ``little_tony_stars`` (K-03)."""
    if tony_stars is _ONE_TONY_STAR:
        return min(count, 1)
    return count


_ONE_TONY_STAR, _LIMITED = TonyStars.ONCE, Supply.LIMITED

_WHY = {
    "job": "assignment carried out",
    "giulia": "Giulia Napoli",
    "wrong": "wrongly suspected {}",
    "right": "rightly suspected {}",
}
"""Each reason's words in the engine's log line (``{}``: the other seat)."""


class _Ledger:
    """Respect moves, honouring the floor at 0 and a limited supply (K-05).

    The moves' texts are made only when the table is not silent (a search's
    rounds are silent), so the callers pass a reason, not words.
    """

    __slots__ = ("change", "entries", "limited", "lines", "respect", "silent", "state")

    def __init__(self, state: CapoTable) -> None:
        self.state = state
        self.respect = state.respect
        self.limited = state.rules.supply is _LIMITED
        self.silent = state.silent
        self.change = [0] * len(state.respect)
        self.lines: list[str] = []
        """The moves in engine text, for the game log (none kept when silent)."""
        self.entries: list[dict[str, Any]] = []
        """Each move as data for the words: seat, amount (signed), why, other seat."""

    def _note(self, seat: int, amount: int, why: str, other: int | None = None) -> None:
        self.entries.append({"seat": seat, "amount": amount, "why": why, "other": other})

    def gain(self, seat: int, amount: int, reason: str, other: int | None = None) -> None:
        if self.limited:
            state = self.state
            left = state.supply or 0
            amount = min(amount, left)
            state.supply = left - amount
        self.respect[seat] += amount
        self.change[seat] += amount
        if not self.silent:
            self.lines.append(f"seat {seat} +{amount} ({_WHY[reason].format(other)})")
            self._note(seat, amount, reason, other)

    def lose(self, seat: int, amount: int, reason: str, other: int) -> None:
        respect = self.respect
        amount = min(amount, respect[seat])
        respect[seat] -= amount
        self.change[seat] -= amount
        if self.limited:
            state = self.state
            state.supply = (state.supply or 0) + amount
        if not self.silent:
            self.lines.append(f"seat {seat} -{amount} ({_WHY[reason].format(other)})")
            self._note(seat, -amount, reason, other)

    def steal(self, thief: int, victim: int) -> None:
        """Mario Beretta takes 1 from a suspector (nothing from one at 0)."""
        respect = self.respect
        amount = min(1, respect[victim])
        respect[victim] -= amount
        respect[thief] += amount
        self.change[victim] -= amount
        self.change[thief] += amount
        if not self.silent:
            self.lines.append(f"seat {thief} takes {amount} from seat {victim} (Mario Beretta)")
            self._note(thief, amount, "mario-took", victim)
            self._note(victim, -amount, "mario-lost", thief)


def resolve_round(state: CapoTable, laid: dict[int, int | None]) -> None:
    """Phase 4 and scoring, then every played card goes to the discard pile."""
    n = len(state.hands)
    effect = state.effect
    cards = state.cards
    table = state.table
    silent = state.silent
    sit_down = ev.cancels_mutual_suspicions(effect)
    applied = effective_suspicions(laid, sit_down=True) if sit_down else laid
    suspectors: list[list[int]] = [[] for _ in range(n)]
    for seat in range(n):  # clockwise from seat 0
        target = applied.get(seat)
        if target is not None:
            suspectors[target].append(seat)
    suspected = [bool(s) for s in suspectors]
    if not silent:
        state.log(
            "suspicions",
            f"suspicions laid: {[laid.get(s) for s in range(n)]}",
            laid=[laid.get(s) for s in range(n)],
            applied=[applied.get(s) for s in range(n)],
            suspected=suspected,
        )
    extra = tony_stars(state, suspected)
    number = state.assignment
    assignment = cards.assignments[number]
    limit = ev.max_stars(assignment, effect)
    success = [True] * n
    totals: list[int | None] = [None] * n
    mafiosi, net = cards.mafiosi, cards.net_stars
    for seat in range(n):
        if suspected[seat]:
            played = table[seat]
            # star_total's sum, from the table of each card's net stars
            total = totals[seat] = extra + sum([net[c] for c in played])
            # what ``succeeds`` asks, the star total counted once
            success[seat] = total <= limit and symbols_met_by_id(cards, number, played)
            if not silent:
                crew = [mafiosi[c] for c in played]
                state.log(
                    "reveal",
                    f"seat {seat} shows {', '.join([c.name for c in crew])} "
                    f"({totals[seat]} stars): " + ("success" if success[seat] else "prison"),
                    seat=seat,
                    cards=list(state.table[seat]),
                    success=success[seat],
                    stars=totals[seat],
                    max_stars=limit,
                    symbols_met=symbols_met(crew, assignment, cards.symbols),
                    little_tony_stars=extra,
                    facts=cards.facts(state.table[seat]),
                )
    ledger = _Ledger(state)
    shown_giulia = _score_seats(state, ledger, applied, suspectors, suspected, success)
    # the summary is made when first read (a search's silent samples never read it)
    state.last_round_facts = _round_facts(
        state, laid, applied, suspected, success, totals, extra, limit, ledger.change, shown_giulia
    )
    _discard_played(state, suspected, shown_giulia)
    if not silent:
        state.log(
            "scored",
            "; ".join(ledger.lines) or "no respect changes",
            change=ledger.change,
            entries=ledger.entries,
            respect=list(state.respect),
        )


def _score_seats(
    state: CapoTable,
    ledger: _Ledger,
    applied: dict[int, int | None],
    suspectors: list[list[int]],
    suspected: list[bool],
    success: list[bool],
) -> list[int]:
    """Each seat's respect, clockwise from the counter (see the module docstring);
    returns the Giulia Napoli cards shown to claim their respect."""
    effect = state.effect
    cards, table = state.cards, state.table
    giulia, mario = cards.giulia_ids, cards.mario_ids
    job = ev.success_respect(effect)
    shown_giulia: list[int] = []
    for seat in clockwise(state, state.counter):
        played = table[seat]
        if success[seat]:
            ledger.gain(seat, job, "job")
            if giulia:
                for card in played:
                    if card in giulia:
                        if not suspected[seat] and card not in state.face_up[seat]:
                            shown_giulia.append(card)  # K-11: shown to claim the respect
                            if not state.silent:
                                state.log(
                                    "giulia-shown",
                                    f"seat {seat} shows Giulia Napoli (card {card})",
                                    seat=seat,
                                    card=card,
                                    facts=cards.facts([card]),
                                )
                        ledger.gain(seat, 1, "giulia")
        if suspected[seat] and mario and not mario.isdisjoint(played):
            for other in clockwise(state, seat)[1:]:
                if other in suspectors[seat]:
                    ledger.steal(seat, other)
        target = applied.get(seat)
        if target is not None:
            if success[target]:
                ledger.lose(seat, ev.wrong_suspicion_cost(effect), "wrong", target)
            else:
                ledger.gain(seat, ev.right_suspicion_respect(effect), "right", target)
    return shown_giulia


def _discard_played(state: CapoTable, suspected: list[bool], shown: list[int]) -> None:
    """Played cards go face down to the discard pile; unrevealed ones stay unseen (K-15)."""
    table, face_up, seen = state.table, state.face_up, state.seen_discard
    discard, own_discard = state.discard, state.own_discard
    for seat, played in enumerate(table):
        discard.extend(played)
        if suspected[seat]:
            seen.update(played)
        else:
            up, own = face_up[seat], own_discard[seat]
            for card in played:
                if card in up or card in shown:
                    seen.add(card)
                else:
                    own.add(card)
        table[seat] = []
        face_up[seat] = []
    if not state.silent:  # the pile's order is only ever read sorted: a search's samples skip it
        discard.sort()


class RoundFacts:
    """What everyone saw of a round, as the round left it; :meth:`summary` makes the
    table's ``last_round`` dict from it the first time it is asked (and keeps it, so a
    state and its copies share one dict, as they did when it was made at once).

    It holds the round's own lists: the table's and the face-up cards' (which the
    discard step replaces by new empty lists, never changes) and the scoring's results.
    """

    __slots__ = (
        "applied",
        "assignment",
        "cards",
        "change",
        "counter",
        "event",
        "extra",
        "face_up",
        "giulia",
        "laid",
        "limit",
        "made",
        "round",
        "success",
        "suspected",
        "table",
        "totals",
    )

    cards: CardSet
    round: int
    assignment: int
    event: int | None
    counter: int
    table: list[list[int]]
    face_up: list[list[int]]
    laid: dict[int, int | None]
    applied: dict[int, int | None]
    suspected: list[bool]
    success: list[bool]
    totals: list[int | None]
    extra: int
    limit: int
    change: list[int]
    giulia: list[int]
    made: LastRound | None

    def summary(self) -> LastRound:
        """What everyone saw of the round, for views and the game log."""
        made = self.made
        if made is None:
            made = self.made = _summary(self)
        return made


def _round_facts(
    state: CapoTable,
    laid: dict[int, int | None],
    applied: dict[int, int | None],
    suspected: list[bool],
    success: list[bool],
    totals: list[int | None],
    extra: int,
    limit: int,
    change: list[int],
    giulia: list[int],
) -> RoundFacts:
    """The round's facts, read off the table before its cards go to the discard pile."""
    facts = RoundFacts.__new__(RoundFacts)
    facts.cards = state.cards
    facts.round, facts.assignment, facts.event = state.round, state.assignment, state.event
    facts.counter = state.counter
    facts.table, facts.face_up = list(state.table), list(state.face_up)
    facts.laid, facts.applied = laid, applied
    facts.suspected, facts.success, facts.totals = suspected, success, totals
    facts.extra, facts.limit = extra, limit
    facts.change, facts.giulia = change, giulia
    facts.made = None
    return facts


def _summary(facts: RoundFacts) -> LastRound:
    seats = range(len(facts.table))
    table, laid, applied, suspected = facts.table, facts.laid, facts.applied, facts.suspected
    return {
        "round": facts.round,
        "assignment": facts.assignment,
        "assignment_name": facts.cards.assignments[facts.assignment].name,
        "event": facts.event,
        "max_stars": facts.limit,
        "played": [len(t) for t in table],
        "face_up": [list(f) for f in facts.face_up],
        "laid": [laid.get(s) for s in seats],
        "suspicions": [applied.get(s) for s in seats],
        "suspected": suspected,
        "revealed": [list(table[s]) if suspected[s] else None for s in seats],
        "stars": facts.totals,
        "little_tony_stars": facts.extra,
        "success": facts.success,
        "counter": facts.counter,
        "change": facts.change,
        "giulia_shown": sorted(facts.giulia),
    }
