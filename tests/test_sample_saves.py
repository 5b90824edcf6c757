"""Every sample save in saves/ still loads with today's code (old formats keep working)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

SAVES = Path(__file__).resolve().parents[1] / "saves"
SAMPLES = sorted(SAVES.glob("*.json"))


def test_sample_names_follow_the_convention() -> None:
    for path in SAMPLES:
        game, version, *_ = path.stem.split("-")
        assert game in ("mille", "dixmille", "midnightoil"), path.name
        assert version.startswith("v") and version[1:].isdigit(), path.name


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_loads(path: Path) -> None:
    envelope = json.loads(path.read_text(encoding="utf-8"))
    game = envelope["game"]
    assert path.name.startswith(f"{game}-v{envelope['format_version']}-")
    savefile = importlib.import_module(f"parlour.{game}.files.savefile")
    loaded = savefile.load(path)
    assert loaded is not None
