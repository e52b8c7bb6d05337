"""Question generators for Winner's Pot Poker.

Each generator takes a seeded ``random.Random`` and returns a ``Question`` whose answer
is computed by the rules core (the evaluator, the pot and commission arithmetic, the
button and the orders, the round state machine), never typed by hand. Rare hands are
built on purpose (``hands.hand_of``); rounds are dealt by ``round.Round`` and stopped at
the moment the question is about.
"""

from __future__ import annotations

import random
from typing import Sequence

from trainer.core import picks
from trainer.core.cards import Card, cards_label
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.contracts.game import table_mode_skills
from trainer.games.winners_pot import round as rnd_mod
from trainer.games.winners_pot.dealing import (
    BUTTON_CITATIONS, DEALER, clockwise_after, deal_order, decision_order, next_button, position_name,
    reveal_order,
)
from trainer.games.winners_pot.hands import (
    CATEGORIES, Category, HandError, cite, comparison_citations, evaluate, hand_of, jacks_plus_key,
    SHORT_HAND_CATEGORIES,
)
from trainer.games.winners_pot.pot import (
    BET, DOUBLE, FOLD, HouseOptions, JacksPlusEntry, award_pot, jacks_plus_limit,
    limited, percent_text, settle_jacks_plus,
)
from trainer.games.winners_pot.rules_data import GAME_ID, rules_data
from trainer.games.winners_pot.round import Round, play_to, random_round, simulated_decision
from trainer.games.winners_pot.table import SeatShow, round_scene, scene
from trainer.contracts.question import (
    AMOUNTS, CHOICE, SETTLE, Question, amounts_answer, settle_answer, wager_entry,
)
from trainer.games.common.question_kit import QuestionKit
from trainer.games.common.rules_questions import data_kinds

KIT = QuestionKit(GAME_ID, "Winner's Pot")
SHORT = KIT.short
_skill = KIT.skill
_q = KIT.question


SKILLS = (
    _skill("hand-ranking", "hand ranking", "Name five-card hands and find the highest hand at the table (§5)."),
    _skill("pot", "the winner's pot",
           "Who wins the pot, how big it is at each street, what a fold sends to the table inventory or the pot "
           "(§1, §10)."),
    _skill("commission", "commission and split pots",
           "The commission, the lesser of the percentage and the fixed amount, and each share of a split pot "
           "(§10(h); ruling 20)."),
    _skill("jacks-plus", "Jacks Plus", "Jacks Plus payouts, folded hands and the $50,000 limit (§11; ruling 19)."),
    _skill("button", "the button and the order of play",
           "Where the button goes, who is dealt first and who decides first, the order of the reveal "
           "(§7(d), §10)."),
    _skill("round", "the round step by step", "The dealer's next step at any point of the round (§7-§10)."),
    _skill("run-the-round", "run the round",
           "Deal whole rounds street by street: each step's action or amount (the drill)."),
    _skill("procedures", "procedures", "The opening, the cut, the deal, the betting and the showdown (§3, §4, §7-§10)."),
    _skill("irregularities", "irregularities", "What happens after an irregularity (§12)."),
    _skill("wagers", "wagering rules", "Which wagers are allowed, and how odds are worded (§6, §10, §11(a), §13)."),
) + table_mode_skills(GAME_ID, SHORT)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


def _name(p: int) -> str:
    return position_name(p, capital=True)


def _dedupe(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _ante(rng: random.Random) -> int:
    return rng.choice((500, 500, 1000, 1000, 1500, 2000, 2500, 750, 1250))


def _options(rng: random.Random) -> HouseOptions:
    return HouseOptions(commission_bp=rng.choice((500, 500, 1000, 1000, 250, 300, 700)),
                        commission_fixed=rng.choice((500, 1000, 1000, 1500, 2500, 5000)))


def _holders(positions: Sequence[int], capital: bool = True) -> str:
    names = [position_name(positions[0], capital=capital)] + [position_name(p) for p in positions[1:]]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _award_answer(winners: Sequence[int]) -> str:
    if len(winners) == 1:
        return _name(winners[0])
    return "Split: " + _holders(winners)


CATEGORY_WEIGHTS = {
    Category.ROYAL_FLUSH: 1, Category.STRAIGHT_FLUSH: 2, Category.FOUR_OF_A_KIND: 2, Category.FULL_HOUSE: 3,
    Category.FLUSH: 3, Category.STRAIGHT: 3, Category.THREE_OF_A_KIND: 3, Category.TWO_PAIRS: 3,
    Category.PAIR: 4, Category.HIGH_CARD: 3,
}


def _category(rng: random.Random, pool: Sequence[Category] = CATEGORIES) -> Category:
    return rng.choices(list(pool), weights=[CATEGORY_WEIGHTS[c] for c in pool])[0]


CATEGORY_NOTES = {
    Category.ROYAL_FLUSH: "Ace, king, queen, jack and ten of one suit: a category of its own, above every "
                          "straight flush.",
    Category.STRAIGHT_FLUSH: "Five cards of one suit in sequence.",
    Category.FOUR_OF_A_KIND: "Four cards of one rank.",
    Category.FULL_HOUSE: "Three of one rank and a pair of another.",
    Category.FLUSH: "Five cards of one suit, not in sequence.",
    Category.STRAIGHT: "Five cards in sequence, not all of one suit.",
    Category.THREE_OF_A_KIND: "Three cards of one rank and two unmatched cards.",
    Category.TWO_PAIRS: "Two pairs and an odd card.",
    Category.PAIR: "Two cards of one rank and three unmatched cards.",
    Category.HIGH_CARD: "None of the hands of §5(b): the hand is valued by its highest card, then the next.",
}


# ---------------------------------------------------------------- hand ranking

def category_options(answer: Category, rng: random.Random) -> tuple[str, ...]:
    """Nine of the ten categories (at most nine options), highest first, the answer among them."""
    left_out = rng.choice([c for c in CATEGORIES if c is not answer])
    return tuple(c.label for c in CATEGORIES if c is not left_out)


@KIT.kind("name-the-hand", "Name the hand", "hand-ranking")
def name_the_hand(rng: random.Random) -> Question:
    category = _category(rng)
    hand = hand_of(category, rng)
    value = evaluate(hand)
    seat = picks.seat(rng, rules_data())
    why = f"{cards_label(hand)} is {value.describe().lower()}. {CATEGORY_NOTES[value.category]}"
    cites = [value.category.citation]
    if value.is_wheel:
        why += " The ace plays low in A-2-3-4-5, the lowest straight; it never wraps round (Q-K-A-2-3)."
        cites += [cite("5(a)"), ruling(2)]
    return _q("name-the-hand", "hand-ranking",
              prompt=f"You expose seat {seat}'s down cards. What hand do you announce?",
              form=CHOICE, options=category_options(value.category, rng), answer=value.category.label,
              explanation=why, citations=_dedupe(cites + [cite("10(f)")]),
              scene=scene({seat: SeatShow(hand, True, (("ante", 500), ("bet", 500), ("double", 1000)),
                                          highlight=True)}, caption="Announce the hand"))


TIE_CATEGORIES = (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FLUSH, Category.STRAIGHT,
                  Category.TWO_PAIRS, Category.PAIR, Category.HIGH_CARD)


def tie_copy(cards: Sequence[Card], rng: random.Random, avoid: Sequence[Card]) -> tuple[Card, ...] | None:
    """Another hand of exactly the same value (the same ranks in other suits), or None."""
    value = evaluate(cards)
    used = set(avoid) | set(cards)
    suits = "shdc"
    choice = rng.choice
    # Up to 200 tries, each drawing its suits as it always has (one for a flush, one per
    # card otherwise); a try is checked against the cards each rank may take (not used)
    # before any card of it is made.
    if value.category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        copies = {s: tuple(Card(c.rank, s) for c in cards) for s in suits}
        fit = {s: copy for s, copy in copies.items()
               if not used.intersection(copy) and len(set(copy)) == len(copy) and evaluate(copy) == value}
        for _ in range(200):
            copy = fit.get(choice(suits))
            if copy is not None:
                return copy
        return None
    free = [{s for s in suits if Card(c.rank, s) not in used} for c in cards]
    ranks = [c.rank for c in cards]
    each = [suits] * len(ranks)
    for _ in range(200):
        drawn = list(map(choice, each))  # (one suit per card, in order: iterated in C)
        if not all(map(set.__contains__, free, drawn)):
            continue
        copy = tuple(Card(r, s) for r, s in zip(ranks, drawn))
        if len(set(copy)) != len(copy):
            continue
        if evaluate(copy) == value:
            return copy
    return None


def _showdown(rng: random.Random) -> tuple[dict[int, tuple[Card, ...]], int]:
    """Hands at a showdown: the dealer's and one to four remaining players', sometimes a tie
    hand, often two hands of one category (ruling 1 decides). Returns (position -> cards, button)."""
    players = picks.seats(rng, rules_data(), 1, 4)
    positions = [DEALER] + players
    while True:
        used: list[Card] = []
        hands: dict[int, tuple[Card, ...]] = {}
        top = _category(rng)
        plan = rng.random()
        try:
            first = rng.choice(positions)
            hands[first] = hand_of(top, rng, avoid=used)
            used += hands[first]
            if plan < 0.3 and top in TIE_CATEGORIES:
                other = rng.choice([p for p in positions if p != first])
                copy = tie_copy(hands[first], rng, used)
                if copy is None:
                    continue
                hands[other] = copy
                used += copy
            elif plan < 0.7:
                other = rng.choice([p for p in positions if p != first])
                hands[other] = hand_of(top, rng, avoid=used)
                used += hands[other]
            for p in positions:
                if p not in hands:
                    hands[p] = hand_of(_category(rng, CATEGORIES[3:]), rng, avoid=used)
                    used += hands[p]
        except HandError:
            continue
        button = rng.choice([DEALER] + players)
        return hands, button


@KIT.kind("who-wins-the-pot", "Who wins the pot", "pot")
def who_wins_the_pot(rng: random.Random) -> Question:
    hands, button = _showdown(rng)
    values = {p: evaluate(c) for p, c in hands.items()}
    best = max(values.values())
    winners = clockwise_after(button, [p for p, v in values.items() if v == best])
    players = sorted(p for p in hands if p != DEALER)
    answer = _award_answer(winners)
    options = [_name(DEALER)] + [_name(p) for p in players]
    if len(winners) > 1:
        options.append(answer)
    # a decoy split of the two best hands when they are not tied, or of two others
    ranked = sorted(values, key=lambda p: values[p], reverse=True)
    decoy = clockwise_after(button, ranked[:2]) if len(winners) == 1 else clockwise_after(button, ranked[-2:])
    if len(decoy) == 2 and _award_answer(decoy) != answer:
        options.append(_award_answer(decoy))
    options = list(_dedupe(options))
    rng.shuffle(options)
    lines = [f"{_name(p)}: {cards_label(hands[p])}, {values[p].describe().lower()}." for p in [DEALER] + players]
    if len(winners) == 1:
        lines.append(f"The highest ranking hand is {best.describe().lower()}: {position_name(winners[0])} wins the pot.")
    else:
        lines.append(f"{_holders(winners)} hold the same hand, {best.describe().lower()}: a tie hand, and they share "
                     "the pot equally (the commission only on the players' part).")
    cites = [cite("10(h)")]
    second = max((v for v in values.values() if v < best), default=None)
    if second is not None:
        cites += comparison_citations(best, second)
    if len(winners) > 1:
        cites += [cite("5(c)"), cite("10(h)(2)(ii)"), ruling(20)]
    a = 1000
    pot = 4 * a * (len(players) + 1)
    # §10(e): every wager is in the pot before the hands are exposed
    shows = {p: SeatShow(hands[p], True, note="doubled") for p in players}
    return _q("who-wins-the-pot", "pot",
              prompt="Every remaining hand is exposed. Who wins the winner's pot?",
              form=CHOICE, options=tuple(options), answer=answer, explanation="\n".join(lines),
              citations=_dedupe(cites),
              scene=scene(shows, dealer=hands[DEALER], button=button, pot=pot, caption="Announce the highest hand"),
              detail={"winners": winners})


# ---------------------------------------------------------------- the pot

def _forced_policy(target: int, street: int):
    """Every player decides by ``simulated_decision``, except that ``target`` folds at
    ``street`` (3: after three cards, 4: after the fourth) and stays before it."""
    def policy(rng: random.Random, r: Round, seat: int) -> str:
        if seat == target:
            at = 3 if r.phase == rnd_mod.BET_ROUND else 4
            if at == street:
                return FOLD
            return BET if r.phase == rnd_mod.BET_ROUND else DOUBLE
        return simulated_decision(rng, r, seat)
    return policy


@KIT.kind("fold-destination", "Where a fold goes", "pot")
def fold_destination(rng: random.Random) -> Question:
    r = random_round(rng, jacks_plus_rate=0.5)
    target = rng.choice(r.players)
    street = rng.choice((3, 4))
    play_to(r, rng, stop=lambda rr, s: s.kind == rnd_mod.COLLECT_FOLD and s.position == target,
            policy=_forced_policy(target, street))
    st = r.seats[target]
    jp = bool(st.jacks_plus)
    chips = "Ante" if street == 3 else "Ante and bet"
    right_chips = "to the table inventory" if street == 3 else "into the winner's pot"
    right_cards = "cards under the Jacks Plus wager" if jp else "cards to the discard rack"
    answer = f"{chips} {right_chips}; {right_cards}"
    options = [f"{chips} {where}; {cards}" for where in ("to the table inventory", "into the winner's pot",
                                                          "returned to the player")
               for cards in ("cards to the discard rack", "cards under the Jacks Plus wager")]
    rng.shuffle(options)
    held = "three" if street == 3 else "four"
    amount = r.ante if street == 3 else 2 * r.ante
    if street == 3:
        why = (f"A player who folds after the first three cards forfeits the ante ({format_cents(amount)}): it goes "
               "into the table inventory container, not the pot. The winner's pot holds every ante, bet and double "
               "except the ante of a player who folds after three cards.")
        cites = [cite("10(a)(2)"), cite("1")]
    else:
        why = (f"A player who folds after the fourth card forfeits ante and bet ({format_cents(amount)}): both go into "
               "the area of the table designated for the winner's pot.")
        cites = [cite("10(c)(2)")]
    if jp:
        why += (f" The player has a Jacks Plus wager, so the {held} cards go face down under it: it stays in action "
                f"on those {held} cards.")
        cites.append(ruling(19))
    else:
        why += f" With no Jacks Plus wager the {held} cards go face down into the discard rack."
    return _q("fold-destination", "pot",
              prompt=f"{_name(target)} folds after {'the first three cards' if street == 3 else 'the fourth card'}"
                     f"{' with a Jacks Plus wager in play' if jp else ''}. Where do the chips and the cards go?",
              form=CHOICE, options=tuple(options), answer=answer, explanation=why, citations=tuple(cites),
              scene=round_scene(r, caption=f"Seat {target} folds", highlight=[target],
                                notes={target: "folds"}),
              detail={"street": street, "jacks_plus": jp})


@KIT.kind("pot-size", "The pot at each street", "pot")
def pot_size(rng: random.Random) -> Question:
    r = random_round(rng)
    after_double = rng.random() < 0.65
    phase = rnd_mod.DEAL_5 if after_double else rnd_mod.DEAL_4
    play_to(r, rng, stop=lambda rr, s: rr.phase == phase)
    folded3 = [s for s in r.players if r.seats[s].folded_after == 3]
    folded4 = [s for s in r.players if r.seats[s].folded_after == 4]
    on_layout = sum(v for (p, spot), v in r.layout.items() if spot in ("ante", "bet", "double"))
    a = r.ante
    if after_double:
        fields = ("In the pot area now", "The winner's pot once collected")
        values = [r.pot_area, r.pot_area + on_layout]
        stayed = r.active_players()
        why = [f"The ante is {format_cents(a)}; the dealer's ante, bet and double ({format_cents(4 * a)}) go into the "
               "pot like a player's."]
        if folded4:
            why.append(f"Folded after the fourth card, ante and bet into the pot area: "
                       f"{', '.join(position_name(s) for s in folded4)} ({format_cents(2 * a)} each) = "
                       f"{format_cents(r.pot_area)} there now.")
        else:
            why.append("Nobody folded after the fourth card, so the pot area is still empty.")
        if folded3:
            why.append(f"Folded after three cards ({', '.join(position_name(s) for s in folded3)}): those antes went "
                       "to the table inventory, never to the pot.")
        why.append(f"Still on the layout: {len(stayed)} player{'s' if len(stayed) != 1 else ''} with ante, bet and "
                   f"double ({format_cents(4 * a)} each) and the dealer's {format_cents(4 * a)}: "
                   f"{format_cents(on_layout)}. Collected after the fifth card, the pot is "
                   f"{format_cents(values[1])}.")
        cites = (cite("1"), cite("10(c)(2)"), cite("10(e)"), cite("6(c)"))
        prompt = "Every remaining player has doubled or folded. How much is in the pot area now, and how much will " \
                 "the winner's pot hold once you collect the wagers after the fifth card?"
    else:
        fields = ("In the pot area now", "To the table inventory from folds")
        values = [r.pot_area, a * len(folded3)]
        why = ["After the first three cards nothing goes into the pot area: a player who folds now loses the ante "
               "to the table inventory container, and the wagers of those who bet stay on the layout until they "
               "double or fold."]
        if folded3:
            why.append(f"Folded: {', '.join(position_name(s) for s in folded3)}, {format_cents(a)} each = "
                       f"{format_cents(values[1])} to the table inventory.")
        else:
            why.append("Nobody folded, so nothing went to the table inventory.")
        cites = (cite("1"), cite("10(a)(2)"), cite("10(e)"))
        prompt = "Every player has bet or folded after the first three cards. How much is in the pot area now, and " \
                 "how much went to the table inventory from folds?"
    return _q("pot-size", "pot", prompt=prompt, form=AMOUNTS, fields=fields, answer=amounts_answer(values),
              explanation=" ".join(why), citations=cites,
              scene=round_scene(r, caption=f"Ante {format_cents(a)}"), detail={"after_double": after_double})


# ---------------------------------------------------------------- commission and splits

def _pot_table(rng: random.Random, winners: Sequence[int], players: Sequence[int], a: int, button: int,
               pot: int, folded4: Sequence[int], folded3: Sequence[int]) -> dict:
    shows = {}
    for s in players:
        if s in folded3:
            shows[s] = SeatShow(note="folded")
        elif s in folded4:
            shows[s] = SeatShow(note="folded")
        else:
            shows[s] = SeatShow(backs=5, face_up=False, highlight=s in winners, note="doubled")
    return dict(seats=shows, button=button, pot=pot)


def _table_for_pot(rng: random.Random, stayed_min: int = 1):
    a = rng.choice((500, 1000, 1000, 1500, 2500, 750, 1250))
    players = picks.seats(rng, rules_data(), max(2, stayed_min))
    stayed = sorted(rng.sample(players, rng.randint(stayed_min, len(players))))
    rest = [s for s in players if s not in stayed]
    folded4 = sorted(rng.sample(rest, rng.randint(0, len(rest))))
    folded3 = [s for s in rest if s not in folded4]
    pot = 4 * a + 4 * a * len(stayed) + 2 * a * len(folded4)
    button = rng.choice([DEALER] + players)
    return a, players, stayed, folded4, folded3, pot, button


@KIT.kind("commission", "The commission", "commission")
def commission_question(rng: random.Random) -> Question:
    a, players, stayed, folded4, folded3, pot, button = _table_for_pot(rng)
    options = _options(rng)
    winner = rng.choice(stayed)
    award = award_pot(pot, [winner], button, options)
    c = award.commission
    why = (f"The pot: the dealer's {format_cents(4 * a)}, {len(stayed)} player{'s' if len(stayed) > 1 else ''} who "
           f"doubled ({format_cents(4 * a)} each)"
           + (f" and {len(folded4)} who folded after the fourth card ({format_cents(2 * a)} each)" if folded4 else "")
           + f": {format_cents(pot)}. {_cap(award.reason)}. Pay {position_name(winner)} "
             f"{format_cents(pot)} less {format_cents(c)} = {format_cents(pot - c)}; the commission goes to the table "
             "inventory container.")
    return _q("commission", "commission",
              prompt=f"{_name(winner)} has the highest hand. The house commission is {percent_text(options.percent_bp)} "
                     f"or {format_cents(options.fixed)}, whichever is less. What is the commission, and what do you "
                     f"pay {position_name(winner)}?",
              form=AMOUNTS, fields=("Commission", f"Pay {position_name(winner)}"),
              answer=amounts_answer([c, pot - c]), explanation=why, citations=award.rules,
              scene=scene(**_pot_table(rng, [winner], players, a, button, pot, folded4, folded3),
                          dealer_backs=5, dealer_face_up=False, caption=options.describe().capitalize()),
              detail={"pot": pot})


@KIT.kind("split-pot", "A split pot", "commission")
def split_pot(rng: random.Random) -> Question:
    while True:
        a, players, stayed, folded4, folded3, pot, button = _table_for_pot(rng, stayed_min=2)
        k = rng.choice((2, 2, 3)) if len(stayed) >= 2 else 2
        with_dealer = rng.random() < 0.4
        pool = stayed + ([DEALER] if with_dealer else [])
        if len(pool) < k or (k == 2 and with_dealer and len(stayed) < 1):
            continue
        tied = sorted(rng.sample(stayed, k - 1 if with_dealer else k)) + ([DEALER] if with_dealer else [])
        if len([p for p in tied if p != DEALER]) >= 1:
            break
    options = _options(rng)
    award = award_pot(pot, tied, button, options)
    order = list(award.winners)
    fields = ["Commission"]
    values = [award.commission]
    for sh in award.shares:
        if sh.position == DEALER:
            continue
        fields.append(f"Pay {position_name(sh.position)}")
        values.append(sh.paid)
    if award.share_of(DEALER):
        fields.append("Dealer's share (to the inventory)")
        values.append(award.share_of(DEALER).share)
    shares = ", ".join(f"{position_name(s.position)} {format_cents(s.share)}" for s in award.shares)
    odd = pot % len(order)
    why = [f"The pot of {format_cents(pot)} is shared equally by the {len(order)} tied hands: {shares}"
           + (f" (the odd cent{'s' if odd > 1 else ''} going first clockwise from the button: "
              f"{_holders(order[:odd], capital=False)})" if odd else "") + "."]
    if award.share_of(DEALER):
        why.append(f"The dealer's share goes to the table inventory and is never charged commission; the commission "
                   f"is taken on the players' part, {format_cents(award.commission_base)}.")
    why.append(_cap(award.reason) + ".")
    players_paid = [s for s in award.shares if s.position != DEALER]
    if len(players_paid) > 1:
        why.append("The tied players bear it equally: " + ", ".join(
            f"{position_name(s.position)} {format_cents(s.share)} - {format_cents(s.commission)} = "
            f"{format_cents(s.paid)}" for s in players_paid) + ".")
    else:
        (s,) = players_paid
        why.append(f"Pay {position_name(s.position)} {format_cents(s.share)} - {format_cents(s.commission)} = "
                   f"{format_cents(s.paid)}.")
    return _q("split-pot", "commission",
              prompt=f"{_holders(order)} hold tied hands. The commission is {percent_text(options.percent_bp)} or "
                     f"{format_cents(options.fixed)}, whichever is less. Settle the pot.",
              form=AMOUNTS, fields=tuple(fields), answer=amounts_answer(values), explanation=" ".join(why),
              citations=award.rules + BUTTON_CITATIONS[:1],
              scene=scene(**_pot_table(rng, order, players, a, button, pot, folded4, folded3), dealer_backs=5,
                          dealer_face_up=False, dealer_highlight=DEALER in order,
                          caption=options.describe().capitalize()),
              detail={"pot": pot, "tied": order})


# ---------------------------------------------------------------- Jacks Plus

JP_CATEGORY_WEIGHTS = {
    Category.ROYAL_FLUSH: 3, Category.STRAIGHT_FLUSH: 3, Category.FOUR_OF_A_KIND: 3, Category.FULL_HOUSE: 2,
    Category.FLUSH: 2, Category.STRAIGHT: 2, Category.THREE_OF_A_KIND: 2, Category.TWO_PAIRS: 2,
    Category.PAIR: 4, Category.HIGH_CARD: 1,
}


def _jp_wager(rng: random.Random, big: bool) -> int:
    if big:
        return rng.choice((15000, 20000, 25000, 50000, 70000, 100000))
    return rng.choice((100, 200, 500, 500, 1000, 2500, 150))


@KIT.kind("jacks-plus-payout", "Jacks Plus payouts", "jacks-plus")
def jacks_plus_payout(rng: random.Random) -> Question:
    if rng.random() < 0.18:
        return _two_royals(rng)
    size = rng.choices((5, 4, 3), weights=(6, 2, 2))[0]
    pool = [c for c in CATEGORIES if size == 5 or c in SHORT_HAND_CATEGORIES]
    if size == 3:
        pool = [c for c in pool if c not in (Category.TWO_PAIRS, Category.FOUR_OF_A_KIND)]
    category = rng.choices(pool, weights=[JP_CATEGORY_WEIGHTS[c] for c in pool])[0]
    pair_rank = None
    if category is Category.PAIR:
        pair_rank = rng.choice((9, 10, 10, 11, 11, 12, 13, 14, 2, 5))
    hand = hand_of(category, rng, size=size, pair_rank=pair_rank)
    value = evaluate(hand)
    big = category in (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND) and rng.random() < 0.6
    minimum = rng.choice((100, 100, 500, 25000)) if big else 100
    wager = max(_jp_wager(rng, big), minimum)
    options = HouseOptions(minimum_wager=minimum)
    seat = picks.seat(rng, rules_data())
    result = settle_jacks_plus([JacksPlusEntry(seat, wager, value, size < 5)], options)[seat]
    limit = jacks_plus_limit(options)
    key = jacks_plus_key(value)
    table = rules_data().pay_tables["jacks_plus"]
    row = table.row_for(key)
    if row is None:
        why = f"{value.describe()} is not on the Jacks Plus table"
        if value.category is Category.PAIR:
            why += " (a pair pays only when it is jacks, queens, kings or aces)"
        why += f": the wager of {format_cents(wager)} loses; collect it for the table inventory."
    else:
        why = f"{value.describe()} pays {row.odds} on the Jacks Plus table: {format_cents(wager)} x {row.odds.numerator}"
        raw = row.odds.win_cents(wager)
        why += f" = {format_cents(raw)}."
        if limited(result):
            why += (f" The payout limit for a player is {format_cents(limit)} ($50,000, or the minimum wager of "
                    f"{format_cents(minimum)} at the royal flush's 400 to 1 = {format_cents(400 * minimum)}, "
                    f"whichever is greater; trainer ruling 27): pay {format_cents(limit)}.")
        why += " The wager stays with the player."
    if size < 5:
        why = (f"The player folded with {size} cards and kept the Jacks Plus wager in action on them; only hands "
               f"{size} cards can form count. " + why)
    cites = list(result.rules) + [value.category.citation]
    prompt = (f"{_name(seat)} {'folded holding these ' + str(size) + ' cards' if size < 5 else 'holds this hand'} "
              f"with a Jacks Plus wager of {format_cents(wager)}"
              + (f" (the house's minimum Jacks Plus wager is {format_cents(minimum)})" if minimum != 100 else "")
              + ". Settle it: collect it, or what do you pay?")
    face = (True,) * len(hand)
    return _q("jacks-plus-payout", "jacks-plus", prompt=prompt, form=SETTLE, fields=("Jacks Plus",),
              answer=settle_answer([wager_entry(result)]), explanation=why, citations=_dedupe(cites),
              scene=scene({seat: SeatShow(hand, face, (("ante", 500), ("jacks_plus", wager)), highlight=True,
                                          note="folded" if size < 5 else "")},
                          caption="Jacks Plus: 400 to 1 royal flush ... 1 to 1 jacks or better"),
              detail={"size": size, "limited": limited(result)})


def _two_royals(rng: random.Random) -> Question:
    a, b = sorted(rng.sample(range(1, rules_data().seats + 1), 2))
    s1, s2 = rng.sample("shdc", 2)
    h1 = tuple(Card(r, s1) for r in (14, 13, 12, 11, 10))
    h2 = tuple(Card(r, s2) for r in (14, 13, 12, 11, 10))
    w1, w2 = rng.choice(((10000, 20000), (15000, 15000), (12500, 25000), (20000, 30000), (5000, 10000),
                         (2500, 5000), (50000, 25000)))
    options = HouseOptions()
    results = settle_jacks_plus([JacksPlusEntry(a, w1, evaluate(h1), False), JacksPlusEntry(b, w2, evaluate(h2), False)],
                                options)
    limit = jacks_plus_limit(options)
    raw1, raw2 = 400 * w1, 400 * w2
    if raw1 + raw2 > limit:
        why = (f"Two royal flushes: at 400 to 1 they would be paid {format_cents(raw1)} and {format_cents(raw2)}, "
               f"{format_cents(raw1 + raw2)} in all, above the {format_cents(limit)} limit. The limit is paid to them "
               f"in proportion to their wagers ({format_cents(w1)} and {format_cents(w2)}): pay "
               f"{position_name(a)} {format_cents(results[a].net)}, {position_name(b)} {format_cents(results[b].net)} "
               "(a fraction of a cent is not paid, so the total stays within the limit).")
    else:
        why = (f"Two royal flushes: {format_cents(raw1)} and {format_cents(raw2)} at 400 to 1, {format_cents(raw1 + raw2)} "
               f"in all, within the {format_cents(limit)} limit: pay each in full.")
    return _q("jacks-plus-payout", "jacks-plus",
              prompt=f"{_name(a)} and {position_name(b)} both hold royal flushes, with Jacks Plus wagers of "
                     f"{format_cents(w1)} and {format_cents(w2)}. Settle each wager: what do you pay?",
              form=SETTLE, fields=(f"Jacks Plus, {position_name(a)}", f"Jacks Plus, {position_name(b)}"),
              answer=settle_answer([wager_entry(results[a]), wager_entry(results[b])]), explanation=why,
              citations=(cite("11(b)"), cite("11(c)")),
              scene=scene({a: SeatShow(h1, True, (("ante", 500), ("jacks_plus", w1)), highlight=True),
                           b: SeatShow(h2, True, (("ante", 500), ("jacks_plus", w2)), highlight=True)},
                          caption="Two royal flushes"),
              detail={"two_royals": True})


# ---------------------------------------------------------------- the button

def _position_options(positions: Sequence[int]) -> tuple[str, ...]:
    return tuple(_name(p) for p in [DEALER] + sorted(p for p in positions if p != DEALER))


def _empty_table(players: Sequence[int], button: int, *, backs: int = 0, wagers=(("ante", 1000),),
                 dealer_backs: int = 0, highlight: Sequence[int] = (), notes: dict[int, str] | None = None,
                 caption: str = "", folded: Sequence[int] = ()):
    notes = notes or {}
    shows = {}
    for s in players:
        if s in folded:
            shows[s] = SeatShow(note=notes.get(s, "folded"))
        else:
            shows[s] = SeatShow(backs=backs, face_up=False, wagers=wagers, highlight=s in highlight,
                                note=notes.get(s, ""))
    return scene(shows, dealer_backs=dealer_backs, dealer_face_up=False, button=button, caption=caption,
                 dealer_highlight=DEALER in highlight)


@KIT.kind("button-move", "Move the button", "button")
def button_move(rng: random.Random) -> Question:
    players = picks.seats(rng, rules_data(), 2)
    before = rng.choice([DEALER] + players)
    after = next_button(before, players)
    if before == DEALER:
        why = "From the dealer the button moves clockwise to the next player: the player farthest to the dealer's left."
    elif after == DEALER:
        why = (f"{_name(before)} is the player farthest to the dealer's right, so the button rotates back to the "
               "dealer.")
    else:
        why = f"The button rotates clockwise to the next player: from {position_name(before)} to {position_name(after)}."
    why += " Seats are numbered from the dealer's left; empty seats are passed over."
    return _q("button-move", "button",
              prompt=f"Last round the button was {'before the dealer' if before == DEALER else 'at ' + position_name(before)}. "
                     "Where do you place it for this round?",
              form=CHOICE, options=_position_options(players), answer=_name(after), explanation=why,
              citations=BUTTON_CITATIONS,
              scene=_empty_table(players, before, caption="Last round's button"))


@KIT.kind("first-to-act", "Who is first after the button", "button")
def first_to_act(rng: random.Random) -> Question:
    players = picks.seats(rng, rules_data(), 2)
    button = rng.choice([DEALER] + players)
    which = rng.choice(("deal", "bet", "double"))
    folded: list[int] = []
    if which == "deal":
        order = deal_order(button, players)
        prompt = "You have burned the top card. Who receives the first card?"
        why = ("Dealing begins with the player or dealer positioned immediately after the button, clockwise: "
               f"{', '.join(position_name(p) for p in order)}.")
        cites = BUTTON_CITATIONS + (cite("7(e)"),)
        backs, dealer_backs = 0, 0
    elif which == "bet":
        order = decision_order(button, players)
        prompt = "Every hand holds three cards. Whose decision, bet or fold, do you ascertain first?"
        why = ("Decisions start with the player next to the button and go clockwise; the dealer makes no decision "
               f"(its wagers were placed before the deal): {', '.join(position_name(p) for p in order)}.")
        cites = (cite("10(a)(3)"),)
        backs, dealer_backs = 3, 3
    else:
        folded = sorted(rng.sample(players, rng.randint(0, len(players) - 1)))
        remaining = [p for p in players if p not in folded]
        order = decision_order(button, remaining)
        prompt = "The fourth cards are out. Whose decision, double or fold, do you ascertain first?"
        why = ("The double decisions start with the first remaining player after the button, clockwise"
               + (" (a folded player is passed over, even one holding the button)" if folded else "")
               + f": {', '.join(position_name(p) for p in order)}.")
        cites = (cite("10(c)(3)"),)
        backs, dealer_backs = 4, 4
    return _q("first-to-act", "button", prompt=prompt, form=CHOICE, options=_position_options(players),
              answer=_name(order[0]), explanation=why, citations=cites,
              scene=_empty_table(players, button, backs=backs, dealer_backs=dealer_backs, folded=folded,
                                 caption="Button " + ("before the dealer" if button == DEALER else
                                                      f"at seat {button}")),
              detail={"which": which})


@KIT.kind("decision-order", "Order of decisions", "button")
def decision_order_question(rng: random.Random) -> Question:
    players = picks.seats(rng, rules_data(), 3)
    button = rng.choice([DEALER] + players)
    order = decision_order(button, players)
    items = [_name(p) for p in order]
    return KIT.order_question(
        "decision-order", "button", rng, items,
        prompt="Every hand holds three cards. In what order do you ascertain the players' decisions?",
        explanation=("Clockwise, starting with the player next to the button: "
                     + ", ".join(position_name(p) for p in order)
                     + ". The dealer is passed over: its ante, bet and double were placed before the deal."),
        citations=(cite("10(a)(3)"), cite("6(c)")),
        scene=_empty_table(players, button, backs=3, dealer_backs=3, caption="Bet or fold"))


@KIT.kind("reveal-order", "Order of the reveal", "button")
def reveal_order_question(rng: random.Random) -> Question:
    players = picks.seats(rng, rules_data(), 2)
    button = rng.choice([DEALER] + players)
    remaining = sorted(rng.sample(players, rng.randint(2, len(players))))
    folded = [p for p in players if p not in remaining]
    order = reveal_order(remaining)
    items = [_name(p) for p in order]
    return KIT.order_question(
        "reveal-order", "button", rng, items,
        prompt="The fifth cards are out and the wagers are in the pot. In what order do you expose the hands?",
        explanation=("Your own hand first; then, starting with the remaining player farthest to your right, "
                     "counterclockwise: " + ", ".join(position_name(p) for p in order[1:])
                     + ". The button plays no part in the reveal; folded players have no hand to expose."),
        citations=(cite("10(f)"),),
        scene=_empty_table(players, button, backs=5, dealer_backs=5, folded=folded,
                           wagers=(("ante", 1000), ("bet", 1000), ("double", 2000)), caption="The reveal"))


# ---------------------------------------------------------------- the round

def _eligible(rr: Round, s) -> bool:
    """A step the next-step question may ask about: the dealer's own (not a player's
    decision), with one right answer (trainer ruling 38): the Jacks Plus wagers may be
    settled in any order; a street whose first card may go to the dealer or to the first
    player (trainer ruling 29) and the stub, which may come before or after the collection
    of the wagers (trainer ruling 33), are left out."""
    if s.kind in (rnd_mod.JACKS_PLUS, rnd_mod.DECISION, "done"):
        return False
    if s.kind == rnd_mod.STUB:
        return False  # trainer ruling 33: the stub or the collection of the wagers may come first
    if rr.phase in (rnd_mod.DEAL_4, rnd_mod.DEAL_5) and s.kind == rnd_mod.DEAL and \
            rr.street_order_is_ambiguous():
        return False
    return True


_KEEP_EVERY = 16  # the next-step question keeps a copy of its round every so many steps


@KIT.kind("next-step", "The next step", "round")
def next_step(rng: random.Random) -> Question:
    seed = rng.randrange(2**31)
    # The whole script of the round, to choose the moment and the decoys; a copy of the
    # round is kept every few steps. The round is quiet (nothing recorded): the question
    # reads only the last operation before its moment, done again loud below.
    first = random.Random(seed)
    r = random_round(first)
    r.quiet = True
    script, choices, kept = [], [], []
    expected, perform, decision, over = r.expected, r.perform, rnd_mod.DECISION, rnd_mod.OVER
    while r.phase not in over:  # (``r.finished``)
        if len(script) % _KEEP_EVERY == 0:
            kept.append(r.copy())
        s = expected()
        script.append((s, _eligible(r, s)))
        choice = simulated_decision(first, r, s.position) if s.kind == decision else None
        choices.append(choice)
        perform(s, choice)
    eligible = [i for i, (_, ok) in enumerate(script) if ok]
    target = rng.choice(eligible)
    # The round at that moment: the last copy kept before the step before it, the same
    # steps and decisions done again from there, the last of them loud (its operation is
    # the last step named below).
    at = (target - 1) // _KEEP_EVERY if target else 0
    r = kept[at]
    for i in range(at * _KEEP_EVERY, target):
        if i == target - 1:
            r.quiet = False
        r.perform(script[i][0], choices[i])
    step = r.expected()
    assert (step.kind, step.position, step.text) == (script[target][0].kind, script[target][0].position,
                                                     script[target][0].text)
    near = [script[j][0] for j in (target - 2, target - 1, target + 1, target + 2, target + 3, target + 5)
            if 0 <= j < len(script)]
    either = {rnd_mod.STUB, rnd_mod.COLLECT}  # trainer ruling 33: no order between them is asked
    decoys = list(dict.fromkeys(d.text for d in near
                                if d.text != step.text and (d.kind, d.position) != (step.kind, step.position)
                                and d.kind != "done" and not (step.kind in either and d.kind in either)))
    options = [step.text] + rng.sample(decoys, min(4, len(decoys)))
    rng.shuffle(options)
    last = r.log[-1].text if r.log else ""
    why = (f"The last step was: {last[0].lower() + last[1:]}. " if last else "Nothing has been done yet. ") + \
        f"Next, by the rules: {step.text[0].lower() + step.text[1:]}."
    return _q("next-step", "round",
              prompt="What is the dealer's next step?", form=CHOICE, options=tuple(options), answer=step.text,
              explanation=why, citations=step.citations,
              scene=round_scene(r, caption="What comes next?",
                                highlight=[step.position] if step.position is not None else []),
              detail={"kind": step.kind})


@KIT.kind("failed-burn", "A missed burn", "irregularities")
def failed_burn(rng: random.Random) -> Question:
    r = random_round(rng)
    r.quiet = True  # (the question reads the table and the burns due, not the operations)
    at = rng.choice(("first", "fourth"))
    if at == "first":
        play_to(r, rng, stop=lambda rr, s: s.kind == rnd_mod.BURN)
        r.fail_burn()
        play_to(r, rng, stop=lambda rr, s: rr.phase == rnd_mod.DEAL_4)
        prompt = ("You dealt the first cards without burning the top card, and noticed only afterwards. Every player "
                  "has now bet or folded. How many cards do you burn before the fourth card?")
        where = "the fourth card"
    else:
        play_to(r, rng, stop=lambda rr, s: s.kind == rnd_mod.BURN and rr.phase == rnd_mod.DEAL_4)
        r.fail_burn()
        play_to(r, rng, stop=lambda rr, s: rr.phase == rnd_mod.DEAL_5)
        prompt = ("You dealt the fourth cards without burning a card first. Every remaining player has doubled or "
                  "folded. How many cards do you burn before the fifth card?")
        where = "the fifth card"
    due = r.burns_due
    options = ("None", "One", "Two", "Three")
    answer = options[due]
    return _q("failed-burn", "irregularities", prompt=prompt, form=CHOICE, options=options, answer=answer,
              explanation=(f"When the dealer fails to burn a card, dealing continues; after the betting round the "
                           f"dealer burns two successive cards before dealing the next card: two before {where}."),
              citations=(cite("12(e)"),), scene=round_scene(r, caption="A burn was missed"))


@KIT.kind("button-not-moved", "The button was not moved", "irregularities")
def button_not_moved(rng: random.Random) -> Question:
    players = picks.seats(rng, rules_data(), 2)
    last = rng.choice([DEALER] + players)
    correct = next_button(last, players)
    ask = rng.choice(("first", "next"))
    if ask == "first":
        answer_pos = deal_order(correct, players)[0]
        prompt = (f"Last round the button was {'before the dealer' if last == DEALER else 'at ' + position_name(last)}, "
                  "and you forgot to move it this round. You notice before dealing. Who receives the first card?")
        why = (f"The round continues as if the button had moved, to {position_name(correct)}: dealing starts with "
               f"the position after it, {position_name(answer_pos)}.")
    else:
        answer_pos = next_button(correct, players)
        prompt = (f"Last round the button was {'before the dealer' if last == DEALER else 'at ' + position_name(last)}, "
                  "and you forgot to move it this round. Where do you place the button for the next round?")
        why = (f"This round counts as if the button had moved to {position_name(correct)}; at the next round the "
               "button goes where a correctly moved button would now be, one position on from where it should have "
               f"been: {position_name(answer_pos)}.")
    return _q("button-not-moved", "irregularities", prompt=prompt, form=CHOICE, options=_position_options(players),
              answer=_name(answer_pos), explanation=why, citations=(cite("12(g)"), ruling(30)) + BUTTON_CITATIONS[:1],
              scene=_empty_table(players, last, caption="The button was not moved"))


@KIT.kind("drill-step", "A step of the round", "run-the-round")
def _drill_step(rng: random.Random) -> Question:
    from trainer.games.winners_pot.drill import random_drill_question

    return random_drill_question(rng)


KINDS = KIT.kinds(
    name_the_hand, who_wins_the_pot, pot_size, fold_destination, commission_question, split_pot, jacks_plus_payout,
    button_move, first_to_act, decision_order_question, reveal_order_question, next_step, _drill_step, failed_burn,
    button_not_moved,
) + data_kinds(GAME_ID, rules_data, procedures_skill="procedures", irregularities_skill="irregularities",
               wagers_skill="wagers", wording_section="11(a)")

__all__ = ["SKILLS", "KINDS", "category_options", "tie_copy"]
