"""High Card Duel's rules data (game.json and procedures.json in this folder), read once."""

from functools import cache
from pathlib import Path

from trainer.core.game_data import GameData, read_game_data

GAME_ID = "high-card-duel"
HAND_KEYS = frozenset({"higher"})  # the one hand a pay table row may name: a card above the dealer's (§4)


@cache
def rules_data() -> GameData:
    return read_game_data(Path(__file__).resolve().parent, game_id=GAME_ID, hand_keys=HAND_KEYS,
                          required_tables=("ante",))
