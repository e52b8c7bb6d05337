"""Question generators for Four Card Poker.

Each generator takes a seeded ``random.Random`` and returns a ``Question`` whose answer
is computed by the rules core (hands, settlement, dealing, the rules data), never typed
by hand. Rare hands are built on purpose (``hands.hand_of``): a drill on four aces or
a royal flush needs no thousands of deals.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import accumulate, combinations
from typing import Sequence

from trainer.core import picks
from trainer.core.cards import Card, cards_label
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.odds import Odds
from trainer.core.settlement import LOSE
from trainer.contracts.game import table_mode_skills
from trainer.games.four_card import dealing
from trainer.games.four_card.hands import (
    CATEGORIES_HIGH_FIRST, FOUR_ACES, PAIR_OF_ACES, ROYAL_FLUSH, Category, HandError, best_choices, best_hand, cite,
    comparison_citations, hand_of,
)
from trainer.games.four_card.rules_data import GAME_ID, rules_data, side_bets
from trainer.games.four_card.settlement import (
    DEALER, FOLD, LABELS, HouseOptions, RoundSettlement, SeatWagers, cover_all_exposure,
    play_allowed, settle_round,
)
from trainer.games.four_card.table import SeatShow, dealer_views, scene
from trainer.contracts.question import (
    AMOUNTS, CHOICE, SETTLE, Question, amounts_answer, settle_answer, wager_entry,
)
from trainer.games.common.question_kit import QuestionKit, SeatOrder, deal_so_far, which_wins
from trainer.games.common.question_kit import seat_order as common_seat_order
from trainer.games.common.rules_questions import data_kinds

KIT = QuestionKit(GAME_ID, "Four Card")
SHORT = KIT.short
_skill = KIT.skill
_q = KIT.question


SKILLS = (
    _skill("hand-ranking", "hand ranking",
           "Name the best four of five cards, choose the best four of five or six, decide which hand wins (§3)."),
    _skill("payouts", "ante, play and aces up payouts",
           "Settle ante, play, the ante bonus and Aces Up under the pay table the house has chosen, in dollars and cents (§11)."),
    _skill("side-bets", "progressive, Envy Bonus and Cover All",
           "The progressive's \"for\" odds and meter, the Envy Bonus, Cover All for the whole table (§12, §13)."),
    _skill("dealing", "dealing",
           "Who receives the next card or stack under each dealing method; the stub count (§7-§9)."),
    _skill("procedures", "procedures",
           "Seat orders, the settlement alternatives of §10(e), Cover All's exposed hand, opening and cut (§4, §5, §10, §12)."),
    _skill("irregularities", "irregularities", "What happens after an irregularity (§7(e), §14)."),
    _skill("wagers", "wagering rules",
           "Which wagers are allowed, the play wager's limits, and \"to\" versus \"for\" odds (§6, §10(b), ruling 3)."),
) + table_mode_skills(GAME_ID, SHORT)


def _cards(cards: Sequence[Card]) -> str:
    """Cards as written in prose: A♠ 10♦ (issue 12), never their codes."""
    return cards_label(cards)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.suit)))


def _dedupe(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


CATEGORY_KEYS = tuple(c.key for c in CATEGORIES_HIGH_FIRST)
KEY_WEIGHTS = {  # rare hands come up on purpose
    "four-of-a-kind": 2, "straight-flush": 2, "three-of-a-kind": 3, "flush": 3, "straight": 3, "two-pair": 3,
    "pair": 3, "high-card": 2,
}


def _random_key(rng: random.Random, keys: Sequence[str] = CATEGORY_KEYS) -> str:
    pool, cum_weights = _key_pool(tuple(keys))
    return rng.choices(pool, cum_weights=cum_weights)[0]  # the one draw choices makes with the weights


@lru_cache(maxsize=None)
def _key_pool(keys: tuple[str, ...]) -> tuple[list[str], list[int]]:
    """``keys`` and their weights added up in turn."""
    return list(keys), list(accumulate(KEY_WEIGHTS.get(k, 2) for k in keys))


CATEGORY_NOTES = {
    Category.FOUR_OF_A_KIND: "Four cards of one rank: the highest Four Card Poker hand, above a straight flush.",
    Category.STRAIGHT_FLUSH: "Four consecutive cards of one suit.",
    Category.THREE_OF_A_KIND: "In Four Card Poker three-of-a-kind ranks above a flush and a straight.",
    Category.FLUSH: "Four cards of one suit rank above a straight (and below three-of-a-kind).",
    Category.STRAIGHT: "Four consecutive ranks, suits mixed; a straight ranks above two pair.",
    Category.TWO_PAIR: "Two pairs, the fifth card left out.",
    Category.PAIR: "One pair with the two highest other cards.",
    Category.HIGH_CARD: "No pair, no four of one suit, no four in a row: the four highest cards play.",
}


# ---------------------------------------------------------------- hand ranking

@KIT.kind("name-the-hand", "Name the hand", "hand-ranking")
def name_the_hand(rng: random.Random) -> Question:
    key = _random_key(rng)
    hand = hand_of(key, rng, 5)
    value = best_hand(hand)
    options = tuple(c.label for c in CATEGORIES_HIGH_FIRST)
    cites = [value.category.citation, cite("3(b)"), ruling(9)]
    why = (f"The best four of {_cards(hand)} are {_cards(_sorted(value.cards))}: {value.describe().lower()}. "
           + CATEGORY_NOTES[value.category])
    if value.ranks[-1] == 1:
        why += " The ace plays low in A-2-3-4, the lowest straight."
        cites += [cite("3(a)"), ruling(2)]
    return _q("name-the-hand", "hand-ranking",
              prompt="Seat 1 has these five cards. What is the player's best four card hand?",
              form=CHOICE, options=options, answer=value.category.label, explanation=why,
              citations=_dedupe(cites),
              scene=scene({1: SeatShow(hand, highlight=True)}, caption="Name the hand: best four of five"))


def _option_text(four: Sequence[Card]) -> str:
    return _cards(_sorted(four))


@KIT.kind("best-four", "Choose the best four", "hand-ranking")
def best_four(rng: random.Random) -> Question:
    """Pick the four cards that make the hand, of a player's five or the dealer's six."""
    dealer_hand = rng.random() < 0.5
    n = 6 if dealer_hand else 5
    while True:
        cards = hand_of(_random_key(rng), rng, n)
        choices = best_choices(cards)
        if len(choices) == 1:
            break
    best = choices[0]
    value = best_hand(cards)
    others = sorted((f for f in combinations(cards, 4) if set(f) != set(best)),
                    key=lambda f: best_hand(f), reverse=True)
    decoys = others[:4] + rng.sample(others[4:], min(4, len(others) - 4)) if len(others) > 8 else others
    options = [_option_text(f) for f in decoys] + [_option_text(best)]
    rng.shuffle(options)
    left_out = [c for c in cards if c not in best]
    who = "The dealer's six cards" if dealer_hand else "Seat 1's five cards"
    why = (f"The best four are {_option_text(best)}: {value.describe().lower()}; leave out {_cards(left_out)}. "
           + CATEGORY_NOTES[value.category])
    shows = {} if dealer_hand else {1: SeatShow(cards, highlight=True)}
    return _q("best-four", "hand-ranking",
              prompt=f"{who}: which four make the highest-ranking hand?",
              form=CHOICE, options=tuple(options), answer=_option_text(best), explanation=why,
              citations=(cite("10(d)"), value.category.citation, cite("3(b)"), ruling(9)),
              scene=scene(shows, dealer=dealer_views(cards) if dealer_hand else (), dealer_highlight=dealer_hand,
                          caption="Best four of six" if dealer_hand else "Best four of five"),
              detail={"cards": n})


def _contest(rng: random.Random, same: float = 0.5) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    k1 = _random_key(rng)
    k2 = k1 if rng.random() < same else _random_key(rng)
    while True:
        player = hand_of(k1, rng, 5)
        try:
            return player, hand_of(k2, rng, 6, avoid=player)
        except HandError:
            continue


@KIT.kind("which-hand-wins", "Which hand wins", "hand-ranking")
def which_hand_wins(rng: random.Random) -> Question:
    player, dealer_hand = _contest(rng, 0.6)
    vp, vd = best_hand(player), best_hand(dealer_hand)
    answer, why = which_wins(vp, vd, tie="{p} ties the dealer's {d}: neither hand holds a higher card the other "
                                         "does not. A player who ties the dealer is paid on the ante and play.",
                             above="{hi} ranks above {lo} in the order of §3(b).",
                             same="Both are {kind} hands; {hi_lower} is higher: compare the ranks that make the hand, "
                                  "then the next card down.")
    why += f" Player's best four: {_cards(_sorted(vp.cards))}; dealer's best four of six: {_cards(_sorted(vd.cards))}."
    return _q("which-hand-wins", "hand-ranking",
              prompt="The dealer has revealed. Whose best four card hand ranks higher?",
              form=CHOICE, options=("Player", "Dealer", "Tie"), answer=answer, explanation=why,
              citations=comparison_citations(vp, vd) + (cite("10(d)"),) + ((cite("11(a)(1)"),) if answer == "Tie" else ()),
              scene=scene({4: SeatShow(player, highlight=True, note="player")},
                          dealer=dealer_views(dealer_hand), caption="Which hand wins?"))


# ---------------------------------------------------------------- payouts

def _results_explained(settlement: RoundSettlement, seat: int) -> str:
    s = settlement.seat(seat)
    lines = [f"Seat {seat}: {s.hand.describe().lower()}; dealer: {settlement.dealer.describe().lower()}."]
    for r in s.results:
        why = ""  # why the wager is collected or paid (§10(d), §11(a); ruling 9)
        if r.wager in ("ante", "play"):
            why = ("a fold forfeits the ante" if s.folded else "the dealer's hand is higher" if s.hand < settlement.dealer
                   else "the hand beats or ties the dealer's")
        elif r.wager == "aces_up" and r.result == LOSE:
            why = "the table pays nothing for this hand"
        lines.append(r.describe() + (f" ({why})" if why else "") + ".")
    return " ".join(lines)


def _citations(results) -> tuple[str, ...]:
    cites: list[str] = []
    for r in results:
        cites.extend(r.rules)
    return _dedupe(cites)


PLAYER_KEYS = ("four-of-a-kind", "straight-flush", "three-of-a-kind", "three-of-a-kind", "flush", "straight",
               "two-pair", "pair-of-aces", "pair", "pair", "high-card")


@KIT.kind("seat-payout", "Settle a seat", "payouts")
def seat_payout(rng: random.Random) -> Question:
    """A whole seat: ante and play (or a fold), the ante bonus and Aces Up, against a revealed dealer."""
    options = HouseOptions(aces_up_table=picks.option_choice(rng, rules_data(), "aces_up_table"))
    player = hand_of(rng.choice(PLAYER_KEYS), rng, 5)
    dealer_hand = hand_of(_random_key(rng), rng, 6, avoid=player)
    ante = picks.wager(rng, 5, 50)
    if rng.random() < 0.2:
        decision: int | str = FOLD
    elif rng.random() < 0.85:
        decision = ante * rng.randint(1, 3)
    else:
        decision = rng.randint(ante // 100, 3 * ante // 100) * 100
        decision = min(max(decision, ante), 3 * ante)
    # A fold mostly comes with an Aces Up wager, which stays in action (§10(b)).
    aces_up = picks.wager(rng, 1, 25) if rng.random() < (0.9 if decision == FOLD else 0.7) else 0
    seat_no = picks.seat(rng, rules_data())
    sw = SeatWagers(seat_no, player, ante=ante, aces_up=aces_up, decision=decision)
    settlement = settle_round(dealer_hand, [sw], options)
    s = settlement.seat(seat_no)
    fields = ["ante"] + ([] if sw.folded else ["play", "ante_bonus"]) + (["aces_up"] if aces_up else [])
    # Each wager collected, pushed or paid; the ante bonus is no wager (nothing to collect): an amount, 0 when none.
    answer = settle_answer([s.paid(f) if f == "ante_bonus" else wager_entry(s.result(f)) for f in fields])
    verb = "folded" if sw.folded else f"made a {format_cents(sw.play)} play wager"
    return _q("seat-payout", "payouts",
              prompt=(f"Seat {seat_no} {verb}. Aces Up pays from Table {options.aces_up_table}. Settle the seat: "
                      "collect, push or pay each wager (and how much)"
                      + ("" if sw.folded else ", and type the ante bonus (0 if none)") + "."),
              form=SETTLE, fields=tuple(LABELS[f] for f in fields), answer=answer,
              explanation=_results_explained(settlement, seat_no)
              + ("" if sw.folded or s.result("ante_bonus") else " No ante bonus: it needs three-of-a-kind or better."),
              citations=_citations(s.results) + ((rules_data().pay_tables["ante_bonus"].citation,) if not sw.folded else ()),
              scene=scene({seat_no: SeatShow(player, wagers=(("ante", ante), ("play", sw.play), ("aces_up", aces_up)),
                                             highlight=True, note="folded" if sw.folded else "")},
                          dealer=dealer_views(dealer_hand), caption=f"Aces Up: Table {options.aces_up_table}"),
              detail={"aces_up_table": options.aces_up_table, "decision": decision})


ACES_UP_KEYS = ("four-of-a-kind", "four-of-a-kind", "straight-flush", "straight-flush", "three-of-a-kind", "flush",
                "straight", "two-pair", PAIR_OF_ACES, PAIR_OF_ACES, "pair", "high-card")


@KIT.kind("aces-up", "Aces Up payouts", "payouts")
def aces_up(rng: random.Random) -> Question:
    """Aces Up on a rare or borderline hand, built on purpose, under one of the tables the
    house may choose (I-VII in the shipped data)."""
    table_choice = picks.option_choice(rng, rules_data(), "aces_up_table")
    options = HouseOptions(aces_up_table=table_choice)
    key = rng.choice(ACES_UP_KEYS)
    player = hand_of(key, rng, 5)
    dealer_hand = hand_of(_random_key(rng), rng, 6, avoid=player)
    amount = picks.wager(rng, 1, 50)
    folded = rng.random() < 0.3
    seat_no = picks.seat(rng, rules_data())
    ante = 1000 if rng.random() < 0.6 else 0
    sw = SeatWagers(seat_no, player, ante=ante, aces_up=amount,
                    decision=(FOLD if folded else ante) if ante else None)
    settlement = settle_round(dealer_hand, [sw], options)
    s = settlement.seat(seat_no)
    r = s.result("aces_up")
    table = rules_data().option_table("aces_up_table", table_choice)
    why = f"Best four: {_cards(_sorted(s.hand.cards))}, {s.hand.describe().lower()}. {r.describe()} (Table {table_choice})."
    if s.hand.category is Category.PAIR and not s.hand.is_pair_of_aces:
        why += " Only a pair of aces pays; a lower pair loses."
    if folded:
        why += " The player folded: the ante is forfeited but the Aces Up wager stays in action."
    return _q("aces-up", "payouts",
              prompt=f"Aces Up pays from Table {table_choice}. Settle seat {seat_no}'s Aces Up wager: collect it or "
                     "pay it (and how much)?",
              form=SETTLE, fields=("Aces Up",), answer=settle_answer([wager_entry(r)]), explanation=why,
              citations=_dedupe((table.citation,) + r.rules + (cite("3(b)"),)),
              scene=scene({seat_no: SeatShow(player, wagers=(("ante", ante), ("aces_up", amount)), highlight=True,
                                             note="folded" if folded else "")},
                          dealer=dealer_views(dealer_hand), caption=f"Aces Up: Table {table_choice}"),
              detail={"aces_up_table": table_choice})


# ---------------------------------------------------------------- side bets

PROGRESSIVE_KEYS = (FOUR_ACES, FOUR_ACES, "four-of-a-kind", "four-of-a-kind", "straight-flush", "straight-flush",
                    "three-of-a-kind", "three-of-a-kind", "flush", "two-pair")


def _meter(rng: random.Random, reset: int) -> int:
    return reset + rng.randint(0, 40_000) * 100 + rng.choice((0, 25, 50, 75))


@KIT.kind("progressive-payout", "Progressive payouts", "side-bets")
def progressive_payout(rng: random.Random) -> Question:
    choice = rng.choice(("A", "B"))
    reset = side_bets().progressive.tables[choice].minimum_reset
    options = HouseOptions(progressive_table=choice, progressive_reset=reset, progressive_meter=_meter(rng, reset))
    wager = rng.choice(side_bets().progressive.wagers)
    player = hand_of(rng.choice(PROGRESSIVE_KEYS), rng, 5)
    dealer_hand = hand_of(_random_key(rng), rng, 6, avoid=player)
    ante = picks.wager(rng, 5, 25)
    seat_no = picks.seat(rng, rules_data())
    sw = SeatWagers(seat_no, player, ante=ante, progressive=wager, decision=ante)
    settlement = settle_round(dealer_hand, [sw], options)
    s = settlement.seat(seat_no)
    r = s.result("progressive")
    why = f"Best four: {s.hand.describe().lower()}. {r.describe()}."
    if r.odds == side_bets().progressive.meter_pays:
        why += (f" Four aces is paid 100% of the meter, {format_cents(options.meter_amount())}, when the player's turn "
                "comes. The table's payouts are \"for\" payouts (trainer ruling 22): the meter is what the player "
                "receives in all, the wager included, so you pay the meter less the wager and the wager stays with "
                "the player.")
    elif r.result == "win":
        odds = Odds.parse(r.odds)
        why += (f" \"{r.odds}\" returns {odds.numerator} times the wager in all, the wager included: it pays "
                f"{odds.numerator - odds.denominator} to 1.")
    else:
        why += " The progressive pays three-of-a-kind or better only."
    return _q("progressive-payout", "side-bets",
              prompt=(f"The progressive pays from Paytable {choice}; the meter shows "
                      f"{format_cents(options.meter_amount())}. Seat {seat_no} has a {format_cents(wager)} progressive "
                      "wager. Settle it: collect it, or what do you pay (the wager stays with the player)?"),
              form=SETTLE, fields=("Progressive",), answer=settle_answer([wager_entry(r)]), explanation=why,
              citations=_dedupe(r.rules + (side_bets().progressive.tables[choice].pay_table.citation,)),
              scene=scene({seat_no: SeatShow(player, wagers=(("ante", ante), ("play", ante), ("progressive", wager)),
                                             highlight=True)},
                          dealer=dealer_views(dealer_hand), progressive=True,
                          caption=f"Progressive: Paytable {choice}, meter {format_cents(options.meter_amount())}"),
              detail={"progressive_table": choice, "meter": options.meter_amount()})


LOW_KEYS = ("three-of-a-kind", "flush", "straight", "two-pair", "pair", "high-card")


def _build_table(rng: random.Random, keys: dict[int, str], dealer_key: str) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    """Five-card hands for each seat and six for the dealer, of the wanted keys, built
    rarest first so that no card is dealt twice."""
    rarity = {FOUR_ACES: 0, ROYAL_FLUSH: 1, "straight-flush": 2, "four-of-a-kind": 3}
    for _ in range(100):
        used: list[Card] = []
        hands: dict[int, tuple[Card, ...]] = {}
        try:
            order = sorted(list(keys.items()) + [(DEALER, dealer_key)], key=lambda kv: rarity.get(kv[1], 9))
            for holder, key in order:
                h = hand_of(key, rng, 6 if holder == DEALER else 5, avoid=used)
                used.extend(h)
                hands[holder] = h
        except HandError:
            continue
        dealer_cards = hands.pop(DEALER)
        return hands, dealer_cards
    raise HandError("cannot build the table")


@KIT.kind("envy-bonus", "Envy Bonus", "side-bets")
def envy_bonus(rng: random.Random) -> Question:
    choice = rng.choice(("A", "B"))
    table = side_bets().progressive.tables[choice]
    qualifying = sorted({k for rows in table.envy.values() for row in rows for k in row.hands})
    two_positions = rng.random() < 0.3
    seats = picks.seats(rng, rules_data(), 3)
    payees = rng.sample(seats, rng.randint(1, min(3, len(seats) - 1)))
    holders = rng.sample(seats, rng.randint(1, 2))
    keys = {n: rng.choice(LOW_KEYS) for n in seats}
    used_aces = False
    for h in holders:
        k = rng.choice([q for q in qualifying if not (q == FOUR_ACES and used_aces)])
        used_aces |= k == FOUR_ACES
        keys[h] = k
    dealer_key = rng.choice(("four-of-a-kind", "straight-flush", "pair", "two-pair")) if rng.random() < 0.3 else rng.choice(LOW_KEYS)
    hands, dealer_cards = _build_table(rng, keys, dealer_key)
    players = {n: f"player at seat {n}" for n in seats}
    pair_note = ""
    if two_positions:
        # One player at two adjacent positions: a payee next to a qualifying hand when possible.
        for p in payees:
            for h in holders:
                if abs(p - h) == 1 and h not in payees:
                    players[h] = players[p]
                    pair_note = f" Seats {min(p, h)} and {max(p, h)} are one player's two positions."
                    break
            if pair_note:
                break
    options = HouseOptions(progressive_table=choice, two_positions=True)
    wagers = []
    for n in seats:
        ante = 1000
        wagers.append(SeatWagers(n, hands[n], ante=ante, progressive=rng.choice(side_bets().progressive.wagers)
                                 if n in payees else 0, decision=ante, player=players[n]))
    settlement = settle_round(dealer_cards, wagers, options)
    order = [s.seat for s in settlement.seats if s.seat in payees]
    fields = tuple(f"Seat {n} Envy Bonus" for n in order)
    answer = amounts_answer([settlement.seat(n).paid("envy") for n in order])
    lines = []
    for n in order:
        wager = next(w.progressive for w in wagers if w.seat == n)
        bonuses = [b for b in settlement.envy if b.seat == n]
        if bonuses:
            lines.append(f"Seat {n} ({format_cents(wager)} wager): " + "; ".join(
                f"seat {b.source}'s {b.hand.short()} {format_cents(b.result.net)}" for b in bonuses) + ".")
        else:
            lines.append(f"Seat {n} ({format_cents(wager)} wager): no qualifying hand at another player's position.")
    why = (" ".join(lines) + pair_note + " The Envy Bonus is paid for each qualifying hand held by another player; the "
           "dealer's hand and the player's own do not count.")
    shows = {}
    for w in wagers:
        partner = [m for m in seats if m != w.seat and players[m] == players[w.seat]]
        shows[w.seat] = SeatShow(hands[w.seat], wagers=(("ante", 1000), ("play", 1000), ("progressive", w.progressive)),
                                 highlight=w.seat in payees, note=f"same player as seat {partner[0]}" if partner else "")
    return _q("envy-bonus", "side-bets",
              prompt=(f"The progressive pays from Paytable {choice}. Every hand is revealed. What Envy Bonus do you pay "
                      "each progressive wager?"),
              form=AMOUNTS, fields=fields, answer=answer, explanation=why,
              citations=(table.envy_citation, ruling(12), cite("13(a)(5)")) + ((cite("6(e)"),) if pair_note else ()),
              scene=scene(shows, dealer=dealer_views(dealer_cards), progressive=True,
                          caption=f"Envy Bonus: Paytable {choice}"),
              detail={"progressive_table": choice})


COVER_TOPS = (FOUR_ACES, ROYAL_FLUSH, "four-of-a-kind", "four-of-a-kind", "straight-flush", "three-of-a-kind",
              "three-of-a-kind", "below")


def _cover_all_table(rng: random.Random, seats: list[int]) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...], str]:
    top = rng.choice(COVER_TOPS)
    holder = rng.choice(seats + [DEALER])
    keys: dict[int, str] = {}
    below = ("flush", "straight", "two-pair", "pair", "high-card")
    for n in seats + [DEALER]:
        keys[n] = rng.choice(below)
    if top != "below":
        keys[holder] = top
        if top == "four-of-a-kind" and rng.random() < 0.5:
            # A royal flush or straight flush elsewhere: four-of-a-kind still ranks higher (§3(b)).
            other = rng.choice([n for n in seats + [DEALER] if n != holder])
            keys[other] = rng.choice((ROYAL_FLUSH, "straight-flush"))
        elif top in (FOUR_ACES, ROYAL_FLUSH, "straight-flush") and rng.random() < 0.5:
            other = rng.choice([n for n in seats + [DEALER] if n != holder])
            keys[other] = "three-of-a-kind"
    dealer_key = keys.pop(DEALER)
    hands, dealer_cards = _build_table(rng, keys, dealer_key)
    return hands, dealer_cards, top


@KIT.kind("cover-all", "Cover All for the table", "side-bets")
def cover_all(rng: random.Random) -> Question:
    """Settle every Cover All wager at the table: the highest hand, the number of players (ruling 11)."""
    seats = picks.seats(rng, rules_data(), 2)
    hands, dealer_cards, _ = _cover_all_table(rng, seats)
    bettors = rng.sample(seats, rng.randint(1, min(3, len(seats))))
    wagers = []
    for n in seats:
        ante = picks.wager(rng, 5, 25)
        folded = rng.random() < 0.25
        wagers.append(SeatWagers(n, hands[n], ante=ante, cover_all=picks.wager(rng, 1, 10) if n in bettors else 0,
                                 decision=FOLD if folded else ante))
    settlement = settle_round(dealer_cards, wagers, HouseOptions())
    ca = settlement.cover_all
    order = [s.seat for s in settlement.seats if s.seat in bettors]
    fields = tuple(f"Seat {n} Cover All" for n in order)
    answer = settle_answer([wager_entry(settlement.seat(n).result("cover_all")) for n in order])
    held = ca.holder_names()
    if ca.wins:
        why = (f"{len(seats)} players: the Cover All column for {len(seats)}. The highest hand at the table is "
               f"{held}'s {ca.highest.describe().lower()}, paid as \"{ca.label}\" at {ca.odds}. ")
        if ca.highest.category is Category.FOUR_OF_A_KIND and any(  # every hand, as the settlement read it
                v.category is Category.STRAIGHT_FLUSH for v in [s.hand for s in settlement.seats] + [settlement.dealer]):
            why += "Four-of-a-kind ranks above any straight flush (§3(b)), so only it pays. "
    else:
        why = (f"The highest hand at the table is {held}'s {ca.highest.describe().lower()}: below three-of-a-kind, "
               "so every Cover All wager loses. ")
    why += " ".join(f"Seat {n}: {settlement.seat(n).result('cover_all').describe()}." for n in order)
    if any(w.folded and w.cover_all for w in wagers):
        why += " A folded player's Cover All stays in action, and every hand dealt counts, folded or not."
    shows = {w.seat: SeatShow(w.cards, wagers=(("ante", w.ante), ("play", w.play), ("cover_all", w.cover_all)),
                              highlight=w.seat in bettors, note="folded" if w.folded else "") for w in wagers}
    return _q("cover-all", "side-bets",
              prompt=(f"All {len(seats)} hands and the dealer's are revealed. Settle the Cover All wagers: collect "
                      "or pay each (and how much)."),
              form=SETTLE, fields=fields, answer=answer, explanation=why,
              citations=_dedupe(ca.rules + (cite("12(j)"), cite("3(b)"))),
              scene=scene(shows, dealer=dealer_views(dealer_cards), cover_all=True,
                          caption=f"Cover All: {len(seats)} players"),
              detail={"players": len(seats)})


# ---------------------------------------------------------------- dealing

@KIT.kind("next-card", "Who gets the next card", "dealing")
def next_card(rng: random.Random) -> Question:
    # Now and then near the end, where the dealer's fifth and sixth cards come together.
    d = deal_so_far(rng, rules_data(), dealing.METHODS, dealing.deal_sequence,
                    done=lambda rng, steps, seats: rng.randrange(len(steps)) if rng.random() < 0.6
                    else rng.randrange(max(0, len(steps) - len(seats) - 3), len(steps)))
    method, seats, done, nxt, dealt = d.method, d.seats, d.done, d.next, d.held
    seat_shows = {n: SeatShow(backs=dealt.get(n, 0), face_up=False, wagers=(("ante", 1000),)) for n in seats}
    automated = method == dealing.AUTOMATED_SHOE
    dealer_first, dealer_second = (("The dealer: a stack of five, face down", "The dealer: the extra stack, bottom card "
                                    "face up") if automated else ("The dealer, face down", "The dealer, face up"))
    options = tuple(f"Seat {n}" for n in seats) + (dealer_first, dealer_second)
    if nxt.recipient != dealing.DEALER:
        answer = f"Seat {nxt.recipient}"
    else:
        answer = dealer_second if nxt.face_up else dealer_first
    why = f"Dealing {dealing.METHOD_NAMES[method]}: {_method_rule(method)} {d.progress()}"
    return _q("next-card", "dealing",
              prompt=f"You are dealing {dealing.METHOD_NAMES[method]}. Who receives the next "
                     f"{'stack' if automated else 'card'}?",
              form=CHOICE, options=options, answer=answer, explanation=why, citations=(nxt.citation,),
              scene=scene(seat_shows, dealer=dealer_views(backs=dealt.get(dealing.DEALER, 0)),
                          caption=f"Dealing {dealing.METHOD_NAMES[method]}"),
              detail={"method": method, "done": done})


def _method_rule(method: str) -> str:
    if method == dealing.AUTOMATED_SHOE:
        return ("a stack of five face down to each player with a wager, from the farthest to the dealer's left "
                "clockwise, then a stack of five face down to the dealer; from the next stack the dealer turns its "
                "bottom card face up on the hand and discards the other four unseen.")
    return ("one card at a time face down, from the player farthest to the dealer's left clockwise, then the dealer, "
            "until each player has five; the dealer's fifth and sixth cards are dealt one after the other, the sixth "
            "face up.")


@KIT.kind("stub-count", "Stub count", "dealing")
def stub_count(rng: random.Random) -> Question:
    method = rng.choice(dealing.METHODS)
    players = picks.seat(rng, rules_data())  # one to every seat of the layout
    right = dealing.stub_count(players, method)
    extra = 4 if method == dealing.AUTOMATED_SHOE else 0
    pool = {right + 4, right - 4, right + 1, right - 1, right + 5}  # near misses
    pool = {n for n in pool if n >= 0 and n != right}
    options = tuple(str(n) for n in sorted(rng.sample(sorted(pool), 3) + [right]))
    plural = "s" if players > 1 else ""
    held = f"{players} player positions hold 5 each" if players > 1 else "1 player position holds 5"
    why = f"The deck has {dealing.DECK_SIZE} cards. {held} and the dealer holds 6 ({5 * players + 6} cards)"
    if extra:
        why += ", and the four other cards of the dealer's extra stack went to the discard rack"
    why += (f", so the stub holds {right}. Count it at least once every five rounds; if the count is wrong, check "
            "whether the cards were misdealt.")
    return _q("stub-count", "dealing",
              prompt=(f"You dealt {dealing.METHOD_NAMES[method]} to {players} player position{plural} and count the "
                      "stub. How many cards must it hold?"),
              form=CHOICE, options=options, answer=str(right), explanation=why,
              citations=dealing.STUB_CITATIONS + ((cite("9(c)"), cite("9(e)")) if extra else ()) + (ruling(4),),
              scene=scene({n: SeatShow(backs=5, face_up=False, wagers=(("ante", 500),)) for n in range(1, players + 1)},
                          dealer=dealer_views(backs=5, up_card=Card(rng.randint(2, 14), rng.choice("shdc"))),
                          caption="Count the stub"),
              detail={"method": method, "players": players})


# ---------------------------------------------------------------- procedures

@KIT.kind("seat-order", "Seat order", "procedures")
def seat_order(rng: random.Random) -> Question:
    seats = picks.seats(rng, rules_data(), 3)
    return common_seat_order(KIT, rng, seats, {
        "decide": SeatOrder(dealing.decision_order,
                            "In what order do you offer each ante the choice of a play wager or a fold?",
                            "The choice is offered starting with the player farthest to the dealer's left, moving "
                            "clockwise.", (cite("10(b)"),)),
        "reveal": SeatOrder(dealing.reveal_order,
                            "You have revealed your own hand. In what order do you reveal the players' hands?",
                            "After the dealer's own cards, the players' cards are revealed starting with the player "
                            "farthest to the dealer's right.", (cite("10(d)"),)),
        "settle": SeatOrder(dealing.settlement_order, "In what order do you settle the remaining wagers?",
                            "Either alternative of §10(e) starts with the player farthest to the dealer's right and "
                            "goes counterclockwise.", (cite("10(e)(1)"), cite("10(e)(2)"))),
    }, lambda which: scene({n: SeatShow(backs=5, face_up=False, wagers=(("ante", 1000), ("play", 2000), ("aces_up", 500)))
                            for n in seats}, dealer=dealer_views(backs=5, up_card=Card(13, "h")), caption="Seat order"))


@KIT.kind("settlement-order", "Settlement alternatives", "procedures")
def settlement_procedure(rng: random.Random) -> Question:
    alternative = rng.choice(("1", "2"))
    seats = sorted(rng.sample(range(1, rules_data().seats + 1), 2))  # eight steps: an order question shows at most 9
    steps = dealing.settlement_steps(seats, alternative)
    items = [s.text() for s in steps]
    # One order under either alternative (dealing.settlement_steps): §10(d) reveals every
    # active hand and collects every losing wager before §10(e) settles the wagers remaining.
    why = ("First, from the dealer's right, every active hand is revealed and then every losing wager is collected "
           "(§10(d)). ")
    if alternative == "1":
        why += ("Alternative (1) then completes each remaining procedure for every player, from the dealer's right "
                "counterclockwise, before the next: pay every winning wager, then collect every player's cards.")
    else:
        why += ("Alternative (2) then completes the remaining procedures for one player before moving "
                "counterclockwise to the next: pay the player's winning wagers, collect the player's cards.")
    return KIT.order_question(
        "settlement-order", "procedures", rng, items,
        prompt=f"The house settles by §10(e)({alternative}). Put the dealer's actions in order.",
        explanation=why,
        citations=_dedupe([cite("10(d)"), cite(f"10(e)({alternative})")] + [s.citation for s in steps]),
        scene=scene({n: SeatShow(backs=5, face_up=False, wagers=(("ante", 1000), ("play", 1000))) for n in seats},
                    dealer=dealer_views(backs=5, up_card=Card(9, "c")),
                    caption=f"Settlement alternative (e)({alternative})"),
        detail={"alternative": alternative})


def _holders_text(holders: Sequence[int]) -> str:
    """"The dealer's hand", "Seat 6's and seat 4's hands", "No hand"."""
    if not holders:
        return "No hand"
    text = " and ".join("the dealer's" if h == DEALER else f"seat {h}'s" for h in holders)
    return text[0].upper() + text[1:] + (" hand" if len(holders) == 1 else " hands")


@KIT.kind("cover-all-exposed", "Cover All: the exposed hand", "procedures")
def cover_all_exposed(rng: random.Random) -> Question:
    """§12(h)-(i), trainer ruling 23: which hand is left exposed once the dealer has dealt
    with one more player's cards.

    The table as the question puts it: every hand has been revealed (the dealer's first,
    then the players' from the dealer's right, §10(d)) and the dealer is picking up the
    players' cards from the right (§10(e)); it has reached seat ``reached``. The dealer's
    own cards stay face up in front of the dealer until the end (§10(e)); of the seats
    already passed, only the hands still left exposed keep their cards on the table; the
    seat reached and those after it still show their revealed cards."""
    seats = picks.seats(rng, rules_data(), 2, 6)
    hands, dealer_cards, _ = _cover_all_table(rng, seats)
    order = dealing.reveal_order(seats)
    values = {n: best_hand(hands[n]) for n in seats}
    dealer = best_hand(dealer_cards)
    states = cover_all_exposure([(DEALER, dealer)] + [(n, values[n]) for n in order])
    # Mostly a seat holding a straight or better, where §12(h)-(i) and ruling 23 decide.
    straights = [i for i, n in enumerate(order) if values[n].category >= Category.STRAIGHT]
    k = rng.choice(straights) if straights and rng.random() < 0.8 else rng.randrange(len(order))
    reached, before, after = order[k], states[k], states[k + 1]
    passed = order[:k]
    shows = {}
    for n in seats:
        if n in passed and n not in before:
            shows[n] = SeatShow((), wagers=(("cover_all", 500),), note="picked up")
        else:
            note = "left exposed" if n in passed else ("reached" if n == reached else "revealed")
            shows[n] = SeatShow(hands[n], wagers=(("cover_all", 500),), highlight=n == reached, note=note)
    # The options: what was exposed before, the hand reached alone, both, and none (the dealer's too).
    candidates = [before, (reached,), before + (reached,), (DEALER,), ()]
    options = tuple(dict.fromkeys(_holders_text(c) for c in candidates if c or c == ()))
    answer = _holders_text(after)
    value = values[reached]
    hand = f"seat {reached}'s {value.describe().lower()}"
    cites = [cite("12(h)"), cite("12(i)"), ruling(23), cite("10(e)")]
    why = ("Trainer ruling 23: the cards left exposed are always the highest hand found so far (a straight or "
           "better, the dealer's too); a later hand of the same rank stays exposed beside it; a later, lower hand is "
           "not left exposed. ")
    why += (f"Before seat {reached}: {_holders_text(before).lower() if before else 'no hand'} "
            + ("left exposed" + (f" ({_hand_of_value(dealer if before[0] == DEALER else values[before[0]])})")
               if before else "was left exposed, no straight or better so far") + ". ")
    if value.category < Category.STRAIGHT:
        why += f"{hand[0].upper() + hand[1:]} is below a straight: picked up as usual."
    elif not before or value > (dealer if before[0] == DEALER else values[before[0]]):
        why += f"{hand[0].upper() + hand[1:]} is a straight or better" + (
            ", higher than the hand left exposed: it is left exposed and the lower exposed cards are removed "
            "(§12(i))" if before else ", the first found: left exposed (§12(h))") + "."
        if before and DEALER in before:
            why += " Your own cards stay in front of you until every player's are collected (§10(e))."
    elif value == (dealer if before[0] == DEALER else values[before[0]]):
        why += f"{hand[0].upper() + hand[1:]} is equal to the hand left exposed: it stays exposed beside it."
    else:
        why += f"{hand[0].upper() + hand[1:]} is a straight or better but lower than the hand left exposed: picked up."
    return _q("cover-all-exposed", "procedures",
              prompt=(f"Cover All is in play. Every hand is revealed and the wagers are settled; picking up the players' "
                      f"cards from your right, you have reached seat {reached}. Once you have dealt with seat "
                      f"{reached}'s cards, which hand is left exposed on the table for the Cover All?"),
              form=CHOICE, options=options, answer=answer, explanation=why, citations=tuple(cites),
              scene=scene(shows, dealer=dealer_views(dealer_cards), cover_all=True,
                          caption="Cover All: the hand left exposed"),
              detail={"reached": reached})


def _hand_of_value(value) -> str:
    return value.describe().split(" (")[0].lower()


# ---------------------------------------------------------------- wagers

@KIT.kind("play-wager", "Play wager limits", "wagers")
def play_wager(rng: random.Random) -> Question:
    ante = rng.randint(1, 10) * 500
    kind = rng.choice(("below", "one", "between", "three", "above", "between"))
    if kind == "below":
        play = ante - rng.randint(1, ante // 100 - 1) * 100
    elif kind == "one":
        play = ante
    elif kind == "three":
        play = 3 * ante
    elif kind == "above":
        play = 3 * ante + rng.choice((100, 500, ante))
    else:
        play = ante + rng.randint(1, 2 * ante // 100 - 1) * 100
    ok = play_allowed(ante, play)
    answer = "Allowed" if ok else "Not allowed"
    why = (f"With a {format_cents(ante)} ante the play wager may be any amount from {format_cents(ante)} to "
           f"{format_cents(3 * ante)}: {format_cents(play)} is {'within' if ok else 'outside'} that range.")
    return _q("play-wager", "wagers",
              prompt=f"A player with a {format_cents(ante)} ante places {format_cents(play)} on the play spot. Is this allowed?",
              form=CHOICE, options=("Allowed", "Not allowed"), answer=answer, explanation=why,
              citations=(cite("10(b)"), cite("1")),
              scene=scene({3: SeatShow(backs=5, face_up=False, wagers=(("ante", ante), ("play", play)), highlight=True)},
                          dealer=dealer_views(backs=5, up_card=Card(5, "d")), caption="Play wager"),
              detail={"ante": ante, "play": play})


@KIT.kind("odds-wording", "\"To\" and \"for\" odds", "wagers")
def odds_wording(rng: random.Random) -> Question:
    """Trainer ruling 3: "X to 1" keeps the wager; "X for 1" returns X in all."""
    data = rules_data()
    table_id = rng.choice(sorted(t for t in data.pay_tables if t.startswith(("progressive", "aces_up", "ante_bonus",
                                                                               "cover_all"))))
    table = data.pay_tables[table_id]
    row = rng.choice(table.rows)
    o = row.odds
    n = o.numerator
    if o.kind == "for":
        right = f"{n - 1} to 1"
        options = [right, f"{n} to 1", f"{n + 1} to 1"]
        why = (f"\"{o}\" returns {n} times the wager in all, the wager included, so it pays {n - 1} to 1: on $1 the "
               f"player receives ${n}, of which ${n - 1} is won.")
    else:
        right = f"{n + 1} for 1"
        options = [right, f"{n} for 1"] + ([f"{n - 1} for 1"] if n > 1 else [f"{n + 2} for 1"])
        why = (f"\"{o}\" pays {n} times the wager and the wager stays with the player: {n + 1} back in all, which is "
               f"\"{n + 1} for 1\".")
    rng.shuffle(options)
    return _q("odds-wording", "wagers",
              prompt=f"{table.title} pays {row.label.lower()} at {o}. Which payout is the same?",
              form=CHOICE, options=tuple(options), answer=right, explanation=why,
              citations=(table.citation, ruling(3)))


KINDS = KIT.kinds(
    name_the_hand, best_four, which_hand_wins, seat_payout, aces_up, progressive_payout, envy_bonus, cover_all,
    next_card, stub_count, seat_order, settlement_procedure, cover_all_exposed, play_wager, odds_wording,
) + data_kinds(GAME_ID, rules_data, procedures_skill="procedures", irregularities_skill="irregularities",
                wagers_skill="wagers", wording_section=None)  # Four Card prints "for" odds (§13): no wording rule

__all__ = ["SKILLS", "KINDS"]
