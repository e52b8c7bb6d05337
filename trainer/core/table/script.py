"""A round as a script: what a game's table-mode module gives the trainer.

A game module (``trainer/games/<game>/table_round.py``) provides:

- ``HOUSE_OPTIONS``: the house options a round is dealt under (dealing method, pay
  tables, commission, Cover All, ...), each with its choices, default and section;
- ``build_round(config) -> RoundScript``: deals one round from ``config.seed`` with
  simulated players (wagers within the level's limits, side bets at the level's rate,
  decisions by a simple seeded strategy) and lists every dealer action in order, each
  with its citations and its effect on the table, plus the table scene after each one;
- ``watch_mistakes(script, rng) -> list[WatchMistake]``: the mistakes the app may make
  when it deals the round itself in watch mode, each naming the rule it breaks and the
  remedy of the irregularity sections (or "Refer to floor supervisor").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from trainer.core.table.actions import DealerAction
from trainer.core.table.levels import Level

# The remedy where the irregularity sections write none: the floor supervisor decides.
REFER_REMEDY = "Refer to floor supervisor"


@dataclass(frozen=True)
class HouseOption:
    key: str
    title: str
    choices: tuple[str, ...]  # the values
    default: str
    citation: str = ""
    labels: tuple[str, ...] = ()  # how each choice is shown (default: the value)

    @classmethod
    def from_data(cls, data, labels: Sequence[str] | None = None) -> "HouseOption":
        """A house option as a game's rules data defines it (``data``: a
        ``core.game_data.HouseOption``), each choice shown as the data describes it unless
        ``labels`` are given."""
        return cls(data.key, data.title, tuple(data.choices), data.default, data.citation,
                   tuple(data.choices.values()) if labels is None else tuple(labels))

    def label(self, value: str) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return value

    def line(self, value: str) -> str:
        """How the option in force is shown: "Dealing method: automated shoe"."""
        return f"{self.title}: {self.label(value)}"


@dataclass(frozen=True)
class RoundConfig:
    game_id: str
    seed: int
    level: Level
    options: dict[str, str] = field(default_factory=dict)  # house option key -> value
    round_number: int = 1  # rounds in a row at one table (Winner's Pot moves the button)

    def option(self, spec: HouseOption) -> str:
        value = self.options.get(spec.key, spec.default)
        if value not in spec.choices:
            raise ValueError(f"{spec.title}: {value!r} is not one of {', '.join(spec.choices)}")
        return value


@dataclass
class RoundScript:
    """Every dealer action of one round, in order, and the table after each.

    ``scenes[i]`` is the table after the first ``i`` actions (so ``scenes[0]`` shows the
    wagers before "No more bets"); a scene is a ``TableScene`` or another scene with a
    ``VIEW`` the user interface knows. ``render(actions)`` draws the table after any list
    of actions, right or wrong (watch mode uses it to show a mistake); it may be None when
    each ``WatchMistake`` carries its own scene."""

    game_id: str
    seed: int
    level_id: str
    options: dict[str, str]  # the house options in force, value per key
    option_lines: tuple[str, ...]  # the same, as shown: "Dealing method: automated shoe"
    players: tuple[str, ...]  # one line per seated player: "Seat 2: ante $10, Pair Up $5"
    actions: list[DealerAction]
    scenes: list[object]
    render: Callable[[Sequence[DealerAction]], object] | None = None
    summary: tuple[str, ...] = ()  # the round's outcome, shown when it ends
    irregular_remedies: tuple[str, ...] = ()  # the game's remedies (watch mode's options)
    # Other orders the rules accept for a run of actions, besides the order listed: each is
    # a sequence of steps, a step the indexes of actions that may be done in any order
    # (their ``after`` still applies). An alternative lists every action of a contiguous
    # run of ``actions``; the trainee may follow the listed order or any alternative of the
    # run (e.g. Pokette's third card, trainer ruling 35: all losers then all winners, or
    # the non-poker wagers first, then the poker hand wagers).
    alternatives: tuple[tuple[tuple[int, ...], ...], ...] = ()

    def __post_init__(self) -> None:
        if len(self.scenes) != len(self.actions) + 1:
            raise ValueError(f"a scene before the first action and after each: {len(self.actions) + 1} scenes, "
                             f"got {len(self.scenes)}")
        for alt in self.alternatives:
            run = sorted(i for step in alt for i in step)
            if not run or run != list(range(run[0], run[0] + len(run))) or run[-1] >= len(self.actions):
                raise ValueError(f"an alternative order lists each action of a contiguous run once: {alt}")

    def alternative_runs(self, index: int) -> list[tuple[tuple[int, ...], ...]]:
        """Every accepted order of the run holding action ``index`` (the listed order
        first, as steps of its any-order groups), or [] when no alternative covers it."""
        alts = [alt for alt in self.alternatives
                if min(i for s in alt for i in s) <= index <= max(i for s in alt for i in s)]
        if not alts:
            return []
        lo, hi = min(i for s in alts[0] for i in s), max(i for s in alts[0] for i in s)
        listed: list[list[int]] = []
        for i in range(lo, hi + 1):
            group = self.actions[i].group
            if listed and group and self.actions[listed[-1][-1]].group == group:
                listed[-1].append(i)
            else:
                listed.append([i])
        return [tuple(tuple(s) for s in listed)] + alts

    def scene_after(self, done: int) -> object:
        return self.scenes[max(0, min(done, len(self.actions)))]


@dataclass(frozen=True)
class WatchMistake:
    """A mistake the app makes while it deals, in place of (or before) action ``index``.

    ``performed`` is what the app does instead (its ``text`` says it, e.g. "Deals seat 4
    its first card before seat 3"); ``replaces``: the wrong action takes the right one's
    place (False: it is done in addition, before it, e.g. a card exposed). ``rule`` and
    ``rule_citation`` name what it breaks; ``remedy``/``remedy_citation`` what the
    irregularity sections prescribe (or "Refer to floor supervisor")."""

    kind: str  # "wrong-order", "card-exposed", "missed-burn", "wrong-payout", "button-not-moved", "wrong-wager-paid", ...
    index: int
    performed: DealerAction
    rule: str
    rule_citation: str
    remedy: str
    remedy_citation: str
    replaces: bool = True
    scene: object | None = None  # the table as the mistake leaves it (default: script.render)
    rule_options: tuple[str, ...] = ()  # other rules to choose from (default: drawn from the round)
    remedy_options: tuple[str, ...] = ()  # other remedies (default: the game's irregularity outcomes)

    @property
    def rule_answer(self) -> str:
        """The rule as offered in watch mode's question: 'what it requires (section)'."""
        return f"{self.rule} ({self.rule_citation})"


def pick_seats(rng: random.Random, level: Level, max_seats: int) -> list[int]:
    """The seats the simulated players fill at this level, in seat order."""
    n = level.seat_count(rng, max_seats)
    return sorted(rng.sample(range(1, max_seats + 1), n))


def pick_wager(rng: random.Random, level: Level, minimum: int = 0, maximum: int | None = None) -> int:
    choices = [w for w in level.wager_choices if w >= minimum and (maximum is None or w <= maximum)]
    return rng.choice(choices or [minimum or level.wager_choices[0]])
