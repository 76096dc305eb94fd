"""Shared helpers for the Capo tests: finding cards, building positions, playing rounds."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Declare, Place, Suspect, TurnUp
from mobtable.games.capo.cards import Effect, Special, builtin_cards
from mobtable.games.capo.rules import Phase
from mobtable.games.capo.state import CapoState

CARDS = builtin_cards()


class Picker:
    """Hands out distinct built-in Mafioso cards by description."""

    def __init__(self) -> None:
        self.taken: set[int] = set()

    def card(
        self,
        *symbols: str,
        stars: int | None = None,
        special: Special | None = None,
        name: str | None = None,
    ) -> int:
        for c in CARDS.mafiosi:
            if c.id in self.taken or c.special is not special:
                continue
            if special is None and sorted(c.symbols) != sorted(symbols):
                continue
            if stars is not None and c.stars != stars:
                continue
            if name is not None and c.name != name:
                continue
            self.taken.add(c.id)
            return c.id
        raise LookupError(f"no free card {symbols} {stars} {special} {name}")

    def fillers(self, count: int) -> list[int]:
        """Plain cards to fill hands: dynamite cards first, then the last plain cards."""
        plain = [c for c in CARDS.mafiosi if c.special is None and c.id not in self.taken]
        plain.sort(key=lambda c: (c.symbols != ("dynamite",), -c.id))
        out = [c.id for c in plain[:count]]
        if len(out) < count:
            raise LookupError("not enough plain cards left")
        self.taken.update(out)
        return out


def assignment(name: str) -> int:
    return next(a.id for a in CARDS.assignments if a.name == name)


def event(effect: Effect) -> int:
    return next(e.id for e in CARDS.events if e.effect is effect)


def next_back(envelope: bool, exclude: Iterable[int] = ()) -> int:
    """An assignment whose back shows (or does not show) an envelope."""
    return next(
        a.id for a in CARDS.assignments if a.envelope is envelope and a.id not in set(exclude)
    )


def new(
    hands: Sequence[Sequence[int]],
    *,
    first: str = "Protection racket",
    envelope_next: bool = False,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    **setup: Any,
) -> CapoState:
    """A table from an explicit setup whose round 1 shows assignment ``first``.

    The second assignment's back decides whether an event is turned; with the
    default ``envelope_next=False`` no event is out unless ``events`` says
    which card tops the Event stack *and* ``envelope_next`` is true.
    """
    config = GAME.config(len(hands), variants=variants, options=options)
    top = assignment(first)
    order = setup.pop("assignments", None) or [top, next_back(envelope_next, exclude=[top])]
    full = {"hands": [list(h) for h in hands], "assignments": order, **setup}
    return GAME.new_state(config, setup=full)


def play(state: CapoState, seat: int, cards: Sequence[int]) -> None:
    state.apply(seat, Declare(len(cards)))
    for card in cards:
        state.apply(seat, Place(card))


def play_round(
    state: CapoState,
    plays: Mapping[int, Sequence[int]],
    *,
    turns: Mapping[int, Sequence[int]] | None = None,
    suspicions: Mapping[int, int | None] | None = None,
) -> None:
    """Play a whole round: crews, turn-ups (default: the first cards), suspicions."""
    for seat in range(state.players):
        play(state, seat, plays[seat])
    if state.phase is Phase.TURN:
        for seat in state.pending():
            chosen = (turns or {}).get(seat) or state.table[seat][: state.must_turn[seat]]
            for card in chosen:
                state.apply(seat, TurnUp(card))
    for seat in range(state.players):
        state.apply(seat, Suspect((suspicions or {}).get(seat)))


def joram_danny_erik() -> tuple[CapoState, list[int], list[int], list[int]]:
    """The rulebook's phase 4 example: Joram, Danny and Erik on "Protection racket".

    Joram: cash 2 stars + pistol 2 stars: the symbols, but 4 stars.
    Danny: a lone knife: he bluffs, but nobody suspects him.
    Erik: cash 1 star + pistol 1 star: symbols and 2 stars.
    Returns the table (cash and pistol, at most 3 stars) and the three crews.
    """
    pick = Picker()
    joram = [pick.card("cash", stars=2), pick.card("pistol", stars=2)]
    danny = [pick.card("knife", stars=0)]
    erik = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
    hands = [joram + pick.fillers(3), danny + pick.fillers(4), erik + pick.fillers(3)]
    state = new(hands, first="Protection racket", respect=[3, 3, 3])
    return state, joram, danny, erik


def all_cards(state: CapoState) -> list[int]:
    """Every Mafioso card's id, from every zone (for accounting)."""
    zones: list[int] = [*state.stack, *state.discard, *state.box]
    for seat in range(state.players):
        zones += state.hands[seat] + state.table[seat]
    return zones


def hidden_from(state: CapoState, seat: int | None) -> list[int]:
    visible = set(state.box) | state.seen_discard
    for up in state.face_up:
        visible.update(up)
    if seat is not None:
        visible |= set(state.hands[seat]) | set(state.table[seat]) | state.own_discard[seat]
    return sorted(c for c in range(70) if c not in visible)


def relabelled(state: CapoState, seat: int | None, rng: random.Random) -> CapoState:
    """The same position with every card hidden from ``seat`` relabelled."""
    other = state.clone()
    pool = hidden_from(state, seat)
    moved = pool[:]
    rng.shuffle(moved)
    sigma = dict(zip(pool, moved, strict=True))

    def re(cards):
        return [sigma.get(c, c) for c in cards]

    others = [p for p in range(state.players) if p != seat]
    for p in others:
        other.hands[p] = sorted(re(state.hands[p]))
        other.table[p] = sorted(re(state.table[p]))
        other.own_discard[p] = set(re(state.own_discard[p]))
        if p in state.step.choices and state.phase in (Phase.PLAY, Phase.TURN):
            other.step.choices[p] = tuple(sorted(re(state.step.choices[p])))
        if p in state.picked:
            other.picked[p] = re(state.picked[p])
    other.discard = sorted(re(state.discard))
    other.stack = re(state.stack)
    rng.shuffle(other.stack)
    if len(state.assignment_stack) > 1:
        rest = state.assignment_stack[1:]
        rng.shuffle(rest)
        other.assignment_stack = [state.assignment_stack[0], *rest]
    rng.shuffle(other.event_stack)
    other.rng = random.Random(rng.random())
    return other
