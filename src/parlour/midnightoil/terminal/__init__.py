"""midnightoil's face: the app and its parts, the screens, leaving and ending a game.

The only room that draws or reads keys. The plan: docs/architecture.md.
"""
