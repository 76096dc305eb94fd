"""The search's shortcuts: integer action keys, samples without a full clone, the quick guide."""

from __future__ import annotations

import doctest
import random
from dataclasses import dataclass

import pytest

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search import keys as keys_module
from mobtable.bots.search.keys import ActionKeys
from mobtable.core import shuffle as shuffle_module
from mobtable.core.shuffle import shuffle
from mobtable.games.gangsta.playout import guide

SEARCHED = ("gangsta", "cosca", "capo")


@dataclass(frozen=True)
class Move:
    n: int


@pytest.mark.parametrize("module", [keys_module, shuffle_module])
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert failures == 0 and tried > 0


def test_equal_actions_share_a_key_and_distinct_ones_do_not() -> None:
    keys = ActionKeys()
    first, again, other = Move(1), Move(1), Move(2)
    assert keys.of([first, other]) == [0, 1]
    assert keys.key(again) == 0  # an equal action that is another object
    assert keys.of([other, again, first]) == [1, 0, 0]
    assert keys.actions == [first, other]


def test_a_key_outlives_the_callers_references() -> None:
    """The table keeps keyed objects alive, so a freed id cannot be taken by a new action."""
    keys = ActionKeys()
    for n in range(2000):
        assert keys.key(Move(n)) == n  # every temporary object gets its own key
    assert keys.key(Move(5)) == 5


def test_shuffle_is_a_reproducible_permutation() -> None:
    drawn = []
    for _ in range(2):
        cards = list(range(40))
        shuffle(cards, random.Random(3))
        drawn.append(cards)
    assert drawn[0] == drawn[1] and sorted(drawn[0]) == list(range(40))
    assert drawn[0] != list(range(40))
    firsts = set()
    for seed in range(200):
        cards = list(range(4))
        shuffle(cards, random.Random(seed))
        firsts.add(tuple(cards))
    assert len(firsts) == 24  # every order of four cards turns up


def midgame(name: str, seed: int = 7):  # type: ignore[no-untyped-def]
    game = games.get(name)
    state = game.new_state(game.config(4), seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        seat = state.pending()[0]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    return state


@pytest.mark.parametrize("name", SEARCHED)
def test_a_sample_shares_no_list_with_the_true_state(name: str) -> None:
    state = midgame(name)
    seat = state.pending()[0]
    before = state.fingerprint()
    sample = state.determinize(seat, random.Random(1))
    assert sample.history == [] and sample.events == []
    assert sample.view(seat) == state.view(seat)
    rng = random.Random(2)
    while not sample.is_over():  # playing the sample on leaves the true state alone
        mover = sample.pending()[0]
        legal = sample.legal(mover)
        sample.apply(mover, legal[rng.randrange(len(legal))], check=False)
    assert state.fingerprint() == before


@pytest.mark.parametrize("name", SEARCHED)
def test_a_clone_still_copies_the_history_and_rng(name: str) -> None:
    state = midgame(name)
    copy = state.clone()
    assert copy.history == state.history and copy.history is not state.history
    assert copy.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("name", SEARCHED)
def test_a_seeded_search_repeats_itself(name: str) -> None:
    state = midgame(name)
    seat = state.pending()[0]
    runs = [
        ISMCTSBot(seed=4, budget=Budget(iterations=120)).search(Decision(state, seat))
        for _ in range(2)
    ]
    assert runs[0].action == runs[1].action
    assert [(s.action, s.visits, s.mean) for s in runs[0].stats] == [
        (s.action, s.visits, s.mean) for s in runs[1].stats
    ]
    assert sum(s.visits for s in runs[0].stats) == 120


def test_the_gangsta_guide_answers_tricks_and_placements_only() -> None:
    game = games.get("gangsta")
    answered = left = 0
    for seed in range(6):
        state = game.new_state(game.config(4), seed=seed)
        state.silent = True
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal(seat)
            choice = guide(state, seat)
            if state.phase.value in ("play", "place"):
                assert choice in legal
                answered += 1
            else:
                assert choice is None  # the redraw is left to the greedy bot
                left += 1
            state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    assert answered > 400 and left >= 6


@pytest.mark.parametrize("name", SEARCHED)
def test_a_halving_block_copies_its_sample_as_if_it_drew_it_again(name: str) -> None:
    """Every survivor of a block gets the state and random stream of a fresh draw."""
    from mobtable.bots.search.ismcts import _Samples

    state = midgame(name)
    decision = Decision(state, state.pending()[0])
    samples = _Samples(decision.determinize, 99)
    for _ in range(3):
        sample = samples.next()
        fresh_rng = random.Random(99)
        fresh = decision.determinize(fresh_rng)
        assert sample.fingerprint() == fresh.fingerprint()
        assert samples.rng.getstate() == fresh_rng.getstate()
        if hasattr(fresh, "rng"):  # the sample draws its chance events from the block's stream
            assert fresh.rng is fresh_rng and sample.rng is samples.rng
        rng = random.Random(5)  # play the copy on: the next one must not see it
        for _ in range(30):
            if sample.is_over():
                break
            seat = sample.pending()[0]
            legal = sample.legal(seat)
            sample.apply(seat, legal[rng.randrange(len(legal))], check=False)


def test_the_cosca_guide_is_the_greedy_choice_without_its_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no room among equally good settings and no draw, ``greedy`` is the guide."""
    from mobtable.games.cosca import bots as cosca_bots
    from mobtable.games.cosca.playout import guide as cosca_guide

    monkeypatch.setattr(cosca_bots, "EQUALLY_GOOD", 0.0)
    game = games.get("cosca")
    greedy = cosca_bots.GreedyBot(seed=0)
    monkeypatch.setattr(greedy.rng, "randrange", lambda n: 0)
    answered = left = 0
    for seed in range(8):
        state = game.new_state(game.config(3 + seed % 3), seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal(seat)
            choice = cosca_guide(state, seat)
            if choice is None:
                assert state.stage.value == "fight"  # a stake the bot draws at random
                left += 1
            else:
                assert choice == greedy.choose(Decision(state, seat))
                answered += 1
            state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    assert answered > 300 and left > 0


def test_a_long_legal_tuple_is_keyed_once_and_a_list_every_time() -> None:
    keys = ActionKeys()
    legal = tuple(Move(n) for n in range(40))
    first_keys, positions = keys.index(legal)
    again_keys, again_positions = keys.index(legal)
    assert again_keys is first_keys and again_positions is positions
    assert positions == {k: i for i, k in enumerate(first_keys)}
    as_list = list(reversed(legal))
    listed, none = keys.index(as_list)
    assert none is None and listed == first_keys[::-1]
    short, no_positions = keys.index(legal[:3])
    assert short == first_keys[:3] and no_positions is None


@pytest.mark.parametrize("mixed", [False, True])
def test_selection_is_the_same_with_or_without_the_positions(mixed: bool) -> None:
    """Walking the edges (with positions) or the legal keys picks the same action."""
    import copy

    from mobtable.bots.search.tree import SeatEdges, Selection

    params = Selection()
    for seed in range(300):
        rng = random.Random(seed)
        edges = SeatEdges()
        edges.visits = rng.randrange(1, 400)
        for key in rng.sample(range(60), rng.randrange(0, 20)):
            visits = rng.randrange(0, 30)
            edges.edges[key] = [visits, rng.random() * visits, visits + 1, 0.0, rng.random()]
        keys = rng.sample(range(60), rng.randrange(1, 60))
        positions = {k: i for i, k in enumerate(keys)}
        first = rng.choice([None, *keys])
        answers = []
        for known in (None, positions):
            trial = copy.deepcopy(edges)
            draw = random.Random(seed)
            if mixed:
                answer: object = trial.select_mixed(keys, draw, params, first, known)
            else:
                answer = trial.select(keys, draw, params, first, known)
            answers.append((answer, trial.edges, draw.random()))
        assert answers[0] == answers[1]
        walked = [(i, edges.edges[k]) for i, k in enumerate(keys) if k in edges.edges]
        assert edges._tried(keys, positions) == walked == edges._tried(keys, None)


def test_capo_greedy_answers_a_sample_without_a_view_as_it_would_with_one() -> None:
    """``sample_guide`` makes the choice ``choose`` makes, with the same random draws, in
    the crew and turning-up phases (suspicions are left to ``choose``)."""
    from mobtable.games.capo.bots import GreedyBot

    game = games.get("capo")
    answered = 0
    for seed in range(6):
        quick, slow = GreedyBot(seed=seed), GreedyBot(seed=seed)
        state = game.new_state(game.config(4 + seed % 3), seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            sample = state.determinize(seat, random.Random(answered))
            for other in sample.pending():
                choice = quick.sample_guide(sample, other)
                if sample.phase.value == "suspect":
                    assert choice is None
                    continue
                assert choice == slow.choose(Decision(sample, other))
                answered += 1
            assert quick.rng.getstate() == slow.rng.getstate()
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    assert answered > 1000
