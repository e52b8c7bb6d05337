"""Question generators for Two Card Joker Poker.

Each generator takes a seeded ``random.Random`` and returns a ``Question`` whose answer
is computed by the rules core (hands, settlement, dealing, the rules data), never typed
by hand. Rare hands are built on purpose (``hands.hand_of``), so a drill on royal flush
payouts needs no thousands of deals.
"""

from __future__ import annotations

import random
from typing import Sequence

from trainer.core import picks
from trainer.core.cards import Card, cards_label
from trainer.core.citation import ruling
from trainer.core.settlement import LOSE, PUSH
from trainer.contracts.game import table_mode_skills
from trainer.games.two_card_joker import dealing
from trainer.games.two_card_joker.hands import (
    QUALIFY_CITATIONS, Category, HandError, HandValue, cite, comparison_citations, dealer_qualifies,
    evaluate, hand_of, is_lowest_flush_ambiguous,
)
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data
from trainer.games.two_card_joker.settlement import (
    CALL, FOLD, LABELS, HouseOptions, SeatWagers, settle_round,
)
from trainer.games.two_card_joker.table import SeatShow, scene
from trainer.contracts.question import CHOICE, SETTLE, Question, settle_answer, wager_entry
from trainer.core.seats import position_name
from trainer.games.common.question_kit import QuestionKit, SeatOrder, deal_so_far, which_wins
from trainer.games.common.question_kit import seat_order as common_seat_order
from trainer.games.common.rules_questions import data_kinds

KIT = QuestionKit(GAME_ID, "Two Card Joker")
SHORT = KIT.short
_skill = KIT.skill
_q = KIT.question


SKILLS = (
    _skill("hand-ranking", "hand ranking", "Name two-card hands and decide which hand wins (§5)."),
    _skill("qualification", "dealer qualification", "Does the dealer's hand qualify with queen or higher (§10(d))?"),
    _skill("payouts", "payouts", "Settle ante, call, Pair Up and Super Flush wagers in dollars and cents (§11)."),
    _skill("dealing", "dealing order", "Who receives the next card under each dealing method; the stub count (§7-§9)."),
    _skill("procedures", "procedures", "The order of the round, the opening and the cut (§3, §4, §10)."),
    _skill("irregularities", "irregularities", "What happens after an irregularity (§12)."),
    _skill("wagers", "wagering rules", "Which wagers are allowed, and how odds are worded (§6, §11(a))."),
) + table_mode_skills(GAME_ID, SHORT)


CATEGORIES = tuple(Category)


def _cards(cards: Sequence[Card]) -> str:
    """Cards as written in prose: A♠ 10♦ (issue 12), never their codes."""
    return cards_label(cards)


# ---------------------------------------------------------------- hand ranking

@KIT.kind("name-the-hand", "Name the hand", "hand-ranking")
def name_the_hand(rng: random.Random) -> Question:
    category = rng.choice(CATEGORIES)
    hand = hand_of(category, rng)
    value = evaluate(hand)
    options = tuple(c.label for c in sorted(CATEGORIES, reverse=True))
    cites = [value.category.citation]
    why = f"{_cards(hand)} is {value.describe().lower()}."
    if category is Category.PAIR and any(c.is_joker for c in hand):
        why += " A joker with a non-joker card is a pair of that card's rank."
        cites += [cite("5(a)"), ruling(5)]
    elif category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and value.ranks == (2, 1):
        why += " The ace plays low with a two: ace-two is the lowest straight."
        cites += [cite("5(a)"), ruling(2)]
    elif category is Category.ROYAL_FLUSH:
        why += " An ace and a king of the same suit is a royal flush, not a straight flush."
    elif category is Category.FLUSH:
        why += " Two cards of one suit that are not consecutive make a flush, which ranks below a pair."
    elif category is Category.HIGH_CARD:
        why += " Not suited, not consecutive, not a pair: the hand is valued by its higher card."
    return _q("name-the-hand", "hand-ranking",
              prompt="Seat 1 turns over these two cards. What is the hand?",
              form=CHOICE, options=options, answer=value.category.label, explanation=why,
              citations=tuple(dict.fromkeys(cites)),
              scene=scene({1: SeatShow(hand, highlight=True)}, caption="Name the hand"))


def _pair_of_hands(rng: random.Random) -> tuple[tuple[Card, Card], tuple[Card, Card]]:
    while True:
        same = rng.random() < 0.6
        c1 = rng.choice(CATEGORIES)
        c2 = c1 if same else rng.choice(CATEGORIES)
        if c1 is Category.TWO_JOKERS and c2 is Category.TWO_JOKERS:
            continue
        a = hand_of(c1, rng)
        try:
            b = hand_of(c2, rng, avoid=a)
        except HandError:  # e.g. two jokers when the first hand holds one
            continue
        va, vb = evaluate(a), evaluate(b)
        # Trainer ruling 6: no question may turn on which flush is the lowest.
        if va.category is vb.category is Category.FLUSH and (is_lowest_flush_ambiguous(va) or is_lowest_flush_ambiguous(vb)):
            continue
        return a, b


@KIT.kind("which-hand-wins", "Which hand wins", "hand-ranking")
def which_hand_wins(rng: random.Random) -> Question:
    player, dealer_hand = _pair_of_hands(rng)
    vp, vd = evaluate(player), evaluate(dealer_hand)
    answer, why = which_wins(vp, vd, tie="{p} ties {d}: the hands are of identical rank, a tie hand.",
                             above="{hi} ranks above {lo} in the order of §5(b).",
                             same="Both hands are {plural}; {hi_lower} is higher: compare the ranks that make the "
                                  "hand, then the next card down.")
    if vp.category is Category.PAIR and vd.category is Category.PAIR and any(c.is_joker for c in player + dealer_hand):
        why += " A joker pair ties a natural pair of the same rank."
    return _q("which-hand-wins", "hand-ranking",
              prompt="The dealer has revealed. Which hand ranks higher?",
              form=CHOICE, options=("Player", "Dealer", "Tie"), answer=answer, explanation=why,
              citations=comparison_citations(vp, vd) + ((cite("11(f)"),) if answer == "Tie" else ()),
              scene=scene({3: SeatShow(player, highlight=True, note="player")}, dealer=dealer_hand,
                          caption="Which hand wins?"))


# ---------------------------------------------------------------- qualification

def _borderline_dealer_hand(rng: random.Random) -> tuple[Card, Card]:
    """Mostly hands near the line: jack, queen or king high, and low flushes or pairs."""
    roll = rng.random()
    if roll < 0.6:
        high = rng.choice((11, 11, 12, 12, 13, 14, 10, 9))
        while True:
            h = hand_of(Category.HIGH_CARD, rng)
            if evaluate(h).high_rank == high:
                return h
    if roll < 0.8:
        while True:
            h = hand_of(Category.FLUSH, rng)
            if evaluate(h).high_rank <= 11:
                return h
    return hand_of(rng.choice(CATEGORIES), rng)


@KIT.kind("dealer-qualification", "Does the dealer qualify", "qualification")
def dealer_qualification(rng: random.Random) -> Question:
    hand = _borderline_dealer_hand(rng)
    value = evaluate(hand)
    ok = dealer_qualifies(value)
    answer = "Qualifies" if ok else "Does not qualify"
    if value.category is not Category.HIGH_CARD:
        why = f"The dealer has {value.describe().lower()}: any hand above high card qualifies."
    elif ok:
        why = f"The dealer has {value.describe().lower()}: a high-card hand qualifies with a queen, king or ace."
    else:
        why = (f"The dealer has {value.describe().lower()}: below queen high. Each calling player's ante is "
               "paid 1 to 1 and the call is returned.")
    return _q("dealer-qualification", "qualification",
              prompt="The dealer removes the cover card and reveals. Does the dealer's hand qualify?",
              form=CHOICE, options=("Qualifies", "Does not qualify"), answer=answer, explanation=why,
              citations=QUALIFY_CITATIONS + (value.category.citation,),
              scene=scene({}, dealer=hand, dealer_highlight=True, caption="Dealer qualifies with queen high or better"))


# ---------------------------------------------------------------- payouts

def _field_entries(results, fields: Sequence[str]) -> list:
    """Each wager's result: collect, push or pay its net (a dealer tells collect from push)."""
    by_wager = {r.wager: r for r in results}
    return [wager_entry(by_wager[f]) for f in fields]


def _why_wager(r, hand: HandValue, dealer: HandValue, qualifies: bool, folded: bool) -> str:
    """Why a wager is collected, returned or paid (§10(d), §11), in a few words."""
    if r.wager in ("ante", "call"):
        if folded:
            return "a fold forfeits the ante"
        if not qualifies:
            return "the dealer does not qualify: " + ("the ante is paid" if r.wager == "ante" else "the call is returned")
        if hand > dealer:
            return "the hand beats the dealer's"
        return "the dealer's hand is higher" if hand < dealer else "a tie with the dealer: both are returned"
    if r.result == LOSE:
        return "the table pays nothing for this hand"
    if r.result == PUSH:
        return "the table's row for this hand is a push"
    return ""


def _payout_explanation(settled, table_choice: str, dealer_value: HandValue, qualifies: bool,
                        folded: bool = False) -> str:
    lines = [f"Seat hand: {settled.hand.describe().lower()}; dealer: {dealer_value.describe().lower()} "
             f"({'qualifies' if qualifies else 'does not qualify'})."]
    for r in settled.results:
        line = r.describe()
        notes = [f"Table {table_choice}"] if r.wager == "pair_up" else []
        why = _why_wager(r, settled.hand, dealer_value, qualifies, folded)
        if why:
            notes.append(why)
        if notes:
            line += f" ({'; '.join(notes)})"
        lines.append(line + ".")
    return "\n".join(lines)


def _payout_question(rng: random.Random, kind: str, seat_wagers: SeatWagers, dealer_hand, options: HouseOptions,
                     prompt: str) -> Question:
    settlement = settle_round(dealer_hand, [seat_wagers], options)
    settled = settlement.seat(seat_wagers.seat)
    fields = tuple(r.wager for r in settled.results)
    # Ask in the layout's spot order.
    fields = tuple(k for k in rules_data().spot_keys if k in fields)
    labels = tuple(LABELS[f] for f in fields)
    answer = settle_answer(_field_entries(settled.results, fields))
    cites: list[str] = []
    for r in settled.results:
        cites.extend(r.rules)
    wagers = [("ante", seat_wagers.ante), ("call", seat_wagers.call), ("pair_up", seat_wagers.pair_up),
              ("super_flush", seat_wagers.super_flush)]
    note = "folded" if seat_wagers.decision == FOLD else ("called" if seat_wagers.decision == CALL else "")
    return _q(kind, "payouts",
              prompt=prompt, form=SETTLE, fields=labels, answer=answer,
              explanation=_payout_explanation(settled, options.pair_up_table, settlement.dealer,
                                              settlement.dealer_qualifies, seat_wagers.decision == FOLD),
              citations=tuple(dict.fromkeys(cites)),
              scene=scene({seat_wagers.seat: SeatShow(seat_wagers.cards, wagers=tuple(wagers), highlight=True,
                                                      note=note)},
                          dealer=dealer_hand, caption=f"Pair Up pays from Table {options.pair_up_table}"),
              detail={"pair_up_table": options.pair_up_table})


@KIT.kind("seat-payout", "Settle a seat", "payouts")
def seat_payout(rng: random.Random) -> Question:
    """A whole seat: ante and call (or a fold) with side wagers, against a revealed dealer."""
    options = HouseOptions(pair_up_table=picks.option_choice(rng, rules_data(), "pair_up_table"))
    while True:
        player = hand_of(rng.choice(CATEGORIES), rng)
        dealer_hand = hand_of(rng.choice(CATEGORIES[:-1]) if rng.random() < 0.7 else Category.HIGH_CARD, rng,
                              avoid=player)
        vp, vd = evaluate(player), evaluate(dealer_hand)
        if vp.category is vd.category is Category.FLUSH and (is_lowest_flush_ambiguous(vp) or is_lowest_flush_ambiguous(vd)):
            continue  # trainer ruling 6
        break
    ante = picks.wager(rng, 5, 100)
    decision = FOLD if rng.random() < 0.2 else CALL
    pair_up = picks.wager(rng, 1, 25) if rng.random() < 0.7 else 0
    super_flush = picks.wager(rng, 1, 25) if rng.random() < 0.6 else 0
    seat_no = picks.seat(rng, rules_data())
    sw = SeatWagers(seat_no, player, ante=ante, pair_up=pair_up, super_flush=super_flush, decision=decision)
    verb = "folded" if decision == FOLD else "called"
    return _payout_question(rng, "seat-payout", sw, dealer_hand, options,
                            prompt=f"Seat {seat_no} {verb}. Settle every wager of the seat: collect it, push it or "
                                   "pay it (and how much).")


@KIT.kind("bonus-payout", "Bonus payouts", "payouts")
def bonus_payout(rng: random.Random) -> Question:
    """Pair Up and Super Flush on a rare or borderline hand, built on purpose."""
    options = HouseOptions(pair_up_table=picks.option_choice(rng, rules_data(), "pair_up_table"))
    category = rng.choice((Category.TWO_JOKERS, Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH,
                           Category.STRAIGHT, Category.PAIR, Category.FLUSH, Category.FLUSH))
    player = hand_of(category, rng)
    dealer_hand = hand_of(Category.HIGH_CARD, rng, avoid=player)
    pair_up = picks.wager(rng, 1, 25)
    super_flush = picks.wager(rng, 1, 25) if rng.random() < 0.8 else 0
    seat_no = picks.seat(rng, rules_data())
    sw = SeatWagers(seat_no, player, pair_up=pair_up, super_flush=super_flush)
    return _payout_question(rng, "bonus-payout", sw, dealer_hand, options,
                            prompt=f"Seat {seat_no} played the bonus wagers only. Settle each of them: collect, push "
                                   "or pay (and how much).")


# ---------------------------------------------------------------- dealing

@KIT.kind("next-card", "Who gets the next card", "dealing")
def next_card(rng: random.Random) -> Question:
    d = deal_so_far(rng, rules_data(), dealing.METHODS, dealing.deal_sequence)
    method, seats, done, nxt, dealt = d.method, d.seats, d.done, d.next, d.held
    seat_shows = {n: SeatShow(backs=dealt.get(n, 0), face_up=False, wagers=(("ante", 1000),)) for n in seats}
    options = tuple(f"Seat {n}" for n in seats) + ("The dealer",)
    answer = position_name(nxt.recipient, capital=True)
    what = "stack" if method == dealing.AUTOMATED_SHOE else "card"
    why = f"Dealing {dealing.METHOD_NAMES[method]}: {_method_rule(method)} {d.progress()}"
    return _q("next-card", "dealing",
              prompt=f"You are dealing {dealing.METHOD_NAMES[method]}. Who receives the next {what}?",
              form=CHOICE, options=options, answer=answer, explanation=why, citations=(nxt.citation,),
              scene=scene(seat_shows, dealer_backs=dealt.get(dealing.DEALER, 0), dealer_face_up=False,
                          cover_card=dealt.get(dealing.DEALER, 0) > 0,
                          caption=f"Dealing {dealing.METHOD_NAMES[method]}"),
              detail={"method": method, "done": done})


def _method_rule(method: str) -> str:
    if method == dealing.AUTOMATED_SHOE:
        return ("a stack of two face down to each player with a wager, from the farthest to the dealer's left "
                "clockwise, then the dealer's stack with the cover card on top.")
    return ("one card face down to each player from the farthest to the dealer's left clockwise, one to the "
            "dealer under the cover card, then a second round the same way.")


@KIT.kind("stub-count", "Stub count", "dealing")
def stub_count(rng: random.Random) -> Question:
    players = picks.seat(rng, rules_data())  # one to every seat of the layout
    right = dealing.stub_count(players)
    deck = dealing.DECK_SIZE
    pool = {right - 2, right + 1, right + 2}  # a miscount, or the dealer's two cards forgotten
    options = tuple(str(n) for n in sorted(rng.sample(sorted(pool), 3) + [right]))
    return _q("stub-count", "dealing",
              prompt=f"You count the stub after dealing to {players} player{'s' if players > 1 else ''}. "
                     "How many cards must it hold?",
              form=CHOICE, options=options, answer=str(right),
              explanation=(f"The deck has {deck} cards. {players} player{'s' if players > 1 else ''} and the dealer "
                           f"hold 2 each ({2 * (players + 1)} cards), so the stub holds {right}. "
                           "Count it at least once every five rounds; if the count is wrong, check for a misdeal."),
              citations=dealing.STUB_CITATIONS + (ruling(4),),
              scene=scene({n: SeatShow(backs=2, face_up=False, wagers=(("ante", 500),)) for n in range(1, players + 1)},
                          dealer_backs=2, dealer_face_up=False, cover_card=True, caption="Count the stub"))


# ---------------------------------------------------------------- procedures

@KIT.kind("seat-order", "Seat order", "procedures")
def seat_order(rng: random.Random) -> Question:
    seats = picks.seats(rng, rules_data(), 3)
    return common_seat_order(KIT, rng, seats, {
        "call": SeatOrder(dealing.call_order, "In what order do you offer each ante the choice to call or fold?",
                          "Decisions are offered starting with the player farthest to the dealer's left, moving "
                          "clockwise.", (cite("10(b)"),)),
        "bonus": SeatOrder(dealing.settlement_order, "Everyone has called or folded. In what order do you reveal and "
                           "settle the Pair Up and Super Flush wagers?",
                           "Bonus wagers are settled starting with the player farthest to the dealer's right, moving "
                           "counterclockwise.", (cite("10(c)"),)),
        "settle": SeatOrder(dealing.settlement_order,
                            "The dealer's hand is revealed. In what order do you settle the antes and calls?",
                            "Ante and call wagers are settled starting with the player farthest to the dealer's right, "
                            "counterclockwise.", (cite("10(d)"),)),
    }, lambda which: scene({n: SeatShow(backs=2, face_up=False, wagers=(("ante", 1000), ("call", 1000), ("pair_up", 500)))
                            for n in seats}, dealer_backs=2, dealer_face_up=False, cover_card=which != "settle",
                           caption="Seat order"))


KINDS = KIT.kinds(
    name_the_hand, which_hand_wins, dealer_qualification, seat_payout, bonus_payout, next_card, stub_count,
    seat_order,
) + data_kinds(GAME_ID, rules_data, procedures_skill="procedures", irregularities_skill="irregularities",
                wagers_skill="wagers", wording_section="11(a)")

__all__ = ["SKILLS", "KINDS"]
