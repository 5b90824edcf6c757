"""Command line of `midnightoil` (placeholder until the game lands)."""

from __future__ import annotations

import sys

from parlour.core.cliutil import base_parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `midnightoil` command."""
    parser = base_parser("midnightoil", "midnightoil is not yet available in this version of Parlour.")
    parser.parse_args(argv)
    print("midnightoil: not yet available in this version of Parlour", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
