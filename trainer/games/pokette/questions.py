"""Question generators for Pokette.

Each generator takes a seeded ``random.Random`` and returns a ``Question`` whose answer
is computed by the rules core (the layout, the stand, the settlement, the wheel and the
rules data), never typed by hand. Every question's scene is a ``PoketteScene``: the
layout with chips of several players, the marker, the card stand, and for the clapper
questions the wheel at rest.
"""

from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import replace
from typing import Sequence

from trainer.core import picks
from trainer.core.cards import Card, card_label, cards_label
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.games.pokette.layout import (
    CORNER, DOUBLE_RANK, PAIR_IN_TWO, SPLIT, STRAIGHT_UP, LayoutError, Placement, covers_citations, default_layout,
)
from trainer.games.pokette.rules_data import GAME_ID, rules_data, wheel
from trainer.games.pokette.settlement import Bet, settle_spin
from trainer.games.pokette.stand import (
    FLUSH, INSIDE_STRAIGHT, INSIDE_STRAIGHT_FLUSH, OPEN_STRAIGHT, OPEN_STRAIGHT_FLUSH, PAIR_IN_THREE, THREE_OF_A_KIND,
    Stand, announce, poker_wins, settlement_note,
)
from trainer.games.pokette.table import ChipView, PoketteScene, WheelPose
from trainer.games.pokette.wheel import (
    ALL_SECTIONS, CARD_SECTIONS, JOKERS, PREVIOUS, VOID, Section, Spin, cite, judge, rank_text, revolutions_text,
    short_spin, spin_between, spin_to,
)
from trainer.contracts.game import QuestionKind, table_mode_skills
from trainer.contracts.question import CHOICE, SETTLE, Question, settle_answer, wager_entry
from trainer.games.common.question_kit import QuestionKit
from trainer.games.common.rules_questions import data_kinds

KIT = QuestionKit(GAME_ID, "Pokette")
SHORT = KIT.short
_skill = KIT.skill
_q = KIT.question
NONE_OF_THEM = "None of them"
VALID = "Valid"
NOT_VALID = "Not valid"
TAGS = "ABCDEFGHI"


SKILLS = (
    _skill("layout", "the layout and its wagers",
           "Which wagers win for a winning card, a joker included; valid splits, corners and double ranks "
           "(§(e)(1), §(g)(5), rulings P2-P3)."),
    _skill("payouts", "payouts",
           "Pay every winning wager of a seat at the posted odds and total the seat (§(f)(2), §(g)(4))."),
    _skill("poker-hands", "the card stand and poker hands",
           "What the dealer announces after the second card; settling pair in two and the poker hand wagers "
           "(§(h), rulings P5-P7)."),
    _skill("wheel", "the wheel and the clapper",
           "Valid spins, \"No spin\", and the clapper at rest between two cards under the posted option "
           "(§(g)(2), §(i))."),
    _skill("procedures", "procedures", "The order of opening, a spin and the card stand (§(c), §(g), §(h))."),
    _skill("irregularities", "irregularities", "What happens after an irregularity (§(i), §(g)(3), §(g)(5))."),
    _skill("wagers", "wagering rules",
           "Which wagers may be made when, and odds worded \"to\", never \"for\" (§(d), §(f)(1), §(h))."),
) + table_mode_skills(GAME_ID, SHORT)


def odds_citations() -> tuple[str, ...]:
    """What a question resting on the payout odds cites: §(f)(2), whose table is missing
    from the text, and trainer ruling 21, which takes it from pokette-payouts.md."""
    return (rules_data().pay_tables["minimum"].citation, ruling(21))


def _dedupe(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


AMOUNTS_CENTS = (100, 200, 300, 500, 500, 500, 1000, 1000, 1500, 2000, 2500)


def _amount(rng: random.Random) -> int:
    return rng.choice(AMOUNTS_CENTS)


def _random_section(rng: random.Random, joker_chance: float) -> Section:
    if rng.random() < joker_chance:
        return rng.choice(JOKERS)
    return rng.choice(CARD_SECTIONS)


_GROUPED: dict[int, tuple[Sequence[Placement], dict[str, list[Placement]]]] = {}


def _by_kind(placements: Sequence[Placement], keep: bool) -> dict[str, list[Placement]]:
    """``placements`` grouped by kind; ``keep``: a tuple made once (the layout's, or
    ``near_losers``'), whose grouping is kept for the next time."""
    hit = _GROUPED.get(id(placements)) if keep else None
    if hit is not None and hit[0] is placements:
        return hit[1]
    by_kind: dict[str, list[Placement]] = {}
    for p in placements:
        by_kind.setdefault(p.wager, []).append(p)
    if keep:
        _GROUPED[id(placements)] = (placements, by_kind)
    return by_kind


def _pick_by_kind(rng: random.Random, placements: Sequence[Placement], avoid: set[Placement],
                  keep: bool = False) -> Placement | None:
    """A placement of a kind drawn evenly among the kinds available (so no kind crowds out the rest)."""
    by_kind = _by_kind(placements, keep)
    if avoid:
        by_kind = {k: kept for k, ps in by_kind.items() if (kept := [p for p in ps if p not in avoid])}
    if not by_kind:
        return None
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


def _grid_near(a: Section, b: Section) -> bool:
    lay = default_layout()
    (ra, ca), (rb, cb) = lay.position(a), lay.position(b)
    return max(abs(ra - rb), abs(ca - cb)) <= 1


def near_losers(x: Section) -> tuple[Placement, ...]:
    """Placements that lose on ``x`` but look close: they cover a card touching it on the
    grid, or are outside bets (rank, group, colour, suit, jacer) that miss it (worked out
    for every section at first use)."""
    return _all_near_losers()[x]


@lru_cache(maxsize=None)
def _all_near_losers() -> dict[Section, tuple[Placement, ...]]:
    return {x: _near_losers(x) for x in ALL_SECTIONS}


def _near_losers(x: Section) -> tuple[Placement, ...]:
    out = []
    for p in default_layout().all_placements:
        if x in p.covered:
            continue
        if p.wager in (STRAIGHT_UP, SPLIT, CORNER):
            if any(_grid_near(s, x) for s in p.covered):
                out.append(p)
        else:
            out.append(p)
    return tuple(out)


def _other_seat_chips(rng: random.Random, seat: int, count: int) -> list[ChipView]:
    seats = [n for n in range(1, rules_data().seats + 1) if n != seat]
    lay = default_layout()
    chips = []
    for _ in range(count):
        p = _pick_by_kind(rng, lay.all_placements, set(), keep=True)
        chips.append(ChipView(rng.choice(seats), p, _amount(rng)))
    return chips


def _joker_note(x: Section) -> str:
    if not x.is_joker:
        return ""
    return (f" On a joker every non-poker wager loses except that joker straight up, a split that includes it, and "
            f"jacer; {x.label()} is neither red nor black and belongs to no suit or rank.")


# ---------------------------------------------------------------- the layout

@KIT.kind("winning-wager", "Which wager wins", "layout")
def winning_wager(rng: random.Random) -> Question:
    """Chips A-F on the layout, the marker on the winning card: which one wins?"""
    lay = default_layout()
    x = _random_section(rng, 0.22)
    count = rng.randint(4, 6)
    none_win = rng.random() < 0.15
    chosen: list[Placement] = []
    if not none_win:
        chosen.append(_pick_by_kind(rng, lay.winning_placements(x), set()))
    pool = near_losers(x)
    while len(chosen) < count:
        p = _pick_by_kind(rng, pool, set(chosen), keep=True)
        if p is None:
            break
        chosen.append(p)
    rng.shuffle(chosen)
    chips = tuple(ChipView(picks.seat(rng, rules_data()), p, _amount(rng), tag=TAGS[i]) for i, p in enumerate(chosen))
    options = tuple(f"{c.tag}: {c.placement.label()}" for c in chips) + (NONE_OF_THEM,)
    winners = [c for c in chips if c.placement.covers(x)]
    if winners:
        w = winners[0]
        answer = f"{w.tag}: {w.placement.label()}"
        why = f"{w.placement.label()} covers {x.label()}: it wins. The others do not cover {x.label()}: they lose."
        cites = list(covers_citations(w.placement, x))
    else:
        answer = NONE_OF_THEM
        why = f"None of these wagers covers {x.label()}: every one loses and is collected."
        cites = [cite("(g)(3)")]
    why += _joker_note(x)
    cites += [cite("(g)(5)(i)"), ruling("P2")] if x.is_joker else [cite("(g)(3)")]
    return _q("winning-wager", "layout",
              prompt=f"The winning card is {x.name()} ({x.label()}). Which of the lettered wagers wins?",
              form=CHOICE, options=options, answer=answer, explanation=why, citations=_dedupe(cites),
              scene=PoketteScene(chips=chips, marker=str(x), caption=f"Winning card: {x.label()}"),
              detail={"winning_card": str(x)})


def _split_candidates(rng: random.Random, valid: bool) -> list[Section]:
    lay = default_layout()
    if valid:
        return list(rng.choice(lay.splits).sections)
    shapes = ("diagonal", "gap-row", "gap-column", "joker")
    while True:
        shape = rng.choice(shapes)
        if shape == "joker":
            pairs = [("JK1", "Ad"), ("JK2", "Ac"), ("JK1", "As"), ("JK2", "Ah"), ("JK1", "Kc"), ("JK2", "Kd")]
            return [Section.parse(t) for t in rng.choice(pairs)]
        a = rng.choice(CARD_SECTIONS)
        r, c = lay.position(a)
        dr, dc = {"diagonal": (rng.choice((-1, 1)), rng.choice((-1, 1))), "gap-row": (0, rng.choice((-2, 2))),
                  "gap-column": (rng.choice((-2, 2)), 0)}[shape]
        b = lay.at(r + dr, c + dc)
        if b is not None and not b.is_joker:
            return [a, b]


def _corner_candidates(rng: random.Random, valid: bool) -> list[Section]:
    lay = default_layout()
    if valid:
        return list(rng.choice(lay.corners).sections)
    while True:
        shape = rng.choice(("jacer", "row", "column", "l-shape", "spread"))
        if shape == "jacer":
            return [Section.parse(t) for t in ("JK1", "JK2", "Ac", "Ad")]
        r, c = rng.randrange(0, 11), rng.randrange(0, 3)
        if shape == "row":
            cells = [(r, k) for k in range(4)]
        elif shape == "column":
            cells = [(r + k, c) for k in range(3)] + [(r + 3 if r + 3 <= 12 else r - 1, c)]
        elif shape == "l-shape":
            cells = [(r, c), (r, c + 1), (r + 1, c), (r + 2, c)]
        else:
            cells = [(r, c), (r, c + 1), (r + 2, c), (r + 2, c + 1)]
        secs = [lay.at(*rc) for rc in cells]
        if all(s is not None for s in secs) and len(set(secs)) == 4:
            return secs


@KIT.kind("valid-placement", "Valid splits and corners", "layout")
def valid_placement(rng: random.Random) -> Question:
    """Is this chip a valid split / corner / double rank (trainer ruling P3)?"""
    lay = default_layout()
    kind = rng.choices((SPLIT, CORNER, DOUBLE_RANK), weights=(5, 4, 2))[0]
    valid = rng.random() < 0.5
    ranks: list[int] = []
    if kind == SPLIT:
        cards = _split_candidates(rng, valid)
        what = f"a split on {' and '.join(c.label() for c in cards)}"
    elif kind == CORNER:
        cards = _corner_candidates(rng, valid)
        what = f"a corner on {', '.join(c.label() for c in cards)}"
    else:
        cards = []
        i = rng.randrange(12)
        if valid:
            ranks = [lay.rows[i], lay.rows[i + 1]]
        else:
            far = [k for k in range(13) if abs(k - i) > 1]
            j = 12 if i == 0 and rng.random() < 0.5 else rng.choice(far)  # A-2 now and then: never adjacent
            ranks = [lay.rows[i], lay.rows[j]]
        what = f"a double rank on the {rank_text(ranks[0])} and {rank_text(ranks[1])} rows"
    try:
        p = lay.place(kind, cards=cards, ranks=ranks)
        answer = VALID
        odds = rules_data().pay_tables["minimum"].row_for(kind).odds
        why = f"{p.label()} is a valid {kind}: " + {
            SPLIT: "the two cards share a side (side by side in a row or a column, a joker and the ace directly "
                   "below it, or the two jokers).",
            CORNER: "the four cards form a 2x2 block of the grid.",
            DOUBLE_RANK: "the two ranks are adjacent rows of the layout.",
        }[kind] + f" It pays {odds} (§(f)(2), its table taken from pokette-payouts.md by trainer ruling 21)."
        cites = [p.citation, ruling("P3"), *odds_citations()]
    except LayoutError as e:
        answer = NOT_VALID
        why = str(e)[0].upper() + str(e)[1:] + "."
        cites = [cite({SPLIT: "(e)(1)(ii)", CORNER: "(e)(1)(iii)", DOUBLE_RANK: "(e)(1)(v)"}[kind]), ruling("P3")]
    selected = tuple(str(c) for c in cards)
    if ranks:
        selected = tuple(str(s) for s in CARD_SECTIONS if s.rank in ranks)
    return _q("valid-placement", "layout",
              prompt=f"A player asks for {what}. Is it a valid {kind}?",
              form=CHOICE, options=(VALID, NOT_VALID), answer=answer, explanation=why, citations=_dedupe(cites),
              scene=PoketteScene(selected=selected, caption=f"Is it a valid {kind}?"),
              detail={"kind": kind, "valid": answer == VALID})


# ---------------------------------------------------------------- payouts

@KIT.kind("seat-payout", "Pay a seat", "payouts")
def seat_payout(rng: random.Random) -> Question:
    """One seat's chips, a winning card: pay each winning wager and total the seat."""
    lay = default_layout()
    x = _random_section(rng, 0.15)
    seat = picks.seat(rng, rules_data())
    count = rng.randint(3, 5)
    winners = rng.randint(1, min(3, count - 1))
    chosen: list[Placement] = []
    for _ in range(winners):
        p = _pick_by_kind(rng, lay.winning_placements(x), set(chosen))
        if p is not None:
            chosen.append(p)
    pool = near_losers(x)
    while len(chosen) < count:
        chosen.append(_pick_by_kind(rng, pool, set(chosen), keep=True))
    rng.shuffle(chosen)
    bets = [Bet(seat, p, _amount(rng)) for p in chosen]
    settlement = settle_spin(Stand(), x, bets)
    results = settlement.seat(seat)
    fields = tuple(f"{r.bet.placement.label()} ({format_cents(r.bet.amount)})" for r in results) + (
        f"Total paid to seat {seat}",)
    paid = [r.result.paid for r in results]
    # Each wager collected or paid; the seat's total is an amount.
    answer = settle_answer([wager_entry(r.result) for r in results] + [sum(paid)])
    lines = [r.result.describe() + "." for r in results]
    why = (" ".join(lines) + f" In all, seat {seat} is paid {format_cents(sum(paid))}; the losing wagers were "
           "collected first." + _joker_note(x))
    cites = [*odds_citations(), cite("(g)(4)")]
    for r in results:
        cites.extend(c for c in r.result.rules if "§(e)" in c or "§(g)(5)" in c)
    others = _other_seat_chips(rng, seat, rng.randint(2, 4))
    chips = tuple(ChipView(seat, r.bet.placement, r.bet.amount, highlight=True) for r in results) + tuple(others)
    return _q("seat-payout", "payouts",
              prompt=(f"The winning card is {x.name()} ({x.label()}). Settle seat {seat}'s wagers: collect or pay each "
                      "(and how much), then type the total paid to the seat."),
              form=SETTLE, fields=fields, answer=answer, explanation=why, citations=_dedupe(cites),
              scene=PoketteScene(chips=chips, marker=str(x), caption=f"Winning card: {x.label()} · seat {seat}"),
              detail={"winning_card": str(x), "seat": seat})


# ---------------------------------------------------------------- the card stand

def _two_cards(rng: random.Random) -> tuple[Card, Card]:
    """First and second cards of a stand, drawn so every announcement comes up."""
    shape = rng.choice(("pair", "suited-connector", "suited", "connector", "gap", "ace-edge", "random"))
    suits = "shdc"
    while True:
        r1 = rng.randint(2, 14)
        s1 = rng.choice(suits)
        if shape == "pair":
            r2, s2 = r1, rng.choice(suits)
        elif shape in ("suited-connector", "connector"):
            r2 = r1 + rng.choice((-1, 1))
            s2 = s1 if shape == "suited-connector" else rng.choice([s for s in suits if s != s1])
        elif shape == "suited":
            r2, s2 = rng.randint(2, 14), s1
        elif shape == "gap":
            r2, s2 = r1 + rng.choice((-2, 2)), rng.choice(suits)
        elif shape == "ace-edge":
            r1 = 14
            r2, s2 = rng.choice((13, 2, 3, 12, 4)), rng.choice(suits)
        else:
            r2, s2 = rng.randint(2, 14), rng.choice(suits)
        if 2 <= r2 <= 14:
            pair = [Card(r1, s1), Card(r2, s2)]
            rng.shuffle(pair)
            return pair[0], pair[1]


def wager_list_text(wagers: Sequence[str]) -> str:
    return ", ".join(w[0].upper() + w[1:] if i == 0 else w for i, w in enumerate(wagers))


def announcement_variants(wagers: tuple[str, ...]) -> set[tuple[str, ...]]:
    order = (PAIR_IN_THREE, THREE_OF_A_KIND, FLUSH, OPEN_STRAIGHT, INSIDE_STRAIGHT, OPEN_STRAIGHT_FLUSH,
             INSIDE_STRAIGHT_FLUSH)
    swaps = {OPEN_STRAIGHT: INSIDE_STRAIGHT, INSIDE_STRAIGHT: OPEN_STRAIGHT, OPEN_STRAIGHT_FLUSH: INSIDE_STRAIGHT_FLUSH,
             INSIDE_STRAIGHT_FLUSH: OPEN_STRAIGHT_FLUSH, PAIR_IN_THREE: THREE_OF_A_KIND,
             THREE_OF_A_KIND: PAIR_IN_THREE}
    base = set(wagers)
    out: set[frozenset[str]] = set()
    out.add(frozenset({swaps.get(w, w) for w in base}))  # open <-> inside, pair in three <-> three of a kind
    out.add(frozenset(base ^ {FLUSH}))
    out.add(frozenset((base | {PAIR_IN_THREE}) - {THREE_OF_A_KIND}) if THREE_OF_A_KIND in base else
            frozenset(base | {THREE_OF_A_KIND}))
    if OPEN_STRAIGHT in base or INSIDE_STRAIGHT in base:
        out.add(frozenset(base - {OPEN_STRAIGHT, INSIDE_STRAIGHT, OPEN_STRAIGHT_FLUSH, INSIDE_STRAIGHT_FLUSH}))
        out.add(frozenset({swaps.get(w, w) if w in (OPEN_STRAIGHT, INSIDE_STRAIGHT) else w for w in base}))
        if FLUSH in base:
            out.add(frozenset(base - {OPEN_STRAIGHT_FLUSH, INSIDE_STRAIGHT_FLUSH}))
        else:
            extra = OPEN_STRAIGHT_FLUSH if OPEN_STRAIGHT in base else INSIDE_STRAIGHT_FLUSH
            out.add(frozenset(base | {extra}))
    else:
        out.add(frozenset(base | {INSIDE_STRAIGHT}))
        out.add(frozenset(base | {OPEN_STRAIGHT}))
    out.add(frozenset(base | {PAIR_IN_TWO}))
    out.discard(frozenset(base))
    key = {w: i for i, w in enumerate((PAIR_IN_TWO,) + order)}
    return {tuple(sorted(v, key=key.__getitem__)) for v in out if v}


def announcement_choices(wagers: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """The right wording of an announcement and three others (``announcement_variants``),
    shuffled by ``rng``: the layout drill's and table mode's choices."""
    variants = sorted(announcement_variants(wagers))
    rng.shuffle(variants)
    options = list(dict.fromkeys([wager_list_text(wagers)] + [wager_list_text(v) for v in variants[:3]]))
    rng.shuffle(options)
    return tuple(options)


@KIT.kind("announcement", "The announcement after the second card", "poker-hands")
def announcement(rng: random.Random) -> Question:
    """The dealer's announcement after the second card (§(h)(3)-(4), rulings P5-P6)."""
    a, b = _two_cards(rng)
    ann = announce(a, b)
    right = wager_list_text(ann.wagers)
    variants = sorted(announcement_variants(ann.wagers))
    rng.shuffle(variants)
    options = [right] + [wager_list_text(v) for v in variants[:5]]
    options = list(dict.fromkeys(options))
    rng.shuffle(options)
    return _q("announcement", "poker-hands",
              prompt=(f"The card stand holds {card_label(a)} then {card_label(b)}, and the wagers of the second card "
                      "are settled. Which poker hand wagers do you announce?"),
              form=CHOICE, options=tuple(options), answer=right,
              explanation=f"{ann.explain()} Announce: {ann.text()}", citations=ann.citations,
              scene=PoketteScene(stand=(str(a), str(b)), marker=str(b), caption="What do you announce?"),
              detail={"stand": [str(a), str(b)]})


@KIT.kind("poker-settlement", "Settle the poker hand wagers", "poker-hands")
def poker_settlement(rng: random.Random) -> Question:
    """Settle a seat's poker hand wagers on the card that decides them (§(h)(2), §(h)(5))."""
    seat = picks.seat(rng, rules_data())
    if rng.random() < 0.3:
        first = rng.choice(CARD_SECTIONS).card
        stand = Stand((first,))
        wagers = [PAIR_IN_TWO]
        if rng.random() < 0.45:
            second = Card(first.rank, rng.choice("shdc"))
        else:
            second = rng.choice(CARD_SECTIONS).card
        decider = second
    else:
        a, b = _two_cards(rng)
        stand = Stand((a, b))
        offered = list(stand.offered())
        wagers = offered if len(offered) <= 3 else rng.sample(offered, rng.randint(2, 4))
        wagers = [w for w in offered if w in wagers]
        if rng.random() < 0.55:
            hits = [s.card for s in CARD_SECTIONS if any(poker_wins(w, (a, b, s.card)) for w in wagers)]
            decider = rng.choice(hits) if hits else rng.choice(CARD_SECTIONS).card
        else:
            decider = rng.choice(CARD_SECTIONS).card
    lay = default_layout()
    bets = [Bet(seat, lay.place(w), _amount(rng)) for w in wagers]
    x = Section(decider)
    settlement = settle_spin(stand, x, bets)
    results = settlement.seat(seat)
    fields = tuple(f"{r.bet.placement.label()} ({format_cents(r.bet.amount)})" for r in results)
    answer = settle_answer([wager_entry(r.result) for r in results])
    why = settlement.stand.describe() + " " + " ".join(r.result.describe() + "." for r in results)
    if len(stand.cards) == 2:
        why += " A straight wins whatever the suits; a straight flush also wins the straight and flush wagers."
        note = settlement_note(wagers)
        if note:
            why += " " + note
    cites = list(odds_citations())
    for r in results:
        cites.extend(r.result.rules)
    where = "second" if len(stand.cards) == 1 else "third"
    chips = tuple(ChipView(seat, r.bet.placement, r.bet.amount, highlight=True) for r in results)
    return _q("poker-settlement", "poker-hands",
              prompt=(f"The card stand held {cards_label(stand.cards)}; the {where} card is {card_label(decider)}. "
                      f"Settle seat {seat}'s poker hand wagers: collect or pay each (and how much)."),
              form=SETTLE, fields=fields, answer=answer, explanation=why, citations=_dedupe(cites),
              scene=PoketteScene(chips=chips, stand=tuple(str(c) for c in settlement.stand.cards), stand_new=True,
                                 marker=str(x), caption=f"{where.capitalize()} card: {card_label(decider)}"),
              detail={"stand": [str(c) for c in stand.cards], "winning_card": str(x)})


# ---------------------------------------------------------------- the wheel

DIRECTION = {1: "counterclockwise", -1: "clockwise"}
SIGN = {PREVIOUS: "The card previously passed is the winning card", VOID: "The spin is void and the wheel re-spun"}
NO_SPIN = "\"No spin\": re-spin"
VOID_RESPIN = "Void: re-spin"


def pose(spin: Spin, caption: str = "") -> WheelPose:
    return WheelPose(tuple(str(s) for s in wheel().order), float(spin.rest), spin.direction, caption)


@KIT.kind("clapper", "The clapper and \"No spin\"", "wheel")
def clapper(rng: random.Random) -> Question:
    """Where the clapper rests and what the dealer declares (§(g)(2), §(i)(1), §(i)(3))."""
    w = wheel()
    option = rng.choice((PREVIOUS, VOID))
    case = rng.choices(("between", "short", "valid"), weights=(5, 3, 2))[0]
    target = rng.choice(w.order)
    if case == "between":
        spin = spin_between(w, target, rng)
    elif case == "short":
        spin = short_spin(rng)
    else:
        spin = spin_to(w, target, rng)
    outcome = judge(w, spin, option)
    resting = outcome.resting
    if spin.between:
        where = f"between {resting[0].label()} and {resting[1].label()}, having passed {resting[0].label()} last"
    else:
        where = f"on {resting[0].label()}"
    options = [s.name().capitalize() for s in resting]
    if not spin.between:
        options += [s.name().capitalize() for s in w.neighbours(resting[0])[:2]]
    options += [NO_SPIN, VOID_RESPIN]
    if outcome.kind == "no-spin":
        answer = NO_SPIN
    elif outcome.kind == "void":
        answer = VOID_RESPIN
    else:
        answer = outcome.winner.name().capitalize()
    return _q("clapper", "wheel",
              prompt=(f"The wheel turned {DIRECTION[spin.direction]}, {revolutions_text(spin.revolutions)}, and the clapper rests "
                      f"{where}. The sign posted at your table: \"{SIGN[option]}\". What do you declare?"),
              form=CHOICE, options=tuple(dict.fromkeys(options)), answer=answer, explanation=outcome.explanation,
              citations=outcome.citations,
              scene=PoketteScene(wheel=pose(spin, f"Sign: {SIGN[option]}"), caption="Where does the clapper rest?"),
              detail={"case": case, "option": option, "travel": str(spin.travel), "rest": str(spin.rest),
                      "direction": spin.direction})


def _with_odds_ruling(kind: QuestionKind) -> QuestionKind:
    """The shared odds-wording kind, citing trainer ruling 21 beside §(f)(2) (the table it
    quotes is missing from the text) and saying so."""
    if not kind.id.endswith(".odds-wording"):
        return kind
    make = kind.make

    def generate(rng: random.Random) -> Question:
        q = make(rng)
        cites = list(q.citations)
        at = cites.index(odds_citations()[0]) + 1 if odds_citations()[0] in cites else len(cites)
        cites.insert(at, ruling(21))
        return replace(q, citations=_dedupe(cites),
                       explanation=q.explanation + " The table of §(f)(2) is missing from the text: its odds are "
                                                   "those of pokette-payouts.md (trainer ruling 21).")

    return replace(kind, make=generate)


KINDS = KIT.kinds(
    winning_wager, valid_placement, seat_payout, announcement, poker_settlement, clapper,
) + tuple(_with_odds_ruling(k) for k in data_kinds(GAME_ID, rules_data, procedures_skill="procedures",
                                                 irregularities_skill="irregularities", wagers_skill="wagers",
                                                 wording_section="(f)(1)"))

__all__ = ["SKILLS", "KINDS", "announcement_variants", "near_losers", "pose", "wager_list_text"]
