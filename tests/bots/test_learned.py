"""The learned evaluators: the shipped weights, the training script, and what they read."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mobtable import bots, games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search import bot as search_bot
from mobtable.bots.search.evaluate import Reach
from mobtable.bots.search.learned import learned_evaluator, value_module
from mobtable.core import State
from mobtable.core.search import LeafEvaluator
from mobtable.core.value import BadModel, LearnedEvaluator, ValueModel

GAMES = ("gangsta", "cosca", "capo")
PLAYERS = {"gangsta": (3, 4, 5, 6), "cosca": (3, 4, 5), "capo": (3, 5, 7)}
SCRIPT = Path(__file__).parents[2] / "scripts" / "train_evaluators.py"


def evaluator(name: str) -> LearnedEvaluator:
    found = learned_evaluator(name)
    assert isinstance(found, LearnedEvaluator), f"{name} ships no trained value.json"
    return found


def midgame(name: str, players: int, seed: int, steps: int = 40) -> State:
    """A state after ``steps`` seeded random actions (fewer if the game ends by then)."""
    game = games.get(name)
    state = game.new_state(game.config(players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal(state.pending()[0])
        state.apply(state.pending()[0], legal[rng.randrange(len(legal))], check=False)
        if state.is_over():
            return midgame(name, players, seed, steps // 2)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_weights_load_and_give_a_distribution_over_the_seats(name: str) -> None:
    learned = evaluator(name)
    for players in PLAYERS[name]:
        for seed in range(3):
            state = midgame(name, players, seed)
            sample = state.determinize(state.pending()[0], random.Random(seed))
            chances, scores = learned.win_chances(sample)
            assert len(chances) == len(scores) == players
            assert all(0.0 < p < 1.0 for p in chances)
            assert sum(chances) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_the_learned_evaluator_stops_rollouts_where_the_hand_evaluator_does(name: str) -> None:
    hand = games.get(name).search_hooks.evaluator
    assert hand is not None
    learned: LeafEvaluator = evaluator(name)
    state = midgame(name, 4 if name != "capo" else 5, 1)
    assert learned.horizon == hand.horizon
    assert learned.progress(state) == hand.progress(state)


@pytest.mark.parametrize("name", GAMES)
def test_the_learned_evaluator_passes_on_the_hand_evaluator_s_scores(name: str) -> None:
    """Its scores (for the search's score term) are the hand evaluator's to the bit, and its
    chances the model's over the game's features, whether the game reads both in one pass
    (Gangsta) or not."""
    hand = games.get(name).search_hooks.evaluator
    assert hand is not None
    learned = evaluator(name)
    module = value_module(name)
    assert module is not None
    for players in PLAYERS[name]:
        for seed in range(4):
            state = midgame(name, players, seed, steps=20 + 15 * seed)
            sample = state.determinize(state.pending()[0], random.Random(seed))
            chances, scores = learned.win_chances(sample)
            assert list(scores) == list(hand.scores(sample))
            assert chances == learned.model.chances(module.features(sample))


@pytest.mark.parametrize("name", GAMES)
def test_the_evaluator_reads_only_the_state_it_is_handed(name: str) -> None:
    """A sample's value is the sample's: the same for a copy of it, and unchanged when the
    true state it was drawn from plays on."""
    learned = evaluator(name)
    players = 4 if name != "capo" else 5
    state = midgame(name, players, 7)
    seat = state.pending()[0]
    sample = state.determinize(seat, random.Random(2))
    before = learned.win_chances(sample)
    assert learned.win_chances(sample.sample_copy()) == before
    rng = random.Random(5)
    for _ in range(30):
        if state.is_over():
            break
        mover = state.pending()[0]
        legal = state.legal(mover)
        state.apply(mover, legal[rng.randrange(len(legal))], check=False)
    assert learned.win_chances(sample) == before


def test_a_weights_file_for_other_features_is_refused() -> None:
    data = {"format": 1, "features": ["a", "b"], "hidden": [], "out": [1.0, 2.0]}
    assert ValueModel.from_json(data, ("a", "b")).chances([[1.0, 0.0], [0.0, 1.0]])[1] > 0.5
    with pytest.raises(BadModel):
        ValueModel.from_json(data, ("a", "c"))
    with pytest.raises(BadModel):
        ValueModel.from_json({**data, "out": [1.0]}, ("a", "b"))
    with pytest.raises(BadModel):
        ValueModel.from_json({**data, "format": 0}, ("a", "b"))


def test_a_hidden_layer_model_gives_a_distribution() -> None:
    data = {
        "format": 1,
        "features": ["a", "b"],
        "hidden": [[1.0, -1.0, 0.5], [0.2, 0.3, -0.1]],
        "out": [2.0, -1.0],
    }
    model = ValueModel.from_json(data, ("a", "b"))
    chances = model.chances([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1]


def test_a_game_without_a_value_module_has_no_learned_evaluator() -> None:
    assert value_module("sealed-bid") is None  # the tests' toy game
    assert learned_evaluator("sealed-bid") is None
    bot = ISMCTSBot(seed=1, budget=Budget(iterations=20), learned=True)
    game = games.get("sealed-bid")
    state = game.new_state(game.config(2), seed=1)
    decision = Decision(state, state.pending()[0])
    assert bot.choose(decision) in decision.legal


@pytest.mark.parametrize("name", GAMES)
def test_a_search_that_opts_in_scores_its_leaves_with_the_learned_evaluator(
    name: str, monkeypatch: Any
) -> None:
    calls: list[int] = []
    learned = evaluator(name)

    class Counting:
        def __init__(self) -> None:
            self.progress = learned.progress
            self.horizon = learned.horizon

        def win_chances(self, state: State) -> Any:
            calls.append(1)
            return learned.win_chances(state)

    monkeypatch.setattr(search_bot, "learned_evaluator", lambda game_name: Counting())
    state = midgame(name, 4 if name != "capo" else 5, 3)
    seat = state.pending()[0]
    decision = Decision(state, seat)
    action = ISMCTSBot(seed=1, budget=Budget(iterations=60), learned=True).choose(decision)
    assert action in decision.legal
    assert calls or len(decision.legal) == 1
    calls.clear()
    ISMCTSBot(seed=1, budget=Budget(iterations=60)).choose(Decision(state, seat))
    assert calls == []


@pytest.mark.parametrize("level", ["quick", "medium", "hard"])
def test_the_existing_levels_keep_the_hand_evaluator(level: str) -> None:
    bot = bots.make(level, "gangsta", seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert bot.learned is False


def _script(monkeypatch: Any) -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_evaluators", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclass looks itself up
    spec.loader.exec_module(module)
    return module


def test_the_training_script_is_reproducible_from_its_seed(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    script = _script(monkeypatch)
    runs = []
    for run in ("a", "b", "c"):
        out = tmp_path / run
        out.mkdir()
        seed = "2" if run == "c" else "1"
        argv = ["--games", "capo", "--scale", "0.001", "--seed", seed, "--out", str(out)]
        assert script.main(argv) == 0
        runs.append((out / "capo-value.json").read_bytes())
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]
    data = json.loads(runs[0])
    module = value_module("capo")
    assert module is not None
    model = ValueModel.from_json(data, module.FEATURES)
    assert len(model.out) == len(module.FEATURES)
    report = capsys.readouterr().out
    assert "held-out log-loss" in report and "hand" in report
    argv = ["--games", "capo", "--scale", "0.001", "--hidden", "2", "--out", str(tmp_path)]
    assert script.main(argv) == 0
    hidden = ValueModel.from_json(
        json.loads((tmp_path / "capo-value.json").read_text()), module.FEATURES
    )
    assert len(hidden.hidden) == 2 and len(hidden.out) == 2


def test_the_training_script_plays_its_self_play_with_the_bot_asked_for(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    script = _script(monkeypatch)
    files = {}
    for bot in ("greedy", "quick"):
        out = tmp_path / bot
        out.mkdir()
        argv = ["--games", "gangsta", "--scale", "0.001", "--bot", bot, "--out", str(out)]
        assert script.main(argv) == 0
        files[bot] = json.loads((out / "gangsta-value.json").read_text())
    assert "bot" not in files["greedy"]["trained"]  # the shipped files' form is unchanged
    assert files["quick"]["trained"]["bot"] == "quick"
    assert files["quick"]["out"] != files["greedy"]["out"]  # other games, another fit
    report = capsys.readouterr().out
    assert report.count("shipped  held-out log-loss") == 2  # the package's model, scored too
    with pytest.raises(SystemExit) as refused:
        script.main(["--games", "gangsta", "--bot", "nonesuch", "--out", str(tmp_path)])
    assert refused.value.code == 2
    assert "no bot 'nonesuch' for gangsta" in capsys.readouterr().err


def test_the_training_script_fits_new_features_the_shipped_weights_do_not_fit(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    """Changing a game's features is what the script is for: the package's weights, made for
    the old ones, are reported as not scored instead of ending the run after the fit."""
    script = _script(monkeypatch)
    module = value_module("gangsta")
    assert module is not None
    features = module.features
    monkeypatch.setattr(module, "FEATURES", (*module.FEATURES, "cards again"))
    monkeypatch.setattr(module, "features", lambda s: [[*r, r[4]] for r in features(s)])
    argv = ["--games", "gangsta", "--scale", "0.001", "--out", str(tmp_path)]
    assert script.main(argv) == 0
    written = json.loads((tmp_path / "gangsta-value.json").read_text())
    assert written["features"][-1] == "cards again"
    report = capsys.readouterr().out
    assert "shipped  not scored: weights for features" in report
    assert "shipped  held-out log-loss" not in report


@pytest.mark.parametrize("horizon", [0, 1, 2])
def test_a_search_with_a_horizon_scores_positions_that_many_tricks_past_the_leaf(
    horizon: int, monkeypatch: Any
) -> None:
    """``ISMCTSBot(horizon=h)``: rollouts stop ``h`` tricks past the leaf, not after the
    evaluator's own one; with 0 the leaf itself, mid-trick, is scored."""
    learned = evaluator("gangsta")
    scored: list[int] = []

    class Recording:
        def __init__(self) -> None:
            self.progress = learned.progress
            self.horizon = learned.horizon

        def win_chances(self, state: State) -> Any:
            scored.append(learned.progress(state))
            return learned.win_chances(state)

    monkeypatch.setattr(search_bot, "learned_evaluator", lambda game_name: Recording())
    state = midgame("gangsta", 4, 5, steps=30)
    start = learned.progress(state)
    seat = state.pending()[0]
    bot = ISMCTSBot(seed=1, budget=Budget(iterations=80), learned=True, horizon=horizon)
    assert bot.choose(Decision(state, seat)) in Decision(state, seat).legal
    assert scored and min(scored) >= start + horizon
    if horizon == 0:  # some leaves are scored in the trick being played
        assert start in scored
    else:
        assert start not in scored


def test_a_negative_horizon_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="horizon is a number of steps, 0 or more, not -1"):
        Reach(evaluator("gangsta"), -1)
