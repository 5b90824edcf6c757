"""The mille game."""
