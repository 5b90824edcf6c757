"""The pure Mille Bornes game: the cards, the rules, the table, the scoring, what a seat sees.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
