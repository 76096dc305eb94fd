"""What one seat may know, and full states drawn consistently with it (K-14, K-15).

A seat sees: its own hand and played cards, every card turned face up, the
cards of suspected players once revealed, the public parts of the discard
pile, the counts of everything else, the respect track and the face-up
Assignment and Event cards (plus the back of the next Assignment card, which
lies on the table for all to see). It never sees other seats' hands or
face-down cards, the cards of unsuspected players (not even after the round),
the order of any stack, or the seed.

In every sealed step (playing cards, turning up, suspicions) the view says
which seats have committed and which are still deciding, never what they
chose (K-14). How many cards another seat plays shows only once every seat
has played (K-23, option ``crew_sizes = sealed``; ``played`` is ``None``
until then). With ``crew_sizes = open`` a card on the table is seen to be
there as it is placed, and the view counts each seat's face-down cards so
far; the declared count (``p3``) stays private until that many lie there.

``determinize`` uses only those facts: the cards the seat cannot place are
sorted, shuffled with the given ``rng`` and dealt into the hidden slots in a
fixed seat order. The other seats' unrevealed commitments are dropped, yet
stay announced (``SealedStep.announced``): they decide again in the sample.
With sealed crews they choose their crew afresh, size included; with open
placement a committed crew has as many cards as the table shows, and a crew
in progress keeps its visible cards (drawn from the sampled hand) and a
drawn total above them.

The deal is then made believable (:mod:`crews`): a seat's face-down cards
are chosen, from its sampled hand plus them, so that its crew carries out the
assignment whenever some choice of that many cards does, and a crew in
progress is taken from a successful crew of the sampled hand when there is
one, since players mostly bluff only when they cannot succeed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from mobtable.core import Origin
from mobtable.core.shuffle import shuffle
from mobtable.games.capo import crews
from mobtable.games.capo import events as ev
from mobtable.games.capo.rules import GAME_OVER, PLAYING, SUSPECTING, TURNING
from mobtable.games.capo.view_types import (
    AssignmentCard,
    CapoView,
    EventView,
    MafiosoView,
    Me,
    StepView,
    TableSeat,
)

if TYPE_CHECKING:
    from mobtable.games.capo.cards import CardSet
    from mobtable.games.capo.state import CapoState


def known_cards(state: CapoState, seat: int | None) -> set[int]:
    """The Mafioso cards whose place ``seat`` knows (``None``: a spectator)."""
    known = set(state.box) | state.seen_discard
    for up in state.face_up:
        known.update(up)
    if seat is not None:
        known.update(state.hands[seat])
        known.update(state.table[seat])
        known.update(state.own_discard[seat])
    return known


def face_down(state: CapoState, seat: int) -> int:
    """How many cards ``seat`` has put on the table (while playing: so far)."""
    if state.phase is not PLAYING:
        return len(state.table[seat])
    step = state.step
    if seat in step.choices:
        return len(step.choices[seat])
    if seat in step.announced and not state.rules.sealed_crews:
        return state.declared[seat]  # an open sample: it owes a crew of that many cards again
    return len(state.picked.get(seat, ()))


def played_as_seen(state: CapoState, seat: int, viewer: int | None) -> int | None:
    """How many cards ``viewer`` sees ``seat`` play; ``None``: not known yet (K-23).

    With sealed crews another seat's cards stay off the table for the others
    until every seat has played; a seat always knows its own.
    """
    if state.phase is PLAYING and state.rules.sealed_crews and seat != viewer:
        return None
    return face_down(state, seat)


def step_public(state: CapoState) -> StepView | None:
    """The sealed step under way: who takes part, who has committed, who is awaited."""
    if state.phase is GAME_OVER:
        return None
    public = state.step.public()
    seats, committed = public["seats"], public["committed"]
    return {
        "phase": state.phase.value,
        "seats": seats,
        "committed": committed,
        "waiting": [s for s in seats if s not in committed],
    }


def view_for(state: CapoState, seat: int | None) -> CapoView:
    cards = state.cards
    faces = _faces(cards)
    n = state.players
    assignment = cards.assignments[state.assignment]
    shown: set[int] = set(state.box) | state.seen_discard
    table: list[TableSeat] = []
    down = [played_as_seen(state, p, seat) for p in range(n)]
    # while playing, the cards put down are still in ``hands`` until all reveal
    playing = state.phase is PLAYING
    held = [len(h) - ((down[p] or 0) if playing else 0) for p, h in enumerate(state.hands)]
    for p in range(n):
        entry: TableSeat = {
            "played": down[p],
            "face_up": list(state.face_up[p]),
            "must_turn": state.must_turn[p] if state.phase is TURNING else 0,
        }
        shown.update(state.face_up[p])
        if p == seat:
            own = entry["cards"] = _own_cards(state, p)
            shown.update(own)
        table.append(entry)
    mine_discarded: list[int] = []
    if seat is not None:
        shown.update(state.hands[seat])
        mine_discarded = sorted(state.own_discard[seat])
        shown.update(mine_discarded)
    last = state.last_round
    if last is not None:
        for cards_of in (*last["revealed"], *last["face_up"], last["giulia_shown"]):
            if cards_of:
                shown.update(cards_of)
    next_back = None
    if state.assignment_stack:
        next_back = cards.assignments[state.assignment_stack[0]].envelope
    view: CapoView = {
        "game": "capo",
        "seat": seat,
        "players": n,
        "round": state.round,
        "phase": state.phase.value,
        "counter": state.counter,
        "target": state.rules.target,
        "respect": list(state.respect),
        "supply": state.supply,
        "assignment": {
            **faces.assignments[state.assignment],
            "max_stars": ev.max_stars(assignment, state.effect),
        },
        "event": None if state.event is None else faces.events[state.event],
        "next_assignment_envelope": next_back,
        "assignments_left": len(state.assignment_stack),
        "assignments_used": list(state.assignments_used),
        "events_left": len(state.event_stack),
        "events_used": list(state.events_used),
        "hand": None if seat is None else _held(state, seat),
        "hand_sizes": held,
        "stack_size": len(state.stack),
        "discard": {
            "size": len(state.discard),
            "seen": sorted(state.seen_discard),
            "mine": mine_discarded,
            "unseen_by_seat": [len(d) for d in state.own_discard],
        },
        "box": list(state.box),
        "table": table,
        "step": step_public(state),
        "me": None if seat is None else _my_choices(state, seat),
        "last_round": last,
        "result": state.result().to_json() if state.phase is GAME_OVER else None,
        "cards": dict([faces.mafiosi[c] for c in sorted(shown)]),
        "symbols": faces.symbols,
        "reconstructed": reconstructed_in_play(state),
    }
    return view


def reconstructed_in_play(state: CapoState) -> Sequence[str]:
    """What of the card data in play is our own design (empty for a real deck's file).

    It changes only when a card leaves the game, so the words are kept for the last
    cards out and card set seen (every view asks) and shared by the views meanwhile."""
    global _RECONSTRUCTED
    cards = state.cards
    key = (tuple(state.box), tuple(sorted(state.event_box)), state.rules.events)
    kept = _RECONSTRUCTED  # read once: another thread may replace it
    if kept is None or kept[0] is not cards or kept[1] != key:
        boxed = set(state.box)
        mafiosi = [c for c in range(len(cards.mafiosi)) if c not in boxed]
        events = [e for e in range(len(cards.events)) if e not in state.event_box]
        words = list(cards.reconstructed(mafiosi, events if state.rules.events else []))
        kept = _RECONSTRUCTED = (cards, key, words)
    return kept[2]


_RECONSTRUCTED: tuple[CardSet, tuple[object, ...], Sequence[str]] | None = None
"""The last card set, cards out of the game and words of :func:`reconstructed_in_play`."""


class _Faces(NamedTuple):
    """A card set's faces as the view shows them, made once per card set (a card never
    changes) and shared by every view, which types them read-only: copying twenty faces was
    a tenth of a Capo view's time."""

    cards: CardSet
    mafiosi: tuple[tuple[str, MafiosoView], ...]
    """Each mafioso's key in the view's ``cards`` and its face."""
    assignments: tuple[AssignmentCard, ...]
    events: tuple[EventView, ...]
    symbols: Mapping[str, str]


def _faces(cards: CardSet) -> _Faces:
    """The card set's shared faces (see :class:`_Faces`)."""
    global _FACES
    kept = _FACES  # read once: another thread may replace it
    if kept is None or kept.cards is not cards:
        kept = _FACES = _Faces(
            cards,
            tuple((str(c), m.to_json()) for c, m in enumerate(cards.mafiosi)),
            tuple(a.to_json() for a in cards.assignments),
            tuple(e.to_json() for e in cards.events),
            dict(zip(cards.symbols, cards.symbol_names, strict=True)),
        )
    return kept


_FACES: _Faces | None = None
"""The last card set's faces (see :func:`_faces`)."""


def _held(state: CapoState, seat: int) -> list[int]:
    """The seat's hand without the cards it has already put face down."""
    down = set(_own_cards(state, seat)) if state.phase is PLAYING else set()
    return [c for c in state.hands[seat] if c not in down]


def _own_cards(state: CapoState, seat: int) -> list[int]:
    """The seat's cards on the table; while playing, those placed so far."""
    if state.phase is not PLAYING:
        return list(state.table[seat])
    if seat in state.step.choices:
        return list(state.step.choices[seat])
    return sorted(state.picked.get(seat, ()))


def _my_choices(state: CapoState, seat: int) -> Me:
    """A seat's own decisions in the current step, committed or in progress."""
    committed = seat in state.step.choices
    choice = state.step.choices.get(seat)
    mine: Me = {"committed": committed}
    if state.phase in (PLAYING, TURNING):  # the cards chosen so far
        chosen = list(state.step.choices[seat] if committed else state.picked.get(seat, ()))
        if state.phase is PLAYING:
            mine["declared"] = state.declared.get(seat)
            mine["placed"] = chosen
        else:
            mine["turning"] = chosen
    elif state.phase is SUSPECTING:
        mine["suspects"] = choice
    return mine


def determinize(state: CapoState, seat: int, rng: random.Random) -> CapoState:
    """A full state drawn among those consistent with ``view(seat)``."""
    other = state.sample_copy()
    other.origin = Origin(None, None)
    other.step = state.step.forget_others(seat)
    other.declared = {seat: state.declared[seat]} if seat in state.declared else {}
    other.picked = {seat: list(state.picked[seat])} if seat in state.picked else {}
    known = known_cards(state, seat)
    unknown = [c for c in range(len(state.cards.mafiosi)) if c not in known]  # ascending
    shuffle(unknown, rng)
    deal = _Deal(unknown)
    hands, table, face_up, own_discard = state.hands, state.table, state.face_up, state.own_discard
    other_hands, other_table, other_own = other.hands, other.table, other.own_discard
    for p in range(len(hands)):
        if p == seat:
            continue
        other_hands[p] = sorted(deal.take(len(hands[p])))
        up = face_up[p]
        hidden = len(table[p]) - len(up)
        other_table[p] = sorted(up + deal.take(hidden))
        other_own[p] = set(deal.take(len(own_discard[p])))
    test = crews.CrewTest(state)
    if state.phase is PLAYING:
        if not state.rules.sealed_crews:  # sealed: every other crew is chosen afresh
            _reopen_crews(state, other, seat, rng, test)
    else:
        crews.settle_tables(other, seat, test, rng)
    privately = 0
    for mine in own_discard:
        privately += len(mine)
    anonymous = deal.take(len(state.discard) - len(state.seen_discard) - privately)
    discard = [*state.seen_discard, *anonymous]
    for mine in other.own_discard:
        discard.extend(mine)
    discard.sort()
    other.discard = discard
    other.stack = deal.take(len(state.stack))
    other.assignment_stack = _shuffled_assignments(state, rng)
    events = sorted(state.event_stack)
    shuffle(events, rng)
    other.event_stack = events
    other.rng = rng  # the sample keeps drawing from rng (no Random seeded per sample)
    return other


def _reopen_crews(
    state: CapoState, other: CapoState, seat: int, rng: random.Random, test: crews.CrewTest
) -> None:
    """Others' crews in a sample: as many cards down as the view shows, chosen anew.

    A crew in progress comes from a successful crew of the sampled hand when
    there is one (:func:`crews.crew_in_progress`), else from a uniform draw.
    """
    for p in range(state.players):
        if p == seat:
            continue
        down = face_down(state, p)
        if p in other.step.announced:  # committed: a crew of ``down`` cards, placed again
            other.declared[p], other.picked[p] = down, []
        elif down:  # in progress: the visible cards, and more to come
            least = max(down + 1, ev.least_play(len(state.hands[p]), state.effect))
            plan = crews.crew_in_progress(other.hands[p], down, least, test, rng)
            if plan is None:
                plan = (
                    rng.randint(least, len(state.hands[p])),
                    rng.sample(other.hands[p], down),
                )
            other.declared[p], other.picked[p] = plan


class _Deal:
    """Hands out ``cards`` from the front: ``take(count)``, the next ``count`` of them."""

    __slots__ = ("cards", "dealt")

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards
        self.dealt = 0

    def take(self, count: int) -> list[int]:
        start = self.dealt
        self.dealt = start + count
        return self.cards[start : self.dealt]


def _dealer(cards: list[int]) -> Callable[[int], list[int]]:
    """``deal(count)``: the next ``count`` cards of ``cards``, from the front."""
    return _Deal(cards).take


def _shuffled_assignments(state: CapoState, rng: random.Random) -> list[int]:
    """The stack reshuffled, keeping a top card whose back matches the visible one."""
    pool = sorted(state.assignment_stack)
    shuffle(pool, rng)
    if pool:
        assignments = state.cards.assignments
        wanted = assignments[state.assignment_stack[0]].envelope
        for i, card in enumerate(pool):
            if assignments[card].envelope == wanted:
                pool.insert(0, pool.pop(i))
                break
    return pool
