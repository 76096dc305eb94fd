"""The field declarations of the core (:mod:`mobtable.core.fields`): copy rules read from
types, refused declarations, and what the plan copies."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from mobtable.core import fields
from mobtable.core.fields import Visibility


@dataclass(frozen=True)
class Card:
    rank: int


@dataclass
class Box:
    inside: list[int]


@fields.table
class Toy:
    count: int = fields.public()
    cards: tuple[Card, ...] = fields.public()
    ranks: list[int] = fields.seat()
    rows: list[list[int]] = fields.hidden()
    hands: dict[int, list[int]] = fields.seat()
    seen: list[set[int]] = fields.public()
    maybe: list[int] | None = fields.public()
    box: Box = fields.public(copy=lambda box: Box(box.inside[:]))
    rng: random.Random = fields.hidden(copy=fields.copy_random, sample=fields.share)
    cache: list[int] = fields.derived()


def _toy() -> Toy:
    return Toy(
        count=1,
        cards=(Card(3),),
        ranks=[1, 2],
        rows=[[1], [2, 3]],
        hands={0: [4]},
        seen=[{5}],
        maybe=[6],
        box=Box([7]),
        rng=random.Random(1),
        cache=[8],
    )


def test_the_types_say_how_deep_a_copy_goes() -> None:
    toy = _toy()
    copy = fields.clone(toy)
    assert copy.cards is toy.cards  # a tuple of frozen cards: shared
    for name in ("ranks", "rows", "hands", "seen", "maybe", "box", "cache"):
        assert getattr(copy, name) == getattr(toy, name), name
        assert getattr(copy, name) is not getattr(toy, name), name
    assert copy.rows[1] is not toy.rows[1] and copy.hands[0] is not toy.hands[0]
    assert copy.seen[0] is not toy.seen[0] and copy.box.inside is not toy.box.inside
    assert copy.rng is not toy.rng and copy.rng.random() == toy.rng.random()


def test_a_sample_copy_follows_its_own_rule() -> None:
    toy = _toy()
    sample = fields.sample_copy(toy)
    assert sample.rng is toy.rng and sample.rows == toy.rows and sample.rows is not toy.rows


def test_the_fingerprint_has_every_field_but_the_derived_ones() -> None:
    toy = _toy()
    print_ = fields.fingerprint(toy)
    assert set(print_) == set(fields.specs(Toy)) - {"cache"}
    assert print_["seen"] == [[5]] and print_["hands"] == {"0": [4]}
    assert print_["cards"] == [{"rank": 3}]
    before = fields.fingerprint(toy)
    toy.rows[0].append(9)  # new containers: a fingerprint does not follow the table
    assert before["rows"] == [[1], [2, 3]] and fields.fingerprint(toy) != before


def test_every_field_declares_its_visibility() -> None:
    specs = fields.specs(Toy)
    assert specs["ranks"].visibility is Visibility.SEAT
    assert specs["cache"].visibility is Visibility.DERIVED
    with pytest.raises(TypeError, match="say who may see it"):

        @fields.table
        class Undeclared:
            count: int


def test_a_type_that_does_not_say_how_to_copy_needs_a_rule() -> None:
    @fields.table
    class Opaque:
        box: Box = fields.public()

    with pytest.raises(TypeError, match=r"Opaque\.box: say how a copy carries it"):
        fields.clone(Opaque(Box([])))


def test_a_table_with_an_instance_dict_is_refused() -> None:
    class Loose(Toy):  # no __slots__ = (): its instances would hold undeclared attributes
        pass

    with pytest.raises(TypeError, match="not a declared table"):
        fields.clone(Loose.__new__(Loose))
