"""Speed of the Two Card Joker Poker rules core and question generators."""

from __future__ import annotations

import random
import time
from itertools import combinations

from trainer.core.cards import shuffled, standard_deck
from trainer.games.two_card_joker.hands import evaluate
from trainer.games.two_card_joker.questions import KINDS
from trainer.games.two_card_joker.settlement import CALL, HouseOptions, SeatWagers, settle_round
from trainer.training.session import make_question


def bench(label: str, fn, repeat: int) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<40} {repeat / elapsed:>12,.0f} /s   ({elapsed:.2f} s for {repeat:,})")


def main() -> None:
    deck = standard_deck(jokers=2)
    hands = list(combinations(deck, 2))
    bench("evaluate all 1,431 hands", lambda: [evaluate(h) for h in hands], 200)
    values = [evaluate(h) for h in hands]
    bench("sort all 1,431 hand values", lambda: sorted(values), 500)
    rng = random.Random(1)

    def round_of_six():
        d = shuffled(deck, rng)
        seats = [SeatWagers(i, tuple(d[2 * i:2 * i + 2]), 1000, 500, 500, CALL) for i in range(1, 7)]
        settle_round(d[:2], seats, HouseOptions("2"))

    bench("settle a six-seat round", round_of_six, 20_000)
    for kind in KINDS:
        seeds = iter(range(10**9))
        bench(f"question {kind.id.split('.', 1)[1]}", lambda: make_question(kind, next(seeds)), 2_000)


if __name__ == "__main__":
    main()
