"""A question, its answer form and its grading.

Answers travel as text so they can be stored as they were given:
- ``choice``: the text of the chosen option;
- ``amounts``: a JSON list of integer cents, one per field, in field order;
- ``order``: a JSON list of the items in the order given.
The correct answer is computed by the rules core when the question is generated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from trainer.core.money import AmountError, format_cents, parse_cents
from trainer.core.scene import TableScene

CHOICE = "choice"
AMOUNTS = "amounts"
ORDER = "order"
FORMS = (CHOICE, AMOUNTS, ORDER)


@dataclass(frozen=True)
class Question:
    game_id: str
    skill: str  # skill id, e.g. "two-card-joker.hand-ranking"
    kind: str  # generator id, e.g. "two-card-joker.name-the-hand"
    seed: int
    prompt: str
    form: str
    answer: str  # canonical correct answer (see module doc)
    explanation: str  # why, shown after every answer, right or wrong
    citations: tuple[str, ...]  # e.g. ("Two Card Joker Poker §11(c)", "trainer ruling 7")
    options: tuple[str, ...] = ()  # CHOICE: the options; ORDER: the items, shuffled
    fields: tuple[str, ...] = ()  # AMOUNTS: one label per amount
    scene: TableScene | None = None  # or another scene dataclass naming its VIEW (e.g. the Pokette layout)
    detail: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.form not in FORMS:
            raise ValueError(f"unknown answer form {self.form!r}")
        if self.form == CHOICE and self.answer not in self.options:
            raise ValueError(f"the answer {self.answer!r} is not among the options {self.options!r}")
        if self.form == ORDER and sorted(json.loads(self.answer)) != sorted(self.options):
            raise ValueError("the ordering answer must use exactly the items offered")
        if self.form == AMOUNTS and len(json.loads(self.answer)) != len(self.fields):
            raise ValueError("one amount per field")

    @property
    def citation(self) -> str:
        return "; ".join(self.citations)

    def is_correct(self, given: str) -> bool:
        if self.form == CHOICE:
            return given == self.answer
        try:
            return json.loads(given) == json.loads(self.answer)
        except (TypeError, ValueError):
            return False

    def display(self, answer: str) -> str:
        """A readable form of a stored answer (the given one or the correct one)."""
        return display_answer(self.form, answer, self.fields)


def display_answer(form: str, answer: str, fields: tuple[str, ...] = ()) -> str:
    if form == CHOICE:
        return answer
    try:
        values = json.loads(answer)
    except (TypeError, ValueError):
        return answer
    if form == AMOUNTS:
        parts = [format_cents(v) if isinstance(v, int) else "?" for v in values]
        if fields:
            return ", ".join(f"{label} {p}" for label, p in zip(fields, parts))
        return ", ".join(parts)
    return " → ".join(str(v) for v in values)


def amounts_answer(cents: list[int]) -> str:
    return json.dumps([int(c) for c in cents])


def order_answer(items: list[str] | tuple[str, ...]) -> str:
    return json.dumps(list(items))


def parse_amounts(texts: list[str]) -> str:
    """Typed amounts to an AMOUNTS answer; raises AmountError with a clear message."""
    values = []
    for t in texts:
        if not t.strip():
            raise AmountError("every amount needs a value: type 0 for a wager that is not paid")
        values.append(parse_cents(t))
    return amounts_answer(values)
