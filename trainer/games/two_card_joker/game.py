"""The registry's entry for Two Card Joker Poker: the usual parts (trainer/contracts/game.py)."""

from trainer.games.packaged import shipped_spec

SPEC = shipped_spec("two-card-joker", __package__)
