"""The registry's entry for Two Card Joker Poker: its package, its rules data folder and the parts it
brings (trainer/contracts/game.py says what each part must define)."""

from trainer.contracts.game import GameSpec
from trainer.paths import resource

SPEC = GameSpec(
    "two-card-joker", "trainer.games.two_card_joker", resource("games", "two-card-joker"),
    calculator=".calculator", analysis=".analysis", table_round=".table_round",
)
