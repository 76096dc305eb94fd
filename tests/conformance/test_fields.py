"""Every game's table is one declaration (:mod:`mobtable.core.fields`), and its copies and
fingerprint hold to it.

- every attribute a live state holds is a declared field (no instance dict), and every
  declared field is in the fingerprint unless it is derived or the core's record (the
  check that Gangsta's hand-written fingerprint, which left out ``absent``,
  ``last_trick`` and ``last_raid``, fails);
- a clone and a sample copy carry every field: equal to the original, sharing no
  mutable part the declaration does not say is shared, and played on in step with the
  original their fingerprints stay equal (through tricks, raids and rounds);
- a determinization keeps every public field, and the seat's own part of each ``seat``
  field: the visibilities the declaration states are the ones the search relies on.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from mobtable import games
from mobtable.core import Config, State, fields
from mobtable.core.fields import Visibility
from mobtable.games.gangsta.table import Settled

from .helpers import all_game_names

GAMES = all_game_names()
CORE = {"game", "config", "origin", "history", "events", "silent"}

VARIETY: dict[str, tuple[dict[str, Any], ...]] = {
    "gangsta": ({}, {"variants": ["reveal-one"]}, {"variants": ["reveal-two"]}),
    "capo": ({}, {"options": {"crew_sizes": "open"}}, {"options": {"respect_supply": "limited"}}),
    "cosca": (
        {},
        {"options": {"supply": "unlimited", "resource_ties": "strict", "henrietta": "symbols"}},
    ),
}
"""Each game's configs the tests cycle through (its variants and options that add fields'
cases: opened cards, open crews, a limited supply)."""


def _config(name: str, seed: int) -> Config:
    game = games.get(name)
    span = game.max_players - game.min_players + 1
    extra = VARIETY.get(name, ({},))
    return game.config(game.min_players + seed % span, **extra[seed % len(extra)])


def _positions(name: str, seed: int, every: int = 5) -> Iterator[State]:
    """Positions along one seeded random game, the end included (the live state each
    time: the caller copies it before anything is played on)."""
    game = games.get(name)
    state = game.new_state(_config(name, seed), seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
        step += 1
    yield state


def attributes(state: State) -> set[str]:
    """Every attribute the state holds: its slots and, if it has one, its instance dict."""
    names = set(getattr(state, "__dict__", {}))
    for kind in type(state).__mro__:
        slots = getattr(kind, "__slots__", ())
        names.update([slots] if isinstance(slots, str) else slots)
    return {n for n in names if n not in ("__dict__", "__weakref__") and hasattr(state, n)}


def unaccounted(state: State, derived: set[str]) -> set[str]:
    """The attributes of ``state`` that are neither in its fingerprint, nor ``derived``,
    nor the core's record: a field the clone and determinism checks cannot see."""
    return attributes(state) - set(state.fingerprint()) - derived - CORE


def _of(state: State, visibility: Visibility) -> set[str]:
    return {n for n, s in fields.specs(type(state)).items() if s.visibility is visibility}


@pytest.mark.parametrize("name", GAMES)
def test_every_field_is_declared_and_fingerprinted_or_derived(name: str) -> None:
    for seed in range(3):
        for state in _positions(name, seed, every=13):
            assert not hasattr(state, "__dict__"), "a field outside the declaration"
            declared = set(fields.specs(type(state)))
            assert attributes(state) == declared
            assert _of(state, Visibility.RECORD) == CORE  # a game cannot add record fields
            assert unaccounted(state, _of(state, Visibility.DERIVED)) == set()
            shown = declared - _of(state, Visibility.DERIVED) - CORE
            assert set(state.fingerprint()) == shown


def test_gangsta_fingerprints_what_it_left_out() -> None:
    """The three fields today's declaration added to Gangsta's fingerprint: each one
    changes it (before, two positions differing only there fingerprinted alike)."""
    state = next(s for s in _positions("gangsta", 1) if s.tricks >= 1)
    before = state.fingerprint()
    settled = (("last_trick", Settled((0, []))), ("last_raid", Settled((0, [], []))))
    for name, value in (("absent", 3), *settled):
        other = state.clone()
        setattr(other, name, value)
        assert other.fingerprint() != before, name


def test_a_view_made_of_a_settled_fact_is_not_part_of_the_position() -> None:
    """Gangsta's last trick and last raid keep the JSON the first view made of them (every
    later view shares it); the fingerprint reads the fact alone, so viewing a position
    leaves its fingerprint as it was, and a copy made before the view shares the JSON too."""
    state = next(s for s in _positions("gangsta", 1) if s.tricks >= 1 and s.last_raid)
    before, copy = state.fingerprint(), state.clone()
    assert state.last_trick.shown is None and state.last_raid.shown is None
    view = state.view(0)
    assert state.last_trick.shown is view["last_trick"] is not None
    assert state.last_raid.shown is view["last_raid"] is not None
    assert state.fingerprint() == before == copy.fingerprint()
    assert copy.view(1)["last_trick"] is view["last_trick"]


def _shared_mutables(copy: Any, original: Any, seen: set[int] | None = None) -> list[str]:
    """The mutable parts of ``original`` that ``copy`` holds too (by identity): lists,
    dicts, sets, generators and objects with fields, not what a copy may share (values:
    numbers, strings, tuples of values, frozen dataclasses, enums)."""
    seen = set() if seen is None else seen
    if id(original) in seen or original is None or isinstance(original, str | int | float):
        return []
    seen.add(id(original))
    params = getattr(type(original), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return []
    objects = params is not None or hasattr(type(original), "__slots__")
    mutable = isinstance(original, list | dict | set | random.Random) or (
        objects and not isinstance(original, tuple | frozenset)
    )
    found = [type(original).__name__] if mutable and copy is original else []
    if isinstance(original, list | tuple) and isinstance(copy, list | tuple):
        for a, b in zip(copy, original, strict=False):
            found += _shared_mutables(a, b, seen)
    elif isinstance(original, dict) and isinstance(copy, dict):
        for key, value in original.items():
            found += _shared_mutables(copy.get(key), value, seen)
    elif objects and type(copy) is type(original) and not isinstance(original, tuple):
        for field in _field_names(original):
            found += _shared_mutables(getattr(copy, field), getattr(original, field), seen)
    return found


def _field_names(value: Any) -> list[str]:
    if dataclasses.is_dataclass(value):
        return [f.name for f in dataclasses.fields(value)]
    return [n for k in type(value).__mro__ for n in getattr(k, "__slots__", ())]


def _check_copy(copy: State, state: State, sample: bool) -> None:
    assert type(copy) is type(state)
    assert copy.fingerprint() == state.fingerprint()
    specs = fields.specs(type(state))
    for name, (cloned, sampled) in fields.copy_rules(type(state)).items():
        rule = sampled if sample else cloned
        spec = specs[name]
        explicit = (spec.sample or spec.copy) if sample else spec.copy
        if rule is fields.fresh:
            assert getattr(copy, name) == [], name
            continue
        if rule is fields.share:
            assert getattr(copy, name) is getattr(state, name), name
            continue  # shared by declaration (never changed in place)
        if isinstance(getattr(state, name), random.Random):
            assert getattr(copy, name).getstate() == getattr(state, name).getstate()
        else:
            assert getattr(copy, name) == getattr(state, name), name
        if explicit is not None:  # copied as its declaration says: how deep is its own
            assert getattr(copy, name) is not getattr(state, name), name
            continue
        shared = _shared_mutables(getattr(copy, name), getattr(state, name))
        assert not shared, f"{name} shares {shared} with the original"


def _with_own_rng(copy: State, state: State) -> None:
    """A sample copy shares the original's generator by design: give it an equal one,
    so that it can be played in step with the original."""
    for name, (_, sampled) in fields.copy_rules(type(state)).items():
        if sampled is fields.share and isinstance(getattr(state, name), random.Random):
            setattr(copy, name, fields.copy_random(getattr(state, name)))


def _in_step(copy: State, state: State, rng: random.Random, steps: int) -> None:
    """Play the same actions on both; their fingerprints stay equal."""
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(state.pending())
        action = rng.choice(list(state.legal(seat)))
        state.apply(seat, action)
        copy.apply(seat, action)
        assert copy.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", GAMES)
def test_clone_and_sample_copy_carry_every_field(name: str, seed: int) -> None:
    rng = random.Random(seed)
    for state in _positions(name, seed, every=9):
        original = state.clone()  # the position, kept to compare with after the copies play
        before = original.fingerprint()
        clone, sample = state.clone(), state.sample_copy()
        _check_copy(clone, state, sample=False)
        _check_copy(sample, state, sample=True)
        assert clone.history == state.history and clone.history is not state.history
        assert clone.events == state.events and clone.events is not state.events
        _with_own_rng(sample, state)
        for copy in (clone, sample):
            probe = state.clone()
            _in_step(copy, probe, random.Random(rng.random()), 40)
        assert state.fingerprint() == before  # the copies' moves left the original alone
        assert original.fingerprint() == before


def test_the_copies_are_checked_through_tricks_raids_and_rounds() -> None:
    """The positions above include the cases that fill the fields copied by reference:
    a trick won and a raid in Gangsta, a round scored in Capo, a fight in COSCA."""
    seen = {"last_trick": False, "last_raid": False, "last_round_facts": False, "fights": False}
    for name in ("gangsta", "capo", "cosca"):
        for seed in range(4):
            for state in _positions(name, seed, every=9):
                for field in seen:
                    seen[field] |= bool(getattr(state, field, None))
    assert all(seen.values()), seen


def _part(value: Any, seat: int) -> Any:
    """A seat's own part of a ``seat`` field: its entry, or its sealed choice."""
    if isinstance(value, list):
        return value[seat]
    if isinstance(value, dict):
        return value.get(seat)
    return value.choices.get(seat)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", GAMES)
def test_a_determinization_keeps_what_the_seat_knows(name: str, seed: int) -> None:
    rng = random.Random(seed)
    for state in _positions(name, seed, every=11):
        if state.is_over():
            continue
        specs = fields.specs(type(state))
        for seat in range(state.players):
            sample = state.determinize(seat, random.Random(rng.random()))
            for field, spec in specs.items():
                form = spec.fingerprint or fields.plain
                if spec.visibility is Visibility.PUBLIC:
                    assert form(getattr(sample, field)) == form(getattr(state, field)), field
                elif spec.visibility is Visibility.SEAT:
                    mine = _part(getattr(state, field), seat)
                    assert fields.plain(_part(getattr(sample, field), seat)) == fields.plain(mine)


@pytest.mark.parametrize("name", GAMES)
def test_a_pickled_state_keeps_its_fields_and_plays_on_the_same(name: str) -> None:
    found = [position.clone() for position in _positions(name, 4, every=3)]
    state = found[len(found) // 2]
    state.silent = True
    copy = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert type(copy) is type(state)
    assert copy.fingerprint() == state.fingerprint()
    assert copy.silent and copy.history == state.history
    assert copy.view(1) == state.view(1)
    _in_step(copy, state, random.Random(5), 10_000)
