"""The registry's entry for DJ Wild Poker: its package, its rules data folder and the parts it
brings (trainer/contracts/game.py says what each part must define)."""

from trainer.contracts.game import GameSpec
from trainer.paths import resource

SPEC = GameSpec(
    "dj-wild", "trainer.games.dj_wild", resource("games", "dj-wild"),
    calculator=".calculator", analysis=".analysis", table_round=".table_round",
)
