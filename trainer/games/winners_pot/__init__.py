"""Winner's Pot Poker (../shared/rules/winners-pot-poker.txt with RULINGS.md).

The package supplies what the registry asks of every game: its rules core (the §5
five-card evaluator in ``hands``, the button and the orders in ``dealing``, the pot,
commission and Jacks Plus in ``pot``, the round as a state machine in ``round``, the
rules data in resources/games/winners-pot/), its skills and question generators, its
table scenes, exact math and settlement calculator.
"""

from trainer.games.winners_pot.game import SPEC

__all__ = ["SPEC"]
