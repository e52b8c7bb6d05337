"""The game registry: the one seam every screen and session goes through.

Every regulated game the trainer will teach is listed in ``CATALOGUE`` (so the home
screen can show what is coming); a game becomes available when its package is named
in ``GAME_PACKAGES`` and provides a module-level ``GAME`` implementing ``Game``.
Adding a game touches its own package and one line here, nothing else.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from functools import cache
from typing import Callable, Protocol

from trainer.core.scene import Spot


@dataclass(frozen=True)
class CatalogueEntry:
    id: str
    title: str
    blurb: str


CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("two-card-joker", "Two Card Joker Poker", "Two cards against the dealer, jokers pair anything"),
    CatalogueEntry("four-card", "Four Card Poker", "Best four of five against the dealer's best of six"),
    CatalogueEntry("dj-wild", "DJ Wild Poker", "Deuces and the joker wild, ante, blind and Trips"),
    CatalogueEntry("winners-pot", "Winner's Pot Poker", "Three streets, a button, a pot and a commission"),
    CatalogueEntry("pokette", "Pokette", "The card wheel with a poker-hand stand"),
)

# Packages whose GAME is available. A new game adds its package here.
GAME_PACKAGES: dict[str, str] = {
    "two-card-joker": "trainer.games.two_card_joker",
    "four-card": "trainer.games.four_card",
    "dj-wild": "trainer.games.dj_wild",
    "winners-pot": "trainer.games.winners_pot",
    "pokette": "trainer.games.pokette",
}


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
    make: Generator  # (rng) -> trainer.training.question.Question


class Game(Protocol):
    id: str
    title: str
    rules_file: str
    spots: tuple[Spot, ...]
    seat_count: int

    def skills(self) -> tuple[Skill, ...]: ...

    def question_kinds(self) -> tuple[QuestionKind, ...]: ...

    def analyze(self, table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
        """Exact game math by full enumeration (see `dealer-trainer analyze`)."""
        ...


class UnknownGame(KeyError):
    pass


def catalogue() -> tuple[CatalogueEntry, ...]:
    return CATALOGUE


def is_available(game_id: str) -> bool:
    return game_id in GAME_PACKAGES


@cache
def get_game(game_id: str) -> Game:
    if game_id not in GAME_PACKAGES:
        known = ", ".join(e.id for e in CATALOGUE)
        if any(e.id == game_id for e in CATALOGUE):
            raise UnknownGame(f"{game_id} is not available yet")
        raise UnknownGame(f"unknown game {game_id!r}; the games are: {known}")
    module = importlib.import_module(GAME_PACKAGES[game_id])
    return module.GAME


def available_games() -> list[Game]:
    return [get_game(e.id) for e in CATALOGUE if e.id in GAME_PACKAGES]


def title_of(game_id: str) -> str:
    for e in CATALOGUE:
        if e.id == game_id:
            return e.title
    return game_id


def skill_title(skill_id: str) -> str:
    game_id = skill_id.split(".", 1)[0]
    if is_available(game_id):
        for s in get_game(game_id).skills():
            if s.id == skill_id:
                return s.title
    return skill_id
