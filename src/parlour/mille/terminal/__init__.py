"""mille's face: the BSD 80x24 screen, the app and its parts (flow, saving, review).

The only room that draws or reads keys. The plan: docs/architecture.md.
"""
