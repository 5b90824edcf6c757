"""Parlour: classic card and dice games for the terminal."""

__version__ = "0.1.0"


TYPE_CHECKING = False
"""``typing.TYPE_CHECKING`` without importing :mod:`typing` (about 2 ms at start-up): true
only for type checkers, which recognise the name. Annotation-only imports go under it."""
