"""The greedy bot: honest when it can, a bluffer when it cannot, and better than random."""

from __future__ import annotations

import random

from mobtable import bots
from mobtable.bots.base import Decision, RandomBot
from mobtable.games.capo import GAME
from mobtable.games.capo.actions import Declare, Place, Suspect
from mobtable.games.capo.bots import BOTS, GreedyBot

from .helpers import Picker, new, play


def _duel(games: int, players: int = 5) -> int:
    wins = 0
    for game in range(games):
        state = GAME.new_state(GAME.config(players), seed=game)
        seats = [GreedyBot(seed=game)] + [
            RandomBot(seed=1000 * game + s) for s in range(1, players)
        ]
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, seats[seat].choose(Decision(state, seat)))
        wins += 0 in state.result().winners
    return wins


def test_greedy_is_registered() -> None:
    assert BOTS["greedy"] is GreedyBot and len(BOTS) == 1
    assert "greedy" in bots.available("capo")
    assert isinstance(bots.make("greedy", "capo", seed=1), GreedyBot)


def test_greedy_beats_four_random_players_clearly() -> None:
    wins = _duel(40)
    assert wins >= 20, f"greedy won {wins} of 40; a fair share is 8"


def test_greedy_plays_an_honest_crew_when_it_has_one() -> None:
    pick = Picker()
    honest = [pick.card("cash", stars=1), pick.card("pistol", stars=1)]
    hands = [honest + pick.fillers(3), pick.fillers(5), pick.fillers(5)]
    state = new(hands, first="Protection racket")
    bot = GreedyBot(seed=3)
    while 0 in state.pending():
        state.apply(0, bot.choose(Decision(state, 0)))
    assert sorted(state.step.choices[0]) == sorted(honest)


def test_greedy_bluffs_when_it_cannot_succeed() -> None:
    counts = set()
    for seed in range(20):
        pick = Picker()
        hands = [pick.fillers(5), pick.fillers(5), pick.fillers(5)]
        state = new(hands, first="Protection racket")  # dynamite cannot do it
        bot = GreedyBot(seed=seed)
        action = bot.choose(Decision(state, 0))
        assert isinstance(action, Declare)
        counts.add(action.count)
        state.apply(0, action)
        while 0 in state.pending():
            choice = bot.choose(Decision(state, 0))
            assert isinstance(choice, Place)
            state.apply(0, choice)
    assert 1 in counts and len(counts) > 1  # mostly one card, sometimes a fuller crew


def test_greedy_suspects_a_visible_failure_and_not_a_sure_success() -> None:
    pick = Picker()
    heavy = [pick.card("cash", stars=4), pick.card("pistol", stars=4)]
    light = [pick.card("cash", stars=0), pick.card("pistol", stars=0)]
    hands = [pick.fillers(5), heavy + pick.fillers(3), light + pick.fillers(3)]
    state = new(hands, first="Protection racket")
    play(state, 0, hands[0][:1])
    play(state, 1, heavy)
    play(state, 2, light)
    state.apply(1, state.legal(1)[0])
    state.apply(2, state.legal(2)[0])
    choice = GreedyBot(seed=1).choose(Decision(state, 0))
    assert choice == Suspect(1)


def test_greedy_only_uses_the_view() -> None:
    """Two positions that differ only in hidden cards get the same decisions."""
    state = GAME.new_state(GAME.config(4), seed=5)
    rng = random.Random(5)
    for _ in range(30):
        seat = state.pending()[0]
        state.apply(seat, state.legal(seat)[rng.randrange(len(state.legal(seat)))])
    seat = state.pending()[0]
    twin = state.determinize(seat, random.Random(9))
    for trial in range(5):
        a = GreedyBot(seed=trial).choose(Decision(state, seat))
        b = GreedyBot(seed=trial).choose(Decision(twin, seat))
        assert a == b


def test_greedy_finishes_a_table_of_greedy_bots() -> None:
    state = GAME.new_state(GAME.config(7), seed=2)
    players = [GreedyBot(seed=s) for s in range(7)]
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, players[seat].choose(Decision(state, seat)))
    assert state.result().winners
