"""Loading is total at the envelope: any bytes load or raise SaveError, and its text is safe."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from parlour.core import ledger, rng, saves, strictjson
from parlour.core.saves import SaveError, load_game, load_save, write_save
from tests.hypothesis_profiles import spread
from tests.savefuzz import HUGE_DIGITS, SAMPLE_ENVELOPE, FloatLiteral, HugeInt, mutated, raw_bytes

TINY = SAMPLE_ENVELOPE


def _is_safe(message: str) -> bool:
    """No control character at all: nothing the terminal would act on."""
    return all(ch.isprintable() for ch in message)


def _refusal(raw: bytes, tmp_path: Path, **options: Any) -> str:
    target = tmp_path / "s.json"
    target.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        load_save(target, "demo", 1, **options)
    message = str(info.value)
    assert message.startswith(str(target) + ": ")
    assert _is_safe(message)
    return message


def _with(**fields: Any) -> dict[str, Any]:
    return TINY | fields


@pytest.mark.parametrize(
    "value",
    [
        HUGE_DIGITS,
        HugeInt(-HUGE_DIGITS),
        10**400,
        float("nan"),
        float("inf"),
        float("-inf"),
        FloatLiteral("1e400"),
        FloatLiteral("-1e400"),
    ],
    ids=[
        "5000-digits",
        "-5000-digits",
        "10**400",
        "NaN",
        "Infinity",
        "-Infinity",
        "1e400",
        "-1e400",
    ],
)
def test_numbers_no_game_uses_are_damage_anywhere(value: object, tmp_path: Path) -> None:
    deep = _with(state=TINY["state"] | {"score": [1, value]})
    assert "is damaged: it holds " in _refusal(raw_bytes(deep), tmp_path)
    assert "is damaged" in _refusal(raw_bytes(_with(seed=value)), tmp_path)


def test_the_same_numbers_in_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    assert _refusal(b"[NaN, 1e400]", tmp_path).endswith("is not a Parlour save file")


def test_nesting_too_deep_for_the_reader(tmp_path: Path) -> None:
    assert _refusal(b"[" * 100_000 + b"]" * 100_000, tmp_path).endswith("not a Parlour save file")
    # A save (it opens as one) nested too deeply is a damaged save, not some other file.
    # (Python 3.12 and later read 990 levels: such a file is then refused for what it lacks.)
    for depth in (990, 50_000) if sys.version_info < (3, 12) else (50_000,):
        nested = b'{"format": "parlour-save", "state": ' + b'{"a": ' * depth + b"1" + b"}" * depth
        assert _refusal(nested + b"}", tmp_path).endswith(": is damaged: it is nested too deeply")


SAMPLES = sorted(Path(__file__).resolve().parents[3].joinpath("saves").glob("*.json"))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.stem)
def test_a_save_cut_short_anywhere_is_called_damaged(sample: Path, tmp_path: Path) -> None:
    # A disk that filled up, a copy stopped half way: every cut past the first words.
    raw = sample.read_bytes()
    game = sample.name.split("-")[0]
    target = tmp_path / "cut.json"
    cuts = sorted({11, 12, 40, 5000, *spread(11, len(raw), 97), len(raw) - 1})
    for cut in (c for c in cuts if c < len(raw)):
        target.write_bytes(raw[:cut])
        with pytest.raises(SaveError) as info:
            load_save(target, game, 9)
        assert (
            info.value.reason == "is damaged: it is cut short (the end of the file is missing)"
        ), cut


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (
            b'{"format": "parlour-save", "game": "demo",, }',
            "it is not valid JSON (line 1, column 43)",
        ),
        (b'{"format": "parlour-save",\n "game": tru}', "it is not valid JSON (line 2, column 10)"),
        (b'{"format": "parlour-save", "game": "d\xffmo"}', "it is not UTF-8 text"),
        (
            b'{"format": "parlour-save", "game": "d\xc3',
            "it is cut short (the end of the file is missing)",
        ),
        (
            b'{"format": "parlour-save", "seed": 1.',
            "it is cut short (the end of the file is missing)",
        ),
        (
            b'{"format": "parlour-save", "seed": 1e-',
            "it is cut short (the end of the file is missing)",
        ),
        (b'  {\n "format": "parl', "it is cut short (the end of the file is missing)"),
        # Past a number, only what a cut can leave (at most two of ".eE+-") is a cut.
        (b'{"format": "parlour-save", "seed": 1x', "it is not valid JSON (line 1, column 37)"),
        (b'{"format": "parlour-save", "seed": 1.e+', "it is not valid JSON (line 1, column 37)"),
        # The opening is looked for in the first 96 bytes (four times its 24 characters).
        (b" " * 87 + b'{"format": "parlour-save" x', "it is not valid JSON (line 1, column 114)"),
    ],
)
def test_a_damaged_save_says_what_is_wrong(raw: bytes, reason: str, tmp_path: Path) -> None:
    assert _refusal(raw, tmp_path).endswith(f": is damaged: {reason}")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"form',
        b'{"format": "other"',
        b"{",
        b'{"a": 1',
        b" " * 88 + b'{"format": "parlour-save" x',
    ],
)
def test_a_file_that_does_not_open_as_a_save_is_not_one(raw: bytes, tmp_path: Path) -> None:
    assert _refusal(raw, tmp_path).endswith(": is not a Parlour save file")


def test_ordinary_numbers_still_load(tmp_path: Path) -> None:
    target = tmp_path / "ok.json"
    state = {"big": 2**64, "neg": -(10**30), "f": 1e300, "tiny": 5e-324}
    write_save(target, "demo", 1, 0, state)
    assert load_save(target, "demo", 1).state == state


@pytest.mark.parametrize(
    ("seed", "max_seed", "ok"),
    [
        (0, rng.SEED_LIMIT, True),
        (rng.SEED_LIMIT - 1, rng.SEED_LIMIT, True),
        (rng.SEED_LIMIT, rng.SEED_LIMIT, False),
        (-1, rng.SEED_LIMIT, False),
        (2**64 - 1, 2**64, True),
        (2**64, 2**64, False),
        (True, 2**64, False),
        (1.0, 2**64, False),
    ],
)
def test_seeds_must_be_in_range(seed: object, max_seed: int, ok: bool, tmp_path: Path) -> None:
    raw = raw_bytes(_with(seed=seed))
    if ok:
        target = tmp_path / "s.json"
        target.write_bytes(raw)
        assert load_save(target, "demo", 1, max_seed=max_seed).seed == seed
        assert load_game(target, "demo", 1, lambda e: e.seed, max_seed=max_seed) == seed
    else:
        assert "its seed is missing or invalid" in _refusal(raw, tmp_path, max_seed=max_seed)


def test_the_default_seed_bound_is_the_rng_limit(tmp_path: Path) -> None:
    assert "seed" in _refusal(raw_bytes(_with(seed=rng.SEED_LIMIT)), tmp_path)


def test_the_game_field_is_quoted_escaped_and_short(tmp_path: Path) -> None:
    hostile = "\x1b]52;c;aGk=\x07\x1b[2J" + "x" * 200
    message = _refusal(raw_bytes(_with(game=hostile)), tmp_path)
    assert message.startswith(f"{tmp_path / 's.json'}: is a ^[]52;c;aGk=^G^[[2J")
    assert message.endswith("… save, not a demo save")
    assert len(message) < len(str(tmp_path)) + 100
    assert "damaged" in _refusal(raw_bytes(_with(game="")), tmp_path)


def test_the_path_itself_is_shown_escaped(tmp_path: Path) -> None:
    target = tmp_path / "a\x1b]0;owned\x07.json"
    with pytest.raises(SaveError) as info:
        load_save(target, "demo", 1)
    message = str(info.value)
    assert _is_safe(message) and "a^[]0;owned^G.json: no such file" in message
    assert info.value.path == str(target)  # the raw path stays available to the program


def test_a_name_with_a_nul_byte_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        load_save(str(tmp_path / "a\x00b"), "demo", 1)
    assert "a^@b: is not a usable file name" in str(info.value)


class _IllegalMove(Exception):
    """What a game's rules raise: not one of the built-in error types."""


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (_IllegalMove("you cannot take that"), "is damaged: you cannot take that"),
        (ValueError("bad \x1b[2J name"), "is damaged: bad ^[[2J name"),
        (KeyError("\x1b]0;t\x07"), "is damaged: missing field '\\x1b]0;t\\x07'"),
        (RecursionError(), "is damaged: it is nested too deeply"),
        (OverflowError(), "is damaged: OverflowError"),
        (ZeroDivisionError("division by zero"), "is damaged: division by zero"),
    ],
)
def test_anything_a_parser_raises_becomes_damage(
    error: Exception, shown: str, tmp_path: Path
) -> None:
    target = tmp_path / "s.json"
    target.write_bytes(raw_bytes(TINY))

    def parse(envelope: saves.SaveFile) -> None:
        raise error

    with pytest.raises(SaveError) as info:
        load_game(target, "demo", 1, parse)
    assert str(info.value) == f"{target}: {shown}"
    assert info.value.__cause__ is error


def test_a_long_detail_is_cut(tmp_path: Path) -> None:
    target = tmp_path / "s.json"
    target.write_bytes(raw_bytes(TINY))

    def parse(envelope: saves.SaveFile) -> None:
        raise ValueError("name " + "名" * 500)

    with pytest.raises(SaveError) as info:
        load_game(target, "demo", 1, parse)
    reason = info.value.reason
    assert reason.endswith("…") and len(reason) < saves.DETAIL_COLUMNS


@settings(max_examples=300, deadline=None)
@given(mutated(TINY))
def test_a_mutated_envelope_loads_sanely_or_is_refused(document: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "m.json"
        target.write_bytes(raw_bytes(document))
        try:
            loaded = load_game(target, "demo", 1, lambda envelope: envelope)
        except SaveError as exc:
            assert _is_safe(str(exc)) and str(exc).startswith(str(target) + ": ")
            return
    assert loaded.game == "demo" and 1 <= loaded.format_version <= 1
    assert 0 <= loaded.seed < rng.SEED_LIMIT and type(loaded.seed) is int
    assert isinstance(loaded.state, dict)
    # Whatever loaded can be written again (no NaN, no number too long, all JSON).
    json.dumps(loaded.state, allow_nan=False)


def test_strict_json_is_shared_by_the_statistics_ledger(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b'{"n": 1}\n{"n": NaN}\n{"n": 1e400}\n{"n": ' + b"9" * 50 + b'}\n{"n": 2}\n')
    reading = ledger.read(path, lambda value: value["n"])
    assert reading.records == [1, 2] and reading.damaged == 3
    with pytest.raises(strictjson.Refused):
        strictjson.loads(b"[Infinity]")


def test_numbers_are_bounded_at_forty_digits() -> None:
    assert strictjson.loads(b"[" + b"9" * 40 + b", -" + b"9" * 40 + b"]") == [
        10**40 - 1,
        -(10**40 - 1),
    ]
    for literal in (b"9" * 41, b"-" + b"9" * 41):
        with pytest.raises(strictjson.Refused, match="^it holds a number too large for any game$"):
            strictjson.loads(literal)
    with pytest.raises(strictjson.Refused, match="^it holds the number NaN, which no game uses$"):
        strictjson.loads(b"NaN")
    assert strictjson.loads(b"[1e300, 0.5, -2.5e-300]") == [1e300, 0.5, -2.5e-300]


def test_the_reader_s_own_limits_have_plain_reasons(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="^it is nested too deeply$"):
        strictjson.decode(b"[" * 100_000)

    def out_of_memory(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(strictjson.json, "loads", out_of_memory)
    with pytest.raises(ValueError, match="^it is too large to read$"):
        strictjson.decode(b"[]")


def test_digits_in_a_string_are_not_a_number() -> None:
    """A long run of digits in a string is text: the numbers around it read as always."""
    digits = b"1" * 50
    assert strictjson.loads(b'["' + digits + b'", 12, -3, 0.5]') == ["1" * 50, 12, -3, 0.5]
    with pytest.raises(strictjson.Refused, match="^it holds a number too large for any game$"):
        strictjson.loads(b'["' + digits + b'", ' + b"9" * 41 + b"]")
