"""``core.record`` gives the start path's value classes what ``@dataclass`` gave them.

Each plain class below is checked against the dataclass it stands for: equality, hashing,
``repr``, order, immutability, ``replace``, copies and pickles must agree for any values.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.record import Frozen, FrozenError, Ordered, Record, as_dict, replace


@dataclasses.dataclass
class MutableDC:
    name: str
    count: int = 0
    items: list[int] = dataclasses.field(default_factory=list)


class Mutable(Record):
    __slots__ = ("name", "count", "items")

    def __init__(self, name: str, count: int = 0, items: list[int] | None = None) -> None:
        self.name = name
        self.count = count
        self.items = [] if items is None else items


@dataclasses.dataclass(frozen=True, order=True)
class PointDC:
    x: int
    y: int
    label: str = ""


class Point(Ordered):
    __slots__ = ("x", "y", "label")

    def __init__(self, x: int, y: int, label: str = "") -> None:
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "label", label)


@dataclasses.dataclass(frozen=True)
class OneDC:
    value: int


class One(Frozen):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        object.__setattr__(self, "value", value)


class Open(Record):
    __slots__ = ("value", "__dict__")

    def __init__(self, value: int) -> None:
        self.value = value


def plain_repr(text: str, dc: type, plain: type) -> str:
    """The dataclass's repr with its class name where the plain class's would be."""
    return text.replace(dc.__qualname__, plain.__qualname__, 1)


points = st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.sampled_from(["", "a", "b"]))


@given(points, points)
def test_a_frozen_ordered_class_agrees_with_its_dataclass(a: tuple, b: tuple) -> None:  # type: ignore[type-arg]
    pa, pb, da, db = Point(*a), Point(*b), PointDC(*a), PointDC(*b)
    assert (pa == pb) == (da == db)
    assert (pa != pb) == (da != db)
    assert hash(pa) == hash(da)
    assert (pa < pb, pa <= pb, pa > pb, pa >= pb) == (da < db, da <= db, da > db, da >= db)
    assert repr(pa) == plain_repr(repr(da), PointDC, Point)
    assert len({pa, pb}) == len({da, db})


@given(st.text(max_size=5), st.integers(), st.lists(st.integers(), max_size=3))
def test_a_mutable_class_agrees_with_its_dataclass(name: str, count: int, items: list[int]) -> None:
    plain, dc = Mutable(name, count, list(items)), MutableDC(name, count, list(items))
    assert repr(plain) == plain_repr(repr(dc), MutableDC, Mutable)
    assert plain == Mutable(name, count, list(items))
    assert plain != Mutable(name, count + 1, list(items))
    assert plain.__eq__(dc) is NotImplemented
    with pytest.raises(TypeError):
        hash(plain)
    plain.count += 1
    assert plain.count == count + 1
    assert Mutable("x").items is not Mutable("x").items


def test_one_field_classes_compare_and_hash_as_a_one_field_dataclass() -> None:
    assert One(3) == One(3) and One(3) != One(4)
    assert hash(One(3)) == hash(OneDC(3))
    assert repr(One(3)) == "One(value=3)"


def test_a_frozen_instance_refuses_assignment_and_deletion() -> None:
    point = Point(1, 2)
    with pytest.raises(FrozenError, match="cannot assign to field 'x'"):
        point.x = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y
    with pytest.raises(AttributeError):
        point.other = 1  # type: ignore[attr-defined]
    assert (point.x, point.y) == (1, 2)


def test_replace_builds_a_new_instance_through_init() -> None:
    point = Point(1, 2, "a")
    moved = replace(point, y=7)
    assert moved == Point(1, 7, "a") and point == Point(1, 2, "a")
    assert replace(point) == point
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(point, z=1)
    assert as_dict(moved) == {"x": 1, "y": 7, "label": "a"}


def test_copies_and_pickles_keep_the_values() -> None:
    point, mutable = Point(1, 2, "a"), Mutable("m", 2, [1, 2])
    for made in (copy.copy(point), copy.deepcopy(point), pickle.loads(pickle.dumps(point))):
        assert made == point and hash(made) == hash(point)
    deep = copy.deepcopy(mutable)
    assert deep == mutable and deep.items is not mutable.items
    assert pickle.loads(pickle.dumps(mutable)) == mutable


def test_a_class_listing_dict_takes_other_attributes_that_are_not_fields() -> None:
    first, second = Open(1), Open(1)
    first.extra = "x"  # type: ignore[attr-defined]
    assert first == second
    assert repr(first) == "Open(value=1)"
