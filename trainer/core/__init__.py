"""Rules core shared by every game: cards, money, odds, citations, table scenes.

Pure Python: nothing here imports Qt, pygame or the database.
"""
