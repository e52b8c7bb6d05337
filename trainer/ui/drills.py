"""Game drills beyond the quiz: which screens exist, per game, and what they are called.

A drill screen is a QWidget with ``start(seed)`` and the signals ``answered(AnswerResult)``
(each graded step, recorded in the store like a quiz answer), ``finished(object)`` and
``back_requested()``; it may have ``answer_saved(index)`` and
``answer_not_saved(index, message)`` to show whether a step was saved. A game that
brings a drill adds one entry here; the home screen and the main window do the rest.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from PySide6.QtWidgets import QWidget


@dataclass(frozen=True)
class Drill:
    key: str  # "winners-pot.run-the-round"
    game_id: str
    title: str  # the button: "Run the round"
    description: str
    screen: str  # "module:Class"

    def make(self) -> QWidget:
        module, _, attr = self.screen.partition(":")
        return getattr(importlib.import_module(module), attr)()


DRILLS: tuple[Drill, ...] = (
    Drill("winners-pot.run-the-round", "winners-pot", "Run the round",
          "The app deals a whole round street by street; you give the dealer's every action and amount.",
          "trainer.ui.screens.winners_pot_drill:WinnersPotDrillScreen"),
    Drill("pokette.layout-drill", "pokette", "Layout drill",
          "Chips on the layout, the wheel spins: mark the card, announce, collect and pay in order.",
          "trainer.ui.screens.pokette_drill:PoketteDrillScreen"),
)


def drills_for(game_id: str) -> tuple[Drill, ...]:
    return tuple(d for d in DRILLS if d.game_id == game_id)


def drill(key: str) -> Drill:
    for d in DRILLS:
        if d.key == key:
            return d
    raise KeyError(f"no drill {key!r}")
