"""The midnightoil game."""
