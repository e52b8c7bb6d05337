"""The registry's entry for Pokette: the usual parts, its drill and its own scene view
(trainer/contracts/game.py)."""

from trainer.contracts.game import LAYOUT, DrillSpec, ViewSpec
from trainer.games.packaged import shipped_spec

DRILL = DrillSpec("pokette.layout-drill", "Layout drill",
                  "Chips on the layout, the wheel spins: mark the card, announce, collect and pay in order.",
                  "trainer.ui.screens.pokette_drill:PoketteDrillScreen")
VIEW = ViewSpec("pokette", "trainer.ui.pokette.layout_view:PoketteLayoutView", LAYOUT)
SPEC = shipped_spec("pokette", __package__, drills=(DRILL,), views=(VIEW,))
