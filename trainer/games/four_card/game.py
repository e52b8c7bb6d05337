"""The registry entry for Four Card Poker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from trainer.core.scene import Spot
from trainer.games.four_card.hands import TITLE
from trainer.games.four_card.questions import KINDS, SKILLS
from trainer.games.four_card.rules_data import GAME_ID, rules_data
from trainer.games.registry import QuestionKind, Skill


@dataclass(frozen=True)
class FourCard:
    id: str = GAME_ID
    title: str = TITLE

    @property
    def rules_file(self) -> str:
        return rules_data().rules_file

    @property
    def spots(self) -> tuple[Spot, ...]:
        return rules_data().spots

    @property
    def seat_count(self) -> int:
        return rules_data().seats

    def skills(self) -> tuple[Skill, ...]:
        return SKILLS

    def question_kinds(self) -> tuple[QuestionKind, ...]:
        return KINDS

    def analyze(self, table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
        from trainer.games.four_card.analysis import analyze

        return analyze(table, progress)

    def settle_document(self, doc: dict) -> dict:
        """The settlement calculator's input for one round (see trainer.calculator)."""
        from trainer.games.four_card.calculator import settle_document

        return settle_document(doc)

    def calculator_form(self):
        """What the settlement calculator's screen asks for (trainer.calculator.CalculatorForm)."""
        from trainer.games.four_card.calculator import calculator_form

        return calculator_form()


GAME = FourCard()
