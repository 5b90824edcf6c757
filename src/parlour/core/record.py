"""Plain value classes for the start path, without :mod:`dataclasses` (issues #19, #43).

``import dataclasses`` costs about 7 ms (it imports :mod:`inspect`), and every dataclass
``exec``s its generated methods when its module loads. A first board's classes instead
declare each field once, as an annotation (with its default, if any), and these bases give
them what ``@dataclass`` gave, built when the class is made, without ``exec``:

- ``__slots__`` (the class's own fields, in order) and an ``__init__`` taking the fields in
  order, by position or by name, defaults last; a :func:`field` with a ``default_factory``
  gives each instance a new default (a list, say);
- :class:`Record`: ``==`` between instances of the same class comparing the fields in
  order, a ``repr`` like ``Name(a=1, b='x')``, unhashable (as a mutable dataclass);
- :class:`Frozen`: the same, hashable on its fields, and assigning or deleting an
  attribute raises :class:`FrozenError`;
- :class:`Ordered`: ``<``, ``<=``, ``>``, ``>=`` on the fields in order (``order=True``);
- :func:`replace`: a copy with some fields changed, built through ``__init__``.

A ``__post_init__`` method, if the class has one, is called once the fields are set (to
check them, as a dataclass's is).

A class that must take attributes beyond its fields (a test replacing a method on one
instance, say) says ``class Log(Record, extra_attributes=True)``. A class may still write
its own ``__init__`` (it then sets its fields itself); an annotation marked ``ClassVar`` is
not a field. Annotations are read as written (``from __future__ import annotations``).
"""

from __future__ import annotations

from operator import attrgetter

from parlour import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar, dataclass_transform

    R = TypeVar("R", bound="_Value")
    T = TypeVar("T")
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


class _Factory:
    """A field's default made anew for each instance (:func:`field`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A field whose default is ``default_factory()``, called for each new instance."""
    return _Factory(default_factory)  # type: ignore[return-value]


_MISSING = object()


def _make_init(cls: type, names: tuple[str, ...], defaults: dict[str, Any]) -> Callable[..., None]:
    """An ``__init__`` setting ``names`` in order through their slots (so past a frozen
    class's ``__setattr__``), taking them by position or name, ``defaults`` for the rest."""
    setters = tuple(getattr(cls, name).__set__ for name in names)
    count = len(names)
    qualname = cls.__qualname__

    def bind(args: tuple[Any, ...], named: dict[str, Any]) -> tuple[Any, ...]:
        if len(args) > count:
            raise TypeError(f"{qualname}() takes {count} arguments but {len(args)} were given")
        values = list(args)
        for name in names[len(args) :]:
            value = named.pop(name, _MISSING)
            if value is _MISSING:
                value = defaults.get(name, _MISSING)
                if value is _MISSING:
                    raise TypeError(f"{qualname}() missing argument {name!r}")
                if value.__class__ is _Factory:
                    value = value.make()
            values.append(value)
        for name in named:
            why = "got multiple values for" if name in names else "got an unexpected keyword"
            raise TypeError(f"{qualname}() {why} argument {name!r}")
        return tuple(values)

    post_init = getattr(cls, "__post_init__", None)
    by_name = tuple(zip(setters, names, strict=True))

    def by_keywords(self: Any, args: tuple[Any, ...], named: dict[str, Any]) -> None:
        try:
            if args or len(named) != count:
                raise KeyError
            for set_field, name in by_name:  # every field by name, the usual keyword call
                set_field(self, named[name])
        except KeyError:  # some by position, some left to their defaults, or a wrong name
            for set_field, value in zip(setters, bind(args, named)):  # noqa: B905
                set_field(self, value)

    # Every field by position goes straight to the slots. A class of one to three fields
    # (a move, a pass) sets them one by one without a loop: a loop costs more than the
    # fields themselves there (measured: a two-field move 0.53 us with a loop, 0.33
    # without; a hand-written __init__ took 0.42).
    if count == 1:
        (set_0,) = setters

        def __init__(self: Any, *args: Any, **named: Any) -> None:
            if not named and len(args) == 1:
                set_0(self, args[0])
            else:
                by_keywords(self, args, named)
            if post_init is not None:
                post_init(self)

    elif count == 2:
        set_0, set_1 = setters

        def __init__(self: Any, *args: Any, **named: Any) -> None:
            if not named and len(args) == 2:
                first, second = args
                set_0(self, first)
                set_1(self, second)
            else:
                by_keywords(self, args, named)
            if post_init is not None:
                post_init(self)

    elif count == 3:
        set_0, set_1, set_2 = setters

        def __init__(self: Any, *args: Any, **named: Any) -> None:
            if not named and len(args) == 3:
                first, second, third = args
                set_0(self, first)
                set_1(self, second)
                set_2(self, third)
            else:
                by_keywords(self, args, named)
            if post_init is not None:
                post_init(self)

    else:

        def __init__(self: Any, *args: Any, **named: Any) -> None:
            if not named and len(args) == count:
                for set_field, value in zip(setters, args):  # noqa: B905 (lengths checked)
                    set_field(self, value)
            else:
                by_keywords(self, args, named)
            if post_init is not None:
                post_init(self)

    __init__.__qualname__ = f"{qualname}.__init__"
    return __init__


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return isinstance(text, str) and text.split("[")[0].rsplit(".", 1)[-1] == "ClassVar"


class _Fields(type):
    """Makes a value class's ``__slots__``, field list and ``__init__`` from its annotations."""

    def __new__(
        mcs,
        name: str,
        bases: tuple[type, ...],
        namespace: dict[str, Any],
        extra_attributes: bool = False,
    ) -> _Fields:
        inherited: tuple[str, ...] = ()
        defaults: dict[str, Any] = {}
        for base in reversed(bases):
            inherited += tuple(n for n in getattr(base, "_fields", ()) if n not in inherited)
            defaults.update(getattr(base, "_defaults", {}))
        if "__slots__" in namespace:  # written by hand: every slot but ``__dict__`` a field
            own = tuple(n for n in namespace["__slots__"] if n != "__dict__")
        else:
            annotations = namespace.get("__annotations__", {})
            own = tuple(
                field_name
                for field_name, annotation in annotations.items()
                if not _is_class_var(annotation)
            )
            for field_name in own:
                if field_name in namespace:
                    defaults[field_name] = namespace.pop(field_name)
            namespace["__slots__"] = own + (("__dict__",) if extra_attributes else ())
        fields = inherited + own
        for before, after in zip(fields, fields[1:], strict=False):
            if before in defaults and after not in defaults:
                raise TypeError(f"{name}: field {after!r} without a default follows one with")
        cls = super().__new__(mcs, name, bases, namespace)
        cls._fields = fields  # type: ignore[attr-defined]
        cls._defaults = defaults  # type: ignore[attr-defined]
        cls._values = staticmethod(_getter(fields))  # type: ignore[attr-defined]
        if "__init__" not in namespace and (own or "__post_init__" in namespace):
            cls.__init__ = _make_init(cls, fields, defaults)  # type: ignore[misc]
        return cls


class _Value(metaclass=_Fields):
    """What every value class has: ``==`` on its fields in order, and their ``repr``."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _values: Callable[[Any], tuple[Any, ...]] = staticmethod(lambda obj: ())

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) == self._values(other)

    def __repr__(self) -> str:
        values = self._values(self)
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, values, strict=True))
        return f"{self.__class__.__qualname__}({fields})"


@dataclass_transform(field_specifiers=(field,))
class Record(_Value):
    """A mutable value class: equality and ``repr`` from its fields, unhashable (as a
    mutable dataclass)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen(_Value):
    """An immutable value class: hashable on its fields, attributes set only by ``__init__``."""

    __slots__ = ()

    def __hash__(self) -> int:
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


def as_dict(obj: _Value) -> dict[str, Any]:
    """The fields of ``obj`` by name (not recursive: every field here is a plain value)."""
    return dict(zip(obj._fields, obj._values(obj), strict=True))
