"""Speed of Table mode's round building and grading, per game and level: how long the
app takes to deal a round (the script of every dealer action with the table after each),
to grade a whole round dealt right, and to prepare a watched round with its mistakes.
A round must be ready well within the time a trainee waits after pressing Start.

    .venv/bin/python benchmarks/bench_table_mode.py
"""

from __future__ import annotations

import time

from trainer.games.registry import available_games
from trainer.training.table_mode import games
from trainer.core.table.levels import levels
from trainer.core.table.script import RoundConfig

ROUNDS = 30


def timed(fn, repeat: int) -> float:
    """Mean milliseconds per call."""
    start = time.perf_counter()
    for i in range(repeat):
        fn(i)
    return (time.perf_counter() - start) * 1000 / repeat


def main() -> None:
    print(f"{'game':<16} {'level':<12} {'actions':>8} {'build ms':>9} {'deal ms':>8} {'watch ms':>9}")
    for game in available_games():
        if not games.has_table_mode(game.id):
            continue
        for lv in levels():
            def config(i: int) -> RoundConfig:
                return RoundConfig(game.id, 1000 + i, lv)

            sizes = []

            def build(i: int) -> None:
                sizes.append(len(games.build_round(config(i)).actions))

            def deal(i: int) -> None:
                r = games.deal_round(config(i))
                while not r.finished:
                    r.perform_next()

            def watch(i: int) -> None:
                games.watch_round(config(i))

            b, d, w = timed(build, ROUNDS), timed(deal, ROUNDS), timed(watch, ROUNDS)
            print(f"{game.id:<16} {lv.id:<12} {sum(sizes) / len(sizes):>8.0f} {b:>9.1f} {d:>8.1f} {w:>9.1f}")


if __name__ == "__main__":
    main()
