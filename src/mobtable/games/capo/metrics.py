"""Capo's figures for the results table (``mobtable simulate --out``).

Per seat, from the replayed game's event log (:mod:`mobtable.sim.hooks`):
``jobs_done`` (rounds the seat's crew counted as carrying out the
assignment: every unsuspected crew does), ``crews_held`` (suspected, shown
and good enough), ``bluffs_caught`` (suspected, shown and not good enough),
``suspicions_right`` and ``suspicions_wrong``, ``respect_jobs`` and
``respect_suspicions`` (respect gained from jobs; net respect from
suspicions) and ``special_cards_shown`` (shown cards with a special power).

Only suspected crews are shown, so the event log cannot tell an unsuspected
bluff from an honest crew: bluffs *attempted* are not counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState

KEYS = (
    "jobs_done",
    "crews_held",
    "bluffs_caught",
    "suspicions_right",
    "suspicions_wrong",
    "respect_jobs",
    "respect_suspicions",
    "special_cards_shown",
)


def figures(state: State) -> list[dict[str, int | float]]:
    """One dict per seat with the keys of :data:`KEYS`."""
    rows: list[dict[str, int | float]] = [dict.fromkeys(KEYS, 0) for _ in range(state.players)]
    for event in state.events:
        data = event.data
        if event.kind == "reveal":
            row = rows[int(data["seat"])]
            row["crews_held" if data["success"] else "bluffs_caught"] += 1
            facts = data["facts"]
            row["special_cards_shown"] += sum(
                1 for card in data["cards"] if facts[str(card)]["special"] is not None
            )
        elif event.kind == "scored":
            for entry in data["entries"]:
                row = rows[int(entry["seat"])]
                why, amount = entry["why"], int(entry["amount"])
                if why == "job":
                    row["jobs_done"] += 1
                    row["respect_jobs"] += amount
                elif why in ("right", "wrong"):
                    row[f"suspicions_{why}"] += 1
                    row["respect_suspicions"] += amount
    return rows


def rounds(state: State) -> int:
    """Rounds (assignments) played."""
    capo = cast("CapoState", state)
    return capo.round
