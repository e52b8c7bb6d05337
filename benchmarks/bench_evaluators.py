"""Five-card evaluation throughput, ours beside treys, phevaluator and pokerkit on the
same 200,000 hands (the peers come with the ``bench`` extra: pip install -e '.[bench]').

    .venv/bin/python benchmarks/bench_evaluators.py [--hands N]

Each evaluator gets the hands in its own card form, made before the clock starts, and is
timed over the same hands in the same order (best of three passes). A peer that is not
installed is reported as such. Our fast path (``winners_pot.fast.strength5``) returns one
integer per hand as treys and phevaluator do; ``hands.evaluate`` (the public API, which
checks its input and builds a ``HandValue``) is shown beside it.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.core.cards import standard_deck  # noqa: E402

HANDS = 200_000


def make_hands(n: int = HANDS, seed: int = 17) -> list[tuple]:
    rng = random.Random(seed)
    deck = standard_deck()
    return [tuple(rng.sample(deck, 5)) for _ in range(n)]


def rate(fn, items, passes: int = 3) -> float:
    """Items per second, the best of ``passes`` passes over ``items``."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def peers(hands) -> dict[str, float | None]:
    """Throughput of each peer on ``hands`` (None: not installed)."""
    texts = [[str(c) for c in h] for h in hands]
    out: dict[str, float | None] = {}
    try:
        from treys import Card as TCard, Evaluator
        ev = Evaluator()
        th = [[TCard.new(t) for t in h] for h in texts]
        out["treys"] = rate(lambda h: ev.evaluate(h[:2], h[2:]), th)
    except ImportError:
        out["treys"] = None
    try:
        from phevaluator import evaluate_cards
        ph = [tuple(h) for h in texts]
        out["phevaluator"] = rate(lambda h: evaluate_cards(*h), ph)
    except ImportError:
        out["phevaluator"] = None
    try:
        from pokerkit import Card as PCard, StandardHighHand
        pk = [tuple(PCard.parse("".join(h))) for h in texts]
        lookup = StandardHighHand.lookup
        out["pokerkit lookup"] = rate(lookup.get_entry, pk)
        out["pokerkit hand"] = rate(StandardHighHand, pk[: len(pk) // 4])
    except ImportError:
        out["pokerkit lookup"] = out["pokerkit hand"] = None
    return out


def ours(hands) -> dict[str, float]:
    from trainer.games.dj_wild import hands as dj
    from trainer.games.four_card import hands as fc
    from trainer.games.winners_pot import fast
    from trainer.games.winners_pot.hands import evaluate

    fast.strength5(hands[0])  # the tables are made at first use, outside the clock
    fc.best_hand(hands[0])
    dj.evaluate(hands[0])
    quarter = hands[: len(hands) // 4]
    rng = random.Random(5)
    deck = standard_deck()
    sixes = [tuple(rng.sample(deck, 6)) for _ in range(len(quarter))]
    djdeck = dj.deck()
    djhands = [tuple(rng.sample(djdeck, 5)) for _ in range(len(quarter))]
    return {
        "winners-pot strength5": rate(fast.strength5, hands),
        "winners-pot evaluate": rate(evaluate, quarter),
        "four-card best of 5": rate(fc.best_hand, quarter),
        "four-card best of 6": rate(fc.best_hand, sixes),
        "dj-wild evaluate": rate(dj.evaluate, djhands),
    }


def main() -> int:
    n = int(sys.argv[sys.argv.index("--hands") + 1]) if "--hands" in sys.argv else HANDS
    hands = make_hands(n)
    for name, r in {**ours(hands), **peers(hands)}.items():
        print(f"{name:<28} {'not installed' if r is None else f'{r:>12,.0f} hands/s'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
