"""The registry's entry for Four Card Poker: the usual parts (trainer/contracts/game.py)."""

from trainer.games.packaged import shipped_spec

SPEC = shipped_spec("four-card", __package__)
