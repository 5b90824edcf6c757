"""The pure Mille Bornes game: the cards, the rules, the table, the scoring, what a seat sees.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""

LEVELS = ("strong", "classic")
"""The levels of the computer's seat, as ``--level`` names them and saves and statistics
keep them: ``strong``, today's computer (the default); ``classic``, BSD's own strategy.
Here rather than in :mod:`.table`, so that ``mille --help`` need not load the table."""
