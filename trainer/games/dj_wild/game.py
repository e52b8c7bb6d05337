"""The registry's entry for DJ Wild Poker: the usual parts (trainer/contracts/game.py)."""

from trainer.games.packaged import shipped_spec

SPEC = shipped_spec("dj-wild", __package__)
