"""The pure Midnight Oil game: cards and deals, the rules, a game with undo and redo.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
