"""The one ``Game`` implementation: a game read from its ``GameSpec`` (and
``shipped_spec``, the spec of a game of this package's usual layout).

Its rules data (title, rules file, seats, spots) comes from the spec's ``rules_data``
module, its skills and question kinds from the ``questions`` module, and each optional
part (analysis, calculator) from its module, imported when first used so that starting a
quiz does not load them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from trainer.contracts.game import GameSpec, QuestionKind, Skill
from trainer.core.game_data import GameData
from trainer.core.scene import Spot
from trainer.core.settlement import SettlementError
from trainer.paths import resource


def shipped_spec(game_id: str, package: str, **parts) -> GameSpec:
    """The spec of a game this trainer ships: its rules data in resources/games/<id>/ and
    the usual parts (calculator, analysis, table round), plus ``parts`` (drills, views)."""
    usual = {"calculator": ".calculator", "analysis": ".analysis", "table_round": ".table_round"}
    return GameSpec(game_id, package, resource("games", game_id), **(usual | parts))


@dataclass(frozen=True)
class PackagedGame:
    """A game as its spec declares it, with what its rules data says of the table."""

    spec: GameSpec
    id: str
    title: str
    rules_file: str
    spots: tuple[Spot, ...]
    seat_count: int

    @classmethod
    def of(cls, spec: GameSpec) -> PackagedGame:
        data = spec.module(spec.rules_data).rules_data()
        return cls(spec, spec.id, data.title, data.rules_file, data.spots, data.seats)

    def data(self) -> GameData:
        return self.spec.module(self.spec.rules_data).rules_data()

    def skills(self) -> tuple[Skill, ...]:
        return tuple(self.spec.module(self.spec.questions).SKILLS)

    def question_kinds(self) -> tuple[QuestionKind, ...]:
        return tuple(self.spec.module(self.spec.questions).KINDS)

    def analyze(self, table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
        """Exact game math by full enumeration (``dealer-trainer analyze``)."""
        module = self.spec.part("analysis")
        if module is None:
            raise ValueError(f"{self.title} has no game math to analyze")
        return module.analyze(table, progress)

    def _calculator(self):
        module = self.spec.part("calculator")
        if module is None:
            raise SettlementError(f"{self.title} has no settlement calculator yet")
        return module

    def settle_document(self, doc: dict) -> dict:
        """The settlement calculator's input for one round (see trainer.calculator)."""
        return self._calculator().settle_document(doc)

    def calculator_form(self):
        """What the settlement calculator's screen asks for (trainer.calculator.CalculatorForm)."""
        return self._calculator().calculator_form()

    def format_extra(self, result: dict) -> list[str]:
        """Readable lines for what only this game settles (e.g. a pot), if its calculator
        module has ``format_extra``; trainer.calculator prints the rest."""
        fn = getattr(self._calculator(), "format_extra", None)
        return list(fn(result)) if fn else []
