"""Question generators for DJ Wild Poker.

Each generator takes a seeded ``random.Random`` and returns a ``Question`` whose answer
is computed by the rules core (hands, settlement, dealing, the rules data), never typed
by hand. Rare hands (five wilds, royal flushes, five of a kind, natural straight
flushes) are built on purpose with ``hands.hand_of`` and ``hands.natural_with_deuces``.

A wild card in a flush may stand for a card already held (trainer ruling 25): beside a
natural ace it is a second ace. Comparisons that turn on it (``hands.flush_reading_matters``)
are asked, now and then built on purpose (``_ruling_25_flushes``), and cite the ruling.
Cards in prose are written as cards (A♠, 10♦, Joker: ``cards.card_label``), never as codes.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import accumulate
from typing import Sequence

from trainer.core import picks
from trainer.core.cards import ACE, JOKER, SUIT_CHARS, Card, card_label, cards_label
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.settlement import LOSE, PUSH, REFER, WIN
from trainer.games.dj_wild import dealing
from trainer.games.dj_wild.hands import (
    CATEGORIES, NATURAL_RANKS, RANKING_CITATIONS, RULING_25_NOTE, TRIPS_CITATIONS, Category, HandError, HandValue,
    TripsReading, cite, comparison_citations, evaluate, evaluate_deuces_natural, flush_reading_matters, hand_of, is_wild,
    natural_with_deuces, trips_readings,
)
from trainer.games.dj_wild.rules_data import COVER_ALL_PLAYERS, DECK_SIZE, GAME_ID, rules_data
from trainer.games.dj_wild.settlement import (
    DEALER, FOLD, LABELS, PLAY, HouseOptions, SeatWagers, choose_trips, cover_all_outcome, settle_round,
)
from trainer.games.dj_wild.table import SeatShow, scene
from trainer.contracts.game import table_mode_skills
from trainer.contracts.question import CHOICE, SETTLE, Question, settle_answer, wager_entry
from trainer.core.seats import position_name
from trainer.games.common.question_kit import QuestionKit, deal_so_far, which_wins
from trainer.games.common.rules_questions import REFER_OUTCOME, data_kinds

KIT = QuestionKit(GAME_ID, "DJ Wild")
SHORT = KIT.short
_skill = KIT.skill
_q = KIT.question


SKILLS = (
    _skill("hand-ranking", "hand ranking",
           "Name five-card hands with deuces and the joker wild, and decide which hand wins (§5, §9(d)(1))."),
    _skill("trips", "Trips payouts",
           "Natural or wild: what a hand pays on the Trips pay table the house has chosen (§9(d)(4)-(5))."),
    _skill("payouts", "payouts",
           "Settle a seat's ante, blind, play and Trips wagers in dollars and cents (§9(d))."),
    _skill("side-bets", "side bets",
           "Two Way Bad Beat, Cover All for the whole table, and the Multi Game Link procedure (§10-§12)."),
    _skill("dealing", "dealing",
           "Who receives the next card or stack, from the hand or the automated shoe; the stub count (§7, §8)."),
    _skill("procedures", "procedures",
           "The play/fold offer order and the order of the opening, the cut, the deal and the round (§3-§4, §7-§9, §11)."),
    _skill("irregularities", "irregularities", "What happens after an irregularity (§4(d), §8(g), §9(c), §13)."),
    _skill("wagers", "wagering rules", "Which wagers are allowed, and what the printed odds pay (§1, §6, §10, §11)."),
) + table_mode_skills(GAME_ID, SHORT)


def _cards(cards: Sequence[Card]) -> str:
    """Cards as written in prose: 'A♥ K♥ 9♥ 5♥ Joker'."""
    return cards_label(cards)


def _wild_note(cards: Sequence[Card]) -> str:
    wild = [card_label(c) for c in cards if is_wild(c)]
    if not wild:
        return "No wild card."
    return f"Wild: {' '.join(wild)} (the joker and every deuce are wild)."


_CATEGORY_WEIGHTS = {c: 3 for c in Category} | {Category.FIVE_WILDS: 1}


def _category(rng: random.Random, floor: Category = Category.HIGH_CARD, ceiling: Category = Category.FIVE_WILDS) -> Category:
    pool, cum_weights = _category_pool(floor, ceiling)
    return rng.choices(pool, cum_weights=cum_weights)[0]  # the one draw choices makes with the weights


@lru_cache(maxsize=None)
def _category_pool(floor: Category, ceiling: Category) -> tuple[list[Category], list[int]]:
    """The categories from ``floor`` to ``ceiling`` and their weights added up in turn."""
    pool = [c for c in Category if floor <= c <= ceiling]
    return pool, list(accumulate(_CATEGORY_WEIGHTS[c] for c in pool))


def _build(category: Category, rng: random.Random, avoid: Sequence[Card] = ()) -> tuple[Card, ...]:
    """``hand_of`` that falls back to a hand without wild cards when the wilds are gone."""
    try:
        return hand_of(category, rng, avoid)
    except HandError:
        return hand_of(category, rng, avoid, wilds=0)


def _by_ruling_25(*values: HandValue) -> bool:
    """Whether the order of some two of the hands turns on trainer ruling 25."""
    return any(flush_reading_matters(a, b) for a in values for b in values if a is not b)


def _ruling_25_why(*values: HandValue) -> str:
    """' A wild card in a flush ... (trainer ruling 25).' where a comparison turns on it."""
    return f" {RULING_25_NOTE} ({ruling(25)})." if _by_ruling_25(*values) else ""


RULING_25_RATE = 0.06  # how often a player-and-dealer pair is built to turn on ruling 25


def _ruling_25_flushes(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two flushes whose order turns on trainer ruling 25: a wild flush holding a natural
    ace (its wild card a second ace) and a natural ace-high flush of another suit that a
    wild card not allowed to duplicate the ace would beat or tie."""
    for _ in range(500):
        s1, s2 = rng.sample(SUIT_CHARS, 2)
        wild = rng.choice([JOKER] + [Card(2, s) for s in SUIT_CHARS])
        low = [r for r in NATURAL_RANKS if r != ACE]
        a = (Card(ACE, s1),) + tuple(Card(r, s1) for r in rng.sample(low, 3)) + (wild,)
        b = (Card(ACE, s2),) + tuple(Card(r, s2) for r in rng.sample(low, 4))
        va, vb = evaluate(a), evaluate(b)
        if va.category is Category.FLUSH and vb.category is Category.FLUSH and flush_reading_matters(va, vb):
            return a, b
    raise HandError("no pair of flushes found")  # never: most draws qualify


# ---------------------------------------------------------------- hand ranking

@KIT.kind("name-the-hand", "Name the hand", "hand-ranking")
def name_the_hand(rng: random.Random) -> Question:
    category = _category(rng)
    hand = hand_of(category, rng)
    value = evaluate(hand)
    others = [c for c in CATEGORIES if c is not category]
    dropped = set(rng.sample(others, len(CATEGORIES) - 9))
    options = tuple(c.label for c in CATEGORIES if c not in dropped)
    cites = list(RANKING_CITATIONS)
    why = f"{_cards(hand)}: {value.describe().lower()}. {_wild_note(hand)}"
    if value.wilds:
        why += " The wild cards take whatever values make the best hand."
    if category is Category.FLUSH and value.wilds and any(c.rank == ACE for c in hand):
        why += f" Beside the natural ace a wild card counts as a second ace ({ruling(25)})."
        cites.append(ruling(25))
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and value.ranks[0] == 5:
        why += " The ace plays low in A-2-3-4-5, the lowest straight."
        cites.append(ruling(2))
    if category is Category.FIVE_OF_A_KIND:
        why += " Five of a kind ranks below a royal flush and above a straight flush."
    if category is Category.FIVE_WILDS:
        why += " All five wild cards: the highest hand of the game."
    return _q("name-the-hand", "hand-ranking",
              prompt="Seat 1 turns over these five cards. What is the hand?",
              form=CHOICE, options=options, answer=category.label, explanation=why,
              citations=tuple(dict.fromkeys(cites)),
              scene=scene({1: SeatShow(hand, highlight=True,
                                       marked=tuple(c for c in hand if is_wild(c)))},
                          caption="Name the hand: deuces and the joker are wild"))


def _tie_of(a: Sequence[Card], rng: random.Random) -> tuple[Card, ...] | None:
    """A hand of the same value as ``a`` (suits permuted, a wild card swapped in now and
    then): ties of natural against wild hands come up on purpose (ruling 13)."""
    target = evaluate(a)
    taken = set(a)
    wilds = [w for w in [JOKER] + [Card(2, s) for s in "shdc"] if w not in taken]  # (the joker: not in ``a``)
    # Up to 40 tries, each drawing as it always has; what a suit permutation makes of ``a``
    # (the hand, the wild cards still free, its natural cards) and whether a hand ties
    # are worked out once per call, however often the draws come back to them.
    made: dict[str, tuple[list[Card] | None, list[Card], list[int]]] = {}
    ties: dict[tuple, bool] = {}
    sample, random_, choice = rng.sample, rng.random, rng.choice
    for _ in range(40):
        perm = "".join(sample("shdc", 4))
        m = made.get(perm)
        if m is None:
            suit_of = dict(zip("shdc", perm))
            hand: list[Card] | None = [c if c.is_joker else Card(c.rank, suit_of[c.suit]) for c in a]
            deuces = {suit_of[c.suit] for c in a if not c.is_joker and c.rank == 2}  # the deuces' suits in hand
            free_wilds = [w for w in wilds if w.is_joker or w.suit not in deuces]  # not taken, not in hand
            if JOKER in hand:
                if free_wilds:
                    hand[hand.index(JOKER)] = free_wilds.pop(0)
                else:
                    hand = None
            naturals = [] if hand is None else [i for i, c in enumerate(hand) if not is_wild(c)]
            m = made[perm] = (hand, free_wilds, naturals)
        hand, free_wilds, naturals = m
        if hand is None:
            continue
        swap = None
        if free_wilds and random_() < 0.5 and naturals:
            wild = choice(free_wilds)  # (drawn before the card it replaces, as ever)
            swap = (choice(naturals), wild)
        key = (perm,) if swap is None else (perm, swap[0], id(swap[1]))
        tie = ties.get(key)
        if tie is not False:
            b = list(hand)
            if swap is not None:
                b[swap[0]] = swap[1]
            if tie is None:
                cards = set(b)
                tie = ties[key] = len(cards) == 5 and not taken & cards and evaluate(b) == target
            if tie:
                rng.shuffle(b)
                return tuple(b)
    return None


def _player_and_dealer(rng: random.Random, floor: Category = Category.HIGH_CARD,
                       tie_rate: float = 0.2) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if floor <= Category.FLUSH and rng.random() < RULING_25_RATE:
        a, b = _ruling_25_flushes(rng)
        return (a, b) if rng.random() < 0.5 else (b, a)
    while True:
        c1 = _category(rng, floor)
        c2 = c1 if rng.random() < 0.5 else _category(rng, floor)
        try:
            a = hand_of(c1, rng)
            b = _build(c2, rng, avoid=a)
        except HandError:
            continue
        if rng.random() < tie_rate:
            b = _tie_of(a, rng) or b
        return (a, b) if rng.random() < 0.5 else (b, a)


@KIT.kind("which-hand-wins", "Which hand wins", "hand-ranking")
def which_hand_wins(rng: random.Random) -> Question:
    player, dealer_hand = _player_and_dealer(rng)
    vp, vd = evaluate(player), evaluate(dealer_hand)
    answer, why = which_wins(vp, vd, tie="{p} against {d}: the same value, a tie. A natural hand and a wild hand "
                                         "of the same value tie; natural or wild matters only to the Trips table.",
                             above="{hi} ranks above {lo}.",
                             same="Both hands are {plural}; {hi_lower} is higher: compare the cards that make the "
                                  "hand, then the remaining cards from the highest down.")
    why += _ruling_25_why(vp, vd)
    why += f" Player: {_cards(player)}. {_wild_note(player)} Dealer: {_cards(dealer_hand)}. {_wild_note(dealer_hand)}"
    cites = comparison_citations(vp, vd) + ((cite("9(d)(1)"), ruling(13)) if answer == "Tie" else ())
    return _q("which-hand-wins", "hand-ranking",
              prompt="The dealer has revealed. Which hand ranks higher?",
              form=CHOICE, options=("Player", "Dealer", "Tie"), answer=answer, explanation=why,
              citations=tuple(dict.fromkeys(cites)),
              scene=scene({3: SeatShow(player, highlight=True, note="player")}, dealer=dealer_hand,
                          caption="Which hand wins?"))


# ---------------------------------------------------------------- Trips

def _trips_options_for(cards: Sequence[Card], table_id: str) -> tuple[str, list[str], str]:
    """(answer, options, explanation of both readings) for the Trips result on ``table_id``."""
    data = rules_data()
    table = data.option_table("trips_table", table_id)
    readings = trips_readings(cards)
    reading, odds, _ = choose_trips(readings, table)
    answer = "Loses" if odds is None else f"{reading.label}, {odds}"
    pool: list[str] = []
    for r in readings:
        row = table.row_for(r.key)
        if row is not None:
            pool.append(f"{r.label}, {row.odds}")
    # the same categories in the other column, the neighbouring categories, and trips
    near = [r.category for r in readings] + [Category(min(r.category + 1, Category.FIVE_WILDS)) for r in readings]
    near += [Category(max(r.category - 1, Category.HIGH_CARD)) for r in readings] + [Category.THREE_OF_A_KIND]
    for cat in dict.fromkeys(near):
        for natural in (True, False):
            reading_ = TripsReading(cat, natural, "")
            row = table.row_for(reading_.key)
            if row is not None:
                pool.append(f"{reading_.label}, {row.odds}")
    pool.append("Loses")
    pool = [p for p in dict.fromkeys(pool) if p != answer]
    options = pool[:8] + [answer]  # the readings and their neighbours come first
    a_read, b_read = readings
    lines = [f"{_cards(cards)}. {_wild_note(cards)}",
             f"With deuces wild: {evaluate(cards).describe().lower()} ({a_read.label.lower()}).",
             f"With every deuce a natural two: {evaluate_deuces_natural(cards).describe().lower()} "
             f"({b_read.label.lower()})."]
    if any(c.is_joker for c in cards):
        lines.append("A hand holding the joker is always wild.")
    if odds is None:
        lines.append("Neither reading is three of a kind or better: Trips loses.")
    else:
        lines.append(f"Table {table_id} pays the better reading: {reading.label.lower()}, {odds}.")
    return answer, options, " ".join(lines)


def _every_table(cards: Sequence[Card]) -> str:
    data = rules_data()
    parts = []
    for t in data.house_options["trips_table"].choices:
        reading, odds, _ = choose_trips(trips_readings(cards), data.option_table("trips_table", t))
        parts.append(f"{t}: {'loses' if odds is None else f'{reading.label.lower()} {odds}'}")
    return "On each table: " + "; ".join(parts) + "."


def _ambiguous_trips(cards: Sequence[Card], table_id: str) -> bool:
    """Both readings pay the same odds under different names: no single right label."""
    table = rules_data().option_table("trips_table", table_id)
    rows = [(r, table.row_for(r.key)) for r in trips_readings(cards)]
    paid = [(r.label, row.odds) for r, row in rows if row is not None]
    return len(paid) == 2 and paid[0][1] == paid[1][1] and paid[0][0] != paid[1][0]


def _trips_hand(rng: random.Random, avoid: Sequence[Card] = ()) -> tuple[Card, ...]:
    roll = rng.random()
    if roll < 0.35:
        return natural_with_deuces(rng, avoid)
    if roll < 0.9:
        return _build(_category(rng, Category.THREE_OF_A_KIND), rng, avoid)
    return _build(_category(rng, ceiling=Category.TWO_PAIR), rng, avoid)


@KIT.kind("trips-natural-or-wild", "Trips: natural or wild", "trips")
def trips_natural_or_wild(rng: random.Random) -> Question:
    while True:
        table_id = picks.option_choice(rng, rules_data(), "trips_table")
        hand = _trips_hand(rng)
        if not _ambiguous_trips(hand, table_id):
            break
    answer, options, why = _trips_options_for(hand, table_id)
    options = list(dict.fromkeys(options))
    rng.shuffle(options)
    table = rules_data().option_table("trips_table", table_id)
    seat_no = picks.seat(rng, rules_data())
    return _q("trips-natural-or-wild", "trips",
              prompt=f"Seat {seat_no} holds these cards. Trips pays from table {table_id}. "
                     "Natural or wild, and what does the Trips wager pay?",
              form=CHOICE, options=tuple(options), answer=answer, explanation=why + " " + _every_table(hand),
              citations=tuple(dict.fromkeys((table.citation,) + TRIPS_CITATIONS)),
              scene=scene({seat_no: SeatShow(hand, wagers=(("ante", 1000), ("blind", 1000), ("trips", 500)),
                                             highlight=True,
                                             marked=tuple(c for c in hand if is_wild(c)))},
                          caption=f"Trips pay table {table_id}"),
              detail={"trips_table": table_id})


# ---------------------------------------------------------------- payouts

def _entries(results, fields: Sequence[str]) -> list:
    """Each wager's result: collect, push or pay its net (a dealer tells collect from push)."""
    by_wager = {r.wager: r for r in results}
    return [wager_entry(by_wager[f]) for f in fields]


@KIT.kind("seat-payout", "Settle a seat", "payouts")
def seat_payout(rng: random.Random) -> Question:
    """A whole seat: ante, blind and play (or a fold), Trips on the table in force, and
    now and then a Two Way Bad Beat wager, against a revealed dealer."""
    options = HouseOptions(trips_table=picks.option_choice(rng, rules_data(), "trips_table"))
    while True:
        player, dealer_hand = _player_and_dealer(rng, tie_rate=0.1)
        if rng.random() < 0.3:
            try:
                player = natural_with_deuces(rng, avoid=dealer_hand)
            except HandError:
                continue
        break
    ante = picks.wager(rng, 5, 100)
    decision = FOLD if rng.random() < 0.2 else PLAY
    trips = picks.wager(rng, 1, 25) if rng.random() < 0.75 else 0
    bad_beat = picks.wager(rng, 1, 10) if rng.random() < 0.35 else 0
    seat_no = picks.seat(rng, rules_data())
    sw = SeatWagers(seat_no, player, ante=ante, blind=ante, trips=trips, bad_beat=bad_beat, decision=decision)
    settlement = settle_round(dealer_hand, [sw], options)
    settled = settlement.seat(seat_no)
    fields = tuple(k for k in ("ante", "blind", "play", "trips", "bad_beat") if settled.result(k) is not None)
    lines = [f"Seat hand: {settled.hand.describe().lower()}; dealer: {settlement.dealer.describe().lower()}."]
    for r in settled.results:
        line = r.describe()
        if r.wager == "trips" and settled.trips_reading is not None:
            line += f" (table {options.trips_table}, {settled.trips_reading.label.lower()})"
        elif r.wager in ("ante", "blind", "play") and decision != FOLD:
            # Why it is collected, returned or paid (§9(d)): the contest with the dealer.
            if settled.hand > settlement.dealer:
                line += " (the hand beats the dealer's" + (
                    "; the blind table's row for this hand is a push)" if r.result == PUSH else ")")
            else:
                line += " (the dealer's hand is higher)" if settled.hand < settlement.dealer else " (a tie: returned)"
        lines.append(line + ".")
    if decision == FOLD:
        lines.append("A fold loses the ante and the blind; Trips and Two Way Bad Beat are still settled.")
    if (decision == PLAY or bad_beat) and _by_ruling_25(settled.hand, settlement.dealer):
        # The ante, blind, play or Two Way Bad Beat result turns on ruling 25.
        lines.append(_ruling_25_why(settled.hand, settlement.dealer).strip())
    cites: list[str] = []
    for r in settled.results:
        cites.extend(r.rules)
    wagers = tuple((k, getattr(sw, k)) for k in ("ante", "blind", "play", "trips", "bad_beat"))
    verb = "folded" if decision == FOLD else "placed the play wager"
    return _q("seat-payout", "payouts",
              prompt=f"Seat {seat_no} {verb}. Settle every wager of the seat: collect it, push it or pay it "
                     "(and how much).",
              form=SETTLE, fields=tuple(LABELS[f] for f in fields), answer=settle_answer(_entries(settled.results, fields)),
              explanation=" ".join(lines), citations=tuple(dict.fromkeys(cites)),
              scene=scene({seat_no: SeatShow(player, wagers=wagers, highlight=True,
                                             note="folded" if decision == FOLD else "play")},
                          dealer=dealer_hand, caption=f"Trips pays from table {options.trips_table}",
                          cover_all=False),
              detail={"trips_table": options.trips_table, "decision": decision})


# ---------------------------------------------------------------- side bets

@KIT.kind("bad-beat", "Two Way Bad Beat", "side-bets")
def bad_beat(rng: random.Random) -> Question:
    while True:
        floor = Category.THREE_OF_A_KIND if rng.random() < 0.8 else Category.HIGH_CARD
        player, dealer_hand = _player_and_dealer(rng, floor=floor, tie_rate=0.15)
        if evaluate(player).category is not Category.FIVE_WILDS or rng.random() < 0.2:
            break
    amount = picks.wager(rng, 1, 10)
    decision = FOLD if rng.random() < 0.3 else PLAY
    ante = picks.wager(rng, 5, 50)
    sw = SeatWagers(2, player, ante=ante, blind=ante, bad_beat=amount, decision=decision)
    settlement = settle_round(dealer_hand, [sw], HouseOptions())
    result = settlement.seat(2).result("bad_beat")
    vp, vd = evaluate(player), settlement.dealer
    if result.result == WIN:
        loser, who = (vp, "the player's") if vp < vd else (vd, "the dealer's")
        why = (f"Both hands are three of a kind or better and they do not tie: the losing hand is {who}, "
               f"{loser.describe().lower()}, which pays {result.odds}: {format_cents(result.net)}.")
    elif vp == vd:
        why = "The hands tie: the Two Way Bad Beat wins only when they do not tie. Collect it."
    else:
        low = min(vp, vd)
        why = f"{low.describe()} is below three of a kind: both hands must be three of a kind or better. Collect it."
    if decision == FOLD:
        why += " The player folded, but the Two Way Bad Beat stays in action."
    why += _ruling_25_why(vp, vd)  # whether the hands tie, and which one loses
    return _q("bad-beat", "side-bets",
              prompt=f"Seat 2 {'folded' if decision == FOLD else 'placed the play wager'}. Settle the Two Way Bad "
                     "Beat wager: collect it or pay it (and how much)?",
              form=SETTLE, fields=(LABELS["bad_beat"],), answer=settle_answer([wager_entry(result)]),
              explanation=f"Player: {vp.describe().lower()}; dealer: {vd.describe().lower()}. " + why,
              citations=tuple(dict.fromkeys(result.rules + (cite("10(c)"),))),
              scene=scene({2: SeatShow(player, highlight=True, note="folded" if decision == FOLD else "play",
                                       wagers=(("ante", ante), ("blind", ante), ("play", sw.play),
                                               ("bad_beat", amount)))},
                          dealer=dealer_hand, caption="Two Way Bad Beat", cover_all=False))


_COVER_TARGETS = {
    Category.FIVE_WILDS: 1, Category.ROYAL_FLUSH: 3, Category.FIVE_OF_A_KIND: 3, Category.STRAIGHT_FLUSH: 3,
    Category.FOUR_OF_A_KIND: 4, Category.FULL_HOUSE: 4, Category.FLUSH: 2, Category.STRAIGHT: 2,
    Category.THREE_OF_A_KIND: 2,
}


_COVER_POOL = list(_COVER_TARGETS)
_COVER_CUM_WEIGHTS = list(accumulate(_COVER_TARGETS.values()))


def _cover_all_table(rng: random.Random, allow_refer: bool):
    """A whole table: 1 to 6 players and the dealer, the highest hand built on purpose."""
    while True:
        target = rng.choices(_COVER_POOL, cum_weights=_COVER_CUM_WEIGHTS)[0]  # the draw the weights make
        if target is Category.FIVE_OF_A_KIND and not allow_refer:
            continue
        seats = picks.seats(rng, rules_data())
        holder = rng.choice(seats + [DEALER])
        try:
            hands = {holder: hand_of(target, rng)}
            taken = list(hands[holder])
            for n in seats + [DEALER]:
                if n == holder:
                    continue
                below = _category(rng, ceiling=Category(target - 1)) if rng.random() < 0.85 else target
                hands[n] = _build(below, rng, avoid=taken)
                taken.extend(hands[n])
        except HandError:
            continue
        values = {n: evaluate(h) for n, h in hands.items()}
        return seats, hands, cover_all_outcome(values, len(seats))


def _cover_all_scene(seats, hands, folds, wagers, caption):
    shows = {n: SeatShow(hands[n], highlight=n in wagers, note="folded" if n in folds else "",
                         wagers=(("ante", 1000), ("blind", 1000)) + ((("cover_all", wagers[n]),) if n in wagers else ()))
             for n in seats}
    return scene(shows, dealer=hands[DEALER], caption=caption)


def _cover_all_why(outcome) -> str:
    why = outcome.describe() + "."
    why += (" Every hand dealt counts, folded or not; the column is the number of players dealt a hand. "
            "Only the highest hand pays, and only the hands on the Cover All table pay.")
    if ruling(25) in outcome.rules:  # which flush is the highest turns on it
        why += f" {RULING_25_NOTE} ({ruling(25)})."
    return why


@KIT.kind("cover-all", "Cover All: what it pays", "side-bets")
def cover_all(rng: random.Random) -> Question:
    """What every Cover All wager at the table gets: odds, a loss, or the floor supervisor."""
    seats, hands, outcome = _cover_all_table(rng, allow_refer=True)
    folds = {n for n in seats if rng.random() < 0.25}
    wagers = {n: 500 for n in seats if rng.random() < 0.7} or {seats[0]: 500}
    table = rules_data().pay_tables[f"cover_all_{len(seats)}"]
    options = [str(r.odds) for r in table.rows] + ["Loses", REFER_OUTCOME]
    answer = {WIN: outcome.odds, LOSE: "Loses", REFER: REFER_OUTCOME}[outcome.result]
    return _q("cover-all", "side-bets",
              prompt=f"{len(seats)} player{'s' if len(seats) > 1 else ''} in the round; every player bet is "
                     "reconciled. What does each Cover All wager get?",
              form=CHOICE, options=tuple(dict.fromkeys(options)), answer=answer, explanation=_cover_all_why(outcome),
              citations=outcome.rules,
              scene=_cover_all_scene(seats, hands, folds, wagers, f"Cover All: {len(seats)} players"),
              detail={"players": len(seats)})


@KIT.kind("cover-all-payout", "Cover All: settle the table", "side-bets")
def cover_all_payout(rng: random.Random) -> Question:
    """Settle Cover All for the whole table, in dollars and cents."""
    # A five-of-a-kind highest hand is not on the table (ruling 17): each wager is referred to the
    # floor supervisor, an answer of its own in the settle form.
    seats, hands, outcome = _cover_all_table(rng, allow_refer=True)
    folds = {n for n in seats if rng.random() < 0.25}
    with_wager = [n for n in seats if rng.random() < 0.7] or [seats[-1]]
    wagers = {n: picks.wager(rng, 1, 25) for n in with_wager}
    sws = [SeatWagers(n, hands[n], ante=1000, blind=1000, cover_all=wagers.get(n, 0),
                      decision=FOLD if n in folds else PLAY) for n in seats]
    settlement = settle_round(hands[DEALER], sws, HouseOptions())
    fields = tuple(f"Seat {n} Cover All" for n in with_wager)
    entries = [wager_entry(settlement.seat(n).result("cover_all")) for n in with_wager]
    return _q("cover-all-payout", "side-bets",
              prompt="Every player bet is reconciled. Go back and settle each Cover All wager (for a pay, how "
                     "much).",
              form=SETTLE, fields=fields, answer=settle_answer(entries),
              explanation=_cover_all_why(outcome) + " " + " ".join(
                  f"Seat {n}: {settlement.seat(n).result('cover_all').describe()}." for n in with_wager),
              citations=outcome.rules + (cite("11(j)"),),
              scene=_cover_all_scene(seats, hands, folds, wagers, f"Cover All: {len(seats)} players"),
              detail={"players": len(seats)})


_LINK_DEALT_AS = "Use the five cards as dealt"
_LINK_REPLACE = "Replace the wild card with a card from the remaining cards in the deck"
_LINK_OPTIONS = (_LINK_DEALT_AS, _LINK_REPLACE, "Void the Multi Game Link wager", REFER_OUTCOME)


@KIT.kind("multi-game-link", "Multi Game Link", "side-bets")
def multi_game_link(rng: random.Random) -> Question:
    """§12, trainer ruling 18: the procedure is taught; no link wager is ever settled."""
    variant = rng.randrange(3)
    if variant == 0:
        wild = rng.random() < 0.7
        hand = _build(_category(rng, Category.PAIR, Category.FOUR_OF_A_KIND), rng)
        while any(is_wild(c) for c in hand) != wild:
            hand = _build(_category(rng, Category.PAIR, Category.FOUR_OF_A_KIND), rng)
        answer = _LINK_REPLACE if wild else _LINK_DEALT_AS
        why = ("The player's original five cards are the link hand unless one of them is a wild card; the dealer "
               "replaces a wild card with a card from the remaining cards in the deck.")
        return _q("multi-game-link", "side-bets",
                  prompt="Your table offers the Multi Game Link Progressive. What is this player's link hand?",
                  form=CHOICE, options=_LINK_OPTIONS, answer=answer, explanation=why + " " + _wild_note(hand),
                  citations=(cite("12(a)"), ruling(18)),
                  scene=scene({4: SeatShow(hand, highlight=True, marked=tuple(c for c in hand if is_wild(c)))},
                              caption="Multi Game Link"))
    if variant == 1:
        options = ("The pay table, the wager amount and the number of decks", "The pay table only",
                   "The table minimum and maximum", "The number of players")
        return _q("multi-game-link", "side-bets",
                  prompt="DJ Wild Poker is linked with other poker games to one progressive jackpot. What must be the "
                         "same between all the linked games?",
                  form=CHOICE, options=options, answer=options[0],
                  explanation="When different game titles are linked to a single progressive jackpot, the pay table, "
                              "the wager amount and the number of decks must be the same between all linked games.",
                  citations=(cite("12(b)"),))
    odds = sorted(rng.sample(["1000 to 1", "500 to 1", "100 to 1", "50 to 1"], 3), key=lambda t: -int(t.split()[0]))
    options = tuple(odds) + (REFER_OUTCOME,)
    return _q("multi-game-link", "side-bets",
              prompt="A player's Multi Game Link hand qualifies. What does the link wager pay?",
              form=CHOICE, options=options, answer=REFER_OUTCOME,
              explanation="The rules print no Multi Game Link pay table (§12(a) names \"the paytables below\" but none "
                          "follow). The trainer explains the link procedure but settles no link wager: call the floor "
                          "supervisor.",
              citations=(cite("12(a)"), ruling(18)))


# ---------------------------------------------------------------- dealing

@KIT.kind("next-card", "Who gets the next card", "dealing")
def next_card(rng: random.Random) -> Question:
    d = deal_so_far(rng, rules_data(), dealing.METHODS, dealing.deal_sequence)
    method, seats, done, nxt, dealt = d.method, d.seats, d.done, d.next, d.held
    shows = {n: SeatShow(backs=dealt.get(n, 0), face_up=False, wagers=(("ante", 1000), ("blind", 1000))) for n in seats}
    options = tuple(f"Seat {n}" for n in seats) + ("The dealer",)
    answer = position_name(nxt.recipient, capital=True)
    if method == dealing.AUTOMATED_SHOE:
        rule = ("the first stack of five goes face down to the player farthest to your left who has wagered, then a "
                "stack to each other wagering player clockwise; then you deal yourself your five-card hand.")
        what = "stack of cards"
    else:
        rule = ("one card at a time, face down, from the player farthest to your left clockwise, yourself last in "
                "each round, until every hand holds five cards.")
        what = "card"
    why = f"Dealing {dealing.METHOD_NAMES[method]}: {rule} {d.progress()}"
    return _q("next-card", "dealing",
              prompt=f"You are dealing {dealing.METHOD_NAMES[method]}. Who receives the next {what}?",
              form=CHOICE, options=options, answer=answer, explanation=why, citations=nxt.citations,
              scene=scene(shows, dealer_backs=dealt.get(dealing.DEALER, 0), dealer_face_up=False,
                          caption=f"Dealing {dealing.METHOD_NAMES[method]}"),
              detail={"method": method, "done": done})


@KIT.kind("stub-count", "Stub count", "dealing")
def stub_count(rng: random.Random) -> Question:
    players = picks.seat(rng, rules_data())  # one to every seat of the layout
    right = dealing.stub_count(players)
    dealt = 5 * (players + 1)
    pool = {right + 1, right - 1, right + 5, right - 5}  # the joker forgotten or counted twice, a hand miscounted
    options = tuple(str(n) for n in sorted(rng.sample(sorted(pool), 3) + [right]))
    plural = "s" if players > 1 else ""
    return _q("stub-count", "dealing",
              prompt=f"You count the stub after dealing to {players} player{plural}. How many cards must it hold?",
              form=CHOICE, options=options, answer=str(right),
              explanation=(f"The deck has {DECK_SIZE} cards: 52 and the joker. {players} player{plural} and the dealer hold "
                           f"five each ({dealt} cards), so the stub holds {right}. Count it at least once every five "
                           f"rounds, unless the shuffler counts the deck after each shuffle and shows that {DECK_SIZE} cards "
                           "are present."),
              citations=dealing.STUB_CITATIONS,
              scene=scene({n: SeatShow(backs=5, face_up=False, wagers=(("ante", 500), ("blind", 500)))
                           for n in range(1, players + 1)},
                          dealer_backs=5, dealer_face_up=False, caption="Count the stub"))


# ---------------------------------------------------------------- procedures

@KIT.kind("play-order", "Play or fold: offer order", "procedures")
def play_order(rng: random.Random) -> Question:
    seats = picks.seats(rng, rules_data(), 3)
    order = dealing.play_order(seats)
    items = [f"Seat {n}" for n in order]
    return KIT.order_question(
        "play-order", "procedures", rng, items,
        prompt="You dealt from the automated dealing shoe and every hand is out. In what order do you offer "
               "each player the play wager (twice the ante) or a fold?",
        explanation=("Starting from the player farthest to your left who has placed a wager, the dealer offers "
                     "the option to place a play wager of 2X the ante or fold. Seats are numbered from the "
                     "dealer's left."),
        citations=dealing.PLAY_ORDER_CITATIONS,
        scene=scene({n: SeatShow(backs=5, face_up=False, wagers=(("ante", 1000), ("blind", 1000), ("trips", 500)))
                     for n in seats}, dealer_backs=5, dealer_face_up=False, caption="Play or fold?"))


# ---------------------------------------------------------------- wagers

@KIT.kind("odds-wording", "What the odds pay", "wagers")
def odds_wording(rng: random.Random) -> Question:
    """What printed "X to 1" odds pay: X times the wager, the wager staying with the
    player (trainer ruling 3). The DJ Wild text has no rule on printed wording, so no
    question claims one."""
    data = rules_data()
    table_id = rng.choice(["blind", "bad_beat"] + list(data.house_options["trips_table"].choices.values())
                          + [f"cover_all_{n}" for n in COVER_ALL_PLAYERS])
    table = data.pay_tables[table_id]
    row = rng.choice([r for r in table.rows if r.odds.kind == "to"])
    wager = picks.wager(rng, 1, 25)
    n = row.odds.numerator
    right = row.odds.win_cents(wager)
    amounts = {right, right + wager, right - wager if n > 1 else 2 * right}
    options_t = tuple(format_cents(a) for a in sorted(amounts))
    return _q("odds-wording", "wagers",
              prompt=f"The {table.title} shows \u201c{row.label}\u201d at {row.odds}. A {format_cents(wager)} wager "
                     "wins on it. What do you pay?",
              form=CHOICE, options=options_t, answer=format_cents(right),
              explanation=(f"\"{row.odds}\" pays {n} times the wager, {format_cents(right)}, and the "
                           f"{format_cents(wager)} wager stays with the player ({format_cents(right + wager)} in all). "
                           f"Paying {format_cents(right + wager)} would read the odds as \"{n + 1} for 1\"."),
              citations=(table.citation, ruling(3)))


KINDS = KIT.kinds(
    name_the_hand, which_hand_wins, trips_natural_or_wild, seat_payout, bad_beat, cover_all, cover_all_payout,
    multi_game_link, next_card, stub_count, play_order, odds_wording,
    # The DJ Wild text has no "to"/"win", never "for" wording rule, so the shared odds
    # wording kind is left out and odds-wording above asks what the odds pay instead.
) + data_kinds(GAME_ID, rules_data, procedures_skill="procedures", irregularities_skill="irregularities",
               wagers_skill="wagers", wording_section=None)

__all__ = ["SKILLS", "KINDS"]
