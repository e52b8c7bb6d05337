"""The registry entry for Two Card Joker Poker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from trainer.core.scene import Spot
from trainer.games.registry import QuestionKind, Skill
from trainer.games.two_card_joker.hands import TITLE
from trainer.games.two_card_joker.questions import KINDS, SKILLS
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data


@dataclass(frozen=True)
class TwoCardJoker:
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
        from trainer.games.two_card_joker.analysis import analyze

        return analyze(table, progress)

    def settle_document(self, doc: dict) -> dict:
        """The settlement calculator's input for one round (see trainer.calculator)."""
        from trainer.games.two_card_joker.calculator import settle_document

        return settle_document(doc)

    def calculator_form(self):
        """What the settlement calculator's screen asks for (trainer.calculator.CalculatorForm)."""
        from trainer.games.two_card_joker.calculator import calculator_form

        return calculator_form()


GAME = TwoCardJoker()
