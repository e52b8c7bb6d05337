"""Two Card Joker Poker (../shared/rules/two-card-joker-poker.txt with RULINGS.md).

The package supplies what the registry asks of every game: its rules core (hands,
settlement, dealing, the rules data in resources/games/two-card-joker/), its skills and
question generators, and its table layout.
"""

from trainer.games.two_card_joker.game import SPEC

__all__ = ["SPEC"]
