"""The smallest statistics fold for the core tests: it counts the records it is given."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Parse = Callable[[dict[str, Any]], dict[str, Any]]


class CountingFold:
    """A fold (``parlour.core.tally.Fold``) whose totals are the number of records added;
    what a record is (``parse``) and when its game is over (``is_final``) are the test's."""

    def __init__(self, tag: str, parse: Parse, is_final: Callable[[dict[str, Any]], bool]):
        self.tag = tag
        self._parse = parse
        self._is_final = is_final

    def parse(self, raw: dict[str, Any]) -> dict[str, Any]:
        return self._parse(raw)

    def game_id(self, record: dict[str, Any]) -> str | None:
        return str(record["game_id"])

    def is_final(self, record: dict[str, Any]) -> bool:
        return self._is_final(record)

    def empty(self) -> list[int]:
        return [0]

    def add(self, totals: list[int], record: dict[str, Any]) -> None:
        totals[0] += 1

    def dump(self, totals: list[int]) -> Any:
        return totals

    def load(self, data: Any) -> list[int]:
        return list(data)
