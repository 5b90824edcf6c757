"""What mille keeps on disk: the save file and its parts, the statistics ledger.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
