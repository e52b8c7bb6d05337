"""The registry's entry for Four Card Poker: its package, its rules data folder and the parts it
brings (trainer/contracts/game.py says what each part must define)."""

from trainer.contracts.game import GameSpec
from trainer.paths import resource

SPEC = GameSpec(
    "four-card", "trainer.games.four_card", resource("games", "four-card"),
    calculator=".calculator", analysis=".analysis", table_round=".table_round",
)
