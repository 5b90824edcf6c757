"""Command-line helpers shared by the three games (argparse, no curses)."""

from __future__ import annotations

import argparse

from parlour import __version__
from parlour.core.rng import SEED_LIMIT


def seed_arg(text: str) -> int:
    """argparse type for ``--seed``: a whole number from 0 to 2**63-1."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"must be between 0 and {SEED_LIMIT - 1}")
    return value


def base_parser(prog: str, description: str, epilog: str | None = None) -> argparse.ArgumentParser:
    """A parser with ``--help`` and ``--version`` for one of the games."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{prog} (Parlour) {__version__}")
    return parser
