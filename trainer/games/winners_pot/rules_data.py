"""The Winner's Pot Poker data of resources/games/winners-pot/, loaded and validated once.

Besides the shape every card game shares (``GameData``: spots, the Jacks Plus pay table,
house options, procedures, wagering rules, irregularities), game.json holds a ``pot``
section of its own, read here with the same exact-place errors:

- ``commission``: §10(h)(2): the most the house percentage may be (10%) and the
  trainer's default house percentage and fixed amount (cents);
- ``jacks_plus_limit``: §11(c): the $50,000 floor of the Jacks Plus payout limit (cents).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from trainer.core import mirrors
from trainer.core.game_data import GameData, read_game_data
from trainer.core.rules_data import Reader, RulesDataError, load_json
from trainer.core.seats import AUTOMATED_SHOE, HAND, MANUAL_SHOE
from trainer.games.winners_pot.hands import JACKS_OR_BETTER, Category, cite
from trainer.paths import resource

GAME_ID = "winners-pot"
# Hand keys a pay table row may name: the §5(b) categories and the Jacks Plus pair of
# jacks, queens, kings or aces (§11(b)).
HAND_KEYS = frozenset({c.key for c in Category} | {JACKS_OR_BETTER})
REQUIRED_TABLES = ("jacks_plus",)
SPOT_KEYS = ("ante", "bet", "double", "jacks_plus")
# What the code is written for, checked against the data at load.
DECK_SIZE = 52  # §2(a); trainer ruling 4: the stub count, the exact math
JOKERS = 0
DEALING_METHODS = (MANUAL_SHOE, HAND, AUTOMATED_SHOE)  # §7-§9: the deal sequences of dealing.py
MAX_SEATS = 7  # the positions the round, the drill and table mode are written for


@dataclass(frozen=True)
class PotData:
    commission_citation: str  # "Winner's Pot Poker §10(h)(2)"
    max_percent: int  # the house percentage may be at most this (10)
    default_percent: int
    default_fixed: int  # cents
    limit_citation: str  # "Winner's Pot Poker §11(c)"
    limit_floor: int  # cents: $50,000


def read_pot(folder: Path) -> PotData:
    g = Reader(str(folder / "game.json"), load_json(folder / "game.json"))
    pot = g["pot"]
    c = pot["commission"]
    max_percent = c["max_percent"].int()
    if not 0 < max_percent <= 100:
        raise c["max_percent"].fail("a percentage from 1 to 100")
    default_percent = c["default_percent"].int()
    if not 0 <= default_percent <= max_percent:
        raise c["default_percent"].fail(f"the house percentage is from 0 to {max_percent}")
    default_fixed = c["default_fixed"].int()
    if default_fixed < 0:
        raise c["default_fixed"].fail("the fixed commission is an amount in cents, 0 or more")
    lim = pot["jacks_plus_limit"]
    floor = lim["amount"].int()
    if floor <= 0:
        raise lim["amount"].fail("the payout limit is a positive amount in cents")
    return PotData(cite(c["section"].str()), max_percent, default_percent, default_fixed,
                   cite(lim["section"].str()), floor)


def read_rules_data(folder: Path) -> GameData:
    """Read and check both files, the pot section included."""
    data = read_game_data(folder, game_id=GAME_ID, hand_keys=HAND_KEYS, required_tables=REQUIRED_TABLES)
    mirrors.check_mirrors(folder / "game.json", (
        *mirrors.deck(data, DECK_SIZE, JOKERS, "§2(a); trainer ruling 4"),
        mirrors.Mirror("spots", tuple(s.key for s in data.spots), SPOT_KEYS, "the layout's betting spots, in order"),
        mirrors.choices(data, "dealing_method", DEALING_METHODS, "§7-§9"),
        mirrors.seats(data, MAX_SEATS, "the layout's player positions"),
    ))
    read_pot(folder)
    return data


@cache
def rules_data() -> GameData:
    """The shipped data, read once. Raises RulesDataError with the file and place."""
    return read_rules_data(resource("games", GAME_ID))


@cache
def pot_data() -> PotData:
    return read_pot(resource("games", GAME_ID))


__all__ = ["GameData", "RulesDataError", "PotData", "rules_data", "read_rules_data", "pot_data", "read_pot",
           "GAME_ID", "HAND_KEYS", "DECK_SIZE", "DEALING_METHODS", "MAX_SEATS"]
