"""What midnightoil keeps on disk: the save file and the statistics ledger.

Pure: never imports the terminal. The plan: docs/architecture.md.
"""
