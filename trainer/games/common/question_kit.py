"""What every game's question module repeats, once: its skills ("DJ Wild: payouts"), its
questions and question kinds under the game's ids, and the questions that put seats in
the order of a procedure of the round.

A game makes one kit and builds with it:

    KIT = QuestionKit(GAME_ID, "Two Card Joker")
    SKILLS = (KIT.skill("payouts", "payouts", "Settle ... (§11)."), ...) + table_mode_skills(GAME_ID, KIT.short)
    q = KIT.question("seat-payout", "payouts", prompt=..., form=SETTLE, ...)
    @KIT.kind("seat-payout", "Settle a seat", "payouts")
    def seat_payout(rng): ...
    KINDS = KIT.kinds(seat_payout, ...)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

from trainer.contracts.game import Generator, QuestionKind, Skill
from trainer.core import picks
from trainer.core.game_data import GameData
from trainer.contracts.question import ORDER, Question, order_answer
from trainer.games.common.rules_questions import shuffled_items


G = TypeVar("G", bound=Callable)


@dataclass(frozen=True)
class QuestionKit:
    game_id: str  # "two-card-joker"
    short: str  # the short title skills are named with: "Two Card Joker"

    def skill(self, key: str, title: str, description: str) -> Skill:
        """'two-card-joker.payouts', 'Two Card Joker: payouts'."""
        return Skill(f"{self.game_id}.{key}", f"{self.short}: {title}", description)

    def question(self, kind: str, skill: str, **fields) -> Question:
        """A question of the kind and skill keys given. The seed is filled in by
        trainer.training.session.make_question, which made the RNG."""
        return Question(game_id=self.game_id, skill=f"{self.game_id}.{skill}", kind=f"{self.game_id}.{kind}", seed=0,
                        **fields)

    def order_question(self, kind: str, skill: str, rng: random.Random, items: Sequence[str], **fields) -> Question:
        """Put ``items`` (in their right order) in order: shown shuffled, never as the answer."""
        return self.question(kind, skill, form=ORDER, options=tuple(shuffled_items(list(items), rng)),
                             answer=order_answer(list(items)), **fields)

    def kind(self, key: str, title: str, skill: str) -> Callable[[G], G]:
        """Decorates a generator as the question kind ``key`` of the skill ``skill``, with
        its title: the kind is written beside the code that makes its questions."""
        def mark(make: G) -> G:
            make.question_kind = QuestionKind(f"{self.game_id}.{key}", title, f"{self.game_id}.{skill}", make)
            return make
        return mark

    @staticmethod
    def kinds(*generators: Generator) -> tuple[QuestionKind, ...]:
        """The question kinds of ``generators`` (each decorated with ``kind``), in this order."""
        return tuple(g.question_kind for g in generators)


@dataclass(frozen=True)
class SeatOrder:
    """One procedure that goes round the seats: the order it takes (from the seats
    occupied), what the question asks, why, and the sections it rests on."""

    order: Callable[[list[int]], list[int]]
    prompt: str
    why: str
    citations: tuple[str, ...]


def seat_order(kit: QuestionKit, rng: random.Random, seats: list[int], procedures: dict[str, SeatOrder],
               scene: Callable[[str], object]) -> Question:
    """The "seat-order" question of the procedures skill: one of ``procedures`` (chosen by
    the RNG), its seats to put in order; ``scene(key)`` draws the table for it."""
    key = rng.choice(tuple(procedures))
    p = procedures[key]
    items = [f"Seat {n}" for n in p.order(seats)]
    return kit.order_question("seat-order", "procedures", rng, items, prompt=p.prompt,
                              explanation=p.why + " Seats are numbered from the dealer's left.", citations=p.citations,
                              scene=scene(key))


def which_wins(player, dealer, *, tie: str, above: str, same: str) -> tuple[str, str]:
    """'Player', 'Dealer' or 'Tie' for two hand values (``RankedHand``s), and why, in the
    game's words: ``tie`` when they are equal ({p} and {d}: the player's and the dealer's
    descriptions), ``above`` when the higher is of a higher category and ``same`` when
    both are of one category ({hi}, {lo}, {hi_lower}; {plural} and {kind} of the
    category: 'full houses', 'full house')."""
    answer = "Player" if player > dealer else "Dealer" if dealer > player else "Tie"
    if answer == "Tie":
        return answer, tie.format(p=player.describe(), d=dealer.describe().lower())
    hi, lo = (player, dealer) if answer == "Player" else (dealer, player)
    words = {"hi": hi.describe(), "lo": lo.describe().lower(), "hi_lower": hi.describe().lower()}
    if hi.category != lo.category:
        return answer, above.format(**words)
    if "{plural}" in same:
        words["plural"] = hi.category.plural
    return answer, same.format(kind=hi.category.label.lower(), **words)


@dataclass(frozen=True)
class DealtSoFar:
    """A deal stopped part way, for "who receives the next card" questions: the method,
    the seats dealt to, every delivery of the deal (``steps``, each with ``recipient``,
    ``cards`` and ``describe()``) and how many are made (``done``)."""

    method: str
    seats: list[int]
    steps: list
    done: int

    @property
    def next(self):
        return self.steps[self.done]

    @property
    def held(self) -> dict[int, int]:
        """The cards each recipient (a seat, or the dealer) holds so far."""
        out: dict[int, int] = {}
        for s in self.steps[:self.done]:
            out[s.recipient] = out.get(s.recipient, 0) + s.cards
        return out

    def progress(self) -> str:
        """'3 deliveries have been made, so next is seat 4: ...'."""
        made = "deliveries have" if self.done != 1 else "delivery has"
        return f"{self.done} {made} been made, so next is {self.next.describe()}."


def deal_so_far(rng: random.Random, data: GameData, methods: Sequence[str],
                deal_sequence: Callable[[str, list[int]], list], *,
                done: Callable[[random.Random, list, list[int]], int] | None = None) -> DealtSoFar:
    """A dealing method, two or more seats of the data's layout, and a point of the deal
    (any, unless ``done`` chooses it from the steps and seats)."""
    method = rng.choice(tuple(methods))
    seats = picks.seats(rng, data, 2)
    steps = deal_sequence(method, seats)
    return DealtSoFar(method, seats, steps, done(rng, steps, seats) if done else rng.randrange(len(steps)))


__all__ = ["DealtSoFar", "QuestionKit", "SeatOrder", "deal_so_far", "seat_order", "which_wins"]
