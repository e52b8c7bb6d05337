"""Speed of the Four Card Poker rules core, exact analysis and question generators, and
the full enumeration of the dealer's 20,358,520 six-card hands (too slow for a test:
about a minute), checked against the combinatorial count of analysis.py.

    .venv/bin/python benchmarks/bench_four_card.py            # everything
    .venv/bin/python benchmarks/bench_four_card.py --quick    # without the six-card enumeration
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from itertools import combinations

from trainer.core.cards import shuffled, standard_deck
from trainer.games.four_card.analysis import analyze, category_counts, detailed_counts
from trainer.games.four_card.hands import best_hand, evaluate
from trainer.games.four_card.questions import KINDS
from trainer.games.four_card.settlement import HouseOptions, SeatWagers, settle_round
from trainer.training.session import make_question

ACE = 14
PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]


def bench(label: str, fn, repeat: int) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {repeat / elapsed:>12,.0f} /s   ({elapsed:.2f} s for {repeat:,})")


def _runs() -> list[int]:
    runs = [sum(1 << r for r in range(h - 3, h + 1)) for h in range(5, ACE + 1)]
    runs.append(sum(1 << r for r in (ACE, 2, 3, 4)))
    return runs


def _rank_reading(ranks: list[int], runs: list[int]) -> str:
    """§3(b) on the ranks alone: what the hand is when no suit holds four cards."""
    counts = Counter(ranks)
    most = max(counts.values())
    if most == 4:
        return "four-of-a-kind"
    if most == 3:
        return "three-of-a-kind"
    mask = sum(1 << r for r in counts)
    if any(mask & run == run for run in runs):
        return "straight"
    pairs = sum(1 for n in counts.values() if n == 2)
    return "two-pair" if pairs >= 2 else "pair" if pairs else "high-card"


def enumerate_six_card_hands() -> Counter:
    """Every six-card hand of the 52-card deck, dealt in nested loops, best four by §3(b)."""
    deck = [(r, s) for s in range(4) for r in range(2, ACE + 1)]
    prime = [PRIMES[r - 2] for r, _ in deck]
    rank_bit = [1 << r for r, _ in deck]
    suit = [s for _, s in deck]
    runs = _runs()
    sf = [any(m & run == run for run in runs) for m in range(1 << (ACE + 1))]
    by_ranks: dict[int, str] = {}
    found: Counter = Counter()
    n = len(deck)
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        masks = [0, 0, 0, 0]
                        for x in (a, b, c, d, e):
                            masks[suit[x]] |= rank_bit[x]
                        p5 = prime[a] * prime[b] * prime[c] * prime[d] * prime[e]
                        local: Counter = Counter()
                        for f in range(e + 1, n):
                            s = suit[f]
                            m = masks[s] | rank_bit[f]
                            four = m if m.bit_count() >= 4 else next((x for x in masks if x.bit_count() >= 4), 0)
                            p = p5 * prime[f]
                            key = by_ranks.get(p)
                            if key is None:
                                ranks = [deck[x][0] for x in (a, b, c, d, e, f)]
                                key = by_ranks[p] = _rank_reading(ranks, runs)
                            if key == "four-of-a-kind":
                                local[key] += 1
                            elif four and sf[four]:
                                local["straight-flush"] += 1
                            elif key == "three-of-a-kind":
                                local[key] += 1
                            elif four:
                                local["flush"] += 1
                            else:
                                local[key] += 1
                        found.update(local)
        print(f"  first card {a + 1}/52 done", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return found


def main(quick: bool = False) -> None:
    deck = standard_deck()
    hands = list(combinations(deck[:20], 4))
    bench(f"evaluate {len(hands):,} four-card hands", lambda: [evaluate(h) for h in hands], 20)
    rng = random.Random(1)
    fives = [tuple(shuffled(deck, rng)[:5]) for _ in range(2000)]
    sixes = [tuple(shuffled(deck, rng)[:6]) for _ in range(2000)]
    bench("best four of five, 2,000 hands", lambda: [best_hand(h) for h in fives], 10)
    bench("best four of six, 2,000 hands", lambda: [best_hand(h) for h in sixes], 5)

    def round_of_seven():
        d = shuffled(deck, rng)
        seats = [SeatWagers(i, tuple(d[6 + 5 * (i - 1):6 + 5 * i]), 1000, 500, 500, 100, 2000) for i in range(1, 8)]
        settle_round(d[:6], seats, HouseOptions("III", "B"))

    bench("settle a seven-seat round", round_of_seven, 3_000)
    bench("analyze (all hands, exactly)", analyze, 3)
    for kind in KINDS:
        seeds = iter(range(10**9))
        bench(f"question {kind.id.split('.', 1)[1]}", lambda: make_question(kind, next(seeds)), 500)
    if quick:
        return
    start = time.perf_counter()
    found = enumerate_six_card_hands()
    elapsed = time.perf_counter() - start
    expected = {c.key: n for c, n in category_counts(detailed_counts(6)).items()}
    print(f"six-card enumeration: {sum(found.values()):,} hands in {elapsed:.0f} s")
    for key, n in expected.items():
        print(f"  {key:<16} {found[key]:>12,}  analysis {n:>12,}  {'ok' if found[key] == n else 'MISMATCH'}")
    if dict(found) != expected:
        raise SystemExit("the six-card enumeration disagrees with analysis.py")


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
