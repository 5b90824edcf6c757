"""The dixmille game."""
