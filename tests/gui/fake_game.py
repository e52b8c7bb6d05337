"""A small fake game for the GUI tests: one question kind per answer form.

A game of its own ("fake-game", its game.json in fake_game_rules/), registered as the
only game by the ``fake_game`` fixture (tests/conftest.py, ``registry.register``), so the
screens can be tested without the real rules. Its questions borrow Two Card Joker
Poker's sections for their citations. Every answer is computed here from the question's
RNG.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from trainer.contracts.game import GameSpec, QuestionKind, Skill, header
from trainer.core.game_data import GameData
from trainer.core.money import format_cents
from trainer.core.scene import CardView, SeatView, Spot, TableScene
from trainer.contracts.question import (
    AMOUNTS, CHOICE, ORDER, PAY, SETTLE, Question, amounts_answer, order_answer, parse_settle, settle_answer,
)

GAME_ID = "fake-game"
FOLDER = Path(__file__).with_name("fake_game_rules")
TITLE = header(FOLDER)[0]
SPOTS = (Spot("ante", "Ante"), Spot("pair-up", "Pair Up"))
RANKS = ["Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven"]
CARD_OF = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J", "Ten": "T", "Nine": "9", "Eight": "8", "Seven": "7"}

SKILL_RANK = f"{GAME_ID}.fake-ranking"
SKILL_PAY = f"{GAME_ID}.fake-payouts"
SKILL_ORDER = f"{GAME_ID}.fake-order"


def _scene(rng: random.Random, highlight_seat: int, cards: tuple[str, ...], wager: int) -> TableScene:
    seats = []
    for n in range(1, 7):
        if n == highlight_seat:
            seats.append(SeatView(n, True, tuple(CardView(c) for c in cards), (("ante", wager),), highlight=True))
        elif rng.random() < 0.5:
            seats.append(SeatView(n, True, (CardView(None, face_up=False), CardView(None, face_up=False)),
                                  (("ante", 500),)))
        else:
            seats.append(SeatView(n, occupied=False))
    return TableScene(GAME_ID, TITLE, SPOTS, tuple(seats), 6,
                      dealer_cards=(CardView(None, False), CardView(None, False)),
                      caption="Fake table for tests")


def higher_card(rng: random.Random) -> Question:
    options = rng.sample(RANKS, 4)
    best = min(options, key=RANKS.index)
    cards = (CARD_OF[options[0]] + "s", CARD_OF[options[1]] + "h")
    return Question(
        game_id=GAME_ID, skill=SKILL_RANK, kind=f"{GAME_ID}.fake-higher", seed=rng.randrange(1 << 30),
        prompt="Which of these ranks is the highest?", form=CHOICE, answer=best,
        explanation=f"{best} ranks highest of {', '.join(options)}.",
        citations=("Two Card Joker Poker §5(c)",), options=tuple(options),
        scene=_scene(rng, rng.randint(1, 6), cards, 500),
    )


def pay_wagers(rng: random.Random) -> Question:
    ante = rng.choice([500, 1000, 2500])
    pair_up = rng.choice([500, 1000])
    answer = amounts_answer([ante, pair_up * 2])
    return Question(
        game_id=GAME_ID, skill=SKILL_PAY, kind=f"{GAME_ID}.fake-pay", seed=rng.randrange(1 << 30),
        prompt=f"The player wins a {format_cents(ante)} Ante at 1 to 1 and a {format_cents(pair_up)} "
               f"Pair Up at 2 to 1. What do you pay on each?",
        form=AMOUNTS, answer=answer,
        explanation="The Ante pays even money; the Pair Up pays 2 to 1.",
        citations=("Two Card Joker Poker §11(c)", "trainer ruling 3"), fields=("Ante", "Pair Up"),
        scene=None,
    )


def settle_wagers(rng: random.Random) -> Question:
    """Each wager collected, pushed or paid: the Ante against the dealer, the Pair Up on its own."""
    ante = rng.choice([500, 1000, 2500])
    pair_up = rng.choice([500, 1000])
    outcome = rng.choice(["lose", "tie", "win"])
    pairs = rng.random() < 0.5
    entries = [{"lose": ("collect",), "tie": ("push",), "win": ("pay", ante)}[outcome],
               ("pay", 2 * pair_up) if pairs else ("collect",)]
    return Question(
        game_id=GAME_ID, skill=SKILL_PAY, kind=f"{GAME_ID}.fake-settle", seed=rng.randrange(1 << 30),
        prompt=f"The player's {format_cents(ante)} Ante {outcome}s against the dealer (1 to 1), and the "
               f"{format_cents(pair_up)} Pair Up {'holds a pair (2 to 1)' if pairs else 'holds no pair'}. Settle each.",
        form=SETTLE, answer=settle_answer(entries),
        explanation="A losing wager is collected, a tie is a push, a winner is paid.",
        citations=("Two Card Joker Poker §11(b)",), fields=("Ante", "Pair Up"),
        scene=None,
    )


def rank_order(rng: random.Random) -> Question:
    items = rng.sample(RANKS, 4)
    correct = sorted(items, key=RANKS.index)
    return Question(
        game_id=GAME_ID, skill=SKILL_ORDER, kind=f"{GAME_ID}.fake-order", seed=rng.randrange(1 << 30),
        prompt="Put these ranks in order, highest first.", form=ORDER, answer=order_answer(correct),
        explanation="Aces are high; then king, queen, jack, ten and down.",
        citations=("Two Card Joker Poker §5(a)",), options=tuple(items),
    )


SKILLS = (
    Skill(SKILL_RANK, "Fake: ranking", "Which rank is higher"),
    Skill(SKILL_PAY, "Fake: payouts", "Pay the winners"),
    Skill(SKILL_ORDER, "Fake: ordering", "Order the ranks"),
)
KINDS = (
    QuestionKind(f"{GAME_ID}.fake-higher", "Highest rank", SKILL_RANK, higher_card),
    QuestionKind(f"{GAME_ID}.fake-pay", "Pay the wagers", SKILL_PAY, pay_wagers),
    QuestionKind(f"{GAME_ID}.fake-settle", "Settle the wagers", SKILL_PAY, settle_wagers),
    QuestionKind(f"{GAME_ID}.fake-order", "Order the ranks", SKILL_ORDER, rank_order),
)


@cache
def rules_data() -> GameData:
    """Six seats and two spots; no pay tables, procedures or irregularities to ask about."""
    return GameData(GAME_ID, TITLE, "fake.md", deck_size=54, jokers=2, seats=6, spots=SPOTS, pay_tables={},
                    house_options={}, procedures={}, order_drills=(), wager_rules=(), irregularities=(),
                    blurb=header(FOLDER)[1])


# The quiz and its rules data are this module; no calculator, analysis or table mode.
SPEC = GameSpec(GAME_ID, __name__, FOLDER, questions=__name__, rules_data=__name__)


def answer_keys(question, right: bool) -> list:
    """Keyboard steps for the right (or a wrong) answer of any question, fake or real."""
    import json

    from PySide6.QtCore import Qt

    digit = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6,
             Qt.Key.Key_7, Qt.Key.Key_8, Qt.Key.Key_9]
    if question.form == CHOICE:
        index = question.options.index(question.answer)
        if not right:
            index = (index + 1) % len(question.options)
        return [("key", digit[index])]
    if question.form == SETTLE:
        return settle_keys(question, right)
    values = json.loads(question.answer)
    if question.form == AMOUNTS:
        if not right:
            values[0] += 100
        steps = []
        for cents in values:
            steps += [("text", f"{cents // 100}.{cents % 100:02d}"), ("key", Qt.Key.Key_Return)]
        return steps
    if not right:
        values[0], values[1] = values[1], values[0]
    return [("key", digit[question.options.index(item)]) for item in values] + [("key", Qt.Key.Key_Return)]


def settle_keys(question, right: bool) -> list:
    """A SETTLE answer by keyboard: C collects, P pushes, R refers, typing an amount pays
    (or fills in a plain amount field); Enter after each field. Wrong: the first field's
    result or amount changed."""
    from PySide6.QtCore import Qt

    entries = parse_settle(question.answer)
    if not right:
        first = entries[0]
        if isinstance(first, int):
            entries[0] = first + 100
        elif first[0] == PAY:
            entries[0] = (PAY, first[1] + 100)
        else:
            entries[0] = ("push", 0) if first[0] == "collect" else ("collect", 0)
    keys = {"collect": Qt.Key.Key_C, "push": Qt.Key.Key_P, "refer": Qt.Key.Key_R}
    steps = []
    for e in entries:
        cents = e if isinstance(e, int) else e[1]
        if isinstance(e, int) or e[0] == PAY:
            steps.append(("text", f"{cents // 100}.{cents % 100:02d}"))
        else:
            steps.append(("key", keys[e[0]]))
        steps.append(("key", Qt.Key.Key_Return))
    return steps
