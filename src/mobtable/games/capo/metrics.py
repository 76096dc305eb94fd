"""Capo's figures for the results table (``mobtable simulate --out``).

Per seat, from the replayed game's event log (:mod:`mobtable.sim.hooks`):
``jobs_done`` (rounds the seat's crew counted as carrying out the
assignment: every unsuspected crew does), ``crews_held`` (suspected, shown
and good enough), ``prisons`` (suspected, shown and not good enough),
``bluffs_attempted``, ``bluffs_caught`` and ``bluffs_uncaught`` (see
below), ``suspicions_right`` and ``suspicions_wrong``, ``respect_jobs`` and
``respect_suspicions`` (respect gained from jobs; net respect from
suspicions), ``special_cards_shown`` (shown cards with a special power),
then the respect curve ``respect_round1`` to ``respect_round12``.

A **bluff** is a crew that would fail the round's job if it were shown
with its capo the only one suspected: the round's Event card applies and
the crew's own Little Tony stars count, nobody else's. The simulation sees
every crew (the players do not), so bluffs are counted whether or not
anyone looked: a bluff is *caught* when its capo is suspected (it then
always fails: other suspects' Little Tonies only add stars) and
*uncaught* otherwise, its job counting as done. ``prisons`` can exceed
``bluffs_caught``: an honest crew may fail under another suspect's
Little Tony.

``respect_round<r>`` is the respect at the end of round ``r``; a game that
ended sooner repeats its final respect, and a longer one (rare: the mean
is about 5 rounds) keeps only its first :data:`CURVE_ROUNDS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State
from mobtable.games.capo import events as ev
from mobtable.games.capo.assignments import succeeds
from mobtable.games.capo.cards import Special
from mobtable.games.capo.scoring import tony_extra

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState

CURVE_ROUNDS = 12
COUNTS = (
    "jobs_done",
    "crews_held",
    "prisons",
    "bluffs_attempted",
    "bluffs_caught",
    "bluffs_uncaught",
    "suspicions_right",
    "suspicions_wrong",
    "respect_jobs",
    "respect_suspicions",
    "special_cards_shown",
)
CURVE = tuple(f"respect_round{r}" for r in range(1, CURVE_ROUNDS + 1))
KEYS = (*COUNTS, *CURVE)


def figures(state: State) -> list[dict[str, int | float]]:
    """One dict per seat with the keys of :data:`KEYS`."""
    capo = cast("CapoState", state)
    rows: list[dict[str, int | float]] = [dict.fromkeys(KEYS, 0) for _ in range(state.players)]
    crews: list[list[int]] = [[] for _ in range(state.players)]
    job: tuple[int, int | None] = (0, None)  # the round's assignment and Event card
    curve: list[list[int]] = []
    for event in state.events:
        data = event.data
        if event.kind == "round":
            crews = [[] for _ in range(state.players)]
            job = (int(data["assignment"]), data["event"])
        elif event.kind == "placed":
            crews[int(data["seat"])].append(int(data["card"]))
        elif event.kind == "suspicions":
            for seat, suspected in enumerate(data["suspected"]):
                if is_bluff(capo, job, crews[seat]):
                    rows[seat]["bluffs_attempted"] += 1
                    rows[seat]["bluffs_caught" if suspected else "bluffs_uncaught"] += 1
        elif event.kind == "reveal":
            row = rows[int(data["seat"])]
            row["crews_held" if data["success"] else "prisons"] += 1
            facts = data["facts"]
            row["special_cards_shown"] += sum(
                1 for card in data["cards"] if facts[str(card)]["special"] is not None
            )
        elif event.kind == "scored":
            curve.append([int(r) for r in data["respect"]])
            for entry in data["entries"]:
                row = rows[int(entry["seat"])]
                why, amount = entry["why"], int(entry["amount"])
                if why == "job":
                    row["jobs_done"] += 1
                    row["respect_jobs"] += amount
                elif why in ("right", "wrong"):
                    row[f"suspicions_{why}"] += 1
                    row["respect_suspicions"] += amount
    for r, name in enumerate(CURVE):
        respect = curve[min(r, len(curve) - 1)] if curve else list(capo.respect)
        for seat, value in enumerate(respect):
            rows[seat][name] = value
    return rows


def is_bluff(state: CapoState, job: tuple[int, int | None], crew: list[int]) -> bool:
    """Whether ``crew`` fails the job with its capo alone suspected (see the module's docstring)."""
    cards = state.cards
    assignment = cards.assignments[job[0]]
    effect = None if job[1] is None else cards.events[job[1]].effect
    mafiosi = [cards.mafiosi[c] for c in crew]
    tonies = sum(1 for card in mafiosi if card.special is Special.LITTLE_TONY)
    limit = ev.max_stars(assignment, effect)
    extra = tony_extra(state.rules, tonies)
    return not succeeds(mafiosi, assignment, limit, cards.symbols, extra_stars=extra)


def rounds(state: State) -> int:
    """Rounds (assignments) played."""
    capo = cast("CapoState", state)
    return capo.round


def standing(state: State) -> list[float]:
    """Each seat's respect so far (the lead, for the lab's lead changes)."""
    return [float(respect) for respect in cast("CapoState", state).respect]
