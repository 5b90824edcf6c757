"""dixmille's face: the app and its parts, the screens, the turn log, the dialogues.

The only room that draws or reads keys. The plan: docs/architecture.md.
"""
