"""Plain value classes for the start path, without :mod:`dataclasses` (issue #19).

``import dataclasses`` costs about 7 ms (it imports :mod:`inspect`), and every dataclass
``exec``s its generated methods when its module loads. A first board's classes are
instead plain classes with ``__slots__`` (their fields, in order) and an explicit
``__init__``; these bases give them what ``@dataclass`` gave:

- :class:`Record`: ``==`` between instances of the same class comparing the fields in
  order, a ``repr`` like ``Name(a=1, b='x')``, unhashable (as a mutable dataclass);
- :class:`Frozen`: the same, hashable on its fields, and assigning or deleting an
  attribute raises :class:`FrozenError` (``__init__`` sets the fields with
  ``object.__setattr__``, as a frozen dataclass does);
- :class:`Ordered`: ``<``, ``<=``, ``>``, ``>=`` on the fields in order (``order=True``);
- :func:`replace`: a copy with some fields changed, built through ``__init__``.

Every name in ``__slots__`` is a field and an ``__init__`` parameter of the same name, except
``"__dict__"``, which a class lists when its instances must take other attributes too (a
test replacing a method on one instance, say).
"""

from __future__ import annotations

from operator import attrgetter

from parlour import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform

    R = TypeVar("R", bound="Record")
else:

    def dataclass_transform(**_options: object) -> Callable[[type], type]:
        """Only for type checkers: they then reject assigning a frozen class's field."""
        return lambda cls: cls


class FrozenError(AttributeError):
    """An attribute of a :class:`Frozen` instance was assigned or deleted."""


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving an instance's field values as a tuple (even for one field)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        (name,) = names
        return lambda obj: (getattr(obj, name),)
    return attrgetter(*names)


class Record:
    """A mutable value class: equality and ``repr`` from the fields in ``__slots__``."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _values: Callable[[Any], tuple[Any, ...]] = staticmethod(lambda obj: ())

    def __init_subclass__(cls) -> None:
        slots = cls.__dict__.get("__slots__", ())
        cls._fields = tuple(name for name in slots if name != "__dict__")
        cls._values = staticmethod(_getter(cls._fields))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) == self._values(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        values = self._values(self)
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, values, strict=True))
        return f"{self.__class__.__qualname__}({fields})"


@dataclass_transform(frozen_default=True)
class Frozen(Record):
    """An immutable value class: hashable on its fields, attributes set only by ``__init__``."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._values(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles are rebuilt through ``__init__`` (setting a slot would raise)."""
        return (self.__class__, self._values(self))


class Ordered(Frozen):
    """A frozen value class ordered on its fields in order, as ``@dataclass(order=True)``."""

    __slots__ = ()

    def __lt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) < self._values(other)

    def __le__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) <= self._values(other)

    def __gt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) > self._values(other)

    def __ge__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) >= self._values(other)


def replace(obj: R, **changes: Any) -> R:
    """A new instance of ``obj``'s class with ``changes``, the rest of its fields kept."""
    names = obj._fields
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{obj.__class__.__qualname__} has no field {sorted(unknown)[0]!r}")
    values = dict(zip(names, obj._values(obj), strict=True))
    values.update(changes)
    return obj.__class__(**values)


def as_dict(obj: Record) -> dict[str, Any]:
    """The fields of ``obj`` by name (not recursive: every field here is a plain value)."""
    return dict(zip(obj._fields, obj._values(obj), strict=True))
