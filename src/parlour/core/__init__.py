"""Pure-Python foundations shared by every game: randomness, saves, data paths.

Nothing in this package imports curses.
"""
