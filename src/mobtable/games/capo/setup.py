"""A new table: dealt from a seed, or laid out exactly from an explicit setup.

An explicit setup is a JSON object (all keys but ``hands`` optional)::

    {"hands": [[ids of seat 0], [ids of seat 1], ...],
     "stack": [Mafioso ids, top first],     # default: every other card, ascending
     "discard": [Mafioso ids],              # default: none (nobody knows them)
     "assignments": [Assignment ids, top first],  # the rest follow, ascending
     "events": [Event ids, top first],      # the rest in play follow, ascending
     "respect": [3, 3, ...],                # default: 3 each
     "counter": 0}                          # the seat that counts (K-07)

Round 1 then begins: its Assignment card is the first of ``assignments``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mobtable.core import BadSetup, Config, Game, Origin
from mobtable.games.capo.cards import CardSet, Effect, Special, load_cards
from mobtable.games.capo.phases import start_round
from mobtable.games.capo.rules import (
    HAND_SIZE,
    RESPECT_SUPPLY,
    START_RESPECT,
    EventDeck,
    Supply,
)
from mobtable.games.capo.state import CapoState

SETUP_KEYS = ("hands", "stack", "discard", "assignments", "events", "respect", "counter")


def new_state(
    game: Game, config: Config, *, seed: int | None, setup: Mapping[str, Any] | None
) -> CapoState:
    cards = load_cards(config.card_data)
    state = CapoState.new(game, config, Origin(seed, None if setup is None else dict(setup)), cards)
    n = config.players
    tonies = cards.with_special(Special.LITTLE_TONY)
    state.box = [] if state.rules.little_tony else sorted(tonies)
    events_in_play = _events_in_play(state)
    state.event_box = sorted(set(range(len(cards.events))) - set(events_in_play))
    if setup is None:
        deck = [c for c in range(len(cards.mafiosi)) if c not in state.box]
        state.rng.shuffle(deck)
        for i in range(HAND_SIZE * n):
            state.hands[i % n].append(deck[i])
        state.hands = [sorted(h) for h in state.hands]
        state.stack = deck[HAND_SIZE * n :]
        state.assignment_stack = list(range(len(cards.assignments)))
        state.rng.shuffle(state.assignment_stack)
        state.event_stack = list(events_in_play)
        state.rng.shuffle(state.event_stack)
        state.respect = [START_RESPECT] * n
    else:
        _lay_out(state, setup, events_in_play)
    if state.rules.supply is Supply.LIMITED:
        state.supply = RESPECT_SUPPLY - sum(state.respect)
        if state.supply < 0:
            raise BadSetup(f"setup 'respect' totals more than the {RESPECT_SUPPLY} in the game")
    start_round(state)
    return state


def _events_in_play(state: CapoState) -> list[int]:
    if not state.rules.events:
        return []
    events = state.cards.events
    if state.rules.event_deck is EventDeck.SIT_DOWN_ONLY:
        return [e.id for e in events if e.effect is Effect.SIT_DOWN]
    return [e.id for e in events]


def _ids(value: Any, key: str, size: int) -> list[int]:
    if not isinstance(value, list):
        raise BadSetup(f"setup '{key}' must be a list of card ids, not {value!r}")
    for card in value:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < size:
            raise BadSetup(f"setup '{key}': {card!r} is not a card id 0-{size - 1}")
    if len(set(value)) != len(value):
        raise BadSetup(f"setup '{key}' lists a card twice")
    return list(value)


def _order(value: Any, key: str, pool: Sequence[int], size: int) -> list[int]:
    """A top-first prefix from ``pool``, then the rest of ``pool`` ascending."""
    given = _ids(value if value is not None else [], key, size)
    stray = [c for c in given if c not in pool]
    if stray:
        raise BadSetup(f"setup '{key}': cards {stray} are not in play")
    return given + sorted(c for c in pool if c not in given)


def _lay_out(state: CapoState, setup: Mapping[str, Any], events_in_play: list[int]) -> None:
    if not isinstance(setup, Mapping):
        raise BadSetup("setup must be an object")
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise BadSetup(f"setup has unknown keys {unknown} (keys: {', '.join(SETUP_KEYS)})")
    cards: CardSet = state.cards
    n = state.players
    size = len(cards.mafiosi)
    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise BadSetup(f"setup 'hands' must be a list of {n} hands")
    used: set[int] = set(state.box)
    for seat, hand in enumerate(hands):
        ids = _ids(hand, f"hands[{seat}]", size)
        if not 1 <= len(ids) <= HAND_SIZE:
            raise BadSetup(
                f"setup 'hands[{seat}]' holds {len(ids)} cards; "
                f"a hand holds 1 to {HAND_SIZE} (K-09)"
            )
        _claim(used, ids, f"hands[{seat}]")
        state.hands[seat] = sorted(ids)
    discard = _ids(setup.get("discard", []), "discard", size)
    _claim(used, discard, "discard")
    state.discard = sorted(discard)
    rest = [c for c in range(size) if c not in used]
    if "stack" in setup:
        stack = _ids(setup["stack"], "stack", size)
        if sorted(stack) != rest:
            missing = sorted(set(rest) - set(stack))
            extra = sorted(set(stack) - set(rest))
            raise BadSetup(
                f"setup 'stack' must hold exactly the cards not in hands, discard or box "
                f"(missing {missing}, not allowed {extra})"
            )
        state.stack = stack
    else:
        state.stack = rest
    state.assignment_stack = _order(
        setup.get("assignments"),
        "assignments",
        range(len(cards.assignments)),
        len(cards.assignments),
    )
    state.event_stack = _order(setup.get("events"), "events", events_in_play, len(cards.events))
    respect = setup.get("respect", [START_RESPECT] * n)
    if (
        not isinstance(respect, list)
        or len(respect) != n
        or any(isinstance(r, bool) or not isinstance(r, int) or r < 0 for r in respect)
    ):
        raise BadSetup(f"setup 'respect' must be {n} whole numbers of at least 0")
    state.respect = list(respect)
    counter = setup.get("counter", 0)
    if isinstance(counter, bool) or not isinstance(counter, int) or not 0 <= counter < n:
        raise BadSetup(f"setup 'counter' must be a seat 0-{n - 1}")
    state.counter = counter


def _claim(used: set[int], ids: list[int], key: str) -> None:
    twice = sorted(used.intersection(ids))
    if twice:
        raise BadSetup(f"setup '{key}': cards {twice} are already elsewhere (or in the box)")
    used.update(ids)
