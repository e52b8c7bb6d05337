"""High Card Duel's quiz: two skills, two question kinds. Every answer comes from the rules
core (duel.py) or the rules data; the cards come from the seeded RNG only."""

from __future__ import annotations

import random

from trainer.contracts.game import QuestionKind, Skill, table_mode_skills
from trainer.contracts.question import SETTLE, Question, settle_answer
from trainer.core.cards import cards_label, shuffled, standard_deck
from trainer.core.money import format_cents
from trainer.core.settlement import LOSE, PUSH
from trainer.games.common.rules_questions import order_drill
from tests.sixth_game.duel import cite, settle_ante
from tests.sixth_game.rules_data import GAME_ID, rules_data

SKILLS = (
    Skill(f"{GAME_ID}.payouts", "High Card Duel: payouts", "Settle each Ante against the dealer's card."),
    Skill(f"{GAME_ID}.procedures", "High Card Duel: procedures", "The steps of a round, in order."),
) + table_mode_skills(GAME_ID, "High Card Duel")


def settle_the_antes(rng: random.Random) -> Question:
    """Two or three seats against one dealer card: collect, return or pay each Ante."""
    deck = shuffled(standard_deck(), rng)
    seats = rng.randint(2, rules_data().seats)
    players = [deck.pop() for _ in range(seats)]
    dealer = deck.pop()
    antes = [rng.choice([500, 1000, 2500]) for _ in players]
    results = [settle_ante(card, dealer, ante) for card, ante in zip(players, antes)]
    entries = [("collect",) if r.result == LOSE else ("push",) if r.result == PUSH else ("pay", r.net) for r in results]
    lines = [f"Seat {n}: {cards_label([card])}, Ante {format_cents(ante)}"
             for n, (card, ante) in enumerate(zip(players, antes), 1)]
    return Question(
        game_id=GAME_ID, skill=f"{GAME_ID}.payouts", kind=f"{GAME_ID}.settle-the-antes", seed=rng.randrange(1 << 30),
        prompt=f"The dealer's card is {cards_label([dealer])}. " + "; ".join(lines) + ". Settle each Ante.",
        form=SETTLE, answer=settle_answer(entries),
        explanation=" ".join(f"Seat {n}: {r.describe()}." for n, r in enumerate(results, 1)),
        citations=tuple(dict.fromkeys([cite("4")] + [c for r in results for c in r.rules])),
        fields=tuple(f"Seat {n} Ante" for n in range(1, seats + 1)),
    )


KINDS = (
    QuestionKind(f"{GAME_ID}.settle-the-antes", "Settle the Antes", f"{GAME_ID}.payouts", settle_the_antes),
    QuestionKind(f"{GAME_ID}.order-drill", "Put the steps in order", f"{GAME_ID}.procedures",
                 lambda rng: order_drill(rules_data(), rng, "procedures")),
)
