"""Command-line helpers shared by the three games (no curses).

Each game declares its arguments once, as :class:`Argument` lists handed to a
:class:`Command`. :meth:`Command.parse` reads the common forms itself (known
long options, ``--opt value`` or ``--opt=value``, flags, one run of
positionals, every value converted and checked) so that starting a game does
not import :mod:`argparse`; anything else (``--help``, ``--version``, a short
or abbreviated option, a bad value, ``--``) is handed to an ``argparse`` parser
built from the very same declarations, which answers or reports the error.

Every line a command prints on leaving (usage errors, a file that cannot be
read, farewells) goes through :func:`say`: escaped, and wrapped to 80 columns
between words, never inside a word or a path (:func:`parlour.core.text.wrap_lines`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace

from parlour import TYPE_CHECKING, __version__
from parlour.core import i18n
from parlour.core.i18n import N_, _
from parlour.core.rng import SEED_LIMIT

if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn, TextIO

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("%(heading)s:"),
)
"""argparse's own messages (Python 3.11's words), so that ``--help`` and its errors speak the
player's language too: argparse asks gettext for them, and :meth:`Command.parser` hands it
:func:`parlour.core.i18n._` instead (a message a newer Python words otherwise stays English)."""

LANG_HELP = N_("the language: en (English), fr (French), ja (Japanese); default: from the locale")

FAST_NARGS = (None, "?", "*")
"""The positional counts the fast path understands (options take exactly one value)."""


def say(message: str, stream: TextIO | None = None) -> bool:
    """Print ``message`` (standard output by default) escaped and wrapped to 80 columns
    (:func:`parlour.core.text.wrap_lines`); False if the stream is gone (a hang-up, a
    closed pipe), True otherwise."""
    import sys

    from parlour.core.text import wrap_lines

    target = stream if stream is not None else sys.stdout
    if target is None:  # no console at all (pythonw on Windows)
        return True
    try:
        print("\n".join(wrap_lines(message)), file=target)
        target.flush()
    except (OSError, ValueError):  # EIO or EPIPE after a hang-up; a closed stream
        return False
    return True


def fail(message: str, status: int = 1) -> int:
    """``message`` on standard error (see :func:`say`), and ``status`` to exit with."""
    import sys

    say(message, sys.stderr)
    return status


def file_problem(prog: str, path: str, reason: str) -> str:
    """``prog: PATH: reason`` with the path escaped and kept whole by the wrapping."""
    from parlour.core.text import keep_whole, printable

    return _("{prog}: {path}: {reason}").format(
        prog=prog, path=keep_whole(printable(path)), reason=printable(reason)
    )


def type_error(message: str) -> Exception:
    """The error a ``type=`` function raises: argparse shows ``message`` as it is."""
    import argparse

    return argparse.ArgumentTypeError(message)


def seed_arg(text: str) -> int:
    """argparse type for ``--seed``: a whole number from 0 to 2**63-1."""
    try:
        value = int(text, 10)
    except ValueError:
        raise type_error(_("not a whole number: {text}").format(text=repr(text))) from None
    if not 0 <= value < SEED_LIMIT:
        raise type_error(_("must be between 0 and {limit}").format(limit=SEED_LIMIT - 1))
    return value


class Argument:
    """One ``add_argument`` call, kept so that the fast path and argparse read one definition."""

    def __init__(self, *flags: str, **options: Any) -> None:
        self.flags = flags
        self.options = options
        self.positional = not flags[0].startswith("-")
        self.dest: str = options.get("dest") or (
            flags[0] if self.positional else flags[-1].lstrip("-").replace("-", "_")
        )

    @property
    def is_flag(self) -> bool:
        """A ``store_true`` option (takes no value)."""
        return self.options.get("action") == "store_true"

    def default(self) -> Any:
        """The value when not given, as argparse would set it."""
        if self.is_flag:
            return self.options.get("default", False)
        if self.options.get("nargs") == "*" and "default" not in self.options:
            return []
        value = self.options.get("default")
        convert = self.options.get("type")
        return convert(value) if isinstance(value, str) and convert is not None else value

    def fast(self) -> bool:
        """Whether the fast path can read this argument (else it declines when it is used)."""
        action = self.options.get("action")
        nargs = self.options.get("nargs")
        if self.positional:
            return action is None and nargs in FAST_NARGS
        return (action is None and nargs is None) or self.is_flag

    def convert(self, text: str) -> tuple[bool, Any]:
        """(True, the value) for an acceptable ``text``, else (False, None)."""
        value: Any = text
        convert: Callable[[str], Any] | None = self.options.get("type")
        if convert is not None:
            try:
                value = convert(text)
            except Exception:  # argparse will say what is wrong with it
                return False, None
        choices = self.options.get("choices")
        if choices is not None and value not in choices:
            return False, None
        return True, value


def _formatter_class() -> type:
    """argparse's help formatter wrapping by display columns (:func:`help_formatter`)."""
    import argparse
    import re

    from parlour.core.text import LINE_COLUMNS, wrap_lines
    from parlour.core.text import width as text_width

    class ColumnsFormatter(argparse.RawDescriptionHelpFormatter):
        """Help wrapped by display columns (Japanese takes two a character) and between
        words or wide characters only (:func:`parlour.core.text.wrap_lines`): argparse
        counts ``len()``. The description and epilog keep their own lines, each wrapped
        the same way where a translation makes it longer than the line."""

        headings: tuple[str, ...] = ()

        def start_section(self, heading: str | None) -> None:
            if heading:
                self.headings = (*self.headings, heading)
            super().start_section(heading)

        def format_help(self) -> str:
            # Python 3.11 ends a section's heading with a bare ":" (3.13 asks gettext for
            # "%(heading)s:"): French sets a no-break space before it
            worded = {f"{h}:": _("%(heading)s:") % {"heading": h} for h in self.headings}
            lines = str(super().format_help()).split("\n")
            return "\n".join(worded.get(line, line) for line in lines)

        def _split_lines(self, text: str, width: int) -> list[str]:
            return wrap_lines(re.sub(r"[ \t\n]+", " ", text).strip(), width)

        def _fill_text(self, text: str, width: int, indent: str) -> str:
            room = max(width, LINE_COLUMNS) - len(indent)  # raw lines had the whole line
            lines = text.splitlines()
            return "\n".join(indent + piece for line in lines for piece in wrap_lines(line, room))

        def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any) -> str:
            # argparse fits the usage by len(): a prefix of wide characters takes more
            shown = _("usage: ") if prefix is None else prefix
            extra = text_width(shown) - len(shown)
            self._width -= extra
            try:
                made = str(super()._format_usage(usage, actions, groups, prefix))
            finally:
                self._width += extra
            # ... and indents the lines after the first by len() too: line them up under
            # the first line's options by display columns
            lines = made.split("\n")
            return "\n".join(
                [lines[0]] + [" " * extra + line if line[:1] == " " else line for line in lines[1:]]
            )

    return ColumnsFormatter


class Command:
    """A game's command line: its name, help texts and arguments (``--version`` and
    ``--lang`` added). Help texts are marked with ``N_`` and translated when shown;
    ``domains`` are the game's catalogs (:func:`parlour.core.i18n.setup`)."""

    def __init__(
        self,
        prog: str,
        description: str,
        arguments: Sequence[Argument],
        epilog: str | None = None,
        domains: Sequence[str] = (),
    ) -> None:
        self.prog = prog
        self.description = description
        self.epilog = epilog
        self.domains = tuple(domains) or (prog,)
        self.arguments = [
            *arguments,
            Argument("--lang", choices=i18n.LANGUAGES, help=LANG_HELP),
        ]

    def parser(self) -> argparse.ArgumentParser:
        """The argparse parser of these arguments (help, version, every error message)."""
        import argparse

        from parlour.core.text import LINE_COLUMNS

        class Parser(argparse.ArgumentParser):
            def error(self, message: str) -> NoReturn:
                """The usage and ``prog: error: message`` wrapped to 80 columns, exit 2."""
                import sys

                self.print_usage(sys.stderr)
                line = _("{prog}: error: {message}").format(prog=self.prog, message=message)
                raise SystemExit(fail(line, 2))

        def formatter(prog: str) -> argparse.HelpFormatter:
            # as argparse sizes itself to an 80-column terminal, whatever the terminal
            made: argparse.HelpFormatter = _formatter_class()(prog, width=LINE_COLUMNS - 2)
            return made

        setattr(argparse, "_", _)  # noqa: B010 - argparse's own gettext, see ARGPARSE_WORDS
        setattr(argparse, "ngettext", i18n.ngettext)  # noqa: B010
        parser = Parser(
            prog=self.prog,
            description=_(self.description),
            epilog=_(self.epilog) if self.epilog else None,
            formatter_class=formatter,
        )
        parser.add_argument(
            "--version",
            action="version",
            version=f"{self.prog} (Parlour) {__version__}",
            help=_("show program's version number and exit"),
        )
        for argument in self.arguments:
            options = dict(argument.options)
            if isinstance(options.get("help"), str):
                options["help"] = _(options["help"])
            parser.add_argument(*argument.flags, **options)
        return parser

    def parse(self, argv: Sequence[str] | None = None) -> SimpleNamespace:
        """The arguments of ``argv`` (default ``sys.argv[1:]``); argparse exits on any error."""
        if argv is None:
            import sys

            argv = sys.argv[1:]
        i18n.setup(self.domains, argv)
        quick = self.quick_parse(argv)
        if quick is not None:
            return quick
        return SimpleNamespace(**vars(self.parser().parse_args(argv)))

    def error(self, message: str) -> NoReturn:
        """Usage and ``message`` on standard error, exit status 2 (as argparse does)."""
        self.parser().error(message)

    def quick_parse(self, argv: Sequence[str]) -> SimpleNamespace | None:
        """The arguments read without argparse, or None when argparse must read them."""
        options = {flag: arg for arg in self.arguments if not arg.positional for flag in arg.flags}
        values: dict[str, Any] = {}
        words: list[str] = []
        words_end: int | None = None  # positionals must be one run, as argparse reads them best
        i = 0
        while i < len(argv):
            token = argv[i]
            i += 1
            if not token.startswith("-") or token == "-":
                if words_end is not None and words_end != i - 1:
                    return None
                words.append(token)
                words_end = i
                continue
            name, equals, given = token.partition("=")
            argument = options.get(name)
            if argument is None or not argument.fast() or argument.dest in values:
                return None
            if argument.is_flag:
                if equals:
                    return None
                values[argument.dest] = True
                continue
            if not equals:
                if i >= len(argv) or argv[i].startswith("-"):
                    return None
                given = argv[i]
                i += 1
            ok, value = argument.convert(given)
            if not ok:
                return None
            values[argument.dest] = value
        if not self._place(words, values):
            return None
        for argument in self.arguments:
            values.setdefault(argument.dest, argument.default())
        return SimpleNamespace(**values)

    def _place(self, words: list[str], values: dict[str, Any]) -> bool:
        """Hand the positional ``words`` to the positional arguments; False if argparse must."""
        rest = list(words)
        for argument in (arg for arg in self.arguments if arg.positional):
            if not argument.fast():
                return False
            nargs = argument.options.get("nargs")
            if nargs is None:
                if not rest:
                    return False
                taken = [rest.pop(0)]
            elif nargs == "?":
                taken = [rest.pop(0)] if rest else []
            else:
                taken, rest = rest, []
            converted = []
            for word in taken:
                ok, value = argument.convert(word)
                if not ok:
                    return False
                converted.append(value)
            if nargs == "*":
                values[argument.dest] = converted
            elif converted:
                values[argument.dest] = converted[0]
        return not rest
