"""Table mode for Winner's Pot Poker (trainer/games/winners_pot/table_round.py): the round
as a script of dealer actions driven by the game's ``Round``, graded by ``DealerRound``;
its money against ``pot.py``; watch mode's mistakes and their remedies (§12)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.table_mode_support import watch_to_the_end
from trainer.core.cards import card_label, parse_cards, standard_deck
from trainer.core.settlement import LOSE, WIN
from trainer.games.winners_pot import table_round as T
from trainer.games.winners_pot.dealing import DEALER, METHODS, deal_order
from trainer.games.winners_pot.pot import (
    BET,
    DOUBLE,
    FOLD,
    POT,
    HouseOptions,
    award_pot,
)
from trainer.games.winners_pot.round import BET_ROUND
from trainer.games.winners_pot.rules_data import rules_data
from trainer.games.winners_pot.table import NO_BUTTON, WinnersPotScene
from trainer.core.table.actions import ANNOUNCE, BURN, BUTTON, CLEAR, COLLECT, CUT, DEAL, OFFER, PAY, REVEAL
from trainer.training.table_mode.actions import (
    EXTRA_CHIPS, WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP, Attempt, attempt_for,
)
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.training.table_mode.games import build_round, house_options, watch_round
from trainer.core.table.levels import level, levels
from trainer.core.table.script import RoundConfig
from trainer.core.table.script import REFER_REMEDY
from trainer.training.table_mode.watch import WatchRound

GAME = "Winner's Pot Poker §"
OPTIONS = HouseOptions(commission_bp=500, commission_fixed=1000)


def stacked(text):
    """A deck whose top cards are ``text`` (in dealing order), then the rest."""
    top = list(parse_cards(text))
    return tuple(top + [c for c in standard_deck() if c not in top])


def by_seat(decisions):
    """A policy: seat -> (decision after three cards, decision after four)."""
    def policy(rng, rnd, seat):
        first, second = decisions[seat]
        return first if rnd.phase == BET_ROUND else second
    return policy


# Round 1, button before the dealer: the deal goes seat 2, seat 5, the dealer.
# burn; first cards; second cards; third (up) cards; burn; fourth; burn; fifth (seat 5 folded after four)
WIN_DECK = stacked("2c  As 7c Qs  Ah 8d Qh  Kd 9s 5d  3c  Kc 2s 6c  4c  2d 3h")
WIN_PLAY = by_seat({2: (BET, DOUBLE), 5: (BET, FOLD)})
# seat 2 and the dealer tie with nine-high straights; seat 5 folds after three cards
TIE_DECK = stacked("Ac  5s 2c 5h  6h 3d 6d  7d Jh 7c  Ad  8c 8s  Ah  9s 9h")
TIE_PLAY = by_seat({2: (BET, DOUBLE), 5: (FOLD, None)})


def script_of(deck, policy, *, method="manual-shoe", shuffle=T.MANUAL_SHUFFLE, round_number=1, options=OPTIONS,
              jacks_plus=((2, 500), (5, 0)), ante=1000):
    setup = T.RoundSetup(ante, jacks_plus, deck, method, shuffle, options, round_number)
    return T.script_for(setup, random.Random(0), seed=1, level_id="guided", policy=policy)


def config(seed=1, lv="practice", round_number=1, **options):
    return RoundConfig("winners-pot", seed, level(lv), options, round_number)


def play_clean(script, lv="practice"):
    r = DealerRound(script, level(lv))
    while not r.finished:
        out = r.perform_next(elapsed_ms=500)
        assert out.accepted, out.mistake
    return r


def positions(script, verb, **where):
    return [(a.seat, a.face_up) if verb == DEAL else a.seat for a in script.actions
            if a.verb == verb and all(getattr(a, k) == v for k, v in where.items())]


# ---------------------------------------------------------------------------- options, determinism
def test_house_options_are_the_games_with_their_sections():
    specs = {o.key: o for o in house_options("winners-pot")}
    assert set(specs) == {"dealing_method", "shuffle", "commission_percent", "commission_fixed"}
    assert specs["dealing_method"].choices == METHODS
    for spec in specs.values():
        assert spec.default in spec.choices and GAME in spec.citation
        assert len(spec.labels) == len(spec.choices)
    assert specs["commission_percent"].label("2.5") == "2.5%"
    assert specs["commission_fixed"].label("2500") == "$25.00"
    opts = T.house_options_of({"commission_percent": "2.5", "commission_fixed": "2500"})
    assert (opts.percent_bp, opts.fixed) == (250, 2500)
    with pytest.raises(ValueError):
        build_round(config(commission_percent="12"))


def test_the_same_config_gives_the_same_round_and_seeds_differ():
    a, b = build_round(config(7)), build_round(config(7))
    assert [x.text for x in a.actions] == [x.text for x in b.actions]
    assert a.scenes == b.scenes and a.summary == b.summary and a.players == b.players
    assert [x.text for x in build_round(config(8)).actions] != [x.text for x in a.actions]
    ma = T.watch_mistakes(a, random.Random(1))
    mb = T.watch_mistakes(b, random.Random(2))
    assert [(m.kind, m.index, m.performed.text) for m in ma] == [(m.kind, m.index, m.performed.text) for m in mb]


VARIANTS = [{}] + [{spec.key: choice} for spec in T.HOUSE_OPTIONS for choice in spec.choices if choice != spec.default]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
@pytest.mark.parametrize("lv", [lv.id for lv in levels()])
def test_every_level_and_house_option_deals_clean(lv, options):
    for seed in range(4):
        script = build_round(config(seed, lv, round_number=seed + 1, **options))
        r = play_clean(script, lv)
        assert r.record.clean and r.record.completed and r.record.procedure_errors == r.record.payout_errors == 0
        assert len(script.scenes) == len(script.actions) + 1
        assert all(isinstance(s, WinnersPotScene) for s in script.scenes)
        for a in script.actions:
            assert any(c.startswith(GAME) for c in a.citations), a
            assert a.text
            if a.verb == DEAL:
                assert a.face_up is not None
            if a.verb == PAY:
                assert a.payout and a.amount > 0
        verbs = [a.verb for a in script.actions]
        cut = script.options["shuffle"] == T.MANUAL_SHUFFLE
        assert (verbs[0] == CUT) == cut and verbs.count(CUT) == int(cut)
        assert verbs.count(BUTTON) == 1 and verbs[verbs.index(BUTTON) - 1] == ANNOUNCE
        assert verbs[-1] == CLEAR and script.scenes[-1].pot == 0
        assert script.scenes[script.button_index].button != script.setup.button or script.setup.button == NO_BUTTON
        assert script.scenes[script.button_index + 1].button == script.setup.button
        assert len(script.players) == len(script.setup.seats) and script.summary and script.option_lines


def test_levels_set_the_table():
    for lv in levels():
        for seed in range(10):
            setup, _ = T.setup_for(config(seed, lv.id))
            assert lv.seats[0] <= len(setup.seats) <= lv.seats[1]
            assert setup.ante in lv.wager_choices
            assert all(0 <= jp <= setup.ante for _, jp in setup.jacks_plus)
            if lv.side_bet_rate == 0:
                assert not any(jp for _, jp in setup.jacks_plus)


# ---------------------------------------------------------------------------- exact rounds
def test_a_stacked_round_exactly():
    s = script_of(WIN_DECK, WIN_PLAY)
    r = s.final_round()
    settlement = r.settlement()
    verbs = [a.verb for a in s.actions]
    assert verbs == [CUT, ANNOUNCE, BUTTON, BURN] + [DEAL] * 9 + [OFFER, OFFER, BURN] + [DEAL] * 3 + [
        OFFER, OFFER, COLLECT, BURN, DEAL, DEAL, CLEAR, COLLECT, COLLECT, REVEAL, REVEAL, PAY, ANNOUNCE, COLLECT, PAY,
        CLEAR]
    button = s.actions[2]
    assert button.seat == DEALER and "in front of your own position" in button.text
    assert s.scenes[2].button == NO_BUTTON and s.scenes[3].button == DEALER
    # §7(e): from the position after the button, clockwise; two down, the third up
    assert positions(s, DEAL)[:9] == [(2, False), (5, False), (0, False)] * 2 + [(2, True), (5, True), (0, True)]
    assert [a.seat for a in s.actions[4:7]] == deal_order(DEALER, [2, 5])
    assert s.actions[4].text == "Deal seat 2 its first card, face down, from the shoe"
    assert s.actions[6].text == "Deal yourself your first card, face down, from the shoe"
    # §10(a)(3), §10(c)(3): decisions from the player next to the button
    assert positions(s, OFFER) == [2, 5, 2, 5]
    offers = [a for a in s.actions if a.verb == OFFER]
    assert offers[0].response == "Seat 2 bets $10.00, the amount of the ante"
    assert offers[3].response == "Seat 5 folds" and offers[3].effects[0].kind == "fold"
    fold = s.actions[verbs.index(COLLECT)]
    assert (fold.seat, fold.spot, fold.amount) == (5, None, 2000) and "into the winner's pot" in fold.text
    # §10(b), §10(d): the fourth to every remaining hand, the fifth to those who doubled
    assert positions(s, DEAL)[9:] == [(2, True), (5, True), (0, True), (2, True), (0, True)]
    stub = s.actions[verbs.index(CLEAR)]
    assert (stub.seat, stub.spot, stub.text) == (None, None, "Place the stub (35 cards) face down in the discard rack")
    # §10(e): the wagers into the pot, any order
    pot = [a for a in s.actions if a.group == "pot"]
    assert [(a.seat, a.amount) for a in pot] == [(2, 4000), (0, 4000)]
    # §10(f): the dealer's hand first, then from the dealer's right
    assert positions(s, REVEAL) == [0, 2]
    assert s.actions[verbs.index(REVEAL)].text == \
        "Expose your two down cards and announce: pair of queens, six-five-three"
    # §10(g), §11(b): two pairs pays 3 to 1
    jp = next(a for a in s.actions if a.spot == "jacks_plus")
    assert (jp.verb, jp.seat, jp.amount) == (PAY, 2, settlement.seat(2).result("jacks_plus").net) == (PAY, 2, 1500)
    # §10(h): announced, then the commission and the payout
    highest = s.actions[verbs.index(ANNOUNCE, 2)]
    assert highest.spot == "Two pairs, aces and kings, two kicker: seat 2" and highest.spot in highest.choices
    award = [a for a in s.actions if a.group == "award"]
    assert [(a.verb, a.seat, a.spot, a.amount) for a in award] == [(COLLECT, None, POT, 500), (PAY, 2, POT, 9500)]
    assert award[1].amount == settlement.award.share_of(2).paid == settlement.seat(2).result(POT).net
    assert s.scenes[-2].pot == 0 and s.scenes[-1].seat(2).note == "JP +$15.00 · pot +$95.00"
    assert s.summary[0] == "Seat 2 wins the winner's pot of $100.00: paid $95.00 after $5.00 commission."
    assert "Seat 2: two pairs, aces and kings, two kicker, bet and doubled; wins the pot, paid $95.00; " \
           "Jacks Plus paid $15.00 (3 to 1)." in s.summary
    assert "Seat 5: high card" not in s.summary[-1] and s.summary[-1].startswith("Seat 5: nine high")
    assert "folded after the fourth card" in s.summary[-1]
    assert s.players == ("Seat 2: ante $10.00, Jacks Plus $5.00", "Seat 5: ante $10.00")
    play_clean(s)


def test_the_button_moves_in_the_next_round():
    s = script_of(WIN_DECK, WIN_PLAY, round_number=2)
    b = s.actions[s.button_index]
    assert (b.verb, b.seat, b.text) == (BUTTON, 2, "Move the button clockwise from your own position to seat 2")
    assert s.scenes[s.button_index].button == DEALER and s.scenes[s.button_index + 1].button == 2
    deals = positions(s, DEAL)
    assert [p for p, _ in deals[:3]] == [5, 0, 2] == deal_order(2, [2, 5])
    assert positions(s, OFFER) == [5, 2, 5, 2]
    assert [p for p, _ in deals[9:12]] == [5, 0, 2] and [p for p, _ in deals[12:]] == [0, 2]
    assert s.setup.previous_button == DEALER


def test_a_tie_with_the_dealer_splits_the_pot():
    s = script_of(TIE_DECK, TIE_PLAY)
    fold = next(a for a in s.actions if a.verb == COLLECT and a.seat == 5)
    assert (fold.spot, fold.amount) == ("ante", 1000) and "table inventory container" in fold.text
    award = [a for a in s.actions if a.group == "award"]
    expected = award_pot(8000, [2, DEALER], DEALER, OPTIONS)
    assert expected.commission == 200
    assert [(a.verb, a.seat, a.amount) for a in award] == [(COLLECT, None, 4200), (PAY, 2, 3800)]
    assert award[0].text.startswith("Take the commission ($2.00) and your share of the pot ($40.00) from the "
                                    "winner's pot")
    highest = next(a for a in s.actions if a.verb == ANNOUNCE and a.choices)
    assert highest.spot == "Straight, nine high: seat 2 and the dealer, a tie hand"
    jp = next(a for a in s.actions if a.spot == "jacks_plus")
    assert (jp.verb, jp.amount) == (PAY, 5000)  # a straight pays 10 to 1
    assert s.summary[0].startswith("A tie hand splits the winner's pot of $80.00")
    # the award in any order
    r = DealerRound(s, level("guided"))
    while r.next_action().group != "award":
        r.perform_next()
    for a in reversed(award):
        assert r.attempt(attempt_for(a)).accepted
    r.perform_next()
    assert r.finished and r.record.clean


def test_the_automated_shoe_delivers_stacks():
    s = script_of(WIN_DECK, WIN_PLAY, method="automated-shoe", shuffle=T.SHUFFLER)
    verbs = [a.verb for a in s.actions]
    assert verbs[:7] == [BURN, ANNOUNCE, BUTTON, DEAL, DEAL, DEAL, OFFER]
    assert "place the cards in the automated dealing shoe" in s.actions[0].text
    stacks = s.actions[3:6]
    assert [a.seat for a in stacks] == [2, 5, 0] and all(a.face_up for a in stacks)
    assert all([e.face_up for e in a.effects] == [False, False, True] for a in stacks)
    assert "remove the remaining cards from the automated dealing shoe" in stacks[-1].text
    fourth = [a for a in s.actions if a.verb == DEAL][3]
    assert fourth.text == "Deal seat 2 its fourth card, face up, from the cards in your hand"
    assert "Winner's Pot Poker §9(e)" in fourth.citations
    play_clean(s)


# ---------------------------------------------------------------------------- money
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), lv=st.sampled_from([lv.id for lv in levels()]),
       method=st.sampled_from(METHODS), round_number=st.integers(1, 9))
def test_payouts_and_collections_are_the_settlement(seed, lv, method, round_number):
    s = build_round(config(seed, lv, round_number, dealing_method=method))
    settlement = s.final_round().settlement()
    acts = s.actions
    for seat in settlement.seats:
        n = seat.seat
        lost = sum(x.amount for x in seat.results if x.wager in ("ante", "bet", "double") and x.result == LOSE)
        assert sum(a.amount for a in acts if a.verb == COLLECT and a.seat == n and a.spot in ("ante", None)) == lost
        for x in seat.results:
            if x.wager in ("jacks_plus", POT):
                paid = sum(a.amount for a in acts if a.verb == PAY and a.seat == n and a.spot == x.wager)
                taken = sum(a.amount for a in acts if a.verb == COLLECT and a.seat == n and a.spot == x.wager)
                assert paid == (x.net if x.result == WIN else 0)
                assert taken == (x.amount if x.result == LOSE else 0)
    award = settlement.award
    into_pot = sum(a.amount for a in acts if a.verb == COLLECT and a.spot is None)
    assert into_pot == award.pot
    assert sum(a.amount for a in acts if a.spot == POT) == award.pot
    assert sum(a.amount for a in acts if a.verb == COLLECT and a.spot == POT) == award.to_inventory
    assert all(a.seat is None for a in acts if a.verb == COLLECT and a.spot == POT)


# ---------------------------------------------------------------------------- the trainee's mistakes
def test_each_mistake_class_is_caught_counted_and_explained():
    s = script_of(WIN_DECK, WIN_PLAY)
    r = DealerRound(s, level("guided"))
    out = r.attempt(Attempt(DEAL, 2, face_up=False))  # dealing before the cut
    assert not out.accepted and out.mistake.kind == WRONG_STEP
    r.perform_next()
    r.perform_next()
    out = r.attempt(Attempt(BUTTON, 2))  # round 1: the button goes before the dealer
    assert out.mistake.kind == WRONG_POSITION and "Winner's Pot Poker §7(d)" in out.mistake.citations
    r.perform_next()
    r.perform_next()
    out = r.attempt(Attempt(DEAL, 5, face_up=False))  # seat 5 before seat 2
    assert out.mistake.kind == WRONG_POSITION and "seat 2" in out.mistake.explanation
    out = r.attempt(Attempt(DEAL, 2, face_up=True))  # a hole card face up
    assert out.mistake.kind == WRONG_FACE and out.mistake.citations == ("Winner's Pot Poker §7(e)(1)",)
    while r.next_action().verb != PAY:
        r.perform_next()
    out = r.attempt(Attempt(PAY, 2, "jacks_plus", chips=((500, 1),)))  # 1 to 1 instead of 3 to 1
    assert out.mistake.kind == WRONG_AMOUNT and "$15.00" in out.mistake.explanation
    out = r.attempt(Attempt(PAY, 2, "jacks_plus", chips=((100, 15),)))  # right, in too many chips
    assert out.accepted and out.note
    out = r.attempt(Attempt(ANNOUNCE, spot="Pair of queens, six-five-three: the dealer"))
    assert out.mistake.kind == WRONG_POSITION
    while not r.finished:
        r.perform_next()
    rec = r.record
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (5, 1, 1)
    kinds = [m["kind"] for m in rec.mistakes]
    assert kinds == [WRONG_STEP, WRONG_POSITION, WRONG_POSITION, WRONG_FACE, WRONG_AMOUNT, EXTRA_CHIPS, WRONG_POSITION]
    assert all(any(c.startswith(GAME) for c in m["citations"]) for m in rec.mistakes)
    assert not rec.clean and rec.completed


def test_any_order_groups_accept_any_order():
    s = script_of(WIN_DECK, WIN_PLAY, jacks_plus=((2, 500), (5, 100)))
    jp = [a for a in s.actions if a.group == "jacks-plus"]
    assert [a.seat for a in jp] == [5, 2]  # the Round's order; §10(g) sets none
    r = DealerRound(s, level("guided"))
    while r.next_action().group != "pot":
        r.perform_next()
    pot = [a for a in s.actions if a.group == "pot"]
    for a in reversed(pot):
        assert r.attempt(attempt_for(a)).accepted
    while r.next_action().group != "jacks-plus":
        r.perform_next()
    for a in reversed(jp):
        assert r.attempt(attempt_for(a)).accepted
    while not r.finished:
        r.perform_next()
    assert r.record.clean


# ---------------------------------------------------------------------------- watch mode
REQUIRED_KINDS = {"missed-burn", "card-exposed", "button-not-moved", "skipped-player", "wrong-order", "wrong-payout"}


def check_candidates(script, mistakes):
    remedies = set(script.irregular_remedies)
    assert remedies == {i.outcome for i in rules_data().irregularities}
    for m in mistakes:
        assert 0 <= m.index < len(script.actions)
        assert m.rule and m.rule_citation.startswith(GAME) and m.remedy_citation.startswith(GAME)
        assert m.remedy == REFER_REMEDY or m.remedy in remedies
        if m.remedy == REFER_REMEDY:
            assert "no remedy is written" in m.remedy_citation
        assert isinstance(m.scene, WinnersPotScene)
        assert m.performed.text and not m.performed.text.startswith(("Deal ", "Pay ", "Ask ", "Collect "))


def test_watch_candidates_are_valid_over_many_rounds():
    for seed in range(8):
        for method in METHODS:
            s = build_round(config(seed, "table-ready", seed % 3 + 1, dealing_method=method))
            ms = T.watch_mistakes(s, random.Random(seed))
            check_candidates(s, ms)
            kinds = {m.kind for m in ms}
            assert {"missed-burn", "wrong-order"} <= kinds
            assert ("button-not-moved" in kinds) == (seed % 3 > 0)
            assert ("card-exposed" in kinds) == (method != "automated-shoe")


def test_the_required_mistakes_and_their_remedies():
    s = script_of(WIN_DECK, WIN_PLAY, round_number=2)
    ms = T.watch_mistakes(s, random.Random(0))
    check_candidates(s, ms)
    assert REQUIRED_KINDS <= {m.kind for m in ms}
    by = {}
    for m in ms:
        by.setdefault(m.kind, []).append(m)
    # §12(e): a burn missed; the scene shows the card dealt with no burn in the rack
    burn4 = next(m for m in by["missed-burn"] if s.sources[m.index].phase == "fourth")
    assert burn4.remedy == "Keep dealing; after the next betting round burn two cards before the next card"
    assert burn4.remedy_citation == "Winner's Pot Poker §12(e)" and burn4.rule_citation == "Winner's Pot Poker §10(b)"
    assert burn4.performed.text == "Deals seat 5 its fourth card without burning a card first"
    assert burn4.scene.discards == s.scenes[burn4.index].discards
    assert len(burn4.scene.seat(5).cards) == 4
    # §12(a): a hole card exposed
    exposed = by["card-exposed"][0]
    assert exposed.remedy == "Deal that hand's third card face down" and exposed.remedy_citation.endswith("§12(a)")
    card = exposed.scene.seat(5).cards[0]
    assert card.face_up and exposed.performed.text == f"Deals seat 5 its first card face up ({card_label(card.card)})"
    dealer = next(m for m in by["card-exposed"] if m.performed.seat == DEALER)
    assert dealer.scene.dealer_cards[-1].face_up
    # §12(g): the button left where it was
    (button,) = by["button-not-moved"]
    assert button.index == s.button_index and button.scene.button == DEALER
    assert button.remedy_citation == "Winner's Pot Poker §12(g); trainer ruling 30"
    assert button.performed.text == "Leaves the button before the dealer instead of moving it to seat 2"
    # §12(f): a position skipped on the fourth card: a misdeal
    skipped = next(m for m in by["skipped-player"] if s.sources[m.index].card == 4)
    assert skipped.remedy == "Misdeal: all wagers are void and the cards are collected for a reshuffle"
    assert skipped.performed.text == "Skips seat 5: deals the fourth card to the dealer's hand"
    assert len(skipped.scene.dealer_cards) == 4 and len(skipped.scene.seat(5).cards) == 3
    # §10(a)(3): a decision out of turn: no remedy written
    order = next(m for m in by["wrong-order"] if s.actions[m.index].verb == OFFER)
    assert order.performed.text == "Asks seat 2 for the decision before seat 5"
    assert order.remedy == REFER_REMEDY and order.rule_citation == "Winner's Pot Poker §10(a)(3)"
    # §10(h)(2): the pot paid without its commission; §11(b): the wrong pay-table line
    pays = by["wrong-payout"]
    pot_pay = s.actions[next(m.index for m in pays if m.performed.spot == POT)]
    wrong_pot = {m.performed.amount for m in pays if m.performed.spot == POT}
    assert pot_pay.amount not in wrong_pot
    final = s.final_round()
    award = next(op.detail["award"] for op in final.log if op.kind == "award")
    assert award.share_of(2).share in wrong_pot  # the commission not taken
    jp_wrong = {m.performed.amount for m in pays if m.performed.spot == "jacks_plus"}
    assert jp_wrong == {1500}  # a pair of queens pays 1 to 1 ($5); two pair's 3 to 1 is the wrong line


def test_a_watched_round_caught_in_full_and_let_pass():
    for seed in range(6):
        for lv in ("learn", "practice", "table-ready"):
            cfg = config(seed, lv, seed + 1, dealing_method=METHODS[seed % 3])
            w = watch_round(cfg)
            assert w.mistakes and isinstance(w, WatchRound)
            watch_to_the_end(w)
            rec = w.record
            assert rec.caught == rec.mistakes_made == len(w.mistakes)
            assert (rec.missed_calls, rec.false_calls) == (0, 0)
            assert rec.rule_named == rec.remedy_named == rec.caught
            passed = watch_round(cfg)
            while not passed.finished:
                passed.proceed()
            assert passed.record.missed_calls == passed.record.mistakes_made and passed.record.caught == 0


def test_a_false_alarm_is_counted():
    w = watch_round(config(3, "guided", 2))
    while w.current().mistake is not None:
        w.proceed()  # a miss
    caught, message = w.stop()
    assert not caught and w.record.false_calls == 1 and GAME in message


def test_wrong_amounts_a_confused_dealer_would_pay():
    s = script_of(TIE_DECK, TIE_PLAY)
    ms = T.watch_mistakes(s, random.Random(0))
    pot = {m.performed.amount: m.performed.text for m in ms if m.kind == "wrong-payout" and m.performed.spot == POT}
    # right: $38.00 (half the pot, $40.00, less 5% of it); no commission, the fixed $10.00, the pot as a sole win
    assert set(pot) == {4000, 3000, 7600}
    assert pot[7600] == "Pays seat 2 $76.00, the whole pot less commission, though the highest hand is a tie"
    assert pot[3000] == "Pays seat 2 $30.00: takes the fixed $10.00 as commission though 5% is less"
    jp = [m for m in ms if m.kind == "wrong-payout" and m.performed.spot == "jacks_plus"]
    # right: a straight, 10 to 1; the lines around it: flush 15 to 1, three of a kind 7 to 1
    assert {m.performed.amount for m in jp} == {500 * 15, 500 * 7}
    # a pair below jacks loses; paying it 1 to 1 is a mistake
    for seed in range(200):
        s = build_round(config(seed, "table-ready"))
        final = s.final_round()
        low = [a for a in s.actions if a.verb == COLLECT and a.spot == "jacks_plus"
               and final.value_of(a.seat).short().startswith("pair of")]
        if low:
            break
    a = low[0]
    m = next(m for m in T.watch_mistakes(s, random.Random(0))
             if m.kind == "wrong-payout" and m.index == s.actions.index(a))
    assert m.performed.amount == a.amount and m.rule_citation == "Winner's Pot Poker §11(b)"
    assert m.rule == "Jacks Plus pays a pair only when it is jacks, queens, kings or aces; a lower pair loses"
