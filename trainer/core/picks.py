"""The random picks every game's questions make, from the rules data and the seeded RNG.

A question asks about whatever the data holds: a pay table the house may choose is one
of the data's choices of that house option (a table added to game.json is asked about),
a seat is one of the layout's ``seats``. Each pick draws from the RNG exactly as the
games did when they wrote the same numbers by hand, so a seed still replays its
question.
"""

from __future__ import annotations

import random

from trainer.core.game_data import GameData


def wager(rng: random.Random, low: int, high: int) -> int:
    """A wager in cents: whole dollars from ``low`` to ``high``, now and then with 50 cents."""
    dollars = rng.randint(low, high)
    cents = 50 if rng.random() < 0.15 else 0
    return dollars * 100 + cents


def option_choice(rng: random.Random, data: GameData, option: str) -> str:
    """One of the choices the data gives the house option ``option`` (e.g. a Pair Up table)."""
    return rng.choice(tuple(data.house_options[option].choices))


def seat(rng: random.Random, data: GameData) -> int:
    """One seat of the layout, 1 to the data's ``seats``."""
    return rng.randint(1, data.seats)


def seats(rng: random.Random, data: GameData, low: int = 1, high: int | None = None) -> list[int]:
    """From ``low`` to ``high`` (default: every seat) occupied seats of the layout, in seat order."""
    n = rng.randint(low, data.seats if high is None else high)
    return sorted(rng.sample(range(1, data.seats + 1), n))


__all__ = ["option_choice", "seat", "seats", "wager"]
