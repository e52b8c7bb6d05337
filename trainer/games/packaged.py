"""The registry entry of a game whose package has the usual layout:

- ``rules_data.rules_data()`` -> GameData (title, rules file, seats, spots);
- ``questions.SKILLS`` and ``questions.KINDS``;
- ``analysis.analyze(table, progress)``: exact game math;
- ``calculator.settle_document(doc)`` and ``calculator.calculator_form()``: the settlement
  calculator.

The analysis and calculator modules are imported when first used, so that starting a
quiz does not load them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from trainer.core.game_data import GameData
from trainer.core.scene import Spot
from trainer.games.registry import QuestionKind, Skill


@dataclass(frozen=True)
class PackagedGame:
    id: str
    title: str
    package: str  # "trainer.games.two_card_joker"
    data: Callable[[], GameData]
    skill_list: tuple[Skill, ...]
    kind_list: tuple[QuestionKind, ...]

    @property
    def rules_file(self) -> str:
        return self.data().rules_file

    @property
    def spots(self) -> tuple[Spot, ...]:
        return self.data().spots

    @property
    def seat_count(self) -> int:
        return self.data().seats

    def skills(self) -> tuple[Skill, ...]:
        return self.skill_list

    def question_kinds(self) -> tuple[QuestionKind, ...]:
        return self.kind_list

    def _module(self, name: str):
        return importlib.import_module(f"{self.package}.{name}")

    def analyze(self, table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
        """Exact game math by full enumeration (``dealer-trainer analyze``)."""
        return self._module("analysis").analyze(table, progress)

    def settle_document(self, doc: dict) -> dict:
        """The settlement calculator's input for one round (see trainer.calculator)."""
        return self._module("calculator").settle_document(doc)

    def calculator_form(self):
        """What the settlement calculator's screen asks for (trainer.calculator.CalculatorForm)."""
        return self._module("calculator").calculator_form()

    def format_extra(self, result: dict) -> list[str]:
        """Readable lines for what only this game settles (e.g. a pot), if its calculator
        module has ``format_extra``; trainer.calculator prints the rest."""
        fn = getattr(self._module("calculator"), "format_extra", None)
        return list(fn(result)) if fn else []
