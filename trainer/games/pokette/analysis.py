"""Exact game math for Pokette, from the 54 sections of the wheel (trainer ruling P1:
equal sections, each spin independent).

- ``hands``: the three-card hands of the card stand: every ordered sequence of three
  winning cards that are not jokers (52^3 = 140,608; the same card may come twice),
  named as in the rule text; a hand that is two of them (7s 7s 7s is also a flush) is
  counted once, under the first of: three of a kind, straight flush, straight, flush,
  pair, no poker hand;
- ``bets``: every wager of §(e), named as in the rule text, under the table in force:
  - a non-poker wager over the 54 sections of one spin; every valid placement of a
    wager covers the same number of sections, so one figure holds for all of them
    (checked over every placement, ``placements`` says how many);
  - a poker hand wager at the moment it is offered, given the cards already in the
    stand: "pair in two" after the first card, the others after the second card, over
    every ordered pair of first and second cards that offers them (``stands``). A joker
    has no bearing on it (§(g)(5)(iii), ruling P7): on a joker it stays in action, so
    its expected value and house edge are per wager settled (over the 52 cards), and
    ``expected_value_per_spin`` counts the two jokers as spins that settle nothing.

Counts are integers and expectations ``fractions.Fraction``; floats appear only in the
returned JSON fields.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Callable

from trainer.games.pokette.layout import NON_POKER, PAIR_IN_TWO, POKER, default_layout
from trainer.games.pokette.rules_data import GAME_ID, rules_data
from trainer.games.pokette.settlement import HouseOptions
from trainer.games.pokette.stand import HAND_ORDER, announce, hand_name, poker_wins
from trainer.games.pokette.wheel import CARD_SECTIONS, JOKERS, SECTIONS

CARDS = len(CARD_SECTIONS)
LOSE = "lose"
NO_ACTION = "no action (stays up)"
# What a poker hand wager's deciding card makes, for its outcome rows.
WIN_HAND = {
    PAIR_IN_TWO: "pair", "pair in three": "pair", "three of a kind": "three of a kind", "flush": "flush",
    "open straight": "straight", "inside straight": "straight", "open straight flush": "straight flush",
    "inside straight flush": "straight flush",
}
OFFERED_WHEN = {
    PAIR_IN_TWO: "one card in the stand (§(h)(1))",
    "pair in three": "two cards in the stand that are not a pair (§(h)(3), trainer ruling P6)",
    "three of a kind": "two cards in the stand that are a pair (§(h)(4)(iv), trainer ruling P6)",
    "flush": "two cards of one suit in the stand (§(h)(4)(i))",
    "open straight": "two cards in the stand that two ranks complete to a straight (§(h)(4)(ii)(A), trainer ruling P5)",
    "inside straight": "two cards in the stand that one rank completes to a straight (§(h)(4)(ii)(B), trainer ruling P5)",
    "open straight flush": "two suited cards that two ranks complete to a straight (§(h)(4)(iii)(A), trainer ruling P5)",
    "inside straight flush": "two suited cards that one rank completes to a straight (§(h)(4)(iii)(B), trainer ruling P5)",
}


def _odds_value(odds) -> Fraction:
    return Fraction(odds.numerator, odds.denominator)


def hand_counts() -> Counter:
    """The three-card hands of every ordered sequence of three non-joker winning cards."""
    cards = [s.card for s in CARD_SECTIONS]
    counts: Counter = Counter()
    for a, b, c in product(cards, repeat=3):
        counts[hand_name((a, b, c))] += 1
    return counts


def _bet(name: str, label: str, table: str, citation: str, outcomes: list[tuple[str, int, str, Fraction]],
         settled: int, extra: dict) -> dict:
    """``outcomes``: (hand, count of sections, pays as printed, net per unit; None: no action)."""
    ev = sum((Fraction(n) * net for _, n, _, net in outcomes if net is not None), Fraction(0)) / settled
    per_spin = ev * settled / SECTIONS
    return {
        "name": name, "label": label, "table": table, "citation": citation,
        "outcomes": [{"hand": h, "count": n, "probability": n / SECTIONS, "pays": pays} for h, n, pays, _ in outcomes],
        "expected_value": float(ev), "house_edge": float(-ev), "exact_expected_value": str(ev),
        "expected_value_per_spin": float(per_spin),
    } | extra


def non_poker_bet(wager: str, options: HouseOptions) -> dict:
    layout = default_layout()
    odds = options.odds_for(wager)
    win_net = _odds_value(odds)
    placements = layout.placements(wager)
    sizes = {len(p.covered) for p in placements}
    assert len(sizes) == 1, f"{wager}: placements cover different numbers of sections"
    # The figures of the first placement that covers no joker (every one has the same EV);
    # a wager that always covers a joker (jacer) shows its jokers as winning sections.
    rep = next((p for p in placements if not any(s.is_joker for s in p.covered)), placements[0])
    cards = sum(1 for s in rep.covered if not s.is_joker)
    jokers = sum(1 for s in rep.covered if s.is_joker)
    outcomes: list = []
    if cards:
        outcomes.append(("a card the wager covers", cards, str(odds), win_net))
    if jokers:
        outcomes.append(("a joker the wager covers", jokers, str(odds), win_net))
    outcomes.append(("any other card", CARDS - cards, LOSE, Fraction(-1)))
    if len(JOKERS) - jokers:
        outcomes.append(("a joker" if jokers == 0 else "the other joker", len(JOKERS) - jokers, LOSE, Fraction(-1)))
    cites = options.citation_for(wager)
    data = rules_data()
    extra = {"placements": len(placements), "covers": sizes.pop(), "example": rep.label()}
    if wager in ("single card straight up", "split"):
        extra["note"] = "the same figures hold for a placement that includes a joker (§(g)(5)(i))"
    return _bet(wager, data.spot_label(wager), options.pay_table, "; ".join(cites), outcomes, SECTIONS, extra)


def poker_bets(options: HouseOptions, progress: Callable[[float], None] | None = None) -> list[dict]:
    data = rules_data()
    cards = [s.card for s in CARD_SECTIONS]
    # wager -> Counter(number of winning third cards -> number of ordered stands offering it)
    wins: dict[str, Counter] = {w: Counter() for w in POKER}
    for first in cards:
        wins[PAIR_IN_TWO][sum(1 for c in cards if poker_wins(PAIR_IN_TWO, (first, c)))] += 1
    for i, (first, second) in enumerate(product(cards, repeat=2)):
        for w in announce(first, second).wagers:
            wins[w][sum(1 for c in cards if poker_wins(w, (first, second, c)))] += 1
        if progress and i % 200 == 0:
            progress(i / CARDS ** 2)
    bets = []
    for w in POKER:
        odds = options.odds_for(w)
        for n_win, stands in sorted(wins[w].items()):
            outcomes = [
                (WIN_HAND[w], n_win, str(odds), _odds_value(odds)),
                (f"no {WIN_HAND[w]}", CARDS - n_win, LOSE, Fraction(-1)),
                ("a joker", len(JOKERS), NO_ACTION, None),
            ]
            extra = {"offered_when": OFFERED_WHEN[w], "stands": stands,
                     "stands_of": CARDS if w == PAIR_IN_TWO else CARDS ** 2}
            if len(wins[w]) > 1:
                extra["variant"] = f"{n_win} winning cards"
            bets.append(_bet(w, data.spot_label(w), options.pay_table, "; ".join(options.citation_for(w)),
                             outcomes, CARDS, extra))
    return bets


def analyze(table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
    """``table`` is a pay table the house may choose (default: the minimum of §(f)(2))."""
    data = rules_data()
    option = data.house_options["pay_table"]
    if table is not None and table not in option.choices:
        raise ValueError(f"pay table {table!r} does not exist; the tables are {', '.join(option.choices)}")
    options = HouseOptions(pay_table=table or option.default)
    if progress:
        progress(0.0)
    counts = hand_counts()
    if progress:
        progress(0.3)
    bets = [non_poker_bet(w, options) for w in NON_POKER]

    def part(f: float) -> None:
        if progress:
            progress(0.35 + 0.6 * f)

    bets += poker_bets(options, part)
    result = {
        "game": GAME_ID,
        "table": options.pay_table,
        "sections": SECTIONS,
        "card_sections": CARDS,
        "joker_sections": len(JOKERS),
        "total_hands": CARDS ** 3,
        "hands": [{"hand": h, "count": counts[h]} for h in HAND_ORDER],
        "bets": bets,
        "notes": [
            "Each spin lands on any of the 54 sections with probability 1/54 (trainer ruling P1).",
            "hands: every ordered sequence of three winning cards that are not jokers (the same card may come "
            "twice: three decks supply the stand); a hand that is two of these is counted under the first listed.",
            "Non-poker wagers: per spin; a joker loses every one except that joker straight up, a split including "
            "it and jacer (§(g)(5)(i), trainer ruling P2).",
            "Poker hand wagers: figures at the moment the wager is offered, given the cards in the stand; a joker "
            "leaves the wager in action (§(g)(5)(iii), trainer ruling P7), so expected_value and house_edge are per "
            "wager settled and expected_value_per_spin spreads them over the 54 sections.",
        ],
    }
    if progress:
        progress(1.0)
    return result


__all__ = ["analyze", "hand_counts", "non_poker_bet", "poker_bets"]
