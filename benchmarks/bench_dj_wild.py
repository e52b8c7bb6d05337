"""Speed of the DJ Wild Poker rules core, its exact math and its question generators,
and the full hand-by-hand check of the exact enumeration.

    .venv/bin/python benchmarks/bench_dj_wild.py          # speeds (a few seconds)
    .venv/bin/python benchmarks/bench_dj_wild.py --full   # also evaluates all 2,869,685 hands one by one

``--full`` evaluates every five-card hand of the 53-card deck card by card (about a
minute and a half) and checks that its category counts and its pairs of Trips readings
(trainer ruling 14) are exactly those of ``analysis.analyze``, which counts by rank
pattern; the tests do the same for the hands holding the joker only.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from itertools import combinations

from trainer.core.cards import shuffled
from trainer.games.dj_wild.analysis import TOTAL_HANDS, analyze, tally
from trainer.games.dj_wild.hands import Category, deck, evaluate, trips_readings
from trainer.games.dj_wild.questions import KINDS
from trainer.games.dj_wild.settlement import PLAY, HouseOptions, SeatWagers, settle_round
from trainer.training.session import make_question


def bench(label: str, fn, repeat: int) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {repeat / elapsed:>12,.0f} /s   ({elapsed:.2f} s for {repeat:,})")


def full_check() -> None:
    start = time.perf_counter()
    readings: Counter = Counter()
    for i, hand in enumerate(combinations(deck(), 5)):
        readings[trips_readings(hand)] += 1
        if i % 500_000 == 0:
            print(f"  {i:>9,} hands, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    assert sum(readings.values()) == TOTAL_HANDS
    assert readings == tally(), "the hand-by-hand readings differ from the enumeration by rank pattern"
    categories: Counter = Counter()
    for (a, _), n in readings.items():
        categories[a.category.hand_name] += n
    assert {h["hand"]: h["count"] for h in analyze()["hands"]} == {c.hand_name: categories[c.hand_name] for c in Category}
    print(f"all {TOTAL_HANDS:,} hands one by one agree with analysis.analyze ({elapsed:.1f} s)")


def main() -> None:
    cards = deck()
    rng = random.Random(1)
    hands = [tuple(shuffled(cards, rng)[:5]) for _ in range(20_000)]
    it = iter(hands * 100)
    bench("evaluate a hand (deuces and joker wild)", lambda: evaluate(next(it)), 200_000)
    it2 = iter(hands * 100)
    bench("both Trips readings of a hand", lambda: trips_readings(next(it2)), 100_000)
    bench("analyze: every hand, all seven Trips tables", analyze, 5)

    def round_of_six():
        d = shuffled(cards, rng)
        seats = [SeatWagers(i, tuple(d[5 * i:5 * i + 5]), 1000, 1000, 500, 100, 100, PLAY) for i in range(1, 7)]
        settle_round(d[:5], seats, HouseOptions("02"))

    bench("settle a six-seat round", round_of_six, 5_000)
    for kind in KINDS:
        seeds = iter(range(10**9))
        bench(f"question {kind.id.split('.', 1)[1]}", lambda: make_question(kind, next(seeds)), 1_000)
    if "--full" in sys.argv:
        full_check()


if __name__ == "__main__":
    main()
