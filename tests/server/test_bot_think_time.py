"""A search bot's answer takes its whole time cap, forced move or not: how fast a bot
seat answers must not tell the table what it holds (a Gangsta seat that cannot redraw
has one legal move, which a search returns at once)."""

from __future__ import annotations

import asyncio
import time

from gangsta.helpers import GAME, position
from mobtable import bots
from mobtable.games.gangsta.state import GangstaState
from mobtable.server import bot_turns
from mobtable.server.session import TableSession
from mobtable.store import SeatRow, TableRow

STRONG = ["R2S", "R3S", "I3S", "C3W", "Y4S", "Y5S", "Y6S", "C6S", "C7S", "I8W", "R9W", "R7W"]
WEAK = ["R2W", "R3W", "I3W", "C3S", "Y4W", "Y5W", "Y6W", "C6W", "C7W", "I7W", "R8S", "R7S"]


def _table(first_hand: list[str]) -> TableSession:
    state: GangstaState = position(
        [first_hand, ["I2S", "I4S", "I5S"], ["C2W", "C4W", "C5W"]], start="deal", rest="deck"
    )
    seats = [SeatRow(0, "bot", "medium"), SeatRow(1, "human"), SeatRow(2, "human")]
    row = TableRow("think", "gangsta", GAME.rules_version, state.config.to_json(), 7, seats=seats)
    return TableSession(row, state)


def _answer_time(first_hand: list[str]) -> tuple[float, int]:
    table = _table(first_hand)
    legal = len(table.state.legal(0))
    applied: list[float] = []

    async def apply(live: TableSession, seat: int, notation: str) -> int:
        applied.append(time.monotonic())
        live.state.apply_text(seat, notation)
        return live.version

    async def run() -> float:
        turns = bot_turns.BotTurns(apply, delay=0, processes=0)
        start = time.monotonic()
        turns.schedule(table)
        await asyncio.gather(*turns.tasks)
        await turns.stop()
        return applied[0] - start

    return asyncio.run(run()), legal


def test_a_forced_move_takes_the_search_bots_whole_time_cap() -> None:
    cap = bots.think_time("medium", "gangsta")
    assert cap > 0
    forced, legal = _answer_time(STRONG)
    assert legal == 1  # two cards above 7: keeping is the only move
    assert forced >= cap


def test_an_open_move_takes_the_same_cap() -> None:
    cap = bots.think_time("medium", "gangsta")
    chosen, legal = _answer_time(WEAK)
    assert legal > 1
    assert chosen >= cap


def test_bots_without_a_search_budget_are_not_padded() -> None:
    assert bots.think_time("greedy", "gangsta") == 0.0
    assert bots.think_time("random", "gangsta") == 0.0
    assert bots.think_time("hard", "gangsta") > bots.think_time("medium", "gangsta")
