"""Exact game math for DJ Wild Poker: every five-card hand of the 53-card deck.

``analyze`` counts all C(53, 5) = 2,869,685 hands by category (deuces and the joker
wild, trainer ruling 13) and, for each Trips pay table (§9(d)(4); ruling 14), every
outcome with its exact probability, the expected value per unit wagered and the house
edge. Trips is the one DJ Wild wager whose result depends only on the player's own
cards; the blind, Two Way Bad Beat and Cover All depend on other hands.

The enumeration is exact but runs by rank pattern, not hand by hand: a hand is the
joker or not, some deuces, and a multiset of other ranks; its value depends only on
those and on whether its cards are of one suit, so each pattern is evaluated once (for
each way its suits can fall) and weighted by how many hands share it, counted with
binomial coefficients. Integer counts and ``Fraction`` inside; floats only in the
returned probability, expected_value and house_edge fields.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Callable

from trainer.core.paytable import PayTable
from trainer.games.dj_wild.hands import CATEGORIES, DEUCE, HAND_SIZE, NATURAL_RANKS, TripsReading, value_of
from trainer.games.dj_wild.rules_data import DECK_SIZE, GAME_ID, TRIPS_TABLES, rules_data
from trainer.games.dj_wild.settlement import choose_trips, odds_ratio

TOTAL_HANDS = comb(DECK_SIZE, HAND_SIZE)  # 2,869,685
SUITS = 4


def _patterns(jokers: tuple[int, ...] = (0, 1)):
    """(joker, deuces, ranks) for every hand shape: ranks are the other cards' ranks,
    highest first, no rank more than four times."""
    for joker in jokers:
        for deuces in range(0, SUITS + 1):
            k = HAND_SIZE - joker - deuces
            if k < 0:
                continue
            for ranks in combinations_with_replacement(NATURAL_RANKS[::-1], k):
                if k and max(Counter(ranks).values()) > SUITS:
                    continue
                yield joker, deuces, ranks


def _suit_classes(deuces: int, ranks: tuple[int, ...]) -> list[tuple[bool, bool, int]]:
    """How the suits of a pattern's hands fall: (other cards of one suit, other cards and
    deuces of one suit, number of hands)."""
    counts = Counter(ranks)
    total = comb(SUITS, deuces) * prod(comb(SUITS, m) for m in counts.values())
    distinct = len(counts) == len(ranks)
    if len(ranks) <= 1:
        suited_a = total
    elif distinct:
        suited_a = SUITS * comb(SUITS, deuces)
    else:
        suited_a = 0
    if len(ranks) + deuces <= 1:
        suited_b = total
    elif deuces <= 1 and distinct:
        suited_b = SUITS
    else:
        suited_b = 0
    out = [(False, False, total - suited_a), (True, False, suited_a - suited_b), (True, True, suited_b)]
    return [c for c in out if c[2]]


def _readings(joker: int, deuces: int, ranks: tuple[int, ...], suited_a: bool,
              suited_b: bool) -> tuple[TripsReading, TripsReading]:
    """The two readings of trainer ruling 14, as ``hands.trips_readings`` makes them."""
    a = value_of(ranks, suited_a, joker + deuces)
    b = value_of(tuple(sorted(ranks + (DEUCE,) * deuces, reverse=True)), suited_b, joker)
    natural_a = not joker and a == b
    return (TripsReading(a[0], natural_a, "deuces wild"), TripsReading(b[0], not joker, "deuces natural"))


def _tables(table: str | None) -> tuple[str, ...]:
    if table is None:
        return TRIPS_TABLES
    t = table.strip()
    if t.isdigit() and len(t) == 1:
        t = "0" + t
    if t not in TRIPS_TABLES:
        raise ValueError(f"unknown Trips pay table {table!r}; the tables are {', '.join(TRIPS_TABLES)} "
                         "(DJ Wild Poker §9(d)(4))")
    return (t,)


def _bet(name: str, table_id: str, table: PayTable, classes: Counter) -> dict:
    """One Trips table: every outcome, the exact expected value and house edge."""
    wins: dict[str, list] = {}  # pay-table hand key -> [outcome name, odds, hands]
    losses: Counter = Counter()
    for readings, n in classes.items():
        reading, odds, _ = choose_trips(readings, table)
        if odds is None:
            losses[readings[0].category] += n
        else:
            wins.setdefault(reading.key, [reading.label.lower(), odds, 0])[2] += n
    outcomes = []
    ev = Fraction(0)
    for row in table.rows:
        for key in row.hands:
            if key in wins:
                label, odds, n = wins[key]
                p = Fraction(n, TOTAL_HANDS)
                ev += p * odds_ratio(odds)
                outcomes.append({"hand": label, "count": n, "probability": float(p), "pays": str(odds)})
    for category in CATEGORIES:
        n = losses.get(category, 0)
        if n:
            p = Fraction(n, TOTAL_HANDS)
            ev -= p
            outcomes.append({"hand": category.hand_name, "count": n, "probability": float(p), "pays": "lose"})
    assert sum(o["count"] for o in outcomes) == TOTAL_HANDS
    return {"name": name, "table": table_id, "citation": table.citation, "outcomes": outcomes,
            "expected_value": float(ev), "house_edge": float(-ev),
            "expected_value_exact": f"{ev.numerator}/{ev.denominator}"}


def tally(jokers: tuple[int, ...] = (0, 1),
          progress: Callable[[float], None] | None = None) -> Counter:
    """How many hands have each pair of Trips readings (ruling 14), the first reading
    being the hand as it ranks. ``jokers``: (0, 1) for every hand, (1,) for the hands
    holding the joker only, (0,) for the others."""
    patterns = list(_patterns(jokers))
    classes: Counter = Counter()  # (reading A, reading B) -> hands
    for i, (joker, deuces, ranks) in enumerate(patterns):
        for suited_a, suited_b, n in _suit_classes(deuces, ranks):
            classes[_readings(joker, deuces, ranks, suited_a, suited_b)] += n
        if progress is not None and i % 500 == 0:
            progress(i / len(patterns))
    return classes


def analyze(table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
    """Every hand of the 53-card deck, counted exactly. ``table``: one Trips table
    ("01".."07"); None for all seven."""
    tables = _tables(table)
    data = rules_data()
    classes = tally(progress=None if progress is None else (lambda f: progress(0.8 * f)))
    hands: Counter = Counter()
    for (reading_a, _), n in classes.items():
        hands[reading_a.category] += n
    total = sum(hands.values())
    assert total == TOTAL_HANDS, total
    bets = []
    for j, t in enumerate(tables):
        bets.append(_bet("Trips", t, data.option_table("trips_table", t), classes))
        if progress is not None:
            progress(0.8 + 0.2 * (j + 1) / len(tables))
    return {
        "game": GAME_ID,
        "deck": DECK_SIZE,
        "total": total,
        "hands": [{"hand": c.hand_name, "count": hands.get(c, 0)} for c in CATEGORIES],
        "bets": bets,
    }


__all__ = ["analyze", "tally", "TOTAL_HANDS"]
