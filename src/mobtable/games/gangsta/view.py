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
from typing import TYPE_CHECKING, Any

from mobtable.core import Seat, View
from mobtable.core.shuffle import shuffle
from mobtable.games.gangsta.grid import CELL_NAMES, EMPTY

if TYPE_CHECKING:
    from mobtable.games.gangsta.state import GangstaState


def build_view(state: GangstaState, seat: Seat | None) -> View:
    codes = state.codes
    over = state.is_over()
    cards = state.cards
    return {
        "game": "gangsta",
        "players": state.players,
        "seat": seat,
        "phase": state.phase.value,
        "turn": None if over else state.turn,
        "variant": {0: None, 1: "reveal-one", 2: "reveal-two"}[state.reveal],
        "trump": state.code(state.trump),
        "trump_mafia": cards.mafia_codes[state.trump_mafia],
        "mafias": dict(zip(cards.mafia_codes, cards.mafia_names, strict=True)),
        "hand": None if seat is None else codes(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "grid": {CELL_NAMES[i]: state.code(c) for i, c in enumerate(state.grid) if c != EMPTY},
        "scores": list(state.scores),
        "best_trick": list(state.best),
        "trick_points": state.trick_points,
        "tricks_played": state.tricks,
        "leader": state.leader,
        "trick": [{"seat": s, "cards": codes(ids)} for s, ids in state.trick],
        "trick_order": list(state.trick_order),
        "last_trick": _last_trick(state),
        "to_place": codes(state.to_place),
        "opened": codes(state.revealed),
        "absent": [s for s in range(state.players) if not state.hands[s]],
        "voids": [
            [code for m, code in enumerate(cards.mafia_codes) if state.voids[s] >> m & 1]
            for s in range(state.players)
        ],
        "ambush_deck_size": len(state.ambush_deck),
        "ambush_used": list(state.ambush_used),
        "last_raid": _last_raid(state),
        "box": codes(state.box),
        "discard": codes(state.discard),
        "reconstructed": list(cards.reconstructed),
        "redraw": {
            "waiting": list(state.redraw_queue),
            "redrew": sorted(state.redrew),
            "mine": codes(state.redrew[seat]) if seat in state.redrew else None,
        },
    }


def _last_trick(state: GangstaState) -> dict[str, Any] | None:
    if state.last_trick is None:
        return None
    winner, plays = state.last_trick
    return {"winner": winner, "plays": [{"seat": s, "cards": state.codes(p)} for s, p in plays]}


def _last_raid(state: GangstaState) -> dict[str, Any] | None:
    if state.last_raid is None:
        return None
    index, cells, removed = state.last_raid
    return {
        "ambush": index,
        "label": state.cards.ambush[index].label,
        "cells": [CELL_NAMES[c] for c in cells],
        "removed": state.codes(removed),
    }


def public_cards(state: GangstaState) -> set[int]:
    """The ids of the cards every seat sees (or saw: a raided card stays known)."""
    known = {state.trump, *state.box, *state.discard, *state.to_place, *state.revealed}
    known.update(c for c in state.grid if c != EMPTY)
    known.update(c for _, ids in state.trick for c in ids)
    return known


DEAL_TRIES = 20
"""Shuffles tried for a deal that respects every known void before giving up on them."""


def determinize(state: GangstaState, seat: Seat, rng: random.Random) -> GangstaState:
    """Deal the cards ``seat`` cannot see at random, keeping every public fact.

    The unseen cards are sorted before shuffling, so the result depends only
    on what the seat sees and on ``rng``. Other seats get no card of a mafia
    they are known to be void in (G-26): the most constrained seat is dealt
    first, and a shuffle that cannot satisfy everyone is drawn again. The sample
    keeps drawing from ``rng`` as it is played on (no ``Random`` is seeded per sample).
    """
    sample = state.sample_copy()
    known = public_cards(state) | set(state.hands[seat])
    unseen = [c for c in range(len(state.cards.cards)) if c not in known]
    others = [s for s in range(state.players) if s != seat and state.hands[s]]
    others.sort(key=lambda s: (-bin(state.voids[s]).count("1"), s))
    mafia = state.cards.mafia
    for _ in range(DEAL_TRIES):
        shuffle(unseen, rng)
        pool, hands = unseen[:], {}
        for other in others:
            void = state.voids[other]
            allowed = [c for c in pool if not void >> mafia[c] & 1]
            size = len(state.hands[other])
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
            hands[other] = pool[position : position + len(state.hands[other])]
            position += len(state.hands[other])
        pool = pool[position:]
    for other, cards in hands.items():
        sample.hands[other] = sorted(cards)
    sample.deck = pool
    sample.ambush_deck = sorted(state.ambush_deck)
    shuffle(sample.ambush_deck, rng)
    sample.redrew = {s: (ids if s == seat else ()) for s, ids in state.redrew.items()}
    sample.rng = rng  # the sample's own chance events (a police reshuffle) come from rng too
    return sample


def public_card_data(state: GangstaState) -> dict[str, Any]:
    return state.cards.public_json()
