"""Game drills beyond the quiz: which screens exist, per game, and what they are called.

A drill screen is a QWidget with ``start(seed)`` and the signals ``answered(AnswerResult)``
(each graded step, recorded in the store like a quiz answer), ``finished(object)`` and
``back_requested()``; it may have ``answer_saved(index)`` and
``answer_not_saved(index, message)`` to show whether a step was saved, and
``round_recorded(RoundRecord)`` for a table-mode round to be stored whole. A game that
brings a drill names it in its spec (``GameSpec.drills``, trainer/contracts/game.py); the
home screen and the main window do the rest.

Every game with a table mode (its spec's ``table_round``, see
trainer.training.table_mode.games) gets a "Table mode" drill of its own, key
``<game>.table``; its screen is made with the game id.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

TABLE_SUFFIX = ".table"
TABLE_TITLE = "Table mode"
TABLE_DESCRIPTION = "Deal whole rounds as the dealer, or watch and stop the dealer's mistakes."
TABLE_SCREEN = "trainer.ui.table_mode.screen:TableModeScreen"


@dataclass(frozen=True)
class Drill:
    key: str  # "winners-pot.run-the-round"
    game_id: str
    title: str  # the button: "Run the round"
    description: str
    screen: str  # "module:Class"
    with_game: bool = False  # the screen is made with the game id: ``Class(game_id)``

    def make(self) -> QWidget:
        module, _, attr = self.screen.partition(":")
        cls = getattr(importlib.import_module(module), attr)
        return cls(self.game_id) if self.with_game else cls()


def drills() -> tuple[Drill, ...]:
    """The drills the games' specs bring (beyond Table mode), in the registry's order."""
    from trainer.games import registry  # the games are loaded when a drill is first asked for

    return tuple(Drill(d.id, spec.id, d.title, d.description, d.screen)
                 for spec in registry.specs() for d in spec.drills)


def table_drill(game_id: str) -> Drill:
    """The "Table mode" drill of ``game_id`` (whether or not the game has a table mode)."""
    return Drill(f"{game_id}{TABLE_SUFFIX}", game_id, TABLE_TITLE, TABLE_DESCRIPTION, TABLE_SCREEN, with_game=True)


def has_table_mode(game_id: str) -> bool:
    """True when the game brings a table round. A game module that fails to import is
    reported on stderr and left out, so that one broken game never takes the home screen down."""
    from trainer.training.table_mode import games

    try:
        return games.has_table_mode(game_id)
    except Exception as exc:  # noqa: BLE001 - any error in a game's module
        print(f"dealer-trainer: the table mode of {game_id} cannot load: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        return False


def drills_for(game_id: str) -> tuple[Drill, ...]:
    fixed = tuple(d for d in drills() if d.game_id == game_id)
    return fixed + ((table_drill(game_id),) if has_table_mode(game_id) else ())


def drill(key: str) -> Drill:
    for d in drills():
        if d.key == key:
            return d
    if key.endswith(TABLE_SUFFIX):
        game_id = key[: -len(TABLE_SUFFIX)]
        if has_table_mode(game_id):
            return table_drill(game_id)
    raise KeyError(f"no drill {key!r}")
