"""The Midnight Oil solver and the hints it gives.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
