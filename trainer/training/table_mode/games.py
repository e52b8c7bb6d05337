"""Which games have a table mode: the ``table_round`` part of each game's spec
(trainer/contracts/game.py, ``TableRoundPart``). A game not in the registry, or whose
spec names no table round, has none."""

from __future__ import annotations

import random
from types import ModuleType

from trainer.games import registry
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.core.table.levels import Level
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript
from trainer.training.table_mode.watch import WatchRound, start_watch


def table_module(game_id: str) -> ModuleType | None:
    if not registry.is_available(game_id):
        return None
    return registry.spec(game_id).part("table_round")


def has_table_mode(game_id: str) -> bool:
    return table_module(game_id) is not None


def house_options(game_id: str) -> tuple[HouseOption, ...]:
    module = table_module(game_id)
    if module is None:
        raise KeyError(f"{game_id} has no table mode")
    return tuple(module.HOUSE_OPTIONS)


def build_round(config: RoundConfig) -> RoundScript:
    module = table_module(config.game_id)
    if module is None:
        raise KeyError(f"{config.game_id} has no table mode")
    for spec in module.HOUSE_OPTIONS:
        config.option(spec)  # refuses a value the game does not offer
    return module.build_round(config)


def deal_round(config: RoundConfig) -> DealerRound:
    """A round for the trainee to deal."""
    play = DealerRound(build_round(config), config.level)
    play.record.round_no = config.round_number
    return play


def watch_round(config: RoundConfig) -> WatchRound:
    """A round the app deals, with mistakes for the trainee to spot."""
    module = table_module(config.game_id)
    script = build_round(config)
    candidates = module.watch_mistakes(script, random.Random(config.seed ^ 0xBAD))
    play = start_watch(script, config.level, list(candidates), config.seed)
    play.record.round_no = config.round_number
    return play


def level_for(level: Level | str) -> Level:
    from trainer.core.table.levels import level as find

    return level if isinstance(level, Level) else find(level)
