"""G-27: the redraw step reveals only what a real table reveals.

Two deals that differ only in one seat's hand — eligible for a redraw in one,
holding two cards above 7 in the other — must look the same to every other
seat, to a spectator and to the server's public table summary, until that
seat actually redraws.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mobtable.games.gangsta.cards import HAND_SIZE
from mobtable.games.gangsta.redraw import HIGH_CARD, eligible
from mobtable.games.gangsta.state import GangstaState
from mobtable.server.session import TableSession
from mobtable.store import SeatRow, TableRow

from .helpers import ALL_CODES, GAME, legal_texts, position


def _value(code: str) -> int:
    return int(code[1:-1])


@st.composite
def twin_deals(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], int]:
    """Two setups (start "deal") equal but for ``target``'s hand and the deck cards it swaps.

    In the first the target holds at most one card above 7 (it may redraw);
    in the second two of its low cards are replaced by two high ones, which
    sit at the same deck positions in the first deal.
    """
    players = draw(st.integers(min_value=3, max_value=6))
    target = draw(st.integers(min_value=0, max_value=players - 1))
    order = draw(st.permutations(ALL_CODES))
    trump, rest = order[0], list(order[1:])
    highs = [c for c in rest if _value(c) > HIGH_CARD]
    lows = [c for c in rest if _value(c) <= HIGH_CARD]
    size = HAND_SIZE[players]
    common_highs = draw(st.integers(min_value=0, max_value=1))
    common = highs[:common_highs] + lows[: size - 2 - common_highs]
    low_pair, high_pair = lows[size - 2 - common_highs : size - common_highs], highs[2:4]
    taken = {*common, *low_pair, *high_pair}
    others = [c for c in rest if c not in taken]
    hands: list[list[str]] = []
    for seat in range(players):
        if seat == target:
            hands.append([])
            continue
        hands.append(others[:size])
        others = others[size:]
    deck = others  # top first; the swapped cards are inserted at two drawn positions
    # below the top card, which is laid on C3 when nobody redraws
    first = draw(st.integers(min_value=1, max_value=len(deck)))
    second = draw(st.integers(min_value=1, max_value=len(deck) + 1))
    leader = draw(st.integers(min_value=0, max_value=players - 1))

    def setup(hand_extra: list[str], deck_extra: list[str]) -> dict[str, Any]:
        cards = list(deck)
        cards.insert(first, deck_extra[0])
        cards.insert(second, deck_extra[1])
        seat_hands = [list(h) for h in hands]
        seat_hands[target] = common + hand_extra
        return {
            "trump": trump,
            "hands": seat_hands,
            "deck": cards,
            "start": "deal",
            "leader": leader,
        }

    return setup(low_pair, high_pair), setup(high_pair, low_pair), target


def _state(setup: dict[str, Any]) -> GangstaState:
    state = GAME.new_state(GAME.config(len(setup["hands"])), seed=7, setup=setup)
    assert isinstance(state, GangstaState)
    return state


def _live(state: GangstaState) -> TableSession:
    seats = [SeatRow(s, "human") for s in range(state.players)]
    row = TableRow("twin", "gangsta", GAME.rules_version, state.config.to_json(), 7, seats=seats)
    table = TableSession(row, state)
    for seat in table.seats:  # the same moment for both tables (no client ever connects)
        seat.away_since = 0.0
    return table


def _seen_by_others(table: TableSession, target: int) -> list[Any]:
    """What every seat but ``target``, a spectator and the public summary are shown."""
    state = table.state
    others: list[int | None] = [s for s in range(state.players) if s != target]
    return [
        table.summary(),
        state.pending(),
        *(table.payload(seat, 0) for seat in [None, *others]),
        *(state.view(seat) for seat in [None, *others]),
        *([e.to_json() for e in state.events_for(seat)] for seat in [None, *others]),
    ]


@settings(max_examples=60, deadline=None)
@given(twin_deals(), st.integers(min_value=0, max_value=2**32))
def test_G_27_redraw_eligibility_is_invisible_to_the_other_seats(
    deals: tuple[dict[str, Any], dict[str, Any], int], moves_seed: int
) -> None:
    setup_may, setup_may_not, target = deals
    may, may_not = _live(_state(setup_may)), _live(_state(setup_may_not))
    assert eligible(may.state, target) and not eligible(may_not.state, target)
    rng = random.Random(moves_seed)
    while may.state.phase == "redraw":
        assert _seen_by_others(may, target) == _seen_by_others(may_not, target)
        seat = may.state.turn
        if seat == target:  # it keeps in both deals: a keep never tells which hand it was
            assert len(legal_texts(may.state, seat)) > 1  # here it could have redrawn
            assert legal_texts(may_not.state, seat) == {"keep"}
            move = "keep"
        else:
            legal = sorted(legal_texts(may.state, seat))
            assert legal == sorted(legal_texts(may_not.state, seat))
            move = legal[rng.randrange(len(legal))]
        may.state.apply_text(seat, move)
        may_not.state.apply_text(seat, move)
        # another seat's redraw may draw one of the two swapped cards: its own hand
        # then differs, which is that seat's knowledge, not a leak; those deals stop here
        assume(
            all(
                may.state.hands[s] == may_not.state.hands[s]
                for s in range(may.state.players)
                if s != target
            )
        )
    # the redraws are over; the C3 card comes from the deck and may be a swapped card
    assume(may.state.grid == may_not.state.grid)
    assert _seen_by_others(may, target) == _seen_by_others(may_not, target)


def test_G_27_every_seat_is_asked_in_turn_and_keeps_the_same_way() -> None:
    strong = ["R2S", "R3S", "I3S", "C3W", "Y4S", "Y5S", "Y6S", "C6S", "C7S", "I8W", "R9W", "R7W"]
    weak = ["R2W", "R3W", "I3W", "C3S", "Y4W", "Y5W", "Y6W", "C6W", "C7W", "I7W", "R8S", "R7S"]
    state = position([strong, weak, ["I2S", "I4S", "I5S"]], start="deal", rest="deck", leader=1)
    assert state.redraw_queue == [1, 2, 0]  # from the first leader clockwise, every seat
    assert state.view(None)["redraw"]["waiting"] == [1, 2, 0]
    for seat in (1, 2, 0):
        assert state.pending() == (seat,)
        state.apply_text(seat, "keep")
    keeps = [e for e in state.events if e.kind == "keep"]
    assert [e.text for e in keeps] == [f"Seat {s} keeps the hand" for s in (1, 2, 0)]
    assert all(
        e.to is None and e.data == {"seat": s} for e, s in zip(keeps, (1, 2, 0), strict=True)
    )
    assert state.phase == "play"


def test_G_27_a_bot_seat_waits_the_same_delay_eligible_or_not(monkeypatch: Any) -> None:
    """The server's bot turn takes one path: same delay, same kind of answer, same log."""
    import asyncio

    from mobtable.server import bot_turns

    weak = ["R2W", "R3W", "I3W", "C3S", "Y4W", "Y5W", "Y6W", "C6W", "C7W", "I7W", "R8S", "R7S"]
    strong = ["R2S", "R3S", "I3S", "C3W", "Y4S", "Y5S", "Y6S", "C6S", "C7S", "I8W", "R9W", "R7W"]
    sleeps: list[float] = []

    async def no_wait(seconds: float) -> None:
        sleeps.append(seconds)

    monkeypatch.setattr(bot_turns.asyncio, "sleep", no_wait)

    async def bot_turn(first_hand: list[str]) -> tuple[list[float], list[str]]:
        sleeps.clear()
        state = position(
            [first_hand, ["I2S", "I4S", "I5S"], ["C2W", "C4W", "C5W"]], start="deal", rest="deck"
        )
        table = _live(state)
        table.seats[0].row = SeatRow(0, "bot", "greedy")

        async def apply(live: TableSession, seat: int, notation: str) -> int:
            live.state.apply_text(seat, notation)
            return live.version

        turns = bot_turns.BotTurns(apply, delay=0.25, processes=0)
        turns.schedule(table)
        assert table.bots.thinking == {0}
        await asyncio.gather(*turns.tasks)
        await turns.stop()
        public = [e.text for e in state.events_for(None)]
        return list(sleeps), public

    may_sleeps, may_log = asyncio.run(bot_turn(weak))
    may_not_sleeps, may_not_log = asyncio.run(bot_turn(strong))
    assert may_sleeps == may_not_sleeps == [0.25]
    # greedy redraws a weak hand; the other can only keep: both answer through the same path
    assert may_log[0] == "Seat 0 redraws three cards" and may_not_log[0] == "Seat 0 keeps the hand"
