"""DJ Wild Poker (../shared/rules/dj-wild-poker.txt with RULINGS.md).

The package supplies what the registry asks of every game: its rules core (hands with
deuces and the joker wild, settlement of ante, blind, play, Trips, Two Way Bad Beat and
Cover All, dealing, the rules data in resources/games/dj-wild/), its skills and
question generators, its table layout, and the exact Trips math (``analysis.analyze``).
"""

from trainer.games.dj_wild.game import SPEC

__all__ = ["SPEC"]
