"""The pure Dix Mille game: its moves, scoring, players' names and turn records.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
