"""Tests of files/gamedata.py: the states a save may hold, and each damaged field named."""
