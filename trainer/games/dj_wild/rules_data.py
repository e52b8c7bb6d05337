"""The DJ Wild Poker data of resources/games/dj-wild/, loaded and validated once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from trainer.core import mirrors
from trainer.core.game_data import GameData, read_game_data
from trainer.core.rules_data import RulesDataError
from trainer.core.seats import AUTOMATED_SHOE, HAND
from trainer.games.dj_wild.hands import SINGLE_PAYOUT, Category
from trainer.paths import resource

GAME_ID = "dj-wild"
TRIPS_TABLES = ("01", "02", "03", "04", "05", "06", "07")  # §9(d)(4)
COVER_ALL_PLAYERS = (1, 2, 3, 4, 5, 6)  # §11(k)
# Hand keys a pay table row may name: the categories of trainer ruling 13 (the natural
# column of the Trips table uses them too) and the wild column of the Trips table
# (§9(d)(4)), which has no entry for five wilds or five of a kind (ruling 14).
HAND_KEYS = frozenset({c.key for c in Category} | {"wild-" + c.key for c in Category if c not in SINGLE_PAYOUT})
REQUIRED_TABLES = (("blind", "bad_beat") + tuple(f"trips_{t}" for t in TRIPS_TABLES)
                   + tuple(f"cover_all_{n}" for n in COVER_ALL_PLAYERS))
# What the code is written for, checked against the data at load.
DECK_SIZE = 53  # §2(a): 52 cards and the joker; trainer ruling 4 (the stub count, the exact math)
JOKERS = 1
DEALING_METHODS = (HAND, AUTOMATED_SHOE)  # §7-§8: the deal sequences of dealing.py


def read_rules_data(folder: Path) -> GameData:
    data = read_game_data(folder, game_id=GAME_ID, hand_keys=HAND_KEYS, required_tables=REQUIRED_TABLES,
                          table_options=("trips_table",))
    from trainer.games.dj_wild.settlement import LABELS, HouseOptions  # settlement reads this module

    mirrors.check_mirrors(folder / "game.json", (
        *mirrors.spot_labels(data, LABELS),
        *mirrors.defaults(data, HouseOptions(), ("trips_table",), "§9(d)(4): the licensee's Trips pay table"),
        *mirrors.deck(data, DECK_SIZE, JOKERS, "§2(a); trainer ruling 4"),
        mirrors.choices(data, "trips_table", TRIPS_TABLES, "§9(d)(4)"),
        mirrors.choices(data, "dealing_method", DEALING_METHODS, "§7-§8"),
        mirrors.seats(data, len(COVER_ALL_PLAYERS), "§11(k): the Cover All matrix covers 1 to 6 players"),
    ))
    return data


@cache
def rules_data() -> GameData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


__all__ = ["GameData", "RulesDataError", "rules_data", "read_rules_data", "GAME_ID", "TRIPS_TABLES", "DECK_SIZE",
           "DEALING_METHODS"]
