"""Command line of `mille` (placeholder until the game lands)."""

from __future__ import annotations

import sys

from parlour.core.cliutil import base_parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `mille` command."""
    parser = base_parser("mille", "mille is not yet available in this version of Parlour.")
    parser.parse_args(argv)
    print("mille: not yet available in this version of Parlour", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
