"""Exact game math for Four Card Poker: every hand of the 52-card deck, counted exactly.

- ``hands``: the best four of every five-card player hand (2,598,960) by §3(b) category;
- ``dealer_hands``: the best four of every six-card dealer hand (20,358,520);
- ``bets``: the wagers whose result depends only on the player's own five cards: Aces
  Up under each of Tables I-VII (§11(a)(3)) and the ante bonus (§11(a)(2), per unit of
  ante, for a player who makes the play wager): outcomes, expected value per unit
  wagered, house edge.

The count is exact without dealing twenty million hands one by one. A hand's best four
depends only on its ranks, except for the flush and the straight flush, which need four
cards of one suit. So the hands are taken by rank multiset (how many cards of each
rank), and for each multiset the suit assignments are counted combinatorially: a rank
held m times takes m of the four suits, C(4, m) ways. Five or six cards hold at most one
suit with four cards, so the assignments with four or more cards in spades are counted
by choosing the set S of ranks that include the spade (a rank held m times includes it
in C(3, m-1) ways and leaves it out in C(3, m) ways) and multiplied by 4 for the suits.
A flush is |S| >= 4; a straight flush is S holding four consecutive ranks.

Counts are integers and expectations ``fractions.Fraction``; floats appear only in the
returned JSON fields.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, prod
from typing import Callable, Sequence

from trainer.core.cards import ACE, KING, QUEEN
from trainer.games.four_card.hands import (
    CATEGORIES_HIGH_FIRST, DEALER_CARDS, FOUR_ACES, JACK, PAIR_OF_ACES, PLAYER_CARDS, ROYAL_FLUSH, Category,
)
from trainer.games.four_card.rules_data import GAME_ID, rules_data

RANKS = tuple(range(2, ACE + 1))
SUITS = 4
# Detailed keys: the categories, with four aces, the royal flush and the pair of aces
# counted apart from the rest of their category.
DETAIL_OF = {FOUR_ACES: Category.FOUR_OF_A_KIND, ROYAL_FLUSH: Category.STRAIGHT_FLUSH,
             PAIR_OF_ACES: Category.PAIR}
NO_BONUS = "no bonus"
LOSE = "lose"


def runs_of(ranks: Sequence[int]) -> list[frozenset[int]]:
    """The four-card straights the ranks allow: consecutive ranks, and A-2-3-4 with the ace
    low (§3(a); ruling 2). No wrap-around."""
    have = set(ranks)
    out = [frozenset(range(h - 3, h + 1)) for h in range(5, ACE + 1) if set(range(h - 3, h + 1)) <= have]
    low = frozenset({ACE, 2, 3, 4})
    if low <= have:
        out.append(low)
    return out


def _multisets(n: int, ranks: Sequence[int]):
    """Every way to hold n cards as (rank, times) pairs, each rank at most four times."""
    def rec(i: int, left: int, acc: tuple):
        if left == 0:
            yield acc
            return
        if i == len(ranks):
            return
        for m in range(min(4, left), -1, -1):
            yield from rec(i + 1, left - m, acc + ((ranks[i], m),) if m else acc)
    yield from rec(0, n, ())


def detailed_counts(n: int, ranks: Sequence[int] = RANKS,
                    progress: Callable[[float], None] | None = None) -> Counter:
    """How many n-card hands (n = 4 to 7) of a deck of ``ranks`` x 4 suits have each best
    four: a Category key, or 'four-aces', 'royal-flush', 'pair-of-aces' for those hands
    counted apart from their category."""
    if not 4 <= n <= 7:
        raise ValueError("four to seven cards: more would allow two suits of four")
    runs = runs_of(ranks)
    royal = frozenset({ACE, KING, QUEEN, JACK})
    has_royal = royal <= set(ranks)
    groups = list(_multisets(n, tuple(ranks)))
    counts: Counter = Counter()
    for i, group in enumerate(groups):
        if progress and i % 500 == 0:
            progress(i / len(groups))
        times = dict(group)
        total = prod(comb(SUITS, m) for m in times.values())
        shape = sorted(times.values(), reverse=True)
        if shape[0] == 4:
            quads = [r for r, m in times.items() if m == 4]
            counts[FOUR_ACES if ACE in quads else Category.FOUR_OF_A_KIND.key] += total
            continue
        flush = straight_flush = royal_flush = 0
        distinct = sorted(times)
        if len(distinct) >= 4:
            with_suit = {r: comb(SUITS - 1, m - 1) for r, m in times.items()}
            without = {r: comb(SUITS - 1, m) for r, m in times.items()}
            for size in range(4, len(distinct) + 1):
                for chosen in combinations(distinct, size):
                    s = set(chosen)
                    w = prod(with_suit[r] if r in s else without[r] for r in distinct)
                    if not w:
                        continue
                    flush += w
                    if any(run <= s for run in runs):
                        straight_flush += w
                        if has_royal and royal <= s:
                            royal_flush += w
            flush, straight_flush, royal_flush = SUITS * flush, SUITS * straight_flush, SUITS * royal_flush
        counts[ROYAL_FLUSH] += royal_flush
        counts[Category.STRAIGHT_FLUSH.key] += straight_flush - royal_flush
        rest = total - straight_flush
        if shape[0] == 3:
            counts[Category.THREE_OF_A_KIND.key] += rest
            continue
        counts[Category.FLUSH.key] += flush - straight_flush
        rest = total - flush
        if any(run <= set(distinct) for run in runs):
            key = Category.STRAIGHT.key
        elif shape[:2] == [2, 2]:
            key = Category.TWO_PAIR.key
        elif shape[0] == 2:
            key = PAIR_OF_ACES if times.get(ACE) == 2 else Category.PAIR.key
        else:
            key = Category.HIGH_CARD.key
        counts[key] += rest
    if progress:
        progress(1.0)
    return +counts


def category_counts(detailed: Counter) -> dict[Category, int]:
    out = {c: 0 for c in CATEGORIES_HIGH_FIRST}
    for key, n in detailed.items():
        out[DETAIL_OF.get(key) or Category[key.upper().replace("-", "_")]] += n
    return out


@cache
def player_counts() -> Counter:
    return detailed_counts(PLAYER_CARDS)


@cache
def dealer_counts() -> Counter:
    return detailed_counts(DEALER_CARDS)


def _hand_list(detailed: Counter) -> list[dict]:
    return [{"hand": c.hand_name, "count": n} for c, n in category_counts(detailed).items()]


def _odds_value(odds) -> Fraction:
    if odds.kind == "to":
        return Fraction(odds.numerator, odds.denominator)
    if odds.kind == "for":
        return Fraction(odds.numerator - odds.denominator, odds.denominator)
    return Fraction(0)


def _bet(name: str, table_name: str | None, citation: str, outcomes: list[tuple[str, int, str, Fraction]],
         total: int) -> dict:
    """``outcomes``: (hand, count, pays as printed, net per unit wagered)."""
    ev = sum((Fraction(count) * net for _, count, _, net in outcomes), Fraction(0)) / total
    return {
        "name": name, "table": table_name, "citation": citation,
        "outcomes": [{"hand": h, "count": c, "probability": c / total, "pays": pays} for h, c, pays, _ in outcomes],
        "expected_value": float(ev), "house_edge": float(-ev), "exact_expected_value": str(ev),
    }


def aces_up_bet(choice: str, counts: Counter | None = None) -> dict:
    """§11(a)(3) under the table ``choice`` (I..VII): every paying row, then the losing hands."""
    data = rules_data()
    table = data.option_table("aces_up_table", choice)
    counts = counts or player_counts()
    cats = category_counts(counts)
    total = sum(cats.values())
    rows = []
    paid: set[str] = set()
    for row in table.rows:
        n = 0
        for key in row.hands:
            if key == PAIR_OF_ACES:
                n += counts[PAIR_OF_ACES]
            else:
                n += cats[Category[key.upper().replace("-", "_")]]
            paid.add(key)
        name = "pair of aces" if row.hands == (PAIR_OF_ACES,) else row.label.lower().replace("-", " ")
        rows.append((name, n, str(row.odds), _odds_value(row.odds)))
    if PAIR_OF_ACES in paid:
        rows.append(("pair (kings or lower)", counts[Category.PAIR.key], LOSE, Fraction(-1)))
    for c in CATEGORIES_HIGH_FIRST:
        if c.key not in paid and c is not Category.PAIR:
            rows.append((c.hand_name, cats[c], LOSE, Fraction(-1)))
    return _bet("Aces Up", choice, table.citation, rows, total)


def ante_bonus_bet(counts: Counter | None = None) -> dict:
    """§11(a)(2) per unit of ante, for a player who makes the play wager (ruling 10)."""
    table = rules_data().pay_tables["ante_bonus"]
    cats = category_counts(counts or player_counts())
    total = sum(cats.values())
    rows = []
    for c in CATEGORIES_HIGH_FIRST:
        row = table.row_for(c.key)
        rows.append((c.hand_name, cats[c], str(row.odds) if row else NO_BONUS,
                     _odds_value(row.odds) if row else Fraction(0)))
    return _bet("Ante bonus", None, table.citation, rows, total)


def analyze(table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
    """``table`` limits the Aces Up bets to one table ("I" to "VII")."""
    data = rules_data()
    choices = list(data.house_options["aces_up_table"].choices)
    if table is not None and table not in choices:
        raise ValueError(f"Aces Up table {table!r} does not exist; the tables are {', '.join(choices)}")

    def part(lo: float, hi: float) -> Callable[[float], None] | None:
        if progress is None:
            return None
        return lambda f: progress(lo + (hi - lo) * f)

    player = detailed_counts(PLAYER_CARDS, progress=part(0.0, 0.2))
    dealer = detailed_counts(DEALER_CARDS, progress=part(0.2, 0.95))
    result: dict = {
        "game": GAME_ID,
        "deck": data.deck_size,
        "total_hands": sum(player.values()),
        "hands": _hand_list(player),
        "dealer_total_hands": sum(dealer.values()),
        "dealer_hands": _hand_list(dealer),
        "bets": [aces_up_bet(c, player) for c in ([table] if table else choices)] + [ante_bonus_bet(player)],
        "notes": [
            "hands: the best four of the player's five cards; dealer_hands: the best four of the dealer's six (§10(d)).",
            "Ante bonus: per unit of ante, paid with three-of-a-kind or better to a player who makes the play "
            "wager, whatever the dealer holds (trainer ruling 10); it never loses.",
        ],
    }
    if progress:
        progress(1.0)
    return result


__all__ = ["analyze", "detailed_counts", "category_counts", "aces_up_bet", "ante_bonus_bet", "runs_of"]
