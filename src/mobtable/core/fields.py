"""A table's fields, declared once: who may see each one, and how a copy carries it.

A game's table is a slotted dataclass made by :func:`table`; each field says its
:class:`Visibility` by the function that declares it (:func:`public`, :func:`seat`,
:func:`hidden`, :func:`derived`; the core's own :func:`record`). From that one
declaration this module derives what used to be written by hand for every game:

- :func:`clone` and :func:`sample_copy`, by a :class:`CopyPlan` made once per class:
  each field is shared when its type says it cannot change in place (``int``,
  ``tuple[int, ...]``, an enum, a frozen dataclass), copied to the depth its type shows
  (``list[int]``: a copy of the list; ``list[list[int]]``: of each row too), or copied by
  the function the field names (``copy=``) where its type does not say (a sealed step, a
  random generator). A search copies a position once per determinization and iteration,
  so each copy is a function generated from these rules when the class is first copied,
  one assignment per field, as the standard library generates a dataclass's ``__init__``
  (its source says nothing the declaration does not);
- :func:`fingerprint`: every field that is part of the position (not derived, not the
  record), made JSON-ready by :func:`plain`, so a field cannot be left out of it.

The visibilities are what the views and determinizations promise: a determinization
for a seat keeps every public field and the seat's own part of every ``seat`` field, and
draws the hidden ones again (``tests/conformance/test_fields.py`` holds every game to it).
"""

from __future__ import annotations

import builtins
import dataclasses
import random
import sys
import types
from collections.abc import Callable, Mapping
from enum import Enum, StrEnum
from typing import Any, Generic, TypeVar, Union, dataclass_transform, get_args, get_origin

from mobtable.core.shuffle import rng_digest

T = TypeVar("T")
Copy = Callable[[Any], Any]
"""How a copy carries one field's value: the value in, the copy's value out."""


class Visibility(StrEnum):
    """Who may know a field of a table."""

    PUBLIC = "public"
    """Every seat sees it (the grid, the scores, the cards face up)."""
    SEAT = "seat"
    """Each seat sees its own part (its hand, its sealed choice); the others, at most
    how much there is."""
    HIDDEN = "hidden"
    """No seat sees it (the order of a deck, the random generator)."""
    DERIVED = "derived"
    """Recomputable from the other fields or from the table's config (the card set, the
    options read once, a cache kept up to date with the grid): not part of the position,
    so the fingerprint leaves it out."""
    RECORD = "record"
    """The core's own fields: how the table began and what it logged (``origin``,
    ``history``, ``events``, ``silent``; the game and its config). Not the position."""


def share(value: T) -> T:
    """The copy rule of a field whose value a copy may hold too: it is never changed in
    place, only replaced (the plan skips the call)."""
    return value


def fresh(value: Any) -> Any:
    """The sample-copy rule of a field a determinization starts anew (the field's
    default: an empty history, no events)."""
    raise AssertionError("fresh is a marker, never called")


def copy_random(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng`` (its next draws the same)."""
    other = random.Random()
    other.setstate(rng.getstate())
    return other


@dataclasses.dataclass(frozen=True, slots=True)
class Spec:
    """What a field's declaration says beyond its type (kept in the field's metadata)."""

    visibility: Visibility
    copy: Copy | None = None
    """How a clone carries it; ``None``: as its type says."""
    sample: Copy | None = None
    """How a sample copy (a determinization's start) carries it; ``None``: as a clone."""
    fingerprint: Copy | None = None
    """Its JSON-ready form in the fingerprint; ``None``: :func:`plain`."""


_KEY = "mobtable"


def _field(
    visibility: Visibility,
    copy: Copy | None,
    sample: Copy | None,
    fingerprint: Copy | None,
    **options: Any,
) -> Any:
    spec = Spec(visibility, copy, sample, fingerprint)
    return dataclasses.field(metadata={_KEY: spec}, **options)


def public(
    *, copy: Copy | None = None, sample: Copy | None = None, fingerprint: Copy | None = None
) -> Any:
    """A field every seat sees."""
    return _field(Visibility.PUBLIC, copy, sample, fingerprint)


def seat(
    *, copy: Copy | None = None, sample: Copy | None = None, fingerprint: Copy | None = None
) -> Any:
    """A field of which each seat sees its own part."""
    return _field(Visibility.SEAT, copy, sample, fingerprint)


def hidden(
    *, copy: Copy | None = None, sample: Copy | None = None, fingerprint: Copy | None = None
) -> Any:
    """A field no seat sees."""
    return _field(Visibility.HIDDEN, copy, sample, fingerprint)


def derived(*, copy: Copy | None = None, sample: Copy | None = None) -> Any:
    """A field recomputable from the others or the config (left out of the fingerprint)."""
    return _field(Visibility.DERIVED, copy, sample, None)


def record(*, copy: Copy | None = None, sample: Copy | None = None, **options: Any) -> Any:
    """One of the core ``State``'s own fields (``options``: the dataclass field's)."""
    return _field(Visibility.RECORD, copy, sample, None, **options)


@dataclass_transform(field_specifiers=(public, seat, hidden, derived, record))
def table(cls: type[T]) -> type[T]:
    """Declare a table: a slotted dataclass (no instance dict, so no field outside the
    declaration), compared by identity, its ``repr`` the class's own. Every field must be
    declared by one of this module's functions."""
    made = dataclasses.dataclass(slots=True, eq=False, repr=False)(cls)
    declared: type = made  # a dataclass now, whatever ``T`` is
    for item in dataclasses.fields(declared):
        if _KEY not in item.metadata:
            raise TypeError(f"{made.__name__}.{item.name}: say who may see it (fields.public…)")
    return made


# -- the copy plan -----------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class CopyPlan(Generic[T]):
    """How to copy and fingerprint one table class, worked out once from its declaration."""

    clone: Callable[[T], T]
    sample: Callable[[T], T]
    fingerprinted: tuple[tuple[str, Copy], ...]
    """Each field of the position, and its JSON-ready form."""


_PLANS: dict[type, CopyPlan[Any]] = {}


def plan_of(cls: type[T]) -> CopyPlan[T]:
    """The copy plan of ``cls`` (made on first use and kept: a class never changes)."""
    plan: CopyPlan[T] | None = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _make_plan(cls)
    return plan


def specs(cls: type) -> dict[str, Spec]:
    """Every declared field of a table class, by name, in declaration order."""
    return {f.name: f.metadata[_KEY] for f in dataclasses.fields(cls) if _KEY in f.metadata}


def copy_rules(cls: type) -> dict[str, tuple[Copy, Copy]]:
    """Each field's copy rule for a clone and for a sample copy, as the plan applies them
    (:func:`share`: the same object; :func:`fresh`: the field's default)."""
    found = {}
    for item in dataclasses.fields(cls):
        spec: Spec = item.metadata[_KEY]
        copy = spec.copy if spec.copy is not None else _copier_of(cls, item)
        found[item.name] = (copy, spec.sample if spec.sample is not None else copy)
    return found


def _make_plan(cls: type[T]) -> CopyPlan[T]:
    if cls.__dictoffset__ or not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a declared table (fields.table, __slots__ = ())")
    rules = copy_rules(cls)
    fingerprinted = tuple(
        (name, spec.fingerprint or plain)
        for name, spec in specs(cls).items()
        if spec.visibility not in (Visibility.DERIVED, Visibility.RECORD)
    )
    return CopyPlan(
        clone=_copier_for(cls, {name: pair[0] for name, pair in rules.items()}),
        sample=_copier_for(cls, {name: pair[1] for name, pair in rules.items()}),
        fingerprinted=fingerprinted,
    )


def _copier_for(cls: type[T], rules: dict[str, Copy]) -> Callable[[T], T]:
    """One kind of copy (a clone, or a sample copy) of ``cls``: a function whose source is
    generated here from the declaration, one line per field, as the standard library
    generates a dataclass's ``__init__`` (``other.deck = table.deck[:]``;
    ``other.sealed = rule_sealed(table.sealed)``; nothing for a ``fresh`` field but the
    empty list it starts with). The search copies a position once per determinization and
    iteration: a generated line costs what a hand-written one did, where a loop over the
    fields would cost a call per field."""
    lines = ["def copy(table):", "    other = new(cls)"]
    names: dict[str, Any] = {"new": object.__new__, "cls": cls}
    declared: type = cls  # a dataclass (checked by the plan), whatever ``T`` is
    for item in dataclasses.fields(declared):
        name, rule = item.name, rules[item.name]
        if rule is share:
            lines.append(f"    other.{name} = table.{name}")
        elif rule is list.copy:
            lines.append(f"    other.{name} = table.{name}[:]")
        elif rule is fresh:
            if item.default_factory is not list:
                raise TypeError(f"{cls.__name__}.{name}: only a list field may be fresh")
            lines.append(f"    other.{name} = []")
        else:
            names[f"rule_{name}"] = rule
            lines.append(f"    other.{name} = rule_{name}(table.{name})")
    lines.append("    return other")
    exec("\n".join(lines), names)  # the lines above: made from the declaration alone
    copy: Callable[[T], T] = names["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    return copy


def clone(table: T) -> T:
    """An independent copy of ``table``: every field as its declaration says."""
    return plan_of(type(table)).clone(table)


def sample_copy(table: T) -> T:
    """A copy to start a determinization from: as :func:`clone`, but the fields a sample
    carries otherwise (``sample=``: the history starts empty, the generator is shared
    until the determinization gives the sample its own)."""
    return plan_of(type(table)).sample(table)


def fingerprint(table: Any) -> dict[str, Any]:
    """Every field of the position (neither derived nor the record), JSON-ready."""
    return {name: form(getattr(table, name)) for name, form in plan_of(type(table)).fingerprinted}


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data, in new containers (a fingerprint taken before a move
    must not change with the table): sets and dicts in sorted order, an enum by its value,
    a random generator by its digest, a dataclass or slotted object by its fields."""
    if value is None or isinstance(value, bool | int | float | str):
        return value.value if isinstance(value, Enum) else value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(item) for item in value)
    if isinstance(value, Mapping):
        pairs = sorted((str(plain(key)), plain(item)) for key, item in value.items())
        return dict(pairs)
    if isinstance(value, random.Random):
        return rng_digest(value)
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    slots = [name for kind in type(value).__mro__ for name in getattr(kind, "__slots__", ())]
    if slots:
        return {name: plain(getattr(value, name)) for name in sorted(slots)}
    raise TypeError(f"no plain form for {type(value).__name__}: give the field a fingerprint=")


# -- copy rules read from a field's type --------------------------------------------------
class _Unknown:
    """A name an annotation uses that is not bound at run time (imported only for the
    type checker, or ``Any``): nothing about how to copy it is evident."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, item: Any) -> _Unknown:
        return self

    def __or__(self, other: Any) -> _Unknown:
        return self

    __ror__ = __or__


class _Names(dict[str, Any]):
    def __missing__(self, name: str) -> _Unknown:
        return _Unknown(name)


def _copier_of(cls: type, item: dataclasses.Field[Any]) -> Copy:
    owner = next(k for k in cls.__mro__ if item.name in getattr(k, "__annotations__", {}))
    annotation = item.type
    if isinstance(annotation, str):
        names = _Names(vars(builtins))
        names.update(vars(sys.modules[owner.__module__]))
        names["Any"] = _Unknown("Any")
        try:
            annotation = eval(annotation, {"__builtins__": {}}, names)
        except Exception:  # an annotation this reader cannot evaluate: not evident either
            annotation = _Unknown(str(annotation))
    found = _copier(annotation)
    if found is None:
        raise TypeError(f"{cls.__name__}.{item.name}: say how a copy carries it (copy=)")
    return found


def _copier(kind: Any) -> Copy | None:
    """How a value of ``kind`` is copied: ``share`` if it never changes in place, a
    function if the type shows how deep to copy, ``None`` if the type does not say."""
    if kind is None or kind is type(None) or kind is Ellipsis:
        return share
    if isinstance(kind, _Unknown):
        return None
    origin, args = get_origin(kind), get_args(kind)
    if origin is None:
        if not isinstance(kind, type):
            return None
        if issubclass(kind, int | float | str | bytes | Enum):
            return share
        params = getattr(kind, "__dataclass_params__", None)
        return share if params is not None and params.frozen else None
    if origin in (tuple, frozenset):
        return share if all(_copier(a) is share for a in args) else None
    if origin in (Union, types.UnionType):
        rules = {_copier(a) for a in args if a is not type(None)}
        if rules == {share}:
            return share
        if len(rules) != 1 or None in rules:
            return None
        (only,) = rules
        assert only is not None
        rule: Copy = only
        return lambda value: None if value is None else rule(value)
    if origin is list:
        inner = _copier(args[0]) if args else None
        if inner is share:
            return list.copy
        if inner is None:
            return None
        item_rule: Copy = inner
        return lambda value: [item_rule(x) for x in value]
    if origin is set:
        return set.copy if args and _copier(args[0]) is share else None
    if origin is dict:
        if len(args) != 2 or _copier(args[0]) is not share:
            return None
        inner = _copier(args[1])
        if inner is share:
            return dict.copy
        if inner is None:
            return None
        value_rule: Copy = inner
        return lambda value: {key: value_rule(x) for key, x in value.items()}
    return None
