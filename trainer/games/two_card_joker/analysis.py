"""Exact game math for Two Card Joker Poker, by full enumeration of the 54-card deck.

- ``hands``: every two-card player hand (1,431) by §5 category;
- ``bets``: Pair Up under tables 1-3 and Super Flush, whose results depend only on the
  player's own two cards: outcomes, expected value per unit wagered, house edge;
- ``base_game``: the ante and call under the best call-or-fold decision for each player
  hand, against every dealer hand from the 52 cards left (§10(b)-(d), §11(b)-(c), (f)).

Counts are exact integers and expectations exact fractions; floats appear only in the
returned JSON fields.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import Callable

from trainer.core.cards import standard_deck
from trainer.games.two_card_joker.hands import Category, HandValue, dealer_qualifies, evaluate
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data
from trainer.games.two_card_joker.settlement import super_flush_key

ORDERED = sorted(Category, reverse=True)


def _name(category: Category) -> str:
    return category.label.lower()


def _all_hands() -> list[tuple[tuple[int, int], HandValue]]:
    deck = standard_deck(jokers=2)
    return [((i, j), evaluate((deck[i], deck[j]))) for i, j in combinations(range(len(deck)), 2)]


def _bet(name: str, table_name: str, table, keys: Counter, total: int) -> dict:
    """One pay-table bet: ``keys`` counts player hands by the key the table pays on."""
    rows = []
    ev = Fraction(0)
    for key, count in keys.items():
        row = table.row_for(key)
        pays = str(row.odds) if row else "lose"
        net = Fraction(row.odds.numerator, row.odds.denominator) if row and row.odds.kind == "to" else (
            Fraction(0) if row else Fraction(-1))
        ev += net * count / total
        rows.append({"hand": _label_of_key(key).lower(), "count": count, "pays": pays})
    rows.sort(key=lambda o: (o["pays"] == "lose", -_pays_value(o["pays"]), o["hand"]))
    for o in rows:
        o["probability"] = o["count"] / total
    return {"name": name, "table": table_name, "outcomes": rows,
            "expected_value": float(ev), "house_edge": float(-ev), "exact_expected_value": str(ev)}


def _pays_value(pays: str) -> float:
    if pays == "Push":
        return 0.0
    if pays == "lose":
        return -1.0
    n, _, d = pays.split()
    return int(n) / int(d)


def _label_of_key(key: str) -> str:
    return {"ace-high-flush": "Ace high flush", "king-high-flush": "King high flush"}.get(
        key, next((c.label for c in Category if c.key == key), key))


def analyze(table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
    """``table`` limits the Pair Up bets to one table ("1", "2" or "3")."""
    data = rules_data()
    hands = _all_hands()
    total = len(hands)
    by_category = Counter(v.category for _, v in hands)
    result: dict = {
        "game": GAME_ID,
        "deck": data.deck_size,
        "total_hands": total,
        "hands": [{"hand": _name(c), "count": by_category[c]} for c in ORDERED],
    }
    choices = data.house_options["pair_up_table"].choices
    if table is not None and table not in choices:
        raise ValueError(f"Pair Up table {table!r} does not exist; the tables are {', '.join(choices)}")
    bets = []
    category_keys = Counter(v.category.key for _, v in hands)
    for choice in ([table] if table else list(choices)):
        bets.append(_bet("Pair Up", choice, data.option_table("pair_up_table", choice), category_keys, total))
    bets.append(_bet("Super Flush", "", data.pay_tables["super_flush"],
                     Counter(super_flush_key(v) for _, v in hands), total))
    result["bets"] = bets
    if progress:
        progress(0.1)
    result["base_game"] = base_game(hands, progress)
    return result


def base_game(hands=None, progress: Callable[[float], None] | None = None) -> dict:
    """Best call-or-fold for each player hand; EV per unit of ante; average total wager."""
    data = rules_data()
    call_table = data.pay_tables["call"]
    hands = hands or _all_hands()
    values = sorted({v for _, v in hands})
    index = {v: i for i, v in enumerate(values)}
    all_counts = [0] * len(values)
    by_card: dict[int, list[int]] = {}
    for (i, j), v in hands:
        k = index[v]
        all_counts[k] += 1
        by_card.setdefault(i, []).append(k)
        by_card.setdefault(j, []).append(k)
    qualifies = [dealer_qualifies(v) for v in values]
    call_odds = {}
    for v in values:
        row = call_table.row_for(v.category.key)
        call_odds[v] = Fraction(row.odds.numerator, row.odds.denominator)

    total_ev = Fraction(0)
    calls = 0
    worth_calling: list[HandValue] = []
    not_worth: list[HandValue] = []
    for n, ((i, j), pv) in enumerate(hands):
        counts = all_counts[:]
        for k in by_card[i] + by_card[j]:
            counts[k] -= 1
        # the hand (i, j) itself was removed twice (once per card): put it back once
        counts[index[pv]] += 1
        dealer_total = sum(counts)
        ev_call = Fraction(0)
        pk = index[pv]
        win_call = 1 + call_odds[pv]
        numerator = 0
        for k, c in enumerate(counts):
            if not c:
                continue
            if not qualifies[k]:
                numerator += c * 1  # ante 1 to 1, call returned (§10(d)(1))
            elif pk > k:
                numerator += c * win_call  # ante 1 to 1, call by the §11(c) table
            elif pk < k:
                numerator -= c * 2  # ante and call collected
        ev_call = Fraction(numerator) / dealer_total
        if ev_call > -1:
            calls += 1
            total_ev += ev_call
            worth_calling.append(pv)
        else:
            total_ev += -1
            not_worth.append(pv)
        if progress and n % 100 == 0:
            progress(0.1 + 0.9 * n / len(hands))
    weakest = min(worth_calling)
    ev = total_ev / len(hands)
    average_wager = 1 + Fraction(calls, len(hands))
    monotone = not not_worth or max(not_worth) < weakest
    if progress:
        progress(1.0)
    return {
        "strategy": f"call with {weakest.describe().lower()} or better, fold below"
                    + ("" if monotone else " (card removal makes some hands above it folds)"),
        "weakest_call": weakest.describe().lower(),
        "calls": calls,
        "expected_value": float(ev),
        "exact_expected_value": str(ev),
        "house_edge": float(-ev),
        "average_wager": float(average_wager),
    }
