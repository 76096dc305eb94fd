"""Train each game's learned evaluator on self-play, and compare it with the hand-written one.

    nice -n 10 python scripts/train_evaluators.py [--games gangsta cosca capo] [--seed 1]
        [--scale 1.0] [--jobs 1] [--ray ADDRESS] [--hidden 0] [--bot greedy] [--check]

Needs the ``lab`` and ``research`` extras (numpy, scipy). For each game:

1. **Self-play through the lab**: seeded ``greedy`` line-ups (``--bot``: another bot's, such
   as the capped search ``quick``; seats rotated) played by the lab's runner
   (:func:`mobtable.sim.iter_outcomes`, or the Ray runner with ``--ray``), at several table
   sizes, each game's record kept.
2. **Positions**: each record is replayed; wherever the game's ``progress`` counter moves
   (where the search's truncated rollouts stop), one seat is drawn, the state is determinized
   from that seat's view (the evaluator in the search sees such a sample, never the true state),
   and each seat's features are read off the sample (``games/<name>/value.py``), beside the hand
   evaluator's win chances on the same sample. The target is the game's final result: each
   winner's share (a shared win split evenly).
3. **Fit**: a conditional logit (each seat's utility from its features with shared weights,
   then a softmax over the seats), or with ``--hidden H`` one ``tanh`` layer of ``H`` units,
   by L-BFGS (scipy) on the games whose index is not a multiple of 5; those are held out.
4. **Report**: data size, times, held-out log-loss and accuracy of the learned model against
   the hand evaluator, the model the package ships (before this run) and a uniform guess on
   the same held-out positions; the weights are written to ``games/<name>/value.json``
   (``--check``: compared with it, not written).

Everything derives from ``--seed``: the same seed gives the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from mobtable import bots, games
from mobtable.bots.search.learned import value_module
from mobtable.core import record as records
from mobtable.core.search import Evaluator
from mobtable.core.value import FORMAT, WEIGHTS, BadModel, ValueModel, load_model
from mobtable.sim import SimSpec, derive_seed, iter_outcomes, record_path

GAMES = ("gangsta", "cosca", "capo")

TABLES: dict[str, tuple[tuple[int, int], ...]] = {
    "gangsta": ((3, 300), (4, 900), (5, 300)),
    "cosca": ((3, 200), (4, 600), (5, 200)),
    "capo": ((4, 400), (5, 1200), (6, 400)),
}
"""Per game, (players, games) at ``--scale 1``: the search's usual table size most."""

HOLD_OUT = 5
"""Games whose index is a multiple of this are held out of the fit."""

L2 = 1e-4
"""Ridge penalty on the standardised weights."""


@dataclass
class Data:
    """Positions of one game: features ``(n, seats, f)`` grouped by table size."""

    x: dict[int, list[list[list[float]]]]
    y: dict[int, list[list[float]]]
    hand: dict[int, list[list[float]]]
    held: dict[int, list[bool]]

    @classmethod
    def empty(cls) -> Data:
        return cls({}, {}, {}, {})

    def add(
        self, players: int, x: list[list[float]], y: list[float], hand: list[float], held: bool
    ) -> None:
        self.x.setdefault(players, []).append(x)
        self.y.setdefault(players, []).append(y)
        self.hand.setdefault(players, []).append(hand)
        self.held.setdefault(players, []).append(held)

    def arrays(self, held: bool) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Per table size: (features, targets, hand chances) of the fit or held-out positions."""
        out = []
        for players in sorted(self.x):
            mask = np.array(self.held[players]) == held
            if mask.any():
                out.append(
                    (
                        np.array(self.x[players], dtype=np.float64)[mask],
                        np.array(self.y[players], dtype=np.float64)[mask],
                        np.array(self.hand[players], dtype=np.float64)[mask],
                    )
                )
        return out

    def positions(self) -> int:
        return sum(len(v) for v in self.y.values())


def self_play(
    name: str, players: int, count: int, seed: int, args: argparse.Namespace, directory: Path
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``count`` seeded games of ``args.bot`` line-ups through the lab's runner (``args.jobs``
    processes, or the Ray cluster at ``args.ray``): (index, record)."""
    game = games.get(name)
    spec = SimSpec.build(game.config(players), game, [args.bot] * players, seed, rotate=True)
    jobs, ray = args.jobs, args.ray
    folder = directory / f"{name}-{players}"
    if ray is None:
        batches = iter_outcomes(spec, count, jobs=jobs, record_dir=folder)
    else:
        from mobtable.sim import ray_runner

        batches = ray_runner.iter_outcomes(spec, count, address=ray, record_dir=folder)
    for _ in batches:
        pass
    for index in range(count):
        yield index, records.load(record_path(folder, name, index))


def positions(
    record: dict[str, Any],
    hand: Evaluator,
    features: Callable[[Any], list[list[float]]],
    rng: random.Random,
) -> Iterator[tuple[list[list[float]], list[float]]]:
    """(features, hand chances) from one sample at each step of progress of a game."""
    state = records.start_from_record(record)
    state.silent = True
    progress = hand.progress
    last = progress(state)
    for seat, text in record["actions"]:
        state.apply_text(seat, text)
        if state.is_over():
            return
        now = progress(state)
        if now != last:
            last = now
            sample = state.determinize(rng.randrange(state.players), rng)
            yield features(sample), hand.win_chances(sample)[0]


def shares(record: dict[str, Any], players: int) -> list[float]:
    winners = record["result"]["winners"]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def collect(name: str, args: argparse.Namespace, directory: Path) -> tuple[Data, int, float]:
    """Self-play and positions of one game: (data, games played, seconds)."""
    module = value_module(name)
    hand = games.get(name).search_hooks.evaluator
    if module is None or hand is None:
        raise SystemExit(f"{name} has no value module or no hand evaluator")
    data = Data.empty()
    played = 0
    start = time.perf_counter()
    for players, base in TABLES[name]:
        count = max(HOLD_OUT, round(base * args.scale))
        seed = derive_seed(args.seed, players, f"train/{name}")
        for index, record in self_play(name, players, count, seed, args, directory):
            rng = random.Random(derive_seed(seed, index, "positions"))
            target = shares(record, players)
            for x, chances in positions(record, hand, module.features, rng):
                data.add(players, x, target, list(chances), index % HOLD_OUT == 0)
            played += 1
    return data, played, time.perf_counter() - start


# -- the model ---------------------------------------------------------------------------


def utilities(
    params: np.ndarray, x: np.ndarray, hidden: int
) -> tuple[np.ndarray, np.ndarray | None]:
    """Per-seat utilities ``(n, seats)`` (and the hidden units, if any)."""
    f = x.shape[-1]
    if hidden == 0:
        return x @ params, None
    w = params[: hidden * f].reshape(hidden, f)
    b = params[hidden * f : hidden * (f + 1)]
    h = np.tanh(x @ w.T + b)
    return h @ params[hidden * (f + 1) :], h


def loss_and_grad(
    params: np.ndarray, groups: list[tuple[np.ndarray, np.ndarray]], hidden: int, count: int
) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of the softmax over seats against the win shares, plus ridge."""
    total = 0.0
    grad = np.zeros_like(params)
    f = groups[0][0].shape[-1]
    for x, y in groups:
        u, h = utilities(params, x, hidden)
        u = u - u.max(axis=1, keepdims=True)
        logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
        total -= float((y * logp).sum())
        du = np.exp(logp) - y  # d loss / d utility
        if hidden == 0:
            grad += np.einsum("ns,nsf->f", du, x)
        else:
            assert h is not None
            v = params[hidden * (f + 1) :]
            grad[hidden * (f + 1) :] += np.einsum("ns,nsh->h", du, h)
            dz = du[..., None] * v * (1 - h * h)
            grad[: hidden * f] += np.einsum("nsh,nsf->hf", dz, x).ravel()
            grad[hidden * f : hidden * (f + 1)] += dz.sum(axis=(0, 1))
    total /= count
    grad /= count
    total += L2 * float(params @ params)
    grad += 2 * L2 * params
    return total, grad


def fit(data: Data, hidden: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(standardised parameters, feature means, feature scales) fitted on the training games."""
    train = data.arrays(held=False)
    stacked = np.concatenate([x.reshape(-1, x.shape[-1]) for x, _, _ in train])
    mean = stacked.mean(axis=0)
    scale = stacked.std(axis=0)
    scale[scale == 0] = 1.0
    groups = [((x - mean) / scale, y) for x, y, _ in train]
    count = sum(len(y) for _, y in groups)
    f = len(mean)
    if hidden == 0:
        start = np.zeros(f)
    else:
        rng = np.random.default_rng(seed)
        start = rng.normal(0.0, 0.3, hidden * (f + 2))
    result = minimize(
        loss_and_grad,
        start,
        args=(groups, hidden, count),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 2000},
    )
    return result.x, mean, scale


def folded(
    params: np.ndarray, mean: np.ndarray, scale: np.ndarray, hidden: int
) -> dict[str, list[Any]]:
    """The weights over the raw features (the standardisation folded in), rounded."""
    f = len(mean)

    def r(values: Iterable[float]) -> list[float]:
        return [float(f"{v:.6g}") for v in values]

    if hidden == 0:  # the shift by the means is the same for every seat: the softmax drops it
        return {"hidden": [], "out": r(params / scale)}
    w = params[: hidden * f].reshape(hidden, f) / scale
    b = params[hidden * f : hidden * (f + 1)] - w @ mean
    rows = [r([*w[i], b[i]]) for i in range(hidden)]
    return {"hidden": rows, "out": r(params[hidden * (f + 1) :])}


Chances = Callable[[np.ndarray, np.ndarray], np.ndarray]
"""Win chances ``(n, seats)`` from the features and the hand evaluator's chances."""


def scores(
    chances: Chances, held: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
) -> tuple[float, float]:
    """(mean log-loss, accuracy: the most likely seat is a winner) over held-out positions."""
    loss = hits = 0.0
    count = 0
    for x, y, hand in held:
        p = np.clip(chances(x, hand), 1e-12, 1.0)
        loss -= float((y * np.log(p)).sum())
        best = p.argmax(axis=1)
        hits += float((y[np.arange(len(y)), best] > 0).sum())
        count += len(y)
    return loss / count, hits / count


def model_chances(model: ValueModel) -> Chances:
    """``model``'s :data:`Chances` (the hand evaluator's are ignored)."""

    def chances(x: np.ndarray, hand: np.ndarray) -> np.ndarray:
        return np.array([model.chances(row.tolist()) for row in x])

    return chances


def train(name: str, args: argparse.Namespace, directory: Path) -> str:
    """Collect, fit, report and write one game's model; the report's lines."""
    data, played, collect_seconds = collect(name, args, directory)
    start = time.perf_counter()
    params, mean, scale = fit(data, args.hidden, derive_seed(args.seed, 0, f"init/{name}"))
    fit_seconds = time.perf_counter() - start
    weights = folded(params, mean, scale, args.hidden)
    module = value_module(name)
    assert module is not None
    model = ValueModel.from_json(
        {"format": FORMAT, "features": list(module.FEATURES), **weights}, module.FEATURES
    )
    held = data.arrays(held=True)

    learned = model_chances(model)

    def hand(x: np.ndarray, hand: np.ndarray) -> np.ndarray:
        return hand

    def uniform(x: np.ndarray, hand: np.ndarray) -> np.ndarray:
        return np.full_like(hand, 1.0 / hand.shape[1])

    scorers: list[tuple[str, Chances]] = [("learned", learned), ("hand", hand)]
    unscored = ""
    try:
        shipped = load_model(module.__package__, module.FEATURES)
    except BadModel as error:  # features being changed: the new fit is what is wanted
        shipped, unscored = None, f"  shipped  not scored: {error}"
    if shipped is not None:  # the package's model, on positions it may never have seen
        scorers.append(("shipped", model_chances(shipped)))
    scorers.append(("uniform", uniform))

    held_n = sum(len(y) for _, y, _ in held)
    tables = ", ".join(f"{len(data.y[p])} at {p} players" for p in sorted(data.y))
    lines = [
        f"{name}: {played} games, {data.positions()} positions ({tables}; {held_n} held out), "
        f"self-play and features {collect_seconds:.0f} s, fit {fit_seconds:.1f} s",
    ]
    for label, fn in scorers:
        loss, accuracy = scores(fn, held)
        lines.append(f"  {label:8} held-out log-loss {loss:.4f}  accuracy {accuracy:.1%}")
    if unscored:
        lines.append(unscored)
    fitted, _ = scores(learned, data.arrays(held=False))
    lines.append(f"  learned on its own training positions: log-loss {fitted:.4f}")
    payload = {
        "format": FORMAT,
        "game": name,
        "features": list(module.FEATURES),
        **weights,
        "trained": {
            "seed": args.seed,
            "scale": args.scale,
            "games": played,
            "positions": data.positions(),
            "hidden": args.hidden,
            **({} if args.bot == "greedy" else {"bot": args.bot}),
        },
    }
    text = json.dumps(payload, indent=1) + "\n"
    assert module.__file__ is not None  # a value module is a file of the package
    path = Path(module.__file__).with_name(WEIGHTS)
    if args.out is not None:
        path = Path(args.out) / f"{name}-{WEIGHTS}"
    if args.check:
        same = path.is_file() and path.read_text(encoding="utf-8") == text
        lines.append(f"  {path}: {'the same bytes' if same else 'DIFFERENT'}")
    else:
        path.write_text(text, encoding="utf-8")
        lines.append(f"  wrote {path} ({len(text.encode())} bytes)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="times the default games")
    parser.add_argument("--jobs", type=int, default=1, help="local worker processes")
    parser.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster ('auto': local)")
    parser.add_argument("--hidden", type=int, default=0, help="tanh units (0: linear)")
    parser.add_argument("--bot", default="greedy", help="the bot of every seat in self-play")
    parser.add_argument("--out", metavar="DIR", help="write the weights there instead")
    parser.add_argument("--check", action="store_true", help="compare with the file, no write")
    args = parser.parse_args(argv)
    for name in args.games:
        if args.bot not in bots.available(name):
            parser.error(
                f"no bot {args.bot!r} for {name} (bots: {', '.join(bots.available(name))})"
            )
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mobtable-train-") as tmp:
        for name in args.games:
            print(train(name, args, Path(tmp)), flush=True)
    print(f"{time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
