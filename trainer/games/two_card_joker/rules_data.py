"""The Two Card Joker Poker data of resources/games/two-card-joker/, loaded and validated once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from trainer.core import mirrors
from trainer.core.game_data import GameData, read_game_data
from trainer.core.rules_data import RulesDataError
from trainer.core.seats import AUTOMATED_SHOE, HAND, MANUAL_SHOE
from trainer.games.two_card_joker.hands import Category
from trainer.paths import resource

GAME_ID = "two-card-joker"
# Hand keys a pay table row may name: the §5(b) categories and the two Super Flush
# flush grades of §11(e) (trainer ruling 8).
HAND_KEYS = frozenset({c.key for c in Category} | {"ace-high-flush", "king-high-flush"})
REQUIRED_TABLES = ("call", "super_flush")
# What the code is written for, checked against the data at load.
DECK_SIZE = 54  # §2(a), §7(f)(1); trainer ruling 4: the stub count
JOKERS = 2
DEALING_METHODS = (MANUAL_SHOE, HAND, AUTOMATED_SHOE)  # §7-§9: the deal sequences of dealing.py


def read_rules_data(folder: Path) -> GameData:
    data = read_game_data(folder, game_id=GAME_ID, hand_keys=HAND_KEYS, required_tables=REQUIRED_TABLES,
                          table_options=("pair_up_table",))
    from trainer.games.two_card_joker.settlement import LABELS, HouseOptions  # settlement reads this module

    mirrors.check_mirrors(folder / "game.json", (
        *mirrors.spot_labels(data, LABELS),
        *mirrors.defaults(data, HouseOptions(), ("pair_up_table",), "§11(d): the table pre-selected"),
        *mirrors.deck(data, DECK_SIZE, JOKERS, "§2(a); trainer ruling 4"),
        mirrors.choices(data, "dealing_method", DEALING_METHODS, "§7-§9"),
    ))
    return data


@cache
def rules_data() -> GameData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


__all__ = ["GameData", "RulesDataError", "rules_data", "read_rules_data", "GAME_ID", "DECK_SIZE", "DEALING_METHODS"]
