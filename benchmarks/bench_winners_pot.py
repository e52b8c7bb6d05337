"""Speed of the Winner's Pot Poker rules core, the round state machine, the exact math and
the question generators, and the full hand-by-hand check of the exact enumeration.

    .venv/bin/python benchmarks/bench_winners_pot.py          # speeds (a few seconds)
    .venv/bin/python benchmarks/bench_winners_pot.py --full   # also evaluates all 2,598,960 hands one by one

``--full`` evaluates every five-card hand of the 52-card deck with the rules core's
``hands.evaluate`` (card by card, no rank-pattern shortcut) and checks that its category
counts are exactly those of ``analysis.analyze`` (which counts by rank pattern) and the
published figures; the tests deal every hand too, with a first-principles classifier.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from itertools import combinations

from trainer.core.cards import shuffled, standard_deck
from trainer.games.winners_pot.analysis import analyze, category_counts
from trainer.games.winners_pot.drill import RoundDrill
from trainer.games.winners_pot.hands import evaluate
from trainer.games.winners_pot.pot import HouseOptions, SeatPlay, settle_round
from trainer.games.winners_pot.questions import KINDS
from trainer.games.winners_pot.round import play_to, random_round
from trainer.training.session import make_question


def bench(label: str, fn, repeat: int) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {repeat / elapsed:>12,.0f} /s   ({elapsed:.2f} s for {repeat:,})")


def full_check() -> None:
    start = time.perf_counter()
    found: Counter = Counter()
    for i, hand in enumerate(combinations(standard_deck(), 5)):
        found[evaluate(hand).category] += 1
        if i % 500_000 == 0:
            print(f"  {i:>9,} hands, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    assert sum(found.values()) == 2_598_960
    assert dict(found) == category_counts(5), "the hand-by-hand counts differ from the enumeration by rank pattern"
    print(f"all 2,598,960 hands one by one agree with analysis.analyze ({elapsed:.1f} s)")
    for c, n in category_counts(5).items():
        print(f"  {c.hand_name:<18}{n:>12,}")


def main() -> None:
    cards = standard_deck()
    rng = random.Random(1)
    hands = [tuple(shuffled(cards, rng)[:5]) for _ in range(20_000)]
    it = iter(hands * 20)
    bench("evaluate a five-card hand", lambda: evaluate(next(it)), 200_000)
    from trainer.games.winners_pot.analysis import detailed_counts

    def fresh_analysis():
        detailed_counts.cache_clear()
        analyze()

    bench("analyze: every hand, Jacks Plus on 5/4/3 cards", fresh_analysis, 20)

    def settle_seven():
        d = shuffled(cards, rng)
        seats = [SeatPlay(i, tuple(d[5 * i:5 * i + 5]), ("bet", "double"), 500) for i in range(1, 8)]
        settle_round(1000, d[:5], seats, options=HouseOptions(commission_bp=500, commission_fixed=1000))

    bench("settle a seven-seat round", settle_seven, 5_000)
    bench("a whole round through the state machine", lambda: play_to(random_round(rng), rng), 2_000)

    def drill_round():
        d = RoundDrill(rng.randrange(2**31))
        while (q := d.run_to_question()) is not None:
            d.answer(q.answer)

    bench("a drill round, every step answered", drill_round, 500)
    for kind in KINDS:
        seeds = iter(range(10**9))
        bench(f"question {kind.id.split('.', 1)[1]}", lambda: make_question(kind, next(seeds)), 1_000)
    if "--full" in sys.argv:
        full_check()


if __name__ == "__main__":
    main()
