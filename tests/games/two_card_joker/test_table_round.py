"""Table mode for Two Card Joker Poker: the round as the rules order it (§4, §7-§10), every
amount from the settlement module, each mistake class caught, and watch mode."""

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.table_mode_support import watch_to_the_end
from trainer.core.cards import parse_cards, standard_deck
from trainer.core.settlement import LOSE, PUSH, WIN
from trainer.games.two_card_joker.analysis import base_game
from trainer.games.two_card_joker.dealing import AUTOMATED_SHOE, HAND, MANUAL_SHOE
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data
from trainer.games.two_card_joker.settlement import (
    CALL,
    FOLD,
    HouseOptions,
    SeatWagers,
    settle_round,
)
from trainer.games.two_card_joker.table_round import (
    HOUSE_OPTIONS,
    WEAKEST_CALL,
    Player,
    build_round,
    decide,
    script_for,
    watch_mistakes,
)
from trainer.training.table_mode import games
from trainer.core.table.actions import ANNOUNCE, CLEAR, COLLECT, COVER, CUT, DEAL, DEALER, OFFER, PAY, REVEAL
from trainer.training.table_mode.actions import (
    EXTRA_CHIPS, WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP, Attempt,
)
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.core.table.levels import level, levels
from trainer.core.table.script import RoundConfig
from trainer.core.table.script import REFER_REMEDY
from trainer.training.table_mode.watch import WatchRound

CITES_GAME = re.compile(r"^Two Card Joker Poker §\d")
ALL_OPTIONS = [dict(zip([o.key for o in HOUSE_OPTIONS], values, strict=True))
               for values in itertools.product(*(o.choices for o in HOUSE_OPTIONS))]


def config(seed=1, lv="practice", **options) -> RoundConfig:
    return RoundConfig(GAME_ID, seed, level(lv), options)


def stacked(cards: str) -> list:
    """The deck with ``cards`` on top, in that order, the rest after them."""
    top = list(parse_cards(cards))
    rest = [c for c in standard_deck(jokers=2) if c not in top]
    jokers = sum(1 for c in top if c.is_joker)
    rest = [c for c in rest if not c.is_joker] + [c for c in standard_deck(jokers=2 - jokers) if c.is_joker]
    return top + rest


def steps(script):
    return [(a.verb, a.seat, a.spot) for a in script.actions]


def settle_independently(script):
    """``settle_round`` on the round as the table shows it: wagers before the deal, the
    cards each DEAL put down, the decision each OFFER got."""
    hands = {}
    for a in script.actions:
        if a.verb == DEAL:
            hands.setdefault(a.seat, []).extend(parse_cards([e.card for e in a.effects if e.kind == "card"]))
    decided = {a.seat: CALL if "calls" in a.response else FOLD for a in script.actions if a.verb == OFFER}
    seats = [SeatWagers(v.seat, tuple(hands[v.seat]), v.wager("ante"), v.wager("pair_up"), v.wager("super_flush"),
                        decided.get(v.seat)) for v in script.scenes[0].seats if v.occupied]
    return settle_round(hands[DEALER], seats, HouseOptions(script.options["pair_up_table"]))


# ---------------------------------------------------------------- options and strategy

def test_house_options_come_from_the_game_data():
    data = rules_data()
    by_key = {o.key: o for o in HOUSE_OPTIONS}
    assert set(by_key) == {"dealing_method", "pair_up_table", "shuffle"}
    for key in ("dealing_method", "pair_up_table"):
        assert by_key[key].choices == tuple(data.house_options[key].choices)
        assert by_key[key].default == data.house_options[key].default
    assert by_key["dealing_method"].choices == (MANUAL_SHOE, HAND, AUTOMATED_SHOE)
    assert by_key["pair_up_table"].citation == "Two Card Joker Poker §11(d)"
    assert by_key["shuffle"].citation.startswith("Two Card Joker Poker §4")
    assert games.house_options(GAME_ID) == HOUSE_OPTIONS
    with pytest.raises(ValueError):
        games.build_round(config(pair_up_table="4"))


def test_strategy_is_the_analysis_one():
    assert base_game()["weakest_call"] == WEAKEST_CALL.describe().lower()
    assert decide(parse_cards("Qc 5d")) == CALL
    assert decide(parse_cards("Qc 4d")) == FOLD
    assert decide(parse_cards("7h 2h")) == CALL  # a flush is above any high card
    assert decide(parse_cards("JK 2c")) == CALL


# ---------------------------------------------------------------- determinism

def test_the_same_seed_replays_the_round_exactly():
    for opts in ({}, {"dealing_method": AUTOMATED_SHOE}):
        a, b = build_round(config(7, **opts)), build_round(config(7, **opts))
        assert steps(a) == steps(b) and a.actions == b.actions
        assert a.players == b.players and a.summary == b.summary and a.scenes == b.scenes
    summaries = {build_round(config(seed)).summary for seed in range(10)}
    assert len(summaries) == 10


# ---------------------------------------------------------------- every round is dealt as the rules say

def _check_structure(script, opts):
    acts = script.actions
    method = script.options["dealing_method"]
    cut = script.options["shuffle"] == "manual"
    assert cut == (opts.get("shuffle", "manual") == "manual" and method != HAND)
    assert [a.verb for a in acts[:2 if cut else 1]] == ([CUT, ANNOUNCE] if cut else [ANNOUNCE])
    seats = [v.seat for v in script.scenes[0].seats if v.occupied]
    deals = [a for a in acts if a.verb == DEAL]
    assert all(a.face_up is False for a in deals)
    cards = {}
    for a in deals:
        cards[a.seat] = cards.get(a.seat, 0) + sum(e.kind == "card" for e in a.effects)
    assert cards == {**{s: 2 for s in seats}, DEALER: 2}
    order = [a.seat for a in deals]
    if method == AUTOMATED_SHOE:
        assert order == seats + [DEALER]
        i = next(i for i, a in enumerate(acts) if a.verb == COVER)
        assert acts[i + 1].verb == DEAL and acts[i + 1].seat == DEALER  # §9(c): cover on the stack, then delivered
    else:
        assert order == (seats + [DEALER]) * 2
    assert sum(a.verb == COVER for a in acts) == 1
    stub = next(i for i, a in enumerate(acts) if a.verb == CLEAR and a.spot == "stub")
    assert acts[stub - 1].verb == DEAL and all(a.verb != DEAL for a in acts[stub:])  # §7(e), §8(d), §9(d)
    offers = [a.seat for a in acts if a.verb == OFFER]
    assert offers == sorted(offers) and all(a.verb == OFFER for a in acts[stub + 1:stub + 1 + len(offers)])
    reveal = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    bonus_pass = acts[stub + 1 + len(offers):reveal]
    ante_pass = acts[reveal + 1:-1]
    for part in (bonus_pass, ante_pass):
        order = [a.seat for a in part]
        assert order == sorted(order, reverse=True)  # from the dealer's right, counterclockwise
    folded = {a.seat for a in acts if a.verb == OFFER and "folds" in a.response}
    called = set(offers) - folded
    assert all(a.verb == REVEAL or a.spot in ("pair_up", "super_flush")
               or (a.seat in folded and a.spot in ("ante", None)) for a in bonus_pass)
    assert {a.seat for a in bonus_pass if a.verb == CLEAR} == folded
    assert all(a.verb == REVEAL or a.spot in ("ante", "call") or a.verb == CLEAR for a in ante_pass)
    assert {a.seat for a in ante_pass if a.verb == CLEAR} == called
    assert (acts[-1].verb, acts[-1].seat) == (CLEAR, DEALER)


def test_every_round_deals_clean_at_every_level_and_option():
    for lv in levels():
        for opts in ALL_OPTIONS:
            for seed in range(4):
                script = games.build_round(config(seed, lv.id, **opts))
                assert len(script.scenes) == len(script.actions) + 1
                for a in script.actions:
                    assert any(CITES_GAME.match(c) for c in a.citations), a
                    assert a.text
                    if a.verb == DEAL:
                        assert a.face_up is not None
                _check_structure(script, opts)
                r = DealerRound(script, lv)
                while not r.finished:
                    assert r.perform_next(elapsed_ms=500).accepted
                assert r.record.clean and r.record.completed
                assert len(r.results) == len(script.actions) and all(x.correct for x in r.results)


def test_side_bets_follow_the_level():
    for seed in range(30):
        learn = build_round(config(seed, "learn"))
        assert all(v.wager("ante") and not v.wager("pair_up") and not v.wager("super_flush")
                   for v in learn.scenes[0].seats if v.occupied)
        assert 1 <= sum(v.occupied for v in learn.scenes[0].seats) <= 2
    ready = [build_round(config(seed, "table-ready")) for seed in range(30)]
    assert any(v.wager("pair_up") for s in ready for v in s.scenes[0].seats)
    assert any(v.wager("super_flush") for s in ready for v in s.scenes[0].seats)
    assert all(5 <= sum(v.occupied for v in s.scenes[0].seats) <= 6 for s in ready)


# ---------------------------------------------------------------- exact rounds from a stacked deck

def manual_round():
    """Manual shoe after a hand shuffle, Pair Up Table 2. Seat 1 holds a royal flush with Pair
    Up, seat 3 folds a seven high with Super Flush, seat 5 calls queen-six and loses to the
    dealer's queen-nine."""
    players = [Player(1, ante=1_000, pair_up=500), Player(3, ante=2_500, super_flush=100), Player(5, ante=500)]
    deck = stacked("Ah 7c Qc Qs Kh 2d 6s 9d")
    return script_for(config(11, "guided", pair_up_table="2"), players, deck), players


def test_manual_shoe_round_exactly():
    script, players = manual_round()
    assert steps(script) == [
        (CUT, None, None), (ANNOUNCE, None, None),
        (DEAL, 1, None), (DEAL, 3, None), (DEAL, 5, None), (DEAL, DEALER, None), (COVER, DEALER, None),
        (DEAL, 1, None), (DEAL, 3, None), (DEAL, 5, None), (DEAL, DEALER, None), (CLEAR, None, "stub"),
        (OFFER, 1, None), (OFFER, 3, None), (OFFER, 5, None),
        # §10(c) from the dealer's right: seat 3's Super Flush, folded ante and cards; seat 1's Pair Up
        (REVEAL, 3, None), (COLLECT, 3, "super_flush"), (COLLECT, 3, "ante"), (CLEAR, 3, None),
        (REVEAL, 1, None), (PAY, 1, "pair_up"),
        (REVEAL, DEALER, None),
        # §10(d): seat 5 revealed and collected, seat 1 (revealed already) paid; each seat's cards picked up
        (REVEAL, 5, None), (COLLECT, 5, "ante"), (COLLECT, 5, "call"), (CLEAR, 5, None),
        (PAY, 1, "ante"), (PAY, 1, "call"), (CLEAR, 1, None),
        (CLEAR, DEALER, None),
    ]
    acts = script.actions
    assert [a.response for a in acts if a.verb == OFFER] == [
        "Seat 1 calls $10.00", "Seat 3 folds", "Seat 5 calls $5.00"]
    assert acts[5].group == acts[6].group == "dealer-cover"  # §7(d)(2): the card and its cover card, either order
    assert [a.citations[0] for a in acts[2:11]] == ["Two Card Joker Poker §7(d)(1)"] * 3 + [
        "Two Card Joker Poker §7(d)(2)"] * 2 + ["Two Card Joker Poker §7(d)(3)"] * 3 + ["Two Card Joker Poker §7(d)(4)"]
    assert acts[0].citations[0] == "Two Card Joker Poker §4(b)(2)"
    assert acts[1].citations[0] == "Two Card Joker Poker §7(b)"
    pays = {(a.seat, a.spot): a.amount for a in acts if a.verb == PAY}
    assert pays == {(1, "pair_up"): 12_500, (1, "ante"): 1_000, (1, "call"): 5_000}  # Table 2: 25 to 1; call 5 to 1
    settled = settle_round(parse_cards("Qs 9d"), [
        SeatWagers(1, parse_cards("Ah Kh"), 1_000, pair_up=500, decision=CALL),
        SeatWagers(3, parse_cards("7c 2d"), 2_500, super_flush=100, decision=FOLD),
        SeatWagers(5, parse_cards("Qc 6s"), 500, decision=CALL)], HouseOptions("2"))
    assert pays == {(s.seat, r.wager): r.net for s in settled.seats for r in s.results if r.result == WIN}
    assert [a.group for a in acts if a.seat in (1, 5) and a.spot in ("ante", "call")] == [
        "settle-5", "settle-5", "settle-1", "settle-1"]
    assert script.summary[0].startswith("Dealer: Q♠ 9♦, queen high (queen-nine) — qualifies")
    assert script.summary[1].startswith("Seat 1: A♥ K♥, royal flush (called)")
    assert script.summary[2].startswith("Seat 3: 7♣ 2♦, seven high (seven-two) (folded)")
    assert script.summary[3].startswith("Seat 5: Q♣ 6♠, queen high (queen-six) (called)")
    assert script.players == ("Seat 1: Ante $10.00, Pair Up $5.00", "Seat 3: Ante $25.00, Super Flush $1.00",
                              "Seat 5: Ante $5.00")
    # the table: the fold keeps the cards until the §10(c)(2) collection; the payouts show beside the wagers
    assert script.scenes[14].seat(3).note == "folds" and len(script.scenes[14].seat(3).cards) == 2
    assert acts[17].group == acts[18].group == "fold-3"  # §10(c)(2): the ante and the cards, either first
    assert script.scenes[19].seat(3).cards == () and script.scenes[19].seat(3).wagers == ()
    assert script.scenes[22].dealer_cards[0].face_up and not script.scenes[22].dealer_cover_card
    assert acts[11].text == "Place the stub from the shoe in the discard rack without exposing it"
    assert acts[11].citations == ("Two Card Joker Poker §7(e)",)
    assert acts[25].citations[0] == "Two Card Joker Poker §10(d)(2)(iv)"
    assert script.scenes[-2].seat(1).wager("call") == 6_000


def test_automated_shoe_round_exactly():
    """Stacks of two; the dealer's jack high does not qualify: antes paid 1 to 1 with no
    reveal, calls returned; a bonus-only player is settled in the §10(c) pass."""
    players = [Player(2, pair_up=500), Player(4, ante=1_000), Player(6, ante=1_000, super_flush=500)]
    deck = stacked("JK 9h Kd 8c As 5s Jc 4d")
    script = script_for(config(3, shuffle="automated", dealing_method=AUTOMATED_SHOE), players, deck)
    assert steps(script) == [
        (ANNOUNCE, None, None), (DEAL, 2, None), (DEAL, 4, None), (DEAL, 6, None), (COVER, DEALER, None),
        (DEAL, DEALER, None), (CLEAR, None, "stub"), (OFFER, 4, None), (OFFER, 6, None),
        (REVEAL, 6, None), (PAY, 6, "super_flush"), (REVEAL, 2, None), (PAY, 2, "pair_up"),
        (REVEAL, DEALER, None), (PAY, 6, "ante"), (CLEAR, 6, None), (PAY, 4, "ante"), (CLEAR, 4, None),
        (CLEAR, DEALER, None),
    ]
    acts = script.actions
    assert acts[0].citations[0] == "Two Card Joker Poker §9(b)(2)"
    assert acts[15].citations[0] == "Two Card Joker Poker §10(d)(1)(iii)"
    assert all(a.citations[0] == "Two Card Joker Poker §9(c)" for a in acts[1:6])
    assert [e.card for e in acts[1].effects] == ["JK", "9h"] and "stack" in acts[1].text
    assert [a.amount for a in acts if a.verb == PAY] == [1_500, 500, 1_000, 1_000]  # ace high flush 3 to 1
    assert script.summary[0].endswith("does not qualify (below queen high)")
    assert "pair of nines (no ante)" in script.summary[1]
    r = DealerRound(script, level("guided"))
    for _ in range(14):
        r.perform_next()
    out = r.attempt(Attempt(PAY, 4, "ante", chips=((500, 2),)))  # §10(d): from the dealer's right, seat 6 first
    assert out.mistake.kind == WRONG_POSITION and "Two Card Joker Poker §11(b)(1)" in out.mistake.citations


def test_hand_dealt_round_has_no_cut_and_a_tie_is_returned():
    players = [Player(1, ante=500)]
    script = script_for(config(5, "learn", dealing_method=HAND, shuffle="manual"), players, stacked("Kh Kd 7c 7s"))
    assert script.options["shuffle"] == "automated"  # §8(b)(1)
    assert steps(script) == [
        (ANNOUNCE, None, None), (DEAL, 1, None), (DEAL, DEALER, None), (COVER, DEALER, None), (DEAL, 1, None),
        (DEAL, DEALER, None), (CLEAR, None, "stub"), (OFFER, 1, None), (REVEAL, DEALER, None), (REVEAL, 1, None),
        (CLEAR, 1, None), (CLEAR, DEALER, None)]
    assert script.actions[0].citations[0] == "Two Card Joker Poker §8(b)(3)"
    assert script.actions[6].citations == ("Two Card Joker Poker §8(d)",)
    assert script.actions[9].citations == ("Two Card Joker Poker §10(d)(2)(i)",)
    assert "is a push" in script.summary[1]


def test_the_stub_is_counted_every_fifth_round():
    players = [Player(1, ante=1_000), Player(3, ante=500), Player(5, ante=500)]
    for n, counted in ((4, False), (5, True), (10, True)):
        cfg = RoundConfig(GAME_ID, 1, level("guided"), {"dealing_method": AUTOMATED_SHOE}, round_number=n)
        stub = next(a for a in script_for(cfg, players, stacked("")).actions if a.spot == "stub")
        assert ("46 cards" in stub.text) is counted  # 54 less two cards to each of three players and the dealer
        assert ("Two Card Joker Poker §9(e)" in stub.citations) is counted
        assert stub.citations[0] == "Two Card Joker Poker §9(d)"


# ---------------------------------------------------------------- money

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), lv=st.sampled_from([lv.id for lv in levels()]),
       opts=st.sampled_from(ALL_OPTIONS))
def test_pay_and_collect_equal_the_settlement(seed, lv, opts):
    script = build_round(config(seed, lv, **opts))
    settled = settle_independently(script)
    results = {(s.seat, r.wager): r for s in settled.seats for r in s.results}
    paid = {(a.seat, a.spot): a.amount for a in script.actions if a.verb == PAY}
    collected = {(a.seat, a.spot) for a in script.actions if a.verb == COLLECT}
    assert paid == {k: r.net for k, r in results.items() if r.result == WIN}
    assert collected == {k for k, r in results.items() if r.result == LOSE}
    assert all(a.payout for a in script.actions if a.verb == PAY)
    assert not any(k in paid or k in collected for k, r in results.items() if r.result == PUSH)
    house = sum(results[k].amount for k in collected) - sum(paid.values())
    assert house == settled.house_net


# ---------------------------------------------------------------- the trainee's mistakes

def test_each_mistake_class_is_stopped_counted_and_explained():
    script, _ = manual_round()
    r = DealerRound(script, level("guided"))
    out = r.attempt(Attempt(ANNOUNCE))  # the cut comes first after a hand shuffle
    assert out.mistake.kind == WRONG_STEP and "Two Card Joker Poker §4(b)(2)" in out.mistake.citations
    r.perform_next()
    r.perform_next()
    out = r.attempt(Attempt(DEAL, 3, face_up=False))  # seat 1 is first
    assert out.mistake.kind == WRONG_POSITION and "§7(d)(1)" in out.mistake.citations[0]
    out = r.attempt(Attempt(DEAL, 1, face_up=True))
    assert out.mistake.kind == WRONG_FACE and "face down" in out.mistake.explanation
    for _ in range(3):
        r.perform_next()
    assert r.attempt(Attempt(COVER, DEALER)).accepted  # the cover card before the dealer's card: either order
    assert r.attempt(Attempt(DEAL, DEALER, face_up=False)).accepted
    while r.next_action().verb != OFFER:
        r.perform_next()
    out = r.attempt(Attempt(OFFER, 5))  # §10(b): from the dealer's left
    assert out.mistake.kind == WRONG_POSITION and out.mistake.citations == ("Two Card Joker Poker §10(b)",)
    while r.next_action().verb != PAY:
        r.perform_next()
    out = r.attempt(Attempt(PAY, 1, "pair_up", chips=((2_500, 1),)))  # 1 to 1, not Table 2's 25 to 1
    assert out.mistake.kind == WRONG_AMOUNT and "$125.00" in out.mistake.explanation
    assert "Two Card Joker Poker §11(d)" in out.mistake.citations
    out = r.attempt(Attempt(PAY, 1, "pair_up", chips=((2_500, 5),)))  # right amount, 5 chips for 2
    assert out.accepted and "2" in out.note
    r.perform_next()  # the dealer's reveal
    out = r.attempt(Attempt(PAY, 1, "ante", chips=((500, 2),)))  # §10(d): seat 5 is revealed and settled first
    assert out.mistake.kind == WRONG_STEP and out.mistake.citations == ("Two Card Joker Poker §10(d)(2)(i)",)
    while not r.finished:
        r.perform_next()
    rec = r.record
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (5, 1, 1)
    assert [m["kind"] for m in rec.mistakes] == [WRONG_STEP, WRONG_POSITION, WRONG_FACE, WRONG_POSITION,
                                                 WRONG_AMOUNT, EXTRA_CHIPS, WRONG_STEP]
    assert all(any(CITES_GAME.match(c) for c in m["citations"]) for m in rec.mistakes)
    assert rec.completed and not rec.clean


def test_settling_a_seat_in_either_order():
    script, _ = manual_round()
    r = DealerRound(script, level("guided"))
    while (r.next_action().verb, r.next_action().seat, r.next_action().spot) != (PAY, 1, "ante"):
        r.perform_next()
    assert r.attempt(Attempt(PAY, 1, "call", chips=((2_500, 2),))).accepted  # the call before the ante
    assert r.attempt(Attempt(PAY, 1, "ante", chips=((500, 2),))).accepted
    assert r.scene().seat(1).wager("call") == 6_000


# ---------------------------------------------------------------- watch mode

def _remedy_pairs():
    return {(i.outcome, i.citation) for i in rules_data().irregularities}


def test_watch_candidates_are_valid():
    kinds = set()
    for lv in levels():
        for opts in ALL_OPTIONS[::3]:
            for seed in range(5):
                script = build_round(config(seed, lv.id, **opts))
                for m in watch_mistakes(script, random.Random(seed)):
                    kinds.add(m.kind)
                    assert 0 <= m.index < len(script.actions)
                    assert CITES_GAME.match(m.rule_citation) and CITES_GAME.match(m.remedy_citation)
                    assert m.rule and m.performed.text and m.performed.text != script.actions[m.index].text
                    if m.remedy == REFER_REMEDY:
                        assert "no " in m.remedy_citation  # says that no remedy is written
                    else:
                        assert (m.remedy, m.remedy_citation) in _remedy_pairs()
                    assert m.remedy in script.irregular_remedies or m.remedy == REFER_REMEDY
                    assert script.render(script.actions[:m.index] + [m.performed]) is not None
    assert kinds == {"missed-cut", "card-exposed", "dealer-exposed", "cover-forgotten", "wrong-order",
                     "early-reveal", "wrong-payout", "wrong-wager-paid"}


def test_watch_mistakes_of_a_known_round():
    script, _ = manual_round()
    found = watch_mistakes(script, random.Random(0))
    by = {(m.kind, m.index): m for m in found}
    exposed = by[("card-exposed", 2)]
    assert exposed.performed.text == "Deals seat 1's card face up"
    assert exposed.rule_citation == "Two Card Joker Poker §7(d)(5)"
    assert exposed.remedy == REFER_REMEDY and exposed.remedy_citation.startswith("Two Card Joker Poker §12")
    assert script.render(script.actions[:2] + [exposed.performed]).seat(1).cards[0].face_up
    order = by[("wrong-order", 2)]
    assert order.performed.seat == 3 and order.remedy_citation == "Two Card Joker Poker §12(b)"
    assert by[("dealer-exposed", 5)].remedy == "All hands are void; reshuffle the cards"
    assert by[("missed-cut", 0)].rule_citation == "Two Card Joker Poker §4(b)(2)"
    assert by[("early-reveal", 15)].performed.seat == DEALER and not by[("early-reveal", 15)].replaces
    pay = by[("wrong-payout", 20)]
    # Table 1's 20 to 1, Table 3's 30 to 1, the lines above and below (50 and 4 to 1), 1 to 1
    assert pay.performed.amount in (10_000, 15_000, 25_000, 2_000, 500)
    assert pay.performed.amount != 12_500 and pay.rule_citation == "Two Card Joker Poker §11(d)"
    assert by[("wrong-order", 12)].performed.seat == 3  # seat 3 asked before seat 1
    assert by[("wrong-order", 15)].performed.text == "Reveals seat 1's cards before seat 3's"  # §10(c) reversed
    assert by[("wrong-order", 15)].rule_citation == "Two Card Joker Poker §10(c)"


def test_watch_round_caught_and_missed():
    for seed in range(12):
        opts = ALL_OPTIONS[seed % len(ALL_OPTIONS)]
        w = games.watch_round(config(seed, "practice", **opts))
        assert isinstance(w, WatchRound) and w.mistakes
        watch_to_the_end(w)
        rec = w.record
        assert rec.caught == rec.mistakes_made == len(w.mistakes) and rec.missed_calls == rec.false_calls == 0
        assert rec.rule_named == rec.remedy_named == rec.caught and rec.completed

        passed = games.watch_round(config(seed, "practice", **opts))
        while not passed.finished:
            passed.proceed()
        assert passed.record.missed_calls == passed.record.mistakes_made > 0 and passed.record.caught == 0


def test_a_false_alarm_counts():
    w = games.watch_round(config(2, "guided"))
    while w.current().mistake is not None:
        w.proceed()
    caught, msg = w.stop()
    assert not caught and w.record.false_calls == 1 and "Two Card Joker Poker §" in msg


# ---------------------------------------------------------------- trainer ruling 6

def _flush_ranks(cards):
    """(higher, lower) ranks of a two-card flush read straight from the cards (suited, no
    joker, not consecutive, the ace also low with a two, not ace-king), else None."""
    a, b = cards
    if a.is_joker or b.is_joker or a.suit != b.suit or a.rank == b.rank:
        return None
    hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
    if hi - lo == 1 or (hi, lo) == (14, 2) or (hi, lo) == (14, 13):
        return None
    return hi, lo


def _turns_on_lowest_flush(player, dealer):
    """Whether §5(b)(6) ("ace-three the lowest flush") and §5(c) (an ace-three flush above
    every flush without an ace) rank these two hands differently: an ace-three flush
    against a flush without an ace."""
    p, d = _flush_ranks(player), _flush_ranks(dealer)
    if p is None or d is None:
        return False
    return (p == (14, 3) and d[0] != 14) or (d == (14, 3) and p[0] != 14)


def _called_contests(script):
    """(player's cards, dealer's cards) of every hand settled against the dealer's."""
    hands = {}
    for a in script.actions:
        if a.verb == DEAL:
            hands.setdefault(a.seat, []).extend(parse_cards([e.card for e in a.effects if e.kind == "card"]))
    called = [a.seat for a in script.actions if a.verb == OFFER and "calls" in a.response]
    return [(hands[s], hands[DEALER]) for s in called]


def test_the_independent_check_finds_the_ace_three_flush():
    assert _turns_on_lowest_flush(parse_cards("9h Jh"), parse_cards("As 3s"))
    assert _turns_on_lowest_flush(parse_cards("Ad 3d"), parse_cards("4h 7h"))
    assert not _turns_on_lowest_flush(parse_cards("Ah 7h"), parse_cards("As 3s"))  # ace-seven is higher either way
    assert not _turns_on_lowest_flush(parse_cards("9h Jd"), parse_cards("As 3s"))  # no flush against it


@pytest.mark.parametrize("seed", [164, 331, 1020])
def test_reported_rounds_no_longer_turn_on_ruling_6(seed):
    """Table-ready rounds 164, 331 and 1020 graded an ace-three flush against a nine-jack,
    seven-four and king-five flush (trainer ruling 6: no question turns on it)."""
    for opts in ({}, {"dealing_method": AUTOMATED_SHOE, "shuffle": "automated"}):
        script = games.build_round(config(seed, "table-ready", **opts))
        assert not any(_turns_on_lowest_flush(p, d) for p, d in _called_contests(script))
        w = games.watch_round(config(seed, "table-ready", **opts))
        assert not any(_turns_on_lowest_flush(p, d) for p, d in _called_contests(w.script))


def test_no_round_turns_on_the_lowest_flush():
    """Trainer ruling 6, over many seeds at every level and house option: no round (dealt
    or watched, the same script) settles a call on an ace-three flush against a flush
    without an ace."""
    found = 0
    for lv in levels():
        for seed in range(300):
            opts = ALL_OPTIONS[seed % len(ALL_OPTIONS)]
            script = games.build_round(config(seed, lv.id, **opts))
            contests = _called_contests(script)
            assert not any(_turns_on_lowest_flush(p, d) for p, d in contests), (lv.id, seed, opts)
            found += sum(1 for p, d in contests if _flush_ranks(p) and _flush_ranks(d))
    assert found > 20  # flush against flush still comes up


# ---------------------------------------------------------------- cards in prose (issue 12)

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][shdc]|JK)\b")


def test_table_mode_texts_write_cards_not_codes():
    """Every text of a round (actions, responses, notes, summary, watch mistakes) writes a
    card as A♠ or 10♦, never as its code."""
    texts = []
    for lv in levels():
        for seed in range(12):
            opts = ALL_OPTIONS[seed % len(ALL_OPTIONS)]
            script = build_round(config(seed, lv.id, **opts))
            texts += list(script.summary) + list(script.players) + list(script.option_lines)
            for a in script.actions:
                texts += [a.text, a.response] + [e.text for e in a.effects if e.text]
            for m in watch_mistakes(script, random.Random(seed)):
                texts += [m.performed.text, m.rule, m.remedy, m.remedy_citation]
    assert not [t for t in texts if t and CARD_CODE.search(t)]
    assert any("♠" in t or "♥" in t or "♦" in t or "♣" in t for t in texts)


def test_a_deliberate_early_reveal_is_referred_to_the_floor_supervisor():
    """§12(d) voids the hands when the dealer's cards are *inadvertently* exposed; revealing
    them on purpose before the §10(c) pass is not written: refer to floor supervisor."""
    script, _ = manual_round()
    early = [m for m in watch_mistakes(script, random.Random(0)) if m.kind == "early-reveal"]
    assert len(early) == 1
    m = early[0]
    assert m.rule_citation == "Two Card Joker Poker §10(d)"
    assert m.remedy == REFER_REMEDY
    assert m.remedy_citation.startswith("Two Card Joker Poker §12 (no provision")
    assert "12(d)" not in m.remedy_citation
    # the inadvertent exposure while dealing keeps §12(d)'s remedy
    dealt_up = next(m for m in watch_mistakes(script, random.Random(0)) if m.kind == "dealer-exposed")
    assert (dealt_up.remedy, dealt_up.remedy_citation) == ("All hands are void; reshuffle the cards",
                                                           "Two Card Joker Poker §12(d)")
