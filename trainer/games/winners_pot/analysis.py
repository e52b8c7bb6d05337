"""Exact game math for Winner's Pot Poker: every hand of the 52-card deck, counted exactly.

- ``hands``: every five-card hand (2,598,960) by §5(b) category: royal flush 4, straight
  flush 36, four-of-a-kind 624, full house 3,744, flush 5,108, straight 10,200,
  three-of-a-kind 54,912, two pairs 123,552, pair 1,098,240, high card 1,302,540;
- ``bets``: the Jacks Plus wager (§11(b)), whose result depends only on the player's own
  cards: on the five cards of a player who stays to the end, and (trainer ruling 19) on
  the four or three cards a player holds when folding. Outcomes, expected value per unit
  wagered, house edge. The payout limit of §11(c) is left out (it binds only on wagers
  above $125: 400 x $125 = $50,000).

The pot itself has no fixed odds: it depends on every player's decisions.

The count runs by rank pattern, not hand by hand: a hand's value depends only on the
multiset of its ranks and on whether its five cards share a suit. A rank held m times
takes m of the four suits, C(4, m) ways; only five distinct ranks can be suited, in 4 of
their 4^5 suit assignments. So 6,175 rank patterns stand for the 2,598,960 hands
(``benchmarks/bench_winners_pot.py --full`` and one slow test deal them all one by one).
Counts are integers and expectations ``fractions.Fraction``; floats appear only in the
returned probability, expected_value and house_edge fields.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Callable

from trainer.core.cards import ACE
from trainer.core.citation import ruling
from trainer.games.winners_pot.hands import CATEGORIES, HAND_SIZE, JACK, Category, value_of
from trainer.games.winners_pot.rules_data import DECK_SIZE, GAME_ID, rules_data

RANKS = tuple(range(2, ACE + 1))
SUITS = 4
TOTAL_HANDS = comb(DECK_SIZE, HAND_SIZE)  # 2,598,960
JP_PAIR = "pair of jacks or better"
LOW_PAIR = "pair of tens or lower"
LOSE = "lose"
TABLES = ("jacks_plus",)


def rank_patterns(n: int):
    """Every multiset of n ranks (highest first) holding no rank more than four times."""
    for ranks in combinations_with_replacement(RANKS[::-1], n):
        if max(Counter(ranks).values()) <= SUITS:
            yield ranks


def _detail(category: Category, ranks: tuple[int, ...]) -> str:
    """The category's name, with a pair told apart by the Jacks Plus line."""
    if category is Category.PAIR:
        return JP_PAIR if ranks[0] >= JACK else LOW_PAIR
    return category.hand_name


@cache
def detailed_counts(n: int = HAND_SIZE) -> Counter:
    """How many n-card hands (3, 4 or 5) of the 52-card deck have each value, by name
    ('royal flush', ..., 'pair of jacks or better', 'pair of tens or lower', 'high card')."""
    if n not in (3, 4, HAND_SIZE):
        raise ValueError("three, four or five cards")
    counts: Counter = Counter()
    for ranks in rank_patterns(n):
        times = Counter(ranks)
        total = prod(comb(SUITS, m) for m in times.values())
        suited = SUITS if n == HAND_SIZE and len(times) == HAND_SIZE else 0
        if suited:
            category, order = value_of(ranks, True)
            counts[_detail(category, order)] += suited
        category, order = value_of(ranks, False)
        counts[_detail(category, order)] += total - suited
    return counts


def category_counts(n: int = HAND_SIZE) -> dict[Category, int]:
    detailed = detailed_counts(n)
    out = {}
    for c in CATEGORIES:
        if c is Category.PAIR:
            out[c] = detailed[JP_PAIR] + detailed[LOW_PAIR]
        else:
            out[c] = detailed[c.hand_name]
    return out


def _odds_value(odds) -> Fraction:
    return Fraction(odds.numerator, odds.denominator) if odds.kind == "to" else Fraction(0)


def jacks_plus_bet(n: int = HAND_SIZE) -> dict:
    """§11(b) on n cards: every paying row of the table, then the losing hands."""
    table = rules_data().pay_tables["jacks_plus"]
    detailed = detailed_counts(n)
    total = sum(detailed.values())
    keys = {
        "royal-flush": Category.ROYAL_FLUSH.hand_name, "straight-flush": Category.STRAIGHT_FLUSH.hand_name,
        "four-of-a-kind": Category.FOUR_OF_A_KIND.hand_name, "full-house": Category.FULL_HOUSE.hand_name,
        "flush": Category.FLUSH.hand_name, "straight": Category.STRAIGHT.hand_name,
        "three-of-a-kind": Category.THREE_OF_A_KIND.hand_name, "two-pairs": Category.TWO_PAIRS.hand_name,
        "jacks-or-better": JP_PAIR,
    }
    rows = []
    ev = Fraction(0)
    for row in table.rows:
        (key,) = row.hands
        name = keys[key]
        count = detailed[name]
        if n < HAND_SIZE and count == 0:
            continue  # ruling 19: hands so few cards cannot form
        rows.append((name, count, str(row.odds)))
        ev += count * _odds_value(row.odds)
    for name in (LOW_PAIR, Category.HIGH_CARD.hand_name):
        rows.append((name, detailed[name], LOSE))
        ev -= detailed[name]
    ev /= total
    held = {HAND_SIZE: "", 4: " (folded with four cards)", 3: " (folded with three cards)"}[n]
    cites = [table.citation] + ([ruling(19)] if n < HAND_SIZE else [])
    return {
        "name": "Jacks Plus" + held, "table": None, "cards": n, "citation": "; ".join(cites), "total_hands": total,
        "outcomes": [{"hand": h, "count": c, "probability": c / total, "pays": pays} for h, c, pays in rows],
        "expected_value": float(ev), "house_edge": float(-ev), "exact_expected_value": str(ev),
    }


def analyze(table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
    """The category counts and the Jacks Plus outcomes (``table``: None or 'jacks_plus',
    the one pay table of the game)."""
    if table is not None and table not in TABLES:
        raise ValueError(f"pay table {table!r} does not exist; Winner's Pot Poker has one: {', '.join(TABLES)}")
    data = rules_data()
    if progress:
        progress(0.0)
    five = category_counts(HAND_SIZE)
    if progress:
        progress(0.6)
    bets = [jacks_plus_bet(HAND_SIZE)]
    if progress:
        progress(0.8)
    bets += [jacks_plus_bet(4), jacks_plus_bet(3)]
    result = {
        "game": GAME_ID,
        "deck": data.deck_size,
        "total_hands": sum(five.values()),
        "hands": [{"hand": c.hand_name, "count": n} for c, n in five.items()],
        "bets": bets,
        "notes": [
            "hands: every five-card hand of the 52-card deck by the categories of §5(b).",
            "Jacks Plus is paid once for the highest qualifying hand (§11(b)); a player who folds keeps it in "
            "action on the three or four cards held, where only hands so few cards can form qualify "
            "(trainer ruling 19).",
            "The §11(c) payout limit ($50,000, or the minimum wager at 400 to 1 if greater) is not applied: "
            "per unit wagered it binds only above a $125 wager.",
        ],
    }
    if progress:
        progress(1.0)
    return result


__all__ = ["analyze", "detailed_counts", "category_counts", "jacks_plus_bet", "rank_patterns", "TOTAL_HANDS"]
