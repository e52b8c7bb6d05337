"""The registry's entry for Pokette: its package, its rules data folder and the parts it
brings (trainer/contracts/game.py says what each part must define)."""

from trainer.contracts.game import LAYOUT, DrillSpec, GameSpec, ViewSpec
from trainer.paths import resource

SPEC = GameSpec(
    "pokette", "trainer.games.pokette", resource("games", "pokette"),
    calculator=".calculator", analysis=".analysis", table_round=".table_round",
    drills=(DrillSpec("pokette.layout-drill", "Layout drill",
                      "Chips on the layout, the wheel spins: mark the card, announce, collect and pay in order.",
                      "trainer.ui.screens.pokette_drill:PoketteDrillScreen"),),
    views=(ViewSpec("pokette", "trainer.ui.pokette.layout_view:PoketteLayoutView", LAYOUT),),
)
