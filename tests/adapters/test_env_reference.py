"""The AEC environment's observations and masks, held against a plain reference.

The encoders and views are written for speed (position tables, one pass per part); these
tests keep them honest: Gangsta's tensor equals a field-by-field encoding written for
reading, every mask equals the legal actions' indices, and whole random games through the
environment give the same bytes as when the digests below were taken (change them only
with a change of the encoding itself, and say so in docs/research.md).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pytest

from mobtable.adapters import pettingzoo as pz
from mobtable.adapters.encoders import Array
from mobtable.adapters.encoders.gangsta import PHASES, VARIANTS, GangstaEncoder
from mobtable.core import View
from mobtable.games.gangsta.grid import CELL_NAMES

DIGESTS = {
    ("gangsta", 3): "29965d9fbe5232e6",
    ("gangsta", 4): "9822354dbfb93cda",
    ("gangsta", 5): "a92ed712ff1de183",
    ("cosca", 2): "b45c892180b6b5a5",
    ("cosca", 3): "2f13254d84bbf375",
    ("cosca", 4): "473b8adb5f9b350e",
    ("capo", 3): "4857523755791454",
    ("capo", 4): "7682eb48a57c7208",
    ("capo", 5): "f2b2027087f8e216",
}
"""sha256 (first 16 hex digits) of three random games' agents, observations, masks and
rewards through ``pz.env`` (seeds 0-2), taken before the encoders were made faster.
Gangsta's were taken again when a redraw's integer came to name its tied cards only (its
masks 2,689 entries long, were 43,617): the same games, with the same observations, rewards
and legal actions in the same order, checked against the digests before."""


def gangsta_reference(encoder: GangstaEncoder, view: Any) -> Array:
    """Gangsta's tensor written field by field from the view, for reading, not speed."""
    array = np.zeros(encoder.size, np.float32)
    out = encoder.split(array)
    players, me = view["players"], view["seat"]
    card = {code: i for i, code in enumerate(encoder.codes)}
    mafias = list(encoder.mafias)

    def rel(seat: int) -> int:
        return (seat - me) % players

    def one_hot(field: str, names: tuple[str, ...], value: str) -> None:
        out[field][names.index(value) if value in names else len(names) - 1] = 1

    one_hot("phase", PHASES, view["phase"])
    one_hot("variant", VARIANTS, view["variant"] or "none")
    if view["turn"] is not None and view["phase"] not in ("redraw", "over"):
        out["to_move"][rel(view["turn"])] = 1
    for code in view["hand"]:
        out["hand"][card[code]] = 1
    out["trump"][card[view["trump"]]] = 1
    out["trump_mafia"][mafias.index(view["trump_mafia"])] = 1
    for cell, code in view["grid"].items():
        out["grid"][CELL_NAMES.index(cell), card[code]] = 1
        out["grid_cards"][card[code]] = 1
    for play in view["trick"]:
        for code in play["cards"]:
            out["trick"][rel(play["seat"]), card[code]] = 1
    for position, seat in enumerate(view["trick_order"]):
        out["trick_order"][position, rel(seat)] = 1
    if view["leader"] is not None:
        out["leader"][rel(view["leader"])] = 1
    if view["last_trick"] is not None:
        out["last_winner"][rel(view["last_trick"]["winner"])] = 1
        for play in view["last_trick"]["plays"]:
            for code in play["cards"]:
                out["last_trick"][rel(play["seat"]), card[code]] = 1
    for field in ("to_place", "opened", "box", "discard"):
        for code in view[field]:
            out[field][card[code]] = 1
    redraw = view["redraw"]
    for seat in redraw["waiting"]:
        out["to_move"][rel(seat)] = 1
        out["redraw"][0, rel(seat)] = 1
    for seat in redraw["redrew"]:
        out["redraw"][1, rel(seat)] = 1
    for code in redraw["mine"] or ():
        out["my_redraw"][card[code]] = 1
    for seat in range(players):
        out["hand_sizes"][rel(seat)] = view["hand_sizes"][seat] / 16
        out["scores"][rel(seat)] = view["scores"][seat] / 50
        out["best_trick"][rel(seat)] = view["best_trick"][seat] / 10
        for letter in view["voids"][seat]:
            out["voids"][rel(seat), mafias.index(letter)] = 1
    for seat in view["absent"]:
        out["absent"][rel(seat)] = 1
    out["counters"][:] = (
        view["deck_size"] / 64,
        view["trick_points"] / 10,
        view["tricks_played"] / 20,
        view["ambush_deck_size"] / 20,
    )
    for index in view["ambush_used"]:
        out["ambush_used"][index] = 1
    raid = view["last_raid"]
    if raid is not None:
        out["last_raid"][raid["ambush"]] = 1
        for cell in raid["cells"]:
            out["raid_cells"][CELL_NAMES.index(cell)] = 1
        for code in raid["removed"]:
            out["raid_removed"][card[code]] = 1
    return array


def reference_mask(env: Any, seat: int) -> np.ndarray:
    """1 at the index of each legal action of a seat that owes a decision."""
    table = env.unwrapped.table
    mask = np.zeros(table.num_actions, np.int8)
    if seat in table.state.pending():
        for action in table.state.legal(seat):
            mask[table.game.action_index(action, table.config)] = 1
    return mask


def played(name: str, players: int, seeds: range) -> Any:
    """Each decision of random games through ``pz.env``: (env, agent, last())."""
    env = pz.env(name, players)
    for seed in seeds:
        rng = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            last = env.last()
            yield env, agent, last
            obs, _, done, truncated, _ = last
            if done or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(bool))
            env.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_gangsta_observations_equal_the_plain_reference(players: int) -> None:
    seen = 0
    for env, agent, (obs, *_) in played("gangsta", players, range(3)):
        table = env.unwrapped.table
        seat = env.unwrapped.seat_of(agent)
        view: View = table.state.view(seat)
        assert np.array_equal(obs["observation"], gangsta_reference(table.encoder, view))
        assert np.array_equal(obs["action_mask"], reference_mask(env, seat))
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("name", ["cosca", "capo"])
def test_masks_equal_the_legal_actions(name: str) -> None:
    for env, agent, (obs, *_) in played(name, 3, range(2)):
        assert np.array_equal(obs["action_mask"], reference_mask(env, env.unwrapped.seat_of(agent)))


@pytest.mark.parametrize(("name", "players"), sorted(DIGESTS))
def test_whole_games_give_the_recorded_bytes(name: str, players: int) -> None:
    digest = hashlib.sha256()
    for _, agent, (obs, reward, *_) in played(name, players, range(3)):
        digest.update(agent.encode())
        digest.update(obs["observation"].tobytes())
        digest.update(obs["action_mask"].tobytes())
        digest.update(repr(reward).encode())
    assert digest.hexdigest()[:16] == DIGESTS[name, players]
