"""Capo's words: move labels, log lines and prompts for one reader (issue 12).

Cards are named with their symbols and stars ("Soldato (Cash, 1 star)"),
seats by the table's names ("you" for the reader). A reader who is not the
acting seat reads a move without its secret ("Marco puts a card face down"):
which cards, how many and whom a seat suspects stay sealed until the table
shows them (K-14, K-23). Events carry the facts of the cards they name
(``CardSet.facts``), so a line is written from the event alone, with the
names of a custom card file too.

>>> from mobtable.core.words import Breakdown, Reader
>>> reader = Reader(1, ("Joram", "Danny", "Erik"))
>>> card_words({"name": "Soldato", "symbols": ["Cash"], "stars": 1, "special": None})
'Soldato (Cash, 1 star)'
>>> from mobtable.core import Event
>>> WORDS.event(Event("draw", {"seat": 1, "count": 4}, ""), reader)
'You draw 4 cards.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from mobtable.core.words import Breakdown, Reader, count, listing
from mobtable.games.capo import events as ev
from mobtable.games.capo import scorecard
from mobtable.games.capo.actions import Declare, Place, Suspect, TurnUp
from mobtable.games.capo.rules import Phase

if TYPE_CHECKING:
    from mobtable.core import Action, Event, State
    from mobtable.games.capo.state import CapoState

Fact = Mapping[str, Any]

MINUS = "\N{MINUS SIGN}"

STAR_CUTS = {"john-malone": 1, "captain-penny": 2}
"""The stars a special card takes off its crew (K-19), for its description."""
ORDINALS = ("", "a second ", "a third ", "a fourth ", "a fifth ")
"""How identical cards in one hand are told apart in move labels."""


def capital(text: str) -> str:
    """The text with its first letter upper-case (names keep their own case)."""
    return text[:1].upper() + text[1:]


def stars(n: int) -> str:
    """ "1 star", "3 stars", and with a minus sign a total cut below zero (K-19)."""
    return count(n, "star") if n >= 0 else MINUS + count(-n, "star")


def card_words(fact: Fact) -> str:
    """A Mafioso card with its symbols and stars: ``Soldato (Cash, 1 star)``."""
    special = fact.get("special")
    if special == "vincenzo-forza":
        parts = ["any one symbol"]
    else:
        parts = [listing(fact["symbols"], empty="no symbol")]
    cut = STAR_CUTS.get(special or "", 0)
    if fact["stars"] or not cut:
        parts.append(stars(fact["stars"]))
    if cut:
        parts.append(f"takes {count(cut, 'star')} off")
    return f"{fact['name']} ({', '.join(parts)})"


def star_limit(limit: int) -> str:
    """A round's star limit in words: ``at most 3 stars``, or ``no stars allowed``."""
    return "no stars allowed" if limit == 0 else f"at most {stars(limit)}"


def assignment_words(fact: Fact) -> str:
    """``Protection racket: Cash and Pistol, at most 3 stars``."""
    needs = list(fact["symbols"])
    choice = fact["choice"]
    if choice == 1:
        needs.append("1 symbol of choice")
    elif choice > 1:
        needs.append(f"{choice} identical symbols of choice")
    allowed = star_limit(fact["max_stars"])
    return f"{fact['name']}: {listing(needs, empty='no symbol')}, {allowed}"


def people(reader: Reader, seats: Iterable[int], *, first: bool = False) -> str:
    """ "Marco, you and Sal" (``first``: it starts a sentence)."""
    names = [reader.name(s) for s in seats]
    if first and names:
        names[0] = capital(names[0])
    return listing(names)


def _cards(facts: Fact, ids: Iterable[int]) -> str:
    return listing((card_words(facts[str(c)]) for c in ids), empty="no card")


# -- move labels ----------------------------------------------------------------
def _copy(state: CapoState, pool: Sequence[int], card: int) -> str:
    """The card's words, "a second …" when an identical card comes first in ``pool``."""
    fact = state.cards.fact(card)
    twins = sorted(c for c in pool if state.cards.fact(c) == fact)
    rank = twins.index(card) if card in twins else 0
    prefix = ORDINALS[rank] if rank < len(ORDINALS) else f"copy {rank + 1} of "
    return prefix + card_words(fact)


def _own_label(state: CapoState, seat: int, action: Action, reader: Reader) -> str:
    if isinstance(action, Declare):
        return f"Play {count(action.count, 'card')} face down"
    if isinstance(action, Place):
        chosen = state.picked.get(seat, ())
        pool = [c for c in state.hands[seat] if c not in chosen]
        return f"Put {_copy(state, pool, action.card)} face down"
    if isinstance(action, TurnUp):
        chosen = state.picked.get(seat, ())
        pool = [c for c in state.table[seat] if c not in chosen]
        return f"Turn {_copy(state, pool, action.card)} face up"
    if isinstance(action, Suspect):
        return (
            "Suspect nobody" if action.target is None else f"Suspect {reader.name(action.target)}"
        )
    raise TypeError(f"not a Capo action: {action!r}")


def _sealed_label(seat: int, action: Action, reader: Reader) -> str:
    """Another seat's move, as a reader who may not know its secret reads it."""
    who = reader.subject(seat)
    if isinstance(action, Declare):
        return f"{who} chooses how many cards to play"
    if isinstance(action, Place):
        return f"{who} puts a card face down"
    if isinstance(action, TurnUp):
        return f"{who} chooses a card to turn face up"
    if isinstance(action, Suspect):
        return f"{who} lays the Suspicion card"
    raise TypeError(f"not a Capo action: {action!r}")


# -- prompts ----------------------------------------------------------------------
_WAITING = {
    Phase.PLAY: "to play",
    Phase.TURN: "to turn cards face up",
    Phase.SUSPECT: "to choose whom to suspect",
}


def _my_prompt(state: CapoState, seat: int) -> str:
    chosen = state.picked.get(seat, ())
    if state.phase is Phase.PLAY:
        if seat not in state.declared:
            least = ev.least_play(len(state.hands[seat]), state.effect)
            more = f" (at least {count(least, 'card')} this round)" if least > 1 else ""
            return f"Choose how many cards to play, face down{more}"
        left = state.declared[seat] - len(chosen)
        noun = "more card" if chosen else "card"
        return f"Choose {count(left, noun)} to put face down"
    if state.phase is Phase.TURN:
        left = state.must_turn[seat] - len(chosen)
        more = " more" if chosen else ""
        return f"Choose {left}{more} of your played cards to turn face up"
    return "Lay your Suspicion card: suspect one player, or nobody"


def _game_over(state: CapoState, reader: Reader) -> str:
    result = state.result()
    winners = list(result.winners)
    best = state.respect[winners[0]]
    head = f"Game over after {count(state.round, 'round')}" if state.capped else "Game over"
    if len(winners) == 1:
        win = reader.verb(winners[0], "win", "wins")
        return f"{head}: {people(reader, winners, first=True)} {win} with {best} respect"
    return f"{head}: {people(reader, winners, first=True)} share the victory with {best} respect"


# -- log lines ----------------------------------------------------------------------
_PILES = {
    "assignments": "The used Assignment cards are shuffled into a new stack.",
    "events": "The used Event cards are shuffled into a new stack.",
    "mafiosi": "The discard pile is shuffled into a new Mafioso stack.",
}
_COMMITTED = {
    "play": ("have played a crew face down", "has played a crew face down"),
    "turn": ("have chosen what to turn face up", "has chosen what to turn face up"),
    "suspect": ("have laid the Suspicion card", "has laid the Suspicion card"),
}


def _round(data: Fact, reader: Reader) -> str:
    return round_words(data["round"], data["assignment_fact"], data.get("event_fact"))


def round_words(number: int, assignment: Fact, event: Fact | None) -> str:
    """A round's start: the Assignment card as printed, then the Event card and, when it
    changes the star limit, the limit the round plays with (the card says 2, the
    friendly judge makes it 4: the player reads both, never 4 and then "2 more")."""
    printed = assignment.get("stars", assignment["max_stars"])
    line = f"Round {number} — {assignment_words(dict(assignment, max_stars=printed))}."
    if event is None:
        return line
    line += f" Event card: {event['name']}. {event['text']}"
    if assignment["max_stars"] != printed:
        limit = assignment["max_stars"]
        allowed = "no stars are allowed" if limit == 0 else f"the limit is {stars(limit)}"
        line += f" So this round {allowed}."
    return line


def _played(data: Fact, reader: Reader) -> str:
    crews = [f"{reader.name(s)} {count(n, 'card')}" for s, n in enumerate(data["counts"])]
    return f"All crews are down: {listing(crews)}."


def _turned_up(data: Fact, reader: Reader) -> str:
    facts = data["facts"]
    parts = [
        f"{reader.name(s)} {reader.verb(s, 'turn', 'turns')} {_cards(facts, up)} face up"
        for s, up in enumerate(data["face_up"])
        if up
    ]
    if not parts:
        return "Nobody turns a card face up."
    return capital("; ".join(parts)) + "."


def _suspicions(data: Fact, reader: Reader) -> str:
    laid, applied = data["laid"], data["applied"]
    said = [
        f"{reader.name(s)} {reader.verb(s, 'suspect', 'suspects')} "
        + ("nobody" if t is None else reader.name(t))
        for s, t in enumerate(laid)
    ]
    line = f"Suspicions: {listing(said)}."
    dropped = [s for s, t in enumerate(laid) if t is not None and applied[s] is None]
    pairs = [(a, laid[a]) for a in dropped if a < laid[a]]
    for a, b in pairs:
        line += (
            f" Have a sit down: {people(reader, (a, b))} suspect each other,"
            " so both suspicions are dropped."
        )
    free = [s for s, hit in enumerate(data["suspected"]) if not hit]
    if free:
        whose = reader.possessive(free[0]) if len(free) == 1 else "their"
        line += (
            f" Nobody suspects {listing((reader.name(s) for s in free), last='or')}:"
            f" {whose} cards stay hidden and count as a success."
        )
    return line


def _reveal(data: Fact, reader: Reader) -> str:
    seat = data["seat"]
    total = stars(data["stars"])
    tony = data.get("little_tony_stars", 0)
    if tony:
        total += f" with Little Tony's {count(tony, 'extra star')}"
    line = (
        f"{reader.subject(seat)} {reader.verb(seat, 'show', 'shows')} "
        f"{_cards(data['facts'], data['cards'])}: {total}"
    )
    if data["success"]:
        return line + " — the assignment is carried out."
    faults = []
    if data["stars"] > data["max_stars"]:
        faults.append(f"more than the {count(data['max_stars'], 'star')} allowed")
    if not data["symbols_met"]:
        faults.append("symbols missing")
    return f"{line}, {listing(faults)} — off to prison."


def _reason(entry: Fact, reader: Reader) -> str:
    why, other = entry["why"], entry["other"]
    if why == "job":
        return "for the assignment"
    if why == "giulia":
        return "for Giulia Napoli"
    if why == "right":
        return f"for rightly suspecting {reader.name(other)}"
    if why == "wrong":
        return f"for wrongly suspecting {reader.name(other)}"
    if why == "mario-took":
        return f"taken from {reader.name(other)} with Mario Beretta"
    return f"taken by {reader.possessive(other)} Mario Beretta"


def _item(entry: Fact, reader: Reader) -> str:
    amount, why, other = entry["amount"], entry["why"], entry["other"]
    if amount == 0:  # a floor at 0 (K-04, K-18) or an empty supply (K-05)
        if why == "wrong":
            return f"nothing to lose {_reason(entry, reader)}"
        if why == "mario-took":
            return f"nothing to take from {reader.name(other)} with Mario Beretta"
        if why == "mario-lost":
            return f"nothing to give to {reader.possessive(other)} Mario Beretta"
        return f"nothing {_reason(entry, reader)}, as the respect supply is empty"
    sign = "+" if amount > 0 else MINUS
    return f"{sign}{abs(amount)} {_reason(entry, reader)}"


def _scored(data: Fact, reader: Reader) -> str:
    by_seat: dict[int, list[Fact]] = {}
    for entry in data["entries"]:
        by_seat.setdefault(entry["seat"], []).append(entry)
    if not by_seat:
        return "Nobody gains or loses respect this round."
    parts = []
    for seat, entries in by_seat.items():
        net = sum(e["amount"] for e in entries)
        if net > 0:
            head = f"{reader.verb(seat, 'gain', 'gains')} {net} respect"
        elif net < 0:
            head = f"{reader.verb(seat, 'lose', 'loses')} {-net} respect"
        else:
            head = f"{reader.verb(seat, 'gain', 'gains')} nothing"
        items = ", ".join(_item(e, reader) for e in entries)
        parts.append(f"{reader.name(seat)} {head} ({items})")
    standing = [
        f"{reader.name(s)} {reader.verb(s, 'have', 'has')} {r}"
        for s, r in enumerate(data["respect"])
    ]
    return f"{capital('; '.join(parts))}. Respect now: {listing(standing)}."


def _game_over_event(data: Fact, reader: Reader) -> str:
    winners = data["winners"]
    best = data["respect"][winners[0]]
    head = f"Game over after {count(data['rounds'], 'round')}" if data["capped"] else "Game over"
    if len(winners) == 1:
        win = reader.verb(winners[0], "win", "wins")
        return f"{head}: {people(reader, winners, first=True)} {win} with {best} respect."
    return f"{head}: {people(reader, winners, first=True)} share the victory with {best} respect."


def _line(event: Event, reader: Reader) -> str:
    data, kind = event.data, event.kind
    seat = data.get("seat", 0)
    who = reader.subject(seat)
    if kind == "round":
        return _round(data, reader)
    if kind == "reshuffle":
        return _PILES[data["pile"]]
    if kind == "declared":
        return f"{who} will play {count(data['count'], 'card')} face down."
    if kind == "placed":
        put = reader.verb(seat, "put", "puts")
        return f"{who} {put} {_cards(data['facts'], [data['card']])} face down."
    if kind == "face-down":
        have = reader.verb(seat, "have", "has")
        return f"{who} {have} {count(data['count'], 'card')} face down."
    if kind == "turning":
        return f"{who} will turn {_cards(data['facts'], [data['card']])} face up."
    if kind == "committed":
        mine, theirs = _COMMITTED[data["phase"]]
        return f"{who} {reader.verb(seat, mine, theirs)}."
    if kind == "played":
        return _played(data, reader)
    if kind == "turned-up":
        return _turned_up(data, reader)
    if kind == "suspicions":
        return _suspicions(data, reader)
    if kind == "reveal":
        return _reveal(data, reader)
    if kind == "giulia-shown":
        show = reader.verb(seat, "show", "shows")
        return f"{who} {show} {_cards(data['facts'], [data['card']])} to claim the extra respect."
    if kind == "scored":
        return _scored(data, reader)
    if kind == "draw":
        return f"{who} {reader.verb(seat, 'draw', 'draws')} {count(data['count'], 'card')}."
    if kind == "drawn":
        new = _cards(data["facts"], data["cards"])
        return f"{capital(reader.possessive(seat))} new cards: {new}."
    if kind == "extra-round":
        leaders = people(reader, data["leaders"], first=True)
        return f"{leaders} share the lead with {data['respect']} respect: an extra round is played."
    if kind == "game-over":
        return _game_over_event(data, reader)
    raise ValueError(f"Capo has no words for an event of kind {kind!r}")


_REFUSAL_WORDS = (
    (re.compile(r"\bcard \d+"), "that card"),
    (re.compile(r" \(p<count>\)"), ""),
    (re.compile(r"there is no seat \d+"), "there is no such player"),
    (re.compile(r"a player may not suspect himself"), "you may not suspect yourself"),
    (
        re.compile(r"cards are played in phase 2 only"),
        "cards are played only while crews are chosen",
    ),
    (re.compile(r"Suspicion cards are laid in phase 3"), "suspicions come after the crews"),
)


class CapoWords:
    """Capo della Mafia's narration (``core.words.Narration``)."""

    def breakdown(self, state: State, reader: Reader) -> Breakdown:
        """How each player's score was made, for the result card."""
        return scorecard.breakdown(state, reader)

    def reword(self, state: State, reason: str, reader: Reader) -> str:
        """An engine's refusal without card ids or seat numbers (``Narrator.refusal``)."""
        for pattern, words in _REFUSAL_WORDS:
            reason = pattern.sub(words, reason)
        return reason

    def action(self, state: State, seat: int, action: Action, reader: Reader) -> str:
        capo = cast("CapoState", state)
        if reader.is_me(seat):
            return _own_label(capo, seat, action, reader)
        return _sealed_label(seat, action, reader)

    def event(self, event: Event, reader: Reader) -> str:
        return _line(event, reader)

    def shorthand(self, state: State, seat: int, action: Action, reader: Reader) -> str | None:
        """Nothing to type but a move's number (``Narrator.shorthand``): the notation
        names cards by id and players by seat number (``s1`` would be Carla while a
        listed ``1`` is "Suspect nobody"), which mean nothing to a person."""
        return None

    def prompt(self, state: State, reader: Reader) -> str:
        capo = cast("CapoState", state)
        if capo.phase is Phase.OVER:
            return _game_over(capo, reader)
        waiting = capo.step.waiting()
        if reader.seat is not None and reader.seat in waiting:
            return _my_prompt(capo, reader.seat)
        return f"Waiting for {people(reader, waiting)} {_WAITING[capo.phase]}"


WORDS = CapoWords()
