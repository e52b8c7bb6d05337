"""The registry entry for Pokette."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from trainer.core.scene import Spot
from trainer.games.pokette.questions import KINDS, SKILLS
from trainer.games.pokette.rules_data import GAME_ID, rules_data
from trainer.games.pokette.wheel import TITLE
from trainer.games.registry import QuestionKind, Skill


@dataclass(frozen=True)
class Pokette:
    id: str = GAME_ID
    title: str = TITLE

    @property
    def rules_file(self) -> str:
        return rules_data().rules_file

    @property
    def spots(self) -> tuple[Spot, ...]:
        """The wagers of §(e), as the layout labels them."""
        return rules_data().spots

    @property
    def seat_count(self) -> int:
        return rules_data().seats

    def skills(self) -> tuple[Skill, ...]:
        return SKILLS

    def question_kinds(self) -> tuple[QuestionKind, ...]:
        return KINDS

    def analyze(self, table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
        from trainer.games.pokette.analysis import analyze

        return analyze(table, progress)

    def settle_document(self, doc: dict) -> dict:
        """The settlement calculator's input for one spin (see trainer.games.pokette.calculator)."""
        from trainer.games.pokette.calculator import settle_document

        return settle_document(doc)

    def format_extra(self, result: dict) -> list[str]:
        """Lines the calculator's text adds: the stand, the announcement, the order of work."""
        from trainer.games.pokette.calculator import format_extra

        return format_extra(result)

    def calculator_form(self):
        """What the settlement calculator's screen asks for (trainer.calculator.CalculatorForm)."""
        from trainer.games.pokette.calculator import calculator_form

        return calculator_form()


GAME = Pokette()
