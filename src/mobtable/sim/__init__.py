"""Simulation: many bot-vs-bot games, reproducible from one seed.

>>> from mobtable.sim import SimSpec, run      # doctest: +SKIP
>>> spec = SimSpec.build(config, game, ["random", "greedy"], seed=1)  # doctest: +SKIP
>>> run(spec, 100, jobs=2).to_json()["by_bot"]  # doctest: +SKIP

Game ``i`` of a batch depends only on ``(seed, i)``: its table seed and its
bots' seeds are derived from them (:mod:`mobtable.sim.seeds`), so the number
of worker processes never changes the games played.
"""

from mobtable.sim.engine import (
    GameOutcome,
    SimulationError,
    annotated_record,
    bot_step,
    make_bots,
    play_batch,
    play_one,
    play_to_end,
    record_path,
    replay_with_events,
)
from mobtable.sim.pool import chunks, in_order, iter_outcomes, run
from mobtable.sim.seeds import bot_seed, derive_seed, table_seed
from mobtable.sim.spec import SimSpec
from mobtable.sim.summary import Summary, Tally

__all__ = [
    "GameOutcome",
    "SimSpec",
    "SimulationError",
    "Summary",
    "Tally",
    "annotated_record",
    "bot_seed",
    "bot_step",
    "chunks",
    "derive_seed",
    "in_order",
    "iter_outcomes",
    "make_bots",
    "play_batch",
    "play_one",
    "play_to_end",
    "record_path",
    "replay_with_events",
    "run",
    "table_seed",
]
