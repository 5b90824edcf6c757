"""ZEDX, the optimal player, and the style analysis measured against it.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
