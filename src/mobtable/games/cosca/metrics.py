"""COSCA's figures for the results table (``mobtable simulate --out``).

Per seat, from the replayed game's event log (:mod:`mobtable.sim.hooks`):
``mobsters_fought`` and ``mobsters_unopposed`` (mobsters loyal at the end,
won in a fight or without one; they sum to the score), ``fights_entered``
(fights the seat made an offer in), ``fights_won``, ``fights_tied``,
``villa_uses`` and ``club_uses``; then the resource curves ``money_day1``
to ``money_day7`` and ``weapons_day1`` to ``weapons_day7``: what the seat
held when that day ended, after its fights and before the next morning's
limit of 10 sends the excess back.

:func:`tables` adds one row per game and mobster (``mobsters.parquet``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from mobtable.core import State
from mobtable.games.cosca.model import NOBODY, ROUNDS

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState

COUNTS = (
    "mobsters_fought",
    "mobsters_unopposed",
    "fights_entered",
    "fights_won",
    "fights_tied",
    "villa_uses",
    "club_uses",
)
DAYS = tuple(range(1, ROUNDS + 1))
SERIES = (*(f"money_day{d}" for d in DAYS), *(f"weapons_day{d}" for d in DAYS))
KEYS = (*COUNTS, *SERIES)


def figures(state: State) -> list[dict[str, int | float]]:
    """One dict per seat with the keys of :data:`KEYS`."""
    rows: list[dict[str, int | float]] = [dict.fromkeys(KEYS, 0) for _ in range(state.players)]
    loyal: dict[int, tuple[int, bool]] = {}  # mobster position -> (seat, won in a fight)
    for event in state.events:
        data = event.data
        if event.kind == "loyalty-gained":
            loyal[int(data["pos"])] = (int(data["seat"]), bool(data["fought"]))
        elif event.kind == "fight":
            for seat in data["offers"]:
                rows[int(seat)]["fights_entered"] += 1
            if data["winner"] is not None:
                rows[int(data["winner"])]["fights_won"] += 1
        elif event.kind == "fight-tied":
            for seat in data["tied"]:
                rows[int(seat)]["fights_tied"] += 1
        elif event.kind == "villa":
            for seat in data["paid"]:
                rows[int(seat)]["villa_uses"] += 1
        elif event.kind == "club":
            rows[int(data["seat"])]["club_uses"] += 1
    for seat, fought in loyal.values():
        rows[seat]["mobsters_fought" if fought else "mobsters_unopposed"] += 1
    for day, holdings in enumerate(day_ends(state), start=1):
        for seat, (money, weapons) in enumerate(holdings):
            rows[seat][f"money_day{day}"] = money
            rows[seat][f"weapons_day{day}"] = weapons
    return rows


def day_ends(state: State) -> list[list[tuple[int, int]]]:
    """(money, weapons) per seat at the end of each day played, replaying the game.

    The state keeps no history of holdings, so the game is played again
    action by action: when an action ends a day the next morning has already
    begun, and the excess it sent back (``over-the-limit``) is added again.
    """
    origin = state.origin
    twin = cast(
        "CoscaState", state.game.new_state(state.config, seed=origin.seed, setup=origin.setup)
    )
    twin.silent = False
    ends: list[list[tuple[int, int]]] = []
    for seat, action in state.history:
        day, seen = twin.round, len(twin.events)
        twin.apply(seat, action, check=False)
        if twin.round == day:
            continue
        back: dict[int, list[int]] = {}
        for event in twin.events[seen:]:
            if event.kind == "over-the-limit":
                back = {int(s): list(r) for s, r in event.data["returned"].items()}
        ends.append(
            [
                (twin.money[s] + back.get(s, [0, 0])[0], twin.weapons[s] + back.get(s, [0, 0])[1])
                for s in range(twin.players)
            ]
        )
    if twin.is_over():
        ends.append(list(zip(twin.money, twin.weapons, strict=True)))
    return ends


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """``mobsters``: one row per mobster in the row, in the order they were revealed.

    ``position`` (0 = leftmost), ``mobster`` (the name), ``day_revealed``
    (1 for the setup's row), ``fights`` (fights for it), ``most_bidders``
    (most seats in one of its fights; 0 without a fight), ``bidders``
    (distinct seats that fought for it), ``ties``, ``owner_changes`` (times
    its loyalty went to another seat), ``owner`` (the seat loyal at the end,
    -1: nobody) and ``won_in_fight`` (the last owner won it in a fight).
    """
    cosca = cast("CoscaState", state)
    count = len(cosca.row)
    revealed_later = sum(1 for e in state.events if e.kind == "new-day")
    start = count - revealed_later
    rows: list[dict[str, Any]] = [
        {
            "position": pos,
            "mobster": cosca.mobster(pos).name,
            "day_revealed": 1 if pos < start else pos - start + 2,
            "fights": 0,
            "most_bidders": 0,
            "bidders": 0,
            "ties": 0,
            "owner_changes": 0,
            "owner": -1 if cosca.loyal[pos] == NOBODY else cosca.loyal[pos],
            "won_in_fight": False,
        }
        for pos in range(count)
    ]
    fighters: list[set[int]] = [set() for _ in range(count)]
    for event in state.events:
        data = event.data
        if event.kind == "fight":
            row = rows[int(data["pos"])]
            row["fights"] += 1
            row["most_bidders"] = max(row["most_bidders"], len(data["offers"]))
            fighters[int(data["pos"])].update(int(s) for s in data["offers"])
        elif event.kind == "fight-tied":
            rows[int(data["pos"])]["ties"] += 1
        elif event.kind == "loyalty-gained":
            row = rows[int(data["pos"])]
            row["owner_changes"] += 1
            row["won_in_fight"] = bool(data["fought"])
    for row, seats in zip(rows, fighters, strict=True):
        row["bidders"] = len(seats)
    return {"mobsters": rows}


def rounds(state: State) -> int:
    """Days played (seven in a finished game; the last day's round is never advanced past)."""
    cosca = cast("CoscaState", state)
    return cosca.round + 1 if cosca.is_over() else cosca.round


def standing(state: State) -> list[float]:
    """Each seat's loyal mobsters so far (the lead, for the lab's lead changes)."""
    cosca = cast("CoscaState", state)
    return [float(cosca.loyal_count(seat)) for seat in range(cosca.players)]
