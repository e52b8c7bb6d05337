"""The registry's entry for Winner's Pot Poker: its package, its rules data folder and the parts it
brings (trainer/contracts/game.py says what each part must define)."""

from trainer.contracts.game import POT, DrillSpec, GameSpec, ViewSpec
from trainer.paths import resource

SPEC = GameSpec(
    "winners-pot", "trainer.games.winners_pot", resource("games", "winners-pot"),
    calculator=".calculator", analysis=".analysis", table_round=".table_round",
    drills=(DrillSpec("winners-pot.run-the-round", "Run the round",
                      "The app deals a whole round street by street; you give the dealer's every action and amount.",
                      "trainer.ui.screens.winners_pot_drill:WinnersPotDrillScreen"),),
    views=(ViewSpec("winners-pot", "trainer.ui.winners_pot_view:WinnersPotTableView", POT),),
)
