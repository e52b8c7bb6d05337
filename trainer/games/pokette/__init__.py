"""Pokette (../shared/rules/pokette.txt with pokette-payouts.md and RULINGS.md).

The package supplies what the registry asks of every game: its rules core (the wheel,
the layout of ruling P3 and its wagers, the card stand and the poker hand wagers, the
settlement of a whole layout, the rules data in resources/games/pokette/), its skills and
question generators, the exact math and the settlement calculator. Pure Python: the
wheel is drawn by trainer/ui/pokette.
"""

from trainer.games.pokette.game import SPEC

__all__ = ["SPEC"]
