"""The registry's entry for Winner's Pot Poker: the usual parts, its drill and its own scene view
(trainer/contracts/game.py)."""

from trainer.contracts.game import POT, DrillSpec, ViewSpec
from trainer.games.packaged import shipped_spec

DRILL = DrillSpec("winners-pot.run-the-round", "Run the round",
                  "The app deals a whole round street by street; you give the dealer's every action and amount.",
                  "trainer.ui.screens.winners_pot_drill:WinnersPotDrillScreen")
VIEW = ViewSpec("winners-pot", "trainer.ui.winners_pot_view:WinnersPotTableView", POT)
SPEC = shipped_spec("winners-pot", __package__, drills=(DRILL,), views=(VIEW,))
