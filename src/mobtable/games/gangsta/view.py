"""What each seat may know (the one place where Gangsta decides visibility).

Public: the trump, the grid, the scores, the cards in the current trick, the
cards won and waiting to be placed, opened cards, raided and discarded cards,
the used ambush cards, how many cards every hand and deck holds, and which
card data is reconstructed rather than printed (``reconstructed``). Private
to a seat: its own hand and the three cards it discarded in a redraw. Hidden
from everyone: the other hands, the order of both decks, and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mobtable.core import Seat
from mobtable.core.shuffle import shuffle
from mobtable.games.gangsta.grid import CELL_NAMES, EMPTY
from mobtable.games.gangsta.redraw import deck_at_redraw
from mobtable.games.gangsta.table import Phase, Settled
from mobtable.games.gangsta.view_types import GangstaView, LastRaid, LastTrick, Variant
from mobtable.games.gangsta.view_types import Phase as PhaseText

if TYPE_CHECKING:
    from mobtable.games.gangsta.cards import CardSet
    from mobtable.games.gangsta.state import GangstaState


def build_view(state: GangstaState, seat: Seat | None) -> GangstaView:
    """What ``seat`` may know now (``None``: a spectator), as JSON-ready values.

    Every call makes new containers, but for those the view types read-only (``Mapping``,
    ``Sequence``), which are shared by every view: the mafias and the reconstructed words,
    made once per card set in :func:`_card_tables` (as are the cards' codes and a void
    mask's mafias); the grid, made once each time it changes (``grid_shown``); the last
    trick and raid, made once each."""
    tables = _card_tables(state.cards)
    code = tables.codes
    over = state.phase is Phase.OVER
    hands = state.hands
    trick = state.trick
    redrew = state.redrew
    voids = tables.voids
    mafia_of_void = state.voids
    return {
        "game": "gangsta",
        "players": state.players,
        "seat": seat,
        "phase": _PHASE_VALUES[state.phase],
        "turn": None if over else state.turn,
        "variant": _VARIANTS[state.reveal],
        "trump": code[state.trump],
        "trump_mafia": tables.mafia_of_card[state.trump],
        "mafias": tables.mafias,
        "hand": None if seat is None else [code[c] for c in hands[seat]],
        "hand_sizes": [len(h) for h in hands],
        "deck_size": len(state.deck),
        "grid": _grid(state, code),
        "scores": list(state.scores),
        "best_trick": list(state.best),
        "trick_points": state.trick_points,
        "tricks_played": state.tricks,
        "leader": state.leader,
        "trick": [{"seat": s, "cards": [code[c] for c in ids]} for s, ids in trick],
        "trick_order": list(state.trick_order),
        "last_trick": None if state.last_trick is None else _last_trick(state.last_trick, code),
        "to_place": [code[c] for c in state.to_place],
        "opened": [code[c] for c in state.revealed],
        "absent": [s for s, hand in enumerate(hands) if not hand],
        "voids": [list(voids[mask]) for mask in mafia_of_void],
        "ambush_deck_size": len(state.ambush_deck),
        "ambush_used": list(state.ambush_used),
        "last_raid": None if state.last_raid is None else _last_raid(state.last_raid, state, code),
        "box": [code[c] for c in state.box],
        "discard": [code[c] for c in state.discard],
        "reconstructed": tables.reconstructed,
        "redraw": {
            "waiting": list(state.redraw_queue),
            "redrew": sorted(redrew),
            "mine": [code[c] for c in redrew[seat]] if seat in redrew else None,
        },
    }


_PHASE_VALUES: dict[Phase, PhaseText] = {phase: phase.value for phase in Phase}
"""A phase's plain text (``Phase.PLAY.value``, without the enum's descriptor each time)."""
_VARIANTS: tuple[Variant | None, ...] = (None, "reveal-one", "reveal-two")
"""The view's ``variant`` for ``state.reveal`` 0, 1 and 2."""


@dataclass(frozen=True)
class _CardTables:
    """What a view reads of a card set, by card id or mafia index (see ``_card_tables``)."""

    codes: tuple[str, ...]
    """Each card's code, by id."""
    mafia_of_card: tuple[str, ...]
    """Each card's mafia letter, by id."""
    mafias: Mapping[str, str]
    """Each mafia's letter and its name, in order (shared by every view)."""
    voids: tuple[tuple[str, ...], ...]
    """For each bit mask of mafias (bit ``m``: mafia ``m``), their letters in order."""
    reconstructed: Sequence[str]
    """The reconstructed card data in words (shared by every view)."""


@lru_cache(maxsize=32)
def _card_tables(cards: CardSet) -> _CardTables:
    """The lookup tables of one card set (made once: a card set never changes)."""
    letters = cards.mafia_codes
    return _CardTables(
        codes=tuple(card.code for card in cards.cards),
        mafia_of_card=tuple(letters[m] for m in cards.mafia),
        mafias=dict(zip(letters, cards.mafia_names, strict=True)),
        voids=tuple(
            tuple(letter for m, letter in enumerate(letters) if mask >> m & 1)
            for mask in range(1 << len(letters))
        ),
        reconstructed=list(cards.reconstructed),
    )


def _grid(state: GangstaState, code: tuple[str, ...]) -> Mapping[str, str]:
    """The filled cells and their cards' codes, made once for each grid (``grid_shown``)."""
    shown = state.grid_shown
    if shown is None:
        shown = state.grid_shown = {
            CELL_NAMES[i]: code[c] for i, c in enumerate(state.grid) if c != EMPTY
        }
    return shown


def _last_trick(last: Settled[Any, LastTrick], code: tuple[str, ...]) -> LastTrick:
    """The last trick (``build_view`` asks only when there is one), made once."""
    shown = last.shown
    if shown is None:
        winner, plays = last.fact
        shown = last.shown = {
            "winner": winner,
            "plays": [{"seat": s, "cards": [code[c] for c in p]} for s, p in plays],
        }
    return shown


def _last_raid(
    last: Settled[Any, LastRaid], state: GangstaState, code: tuple[str, ...]
) -> LastRaid:
    """The last raid (``build_view`` asks only when there is one), made once."""
    shown = last.shown
    if shown is None:
        index, cells, removed = last.fact
        shown = last.shown = {
            "ambush": index,
            "label": state.cards.ambush[index].label,
            "cells": [CELL_NAMES[c] for c in cells],
            "removed": [code[c] for c in removed],
        }
    return shown


def public_cards(state: GangstaState) -> set[int]:
    """The ids of the cards every seat sees (or saw: a raided card stays known)."""
    known = {state.trump, *state.box, *state.discard, *state.to_place, *state.revealed}
    known.update(c for c in state.grid if c != EMPTY)
    known.update(c for _, ids in state.trick for c in ids)
    return known


DEAL_TRIES = 20
"""Shuffles tried for a deal that respects every known void before giving up on them."""


def determinize(state: GangstaState, seat: Seat, rng: random.Random) -> GangstaState:
    """Deal the cards ``seat`` cannot see at random, keeping every fact it knows.

    The unseen cards are sorted before shuffling, so the result depends only
    on what the seat sees and on ``rng``. Other seats get no card of a mafia
    they are known to be void in (G-26): the most constrained seat is dealt
    first, and a shuffle that cannot satisfy everyone is drawn again. The cards
    the seat put back in a redraw go where they can be (G-29): into the deck, or
    into the hand of a seat that redrew after it, as its draws from the deck may
    have taken them (:func:`_put_back_places`). The sample keeps drawing from
    ``rng`` as it is played on (no ``Random`` is seeded per sample).
    """
    sample = state.sample_copy()
    known = public_cards(state) | set(state.hands[seat])
    others = [s for s in range(state.players) if s != seat and state.hands[s]]
    placed = _put_back_places(state, seat, known, rng) if seat in state.redrew else {}
    put_back = {c for cards in placed.values() for c in cards}
    unseen = [c for c in range(len(state.cards.cards)) if c not in known and c not in put_back]
    sizes = {s: len(state.hands[s]) - len(placed.get(s, ())) for s in others}
    others.sort(key=lambda s: (-bin(state.voids[s]).count("1"), s))
    mafia = state.cards.mafia
    for _ in range(DEAL_TRIES):
        shuffle(unseen, rng)
        pool, hands = unseen[:], {}
        for other in others:
            void = state.voids[other]
            allowed = [c for c in pool if not void >> mafia[c] & 1]
            size = sizes[other]
            if len(allowed) < size:
                break
            hands[other] = allowed[:size]
            taken = set(hands[other])
            pool = [c for c in pool if c not in taken]
        else:
            break
    else:  # no shuffle fitted every void (never seen): deal ignoring them
        pool, hands, position = unseen[:], {}, 0
        for other in others:
            hands[other] = pool[position : position + sizes[other]]
            position += sizes[other]
        pool = pool[position:]
    for other, cards in hands.items():
        sample.hands[other] = sorted([*cards, *placed.get(other, ())])
    if placed.get(DECK):
        pool = [*pool, *placed[DECK]]
        shuffle(pool, rng)
    sample.deck = pool
    sample.ambush_deck = sorted(state.ambush_deck)
    shuffle(sample.ambush_deck, rng)
    sample.redrew = {s: (ids if s == seat else ()) for s, ids in state.redrew.items()}
    sample.rng = rng  # the sample's own chance events (a police reshuffle) come from rng too
    return sample


DECK = -1
"""Where :func:`_put_back_places` puts a card it leaves in the deck."""


def _put_back_places(
    state: GangstaState, seat: Seat, known: set[int], rng: random.Random
) -> dict[int, list[int]]:
    """Where the cards ``seat`` put back in its redraw are now, as far as it cannot see them:
    a seat (or :data:`DECK`) -> its cards.

    They went into the deck, which was shuffled (G-04); each seat that redrew after ``seat``
    then drew three cards off that deck and put back three of its own, so the deck held as
    many cards at every redraw. Those draws are replayed here at random: with six players the
    deck held only the three cards put back, so the next redrawer drew exactly them (G-29).
    A card drawn by a seat that is void in its mafia, or more cards than a hand still holds,
    cannot be where the draws put it: the draws are replayed again.
    """
    order = list(state.redrew)  # in the order the seats redrew
    later = order[order.index(seat) + 1 :]
    cards = list(state.redrew[seat])
    deck = deck_at_redraw(state)
    hands, voids, mafia = state.hands, state.voids, state.cards.mafia
    places: dict[int, list[int]] = {}
    for _ in range(DEAL_TRIES):
        inside, places = cards[:], {}
        for other in later:
            for left in range(deck, deck - 3, -1):  # three cards off a deck of ``deck``
                position = int(rng.random() * left)
                if position < len(inside):
                    places.setdefault(other, []).append(inside.pop(position))
        places[DECK] = inside
        places = {at: [c for c in ids if c not in known] for at, ids in places.items()}
        if all(
            len(ids) <= len(hands[at]) and not any(voids[at] >> mafia[c] & 1 for c in ids)
            for at, ids in places.items()
            if at != DECK
        ):
            return places
    return {DECK: [c for c in cards if c not in known]}  # no replay fitted (never seen)


def public_card_data(state: GangstaState) -> dict[str, Any]:
    return state.cards.public_json()
