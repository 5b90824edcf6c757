"""The terminal layer: the only package of Parlour that imports curses (in runner.py)."""
