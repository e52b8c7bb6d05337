"""The Two Card Joker Poker data of resources/games/two-card-joker/, loaded and validated once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from trainer.core.game_data import GameData, read_game_data
from trainer.core.rules_data import RulesDataError
from trainer.games.two_card_joker.hands import Category
from trainer.paths import resource

GAME_ID = "two-card-joker"
# Hand keys a pay table row may name: the §5(b) categories and the two Super Flush
# flush grades of §11(e) (trainer ruling 8).
HAND_KEYS = frozenset({c.key for c in Category} | {"ace-high-flush", "king-high-flush"})
REQUIRED_TABLES = ("call", "super_flush")


def read_rules_data(folder: Path) -> GameData:
    return read_game_data(folder, game_id=GAME_ID, hand_keys=HAND_KEYS, required_tables=REQUIRED_TABLES,
                          table_options=("pair_up_table",))


@cache
def rules_data() -> GameData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


__all__ = ["GameData", "RulesDataError", "rules_data", "read_rules_data", "GAME_ID"]
