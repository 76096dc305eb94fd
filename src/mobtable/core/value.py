"""Learned evaluators: each seat's win chance from a small model fitted on self-play.

A game may ship a value model beside its hand-written :class:`~mobtable.core.search.Evaluator`
(``games/<name>/value.py`` and its weights ``value.json``, made by
``scripts/train_evaluators.py``). Each seat's position is described by a few numbers read off the
state (its score, its lead, what its hand holds, how much game is left); the model turns each
seat's numbers into a utility with the same weights for every seat, and the win chances are the
softmax of the utilities: a conditional logit, optionally with one small ``tanh`` hidden layer.

Inference is plain Python over a few dozen weights (microseconds a leaf): no numpy at play time.
The evaluator reads only the state it is handed — in the search, a determinized sample.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from operator import mul
from typing import Any

from mobtable.core.search import Evaluator, Progress, softmax
from mobtable.core.state import State

Features = Callable[[Any], list[list[float]]]
"""Each seat's features, read off a state (one list per seat, in the model's order)."""
Reading = Callable[[Any], tuple[list[list[float]], Sequence[float]]]
"""Each seat's features and its score (the hand evaluator's) read off a state together, for a
game whose features already compute the score (Gangsta's: points plus the hand estimate)."""

FORMAT = 1
"""The version of the weights file."""


class BadModel(ValueError):
    """A weights file that does not fit its game's features."""


@dataclass(frozen=True, slots=True)
class ValueModel:
    """Per-seat utilities from per-seat features, then a softmax over the seats.

    Without a hidden layer, ``u = out . x``; with one, ``u = out . tanh(W x + b)``. Any
    standardisation of the features is folded into the weights when the model is saved.

    Attributes:
        names: the feature names, in order (checked against the game's features).
        hidden: one row per hidden unit: its weights over the features, then its bias.
        out: the output weights (over the features, or over the hidden units).
    """

    names: tuple[str, ...]
    hidden: tuple[tuple[float, ...], ...]
    out: tuple[float, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any], names: Sequence[str]) -> ValueModel:
        """The model of a weights file, checked against the game's feature ``names``."""
        if data.get("format") != FORMAT:
            raise BadModel(f"weights format {data.get('format')!r} is not {FORMAT}")
        if tuple(data.get("features", ())) != tuple(names):
            raise BadModel(f"weights for features {data.get('features')}, not {list(names)}")
        hidden = tuple(tuple(float(w) for w in row) for row in data.get("hidden", ()))
        out = tuple(float(w) for w in data["out"])
        width = len(hidden) if hidden else len(names)
        if len(out) != width or any(len(row) != len(names) + 1 for row in hidden):
            raise BadModel("weights of the wrong shape for the features")
        return cls(tuple(names), hidden, out)

    def utility(self, x: Sequence[float]) -> float:
        """One seat's utility from its features."""
        if not self.hidden:
            linear: float = sum(map(mul, self.out, x))
            return linear
        tanh = math.tanh
        # ``map`` stops at the shorter list: each row's last entry, its bias, is added apart
        units = [tanh(row[-1] + sum(map(mul, row, x))) for row in self.hidden]
        total: float = sum(map(mul, self.out, units))
        return total

    def chances(self, features: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's win chance (summing to one) from every seat's features."""
        return softmax([self.utility(x) for x in features], 1.0)


@dataclass(frozen=True, slots=True)
class LearnedEvaluator:
    """A :class:`~mobtable.core.search.LeafEvaluator` whose win chances come from a
    :class:`ValueModel`.

    Attributes:
        progress, horizon: where rollouts stop (the game's hand evaluator's).
        read: each seat's features and score (for the search's ``score_weight``: the hand
            evaluator's), read off the state.
        model: the fitted weights.
    """

    progress: Progress
    horizon: int
    read: Reading
    model: ValueModel

    def win_chances(self, state: State) -> tuple[list[float], Sequence[float]]:
        features, scores = self.read(state)
        return self.model.chances(features), scores


WEIGHTS = "value.json"
"""The weights file's name in a game's package."""


def load_model(package: str | None, names: Sequence[str]) -> ValueModel | None:
    """The model in ``package``'s ``value.json``, or ``None`` if the game ships none."""
    if package is None:
        raise BadModel("a value model belongs to a package")
    path = resources.files(package).joinpath(WEIGHTS)
    if not path.is_file():
        return None
    return ValueModel.from_json(json.loads(path.read_text(encoding="utf-8")), names)


def learned(
    package: str | None,
    names: Sequence[str],
    features: Features,
    hand: Evaluator,
    read: Reading | None = None,
) -> LearnedEvaluator | None:
    """A game's learned evaluator from its ``value.json`` (``None`` if it ships none),
    stopping rollouts where its ``hand`` evaluator does and passing on its scores: through
    ``read`` where the game reads features and scores together, else ``features`` and the
    hand evaluator's ``scores`` one after the other."""
    model = load_model(package, names)
    if model is None:
        return None
    if read is None:
        scores = hand.scores

        def read(state: Any) -> tuple[list[list[float]], Sequence[float]]:
            return features(state), scores(state)

    return LearnedEvaluator(hand.progress, hand.horizon, read, model)
