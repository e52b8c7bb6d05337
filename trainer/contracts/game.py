"""What a game is to the rest of the trainer: its skills and question kinds, the ``Game``
protocol every screen and session uses, and ``GameSpec``, the one declarative entry a
game gives the registry (trainer/games/registry.py).

A spec names the game's package and rules data folder and each OPTIONAL part the game
brings, as the module that supplies it (imported when first used, so that listing the
games loads none of their parts). Every part has a Protocol here saying what the module
must define:

- ``calculator``: ``CalculatorPart`` (the settlement calculator: ``settle_document``,
  ``calculator_form``, optionally ``format_extra``);
- ``analysis``: ``AnalysisPart`` (exact game math: ``analyze``);
- ``table_round``: ``TableRoundPart`` (Table mode: ``HOUSE_OPTIONS``, ``build_round``,
  ``watch_mistakes``);
- ``drills``: ``DrillSpec`` entries (screens beyond the quiz, named "module:Class");
- ``views``: ``ViewSpec`` entries (a scene kind's widget as "module:Class", and the way
  Table mode finds what a click points at: ``TABLE``, ``POT`` or ``LAYOUT``).

Screens are named by strings so that no game imports Qt. The title and the blurb of a
game are its ``game.json``'s ("title", "blurb"), written once. Pure Python: imports the
rules core only.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Iterable, Protocol, runtime_checkable

from trainer.core.rules_data import Reader, load_json
from trainer.core.scene import Spot

if TYPE_CHECKING:  # the types of the parts' signatures only
    from trainer.core.game_data import GameData
    from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake


@dataclass(frozen=True)
class Skill:
    id: str  # "two-card-joker.hand-ranking"
    title: str  # "Two Card Joker: hand ranking"
    description: str


def table_mode_skills(game_id: str, short_title: str) -> tuple[Skill, ...]:
    """The skills table mode scores (trainer/training/table_mode): every game with a
    table mode has these three, after its quiz skills."""
    return (
        Skill(f"{game_id}.table-procedure", f"{short_title}: table procedure",
              "Deal whole rounds at the table: every dealer action in the right order, place and face (table mode)."),
        Skill(f"{game_id}.table-payouts", f"{short_title}: table payouts",
              "Pay each winning wager at the table in chips of the house denominations (table mode)."),
        Skill(f"{game_id}.table-watch", f"{short_title}: spot the error",
              "Watch a dealer deal and stop each mistake, naming the rule and the remedy (table mode)."),
    )


# A generator makes one question from an RNG; every answer comes from the rules core.
Generator = Callable[[random.Random], "object"]


@dataclass(frozen=True)
class QuestionKind:
    id: str  # "two-card-joker.name-the-hand"
    title: str
    skill: str  # Skill.id
    make: Generator  # (rng) -> trainer.contracts.question.Question


class Game(Protocol):
    """What the registry gives for a game id (``registry.get_game``)."""

    id: str
    title: str
    rules_file: str
    spots: tuple[Spot, ...]
    seat_count: int
    spec: GameSpec

    def data(self) -> GameData: ...

    def skills(self) -> tuple[Skill, ...]: ...

    def question_kinds(self) -> tuple[QuestionKind, ...]: ...

    def analyze(self, table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
        """Exact game math by full enumeration (see `dealer-trainer analyze`)."""
        ...

    def settle_document(self, doc: dict) -> dict: ...

    def calculator_form(self) -> CalculatorForm | None: ...

    def format_extra(self, result: dict) -> list[str]: ...


# ------------------------------------------------------------------------ the parts
@runtime_checkable
class QuestionsPart(Protocol):
    """The game's quiz: its skills and question kinds (required of every game)."""

    SKILLS: tuple[Skill, ...]
    KINDS: tuple[QuestionKind, ...]


@runtime_checkable
class RulesDataPart(Protocol):
    """The game's rules data, read from the spec's folder and validated once."""

    def rules_data(self) -> GameData: ...


# The settlement calculator's form (trainer/calculator.py, trainer/calculator_form.py)
@dataclass(frozen=True)
class OptionField:
    key: str  # the JSON key under "options"
    title: str
    choices: tuple[str, ...]
    default: str
    citation: str = ""


@dataclass(frozen=True)
class DecisionChoice:
    label: str  # shown to the user: "Call", "Fold", "Play 2x"
    value: object  # what goes into the seat's JSON "decision" (may depend on the ante: see play_multiple)
    play_multiple: int = 0  # for {"play": cents}: the multiple of the ante


@dataclass(frozen=True)
class CalculatorForm:
    """What the settlement calculator's screen asks for, per game: a game's calculator
    part supplies one as ``calculator_form()``; the screen builds the JSON document
    ``settle`` reads (trainer/calculator.py)."""

    game_id: str
    options: tuple[OptionField, ...]
    dealer_cards: int  # 0 when the game has no dealer hand
    seat_cards: int
    wagers: tuple[tuple[str, str], ...]  # (JSON key, label)
    decisions: tuple[DecisionChoice, ...]  # empty when the game has no decision
    max_seats: int
    example: dict  # a complete, valid document to start from

    def decision_json(self, choice: DecisionChoice, wagers: dict[str, int]) -> object:
        if choice.play_multiple:
            return {"play": choice.play_multiple * wagers.get("ante", 0)}
        return choice.value


@runtime_checkable
class CalculatorPart(Protocol):
    """The settlement calculator (trainer/calculator.py, the settle screen). A module may
    also define ``format_extra(result) -> Iterable[str]``: lines for what only this game
    settles (a pot, a stand), printed after the wagers."""

    def settle_document(self, doc: dict) -> dict: ...

    def calculator_form(self) -> CalculatorForm | None: ...


@runtime_checkable
class AnalysisPart(Protocol):
    """Exact game math (``dealer-trainer analyze``)."""

    def analyze(self, table: str | None, progress: Callable[[float], None] | None) -> dict: ...


@runtime_checkable
class TableRoundPart(Protocol):
    """Table mode (trainer/core/table/script.py says what a round script holds)."""

    HOUSE_OPTIONS: tuple[HouseOption, ...]

    def build_round(self, config: RoundConfig) -> RoundScript: ...

    def watch_mistakes(self, script: RoundScript, rng: random.Random) -> Iterable[WatchMistake]: ...


# Hit-testing strategies of Table mode (trainer/ui/table_mode/hit_test.py): how a click
# on a scene kind's view is read.
TABLE = "table"  # a card table: seats, their betting spots, the dealer
POT = "pot"  # a card table with the dealer's own spots and a winner's pot
LAYOUT = "layout"  # the Pokette layout: chips, cards of the grid, outside boxes, the stand
HIT_TESTS = (TABLE, POT, LAYOUT)


@dataclass(frozen=True)
class ViewSpec:
    """A scene kind (a scene class's ``VIEW``) and the widget that draws it, as
    "module:Class" (a QWidget with ``set_scene``), with its hit-testing strategy."""

    name: str  # "winners-pot"
    widget: str  # "trainer.ui.winners_pot_view:WinnersPotTableView"
    hit_test: str = TABLE

    def __post_init__(self) -> None:
        if self.hit_test not in HIT_TESTS:
            raise ValueError(f"view {self.name!r}: hit_test must be one of {', '.join(HIT_TESTS)}")


@dataclass(frozen=True)
class DrillSpec:
    """A drill beyond the quiz: a screen "module:Class" (a QWidget with ``start(seed)``,
    see trainer/ui/drills.py), made without arguments."""

    id: str  # "winners-pot.run-the-round"
    title: str  # the button: "Run the round"
    description: str
    screen: str  # "trainer.ui.screens.winners_pot_drill:WinnersPotDrillScreen"


@dataclass(frozen=True)
class GameSpec:
    """One game, declared: everything the registry and the screens need to find its parts.
    Module names starting with "." are in ``package``; ``None`` means the game has no such
    part."""

    id: str  # "two-card-joker"
    package: str  # "trainer.games.two_card_joker"
    folder: Path  # game.json and procedures.json
    questions: str = ".questions"  # QuestionsPart
    rules_data: str = ".rules_data"  # RulesDataPart
    calculator: str | None = None  # CalculatorPart
    analysis: str | None = None  # AnalysisPart
    table_round: str | None = None  # TableRoundPart
    drills: tuple[DrillSpec, ...] = ()
    views: tuple[ViewSpec, ...] = ()

    @property
    def title(self) -> str:
        return header(self.folder)[0]

    @property
    def blurb(self) -> str:
        return header(self.folder)[1]

    def module(self, name: str) -> ModuleType:
        return importlib.import_module(name, self.package)

    def part(self, which: str) -> ModuleType | None:
        """The module of an optional part ("calculator", "analysis", "table_round"), or None."""
        name = getattr(self, which)
        return None if name is None else self.module(name)


@cache
def header(folder: Path) -> tuple[str, str]:
    """(title, blurb) of the game.json in ``folder``, read once without the rest of the
    data (listing the games must stay cheap); game_data.read_game_data checks both too."""
    g = Reader(str(folder / "game.json"), load_json(folder / "game.json"))
    return g["title"].str(), g["blurb"].str()


__all__ = [
    "AnalysisPart", "CalculatorForm", "CalculatorPart", "DecisionChoice", "DrillSpec", "Game", "GameSpec",
    "Generator", "HIT_TESTS", "LAYOUT", "OptionField", "POT", "QuestionKind", "QuestionsPart", "RulesDataPart",
    "Skill", "TABLE", "TableRoundPart", "ViewSpec", "header", "table_mode_skills",
]
