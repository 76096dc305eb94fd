"""The round flow: turning the assignment, the sealed steps, refills, the next round.

A round's decisions are three sealed steps (K-13, K-14): playing cards face
down, turning some face up, laying the Suspicion cards; views show who has
committed, never what. When the last seat of
a step commits, :func:`resolve_step` moves on; after the suspicions the round
is resolved and scored (:mod:`scoring`), and the next round starts at once.
"""

from __future__ import annotations

from mobtable.core import SealedStep, words
from mobtable.games.capo import events as ev
from mobtable.games.capo.assignments import describe
from mobtable.games.capo.rules import (
    GAME_OVER,
    HAND_SIZE,
    MAX_ROUNDS,
    PLAYING,
    REFILL_AT_MOST,
    SUSPECTING,
    TURNING,
)
from mobtable.games.capo.scoring import resolve_round
from mobtable.games.capo.table import CapoTable, clockwise


# -- phase 1 ------------------------------------------------------------------
def start_round(state: CapoTable) -> None:
    """Turn the next Assignment card (and an Event card under an envelope), open phase 2."""
    state.round += 1
    if not state.assignment_stack:
        _reshuffle_assignments(state)
    state.assignment = state.assignment_stack.pop(0)
    if not state.assignment_stack:
        _reshuffle_assignments(state)  # K-10: so that the next card's back can be seen
    state.event = None
    if state.rules.events and state.assignment_stack:
        top = state.cards.assignments[state.assignment_stack[0]]
        if top.envelope:
            if not state.event_stack and state.events_used:
                state.event_stack = sorted(state.events_used)
                state.rng.shuffle(state.event_stack)
                state.events_used = []
                text = "the used Event cards are shuffled into a new stack"
                if not state.silent:
                    state.log("reshuffle", text, pile="events")
            if state.event_stack:
                state.event = state.event_stack.pop(0)
    if not state.silent:
        card = state.cards.assignments[state.assignment]
        limit = ev.max_stars(card, state.effect)
        text = f"round {state.round}: {describe(card, limit)}"
        event_fact = None
        if state.event is not None:
            event = state.cards.events[state.event]
            text += f"; event {event.name}: {event.text}"
            event_fact = {"name": event.name, "text": event.text}
        state.log(
            "round",
            text,
            round=state.round,
            assignment=state.assignment,
            event=state.event,
            counter=state.counter,
            assignment_fact=state.cards.assignment_fact(state.assignment, limit),
            event_fact=event_fact,
        )
    seats = clockwise(state, 0)  # every seat, in order
    state.phase = PLAYING
    state.step = SealedStep(seats)
    state.declared, state.picked = {}, {}
    state.must_turn = [0] * len(seats)


def _reshuffle_assignments(state: CapoTable) -> None:
    if not state.assignments_used:
        return
    state.assignment_stack = sorted(state.assignments_used)
    state.rng.shuffle(state.assignment_stack)
    state.assignments_used = []
    text = "the used Assignment cards are shuffled into a new stack"
    if not state.silent:
        state.log("reshuffle", text, pile="assignments")


# -- the sealed steps ---------------------------------------------------------
def resolve_step(state: CapoTable) -> None:
    """Every seat of the current step has committed: reveal and move on."""
    if state.phase is PLAYING:
        _resolve_play(state)
    elif state.phase is TURNING:
        _resolve_turn(state)
    else:
        choices = dict(state.step.choices)
        resolve_round(state, choices)
        end_round(state)


def _resolve_play(state: CapoTable) -> None:
    effect = state.effect
    hands, table, face_up, must_turn = state.hands, state.table, state.face_up, state.must_turn
    for seat, cards in state.step.in_seat_order():
        hand = hands[seat]
        for card in cards:
            hand.remove(card)
        table[seat] = sorted(cards)
        face_up[seat] = []
        must_turn[seat] = ev.turn_count(len(cards), effect)
    if not state.silent:
        counts = [len(t) for t in table]
        state.log("played", f"cards played face down: {counts}", counts=counts)
    turning = tuple([s for s, count in enumerate(must_turn) if count > 0])
    if turning:
        state.phase = TURNING
        state.step = SealedStep(turning)  # in seat order already
    else:
        _open_suspicions(state)


def _resolve_turn(state: CapoTable) -> None:
    for seat, cards in state.step.in_seat_order():
        state.face_up[seat] = sorted(cards)
    if not state.silent:
        shown = [list(f) for f in state.face_up]
        facts = state.cards.facts([c for f in shown for c in f])
        state.log("turned-up", f"cards turned face up: {shown}", face_up=shown, facts=facts)
    _open_suspicions(state)


def _open_suspicions(state: CapoTable) -> None:
    state.phase = SUSPECTING
    state.step = SealedStep(clockwise(state, 0))
    state.picked = {}


# -- end of the round ---------------------------------------------------------
def end_round(state: CapoTable) -> None:
    """Check for a winner (K-08), else refill hands and start the next round."""
    state.assignments_used.append(state.assignment)
    if state.event is not None:
        state.events_used.append(state.event)
    respect = state.respect
    top = max(respect)
    leaders = [s for s, r in enumerate(respect) if r == top]
    target = state.rules.target
    if top >= target and len(leaders) == 1:
        _finish(state, f"seat {leaders[0]} has {top} respect and wins", leaders)
        return
    if state.round >= MAX_ROUNDS:
        state.capped = True
        _finish(state, f"the round limit ({MAX_ROUNDS}) is reached", leaders)
        return
    if top >= target:
        text = f"seats {leaders} share the lead with {top}: an extra round"
        if not state.silent:
            state.log("extra-round", text, leaders=leaders, respect=top)
    refill(state)
    state.counter = (state.counter + 1) % len(respect)  # K-07
    start_round(state)


def _finish(state: CapoTable, text: str, winners: list[int]) -> None:
    state.phase = GAME_OVER
    state.step = SealedStep(())
    if not state.silent:
        state.log(
            "game-over",
            text,
            respect=list(state.respect),
            winners=winners,
            rounds=state.round,
            capped=state.capped,
        )


def refill(state: CapoTable) -> None:
    """Hands of 0 or 1 card draw up to 5, in playing order from the counter (K-06)."""
    order = clockwise(state, state.counter)
    hands = state.hands
    for seat in order:
        held = len(hands[seat])
        if held <= REFILL_AT_MOST:
            draw(state, seat, HAND_SIZE - held)
    if ev.recruits(state.effect):
        for seat in order:
            if len(hands[seat]) < HAND_SIZE:
                draw(state, seat, 1)


def draw(state: CapoTable, seat: int, count: int) -> None:
    """Draw ``count`` cards; an empty stack takes the reshuffled discard pile (K-06)."""
    stack = state.stack
    drawn = stack[:count]
    del stack[:count]
    if len(drawn) < count:  # the stack ran out: the discard pile becomes the stack
        _reshuffle_discard(state)
        more = count - len(drawn)
        drawn += state.stack[:more]
        del state.stack[:more]
    if not drawn:
        return
    state.hands[seat] = sorted(state.hands[seat] + drawn)
    if not state.silent:
        text = f"seat {seat} draws {words.count(len(drawn), 'card')}"
        state.log("draw", text, seat=seat, count=len(drawn))
        facts = state.cards.facts(drawn)
        state.log("drawn", f"you draw cards {drawn}", seat, seat=seat, cards=drawn, facts=facts)


def _reshuffle_discard(state: CapoTable) -> None:
    if not state.discard:
        return
    state.stack = sorted(state.discard)
    state.rng.shuffle(state.stack)
    state.discard = []
    state.seen_discard = set()
    state.own_discard = [set() for _ in range(state.players)]
    text = "the discard pile is shuffled into a new Mafioso stack"
    if not state.silent:
        state.log("reshuffle", text, pile="mafiosi")
