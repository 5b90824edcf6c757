"""Mille's computer players (strong, classic BSD) and the hand review that uses them.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
