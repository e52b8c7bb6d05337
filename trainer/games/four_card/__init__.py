"""Four Card Poker (../shared/rules/four-card-poker.txt with RULINGS.md).

The package supplies what the registry asks of every game: its rules core (hands,
settlement, dealing, the rules data in resources/games/four-card/), its skills and
question generators, its table layout, and its exact game math (analysis.py).
"""

from trainer.games.four_card.game import SPEC

__all__ = ["SPEC"]
