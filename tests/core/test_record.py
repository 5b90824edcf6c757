"""``core.record`` gives the start path's value classes what ``@dataclass`` gave them.

Each plain class below is checked against the dataclass it stands for: equality, hashing,
``repr``, order, immutability, ``replace``, copies and pickles must agree for any values.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any, ClassVar

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from parlour.core.record import Frozen, FrozenError, Ordered, Record, as_dict, field, replace


@dataclasses.dataclass
class MutableDC:
    name: str
    count: int = 0
    items: list[int] = dataclasses.field(default_factory=list)


class Mutable(Record):
    name: str
    count: int = 0
    items: list[int] = field(default_factory=list)


@dataclasses.dataclass(frozen=True, order=True)
class PointDC:
    x: int
    y: int
    label: str = ""


class Point(Ordered):
    x: int
    y: int
    label: str = ""


@dataclasses.dataclass(frozen=True)
class OneDC:
    value: int


class One(Frozen):
    value: int


class Open(Record, extra_attributes=True):
    value: int


class Checked(Frozen):
    """A class checking its fields once they are set."""

    low: int
    high: int
    LIMIT: ClassVar[int] = 10

    def __post_init__(self) -> None:
        if not self.low <= self.high <= self.LIMIT:
            raise ValueError(f"bad range {self.low}..{self.high}")


class Wider(Checked):
    """A subclass adds its own fields after its base's."""

    name: str = "w"


class Stricter(Checked):
    """A subclass with no fields of its own that checks more."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.low == self.high:
            raise ValueError("an empty range")


class Written(Record):
    """A class that writes its own ``__init__`` (a field computed from another)."""

    size: int
    cells: list[int]

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells = [0] * size


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


class Five(Frozen):
    """More fields than the made __init__ sets one by one (it loops over them)."""

    a: int
    b: int
    c: int = 0
    d: int = 1
    e: int = 2


@dataclasses.dataclass(frozen=True)
class FiveDC:
    a: int
    b: int
    c: int = 0
    d: int = 1
    e: int = 2


class Two(Frozen):
    a: int
    b: int = 5


@dataclasses.dataclass(frozen=True)
class TwoDC:
    a: int
    b: int = 5


@dataclasses.dataclass(frozen=True)
class OneOnlyDC:
    a: int


class OneOnly(Frozen):
    a: int


@dataclasses.dataclass(frozen=True)
class ThreeDC:
    a: int
    b: int
    c: int = 0


class Three(Frozen):
    a: int
    b: int
    c: int = 0


PAIRS = [(OneOnly, OneOnlyDC), (Two, TwoDC), (Three, ThreeDC), (Five, FiveDC)]
calls = st.tuples(
    st.lists(st.integers(-2, 2), max_size=6),
    st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e", "z"]), st.integers(-2, 2)),
)


def outcome(make: Any, args: list[int], named: dict[str, int]) -> tuple[str, tuple[Any, ...]]:
    """What a call gives: the fields made, or only that it was refused (messages differ)."""
    try:
        made = make(*args, **named)
    except TypeError:
        return "refused", ()
    return "made", tuple(getattr(made, n) for n in "abcde" if hasattr(made, n))


@pytest.mark.parametrize(("plain", "dc"), PAIRS, ids=lambda c: c.__name__)
@given(call=calls)
@example(call=([], {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}))  # every field by name
@example(call=([], {"a": 1, "b": 2, "c": 3}))
@example(call=([], {"a": 1, "b": 2}))
@example(call=([], {"a": 1}))
@example(call=([1, 2, 3, 4, 5], {}))  # every field by position
@example(call=([1, 2, 3], {}))
def test_the_made_init_takes_and_refuses_what_the_dataclass_does(
    plain: type,
    dc: type,
    call: tuple,  # type: ignore[type-arg]
) -> None:
    args, named = call
    assert outcome(plain, args, named) == outcome(dc, args, named)
    if outcome(plain, args, named)[0] == "made":
        assert repr(plain(*args, **named)) == plain_repr(repr(dc(*args, **named)), dc, plain)


def test_the_made_init_says_which_argument_is_wrong() -> None:
    with pytest.raises(TypeError, match="missing argument 'y'"):
        Point(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        Point(1, 2, z=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'x'"):
        Point(1, 2, x=3)  # type: ignore[misc]
    with pytest.raises(TypeError, match="takes 3 arguments but 4 were given"):
        Point(1, 2, "a", 4)  # type: ignore[call-arg]


def test_fields_come_from_the_annotations_once() -> None:
    assert Point._fields == ("x", "y", "label") and Point.__slots__ == ("x", "y", "label")
    assert Checked._fields == ("low", "high") and Checked.LIMIT == 10
    assert Wider._fields == ("low", "high", "name") and Wider.__slots__ == ("name",)
    assert Open.__slots__ == ("value", "__dict__") and Open._fields == ("value",)
    assert Written(3).cells == [0, 0, 0] and Written(2) == Written(2)


def test_a_default_factory_gives_each_instance_its_own_value() -> None:
    first, second = Mutable("a"), Mutable("a")
    first.items.append(1)
    assert second.items == [] and Mutable("b", items=[2]).items == [2]


def test_post_init_checks_each_new_instance_and_its_subclasses() -> None:
    assert Checked(1, 2) == Checked(low=1, high=2)
    with pytest.raises(ValueError, match="bad range 3..2"):
        Checked(3, 2)
    with pytest.raises(ValueError, match="bad range 0..11"):
        Wider(0, 11, "x")
    assert repr(Wider(1, 2)) == "Wider(low=1, high=2, name='w')"
    assert Stricter(1, 2) == Stricter(low=1, high=2)
    with pytest.raises(ValueError, match="an empty range"):
        Stricter(2, 2)
    with pytest.raises(ValueError, match="bad range 3..2"):
        Stricter(3, 2)
    with pytest.raises(ValueError):
        replace(Checked(1, 2), high=0)


def test_a_field_without_a_default_cannot_follow_one_with() -> None:
    with pytest.raises(TypeError, match="field 'b' without a default follows one with"):

        class Wrong(Frozen):
            a: int = 0
            b: int
