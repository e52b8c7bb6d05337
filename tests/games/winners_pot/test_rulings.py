"""Winner's Pot Poker against the rulings that decide its open points (issue 13): the
automated shuffler for dealing from the hand (§8(b)(1)), the dealer's two exposed down
cards (trainer ruling 31), the automated shoe's first stack (ruling 28), the orders the
text leaves open (rulings 29 and 33), the button not moved (ruling 30), commission
rounding and its odd cent (ruling 26), the Jacks Plus limit (ruling 27), a dead hand's
Jacks Plus (ruling 32), and cards written as cards in prose.

The expected values are worked out here by hand from the texts and the rulings, not
taken from the code under test."""

import json
import random
import re

import pytest

from trainer.core.cards import parse_cards, standard_deck
from trainer.core.settlement import LOSE, WIN
from trainer.games.winners_pot import round as R
from trainer.games.winners_pot import table_round as T
from trainer.games.winners_pot.dealing import AUTOMATED_SHOE, DEALER, HAND, MANUAL_SHOE, METHODS
from trainer.games.winners_pot.drill import RoundDrill
from trainer.games.winners_pot.hands import evaluate
from trainer.games.winners_pot.pot import (
    BET, DOUBLE, FOLD, HouseOptions, JacksPlusEntry, award_pot, jacks_plus_limit, settle_jacks_plus,
)
from trainer.games.winners_pot.questions import KINDS
from trainer.games.winners_pot.round import BET_ROUND, Round, play_to
from trainer.games.winners_pot.rules_data import rules_data
from trainer.games.common.rules_questions import REFER_OUTCOME
from trainer.training.session import make_question
from trainer.core.table.actions import ANNOUNCE, CLEAR, CUT
from trainer.training.table_mode.actions import attempt_for
from trainer.core.table.actions import DEAL as DEAL_VERB
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.training.table_mode.games import build_round
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig

GAME = "Winner's Pot Poker §"
CODE = re.compile(r"(?<![\w♠♥♦♣])(?:[2-9TJQKA][shdc])(?![\w])")


def kind(name):
    return next(k for k in KINDS if k.id == f"winners-pot.{name}")


def stacked(text):
    top = list(parse_cards(text))
    return tuple(top + [c for c in standard_deck() if c not in top])


def by_seat(decisions):
    def policy(rng, rnd, seat):
        first, second = decisions[seat]
        return first if rnd.phase == BET_ROUND else second
    return policy


def config(seed=1, lv="practice", round_number=1, **options):
    return RoundConfig("winners-pot", seed, level(lv), options, round_number)


def irregularity(irregularity_id):
    return next(i for i in rules_data().irregularities if i.id == irregularity_id)


# ---------------------------------------------------------------- §8(b)(1): dealing from the hand
def test_dealing_from_the_hand_is_shuffled_by_the_automated_shuffler():
    for seed in range(6):
        script = build_round(config(seed, dealing_method=HAND, shuffle=T.MANUAL_SHUFFLE))
        assert script.options["shuffle"] == T.SHUFFLER
        assert CUT not in [a.verb for a in script.actions]  # §4(b)(1): no cut after the device
        assert not script.setup.cut
        line = next(x for x in script.option_lines if x.startswith("Shuffle:"))
        assert "§8(b)(1)" in line
    # the other methods keep the house's choice of shuffle
    for method in (MANUAL_SHOE, AUTOMATED_SHOE):
        script = build_round(config(3, dealing_method=method, shuffle=T.MANUAL_SHUFFLE))
        assert script.options["shuffle"] == T.MANUAL_SHUFFLE and script.actions[0].verb == CUT


# ---------------------------------------------------------------- ruling 31: the dealer's two down cards exposed
def test_the_dealers_two_exposed_down_cards_irregularity_question():
    q = make_question(kind("irregularity"), 342)
    assert q.prompt.startswith("Both of your own down cards are turned face up")
    data = irregularity("dealer-both-exposed")
    assert q.answer == data.outcome != REFER_OUTCOME
    assert "dead" in q.answer and "discard rack" in q.answer and "floor supervisor" in q.answer
    assert "trainer ruling 31" in q.citations[0] and "§12(a)" in q.citations[0]
    assert "no section of the rules prescribes" not in q.explanation


def test_the_dealers_hand_is_dead_and_its_cards_go_to_the_discard_rack():
    r = Round(ante=1000, seats={2: 0, 5: 0}, deck=standard_deck(), button=DEALER)
    play_to(r, random.Random(0), stop=lambda rr, s: s.kind == R.DEAL and s.position == DEALER)
    first = r.deal(DEALER, exposed=True)
    play_to(r, random.Random(0), stop=lambda rr, s: s.kind == R.DEAL and s.position == DEALER)
    second = r.deal(DEALER, exposed=True)
    dealer_cards = first.cards + second.cards
    assert r.finished and r.expected().text == "Refer to floor supervisor"
    assert r.hands[DEALER] == [] and all(c in r.discards for c in dealer_cards)
    assert "trainer ruling 31" in second.citations
    assert any("trainer ruling 31" in n for n in r.notes)
    assert r.ledger_balances()


# ---------------------------------------------------------------- ruling 28: the automated shoe's first stack
def test_the_first_stack_cites_the_button_and_ruling_28():
    q = make_question(kind("drill-step"), 435)
    assert q.prompt == "The top card is burned. Who receives the first stack?"
    assert f"{GAME}9(c)" in q.citations and "trainer ruling 28" in q.citations
    assert f"{GAME}9(d)" not in q.citations
    # the Round: the first stack goes to the first position after the button (round 2: button at seat 2)
    r = Round(ante=500, seats={2: 0, 5: 0}, deck=standard_deck(), button=2, method=AUTOMATED_SHOE)
    play_to(r, random.Random(0), stop=lambda rr, s: s.kind == R.STACK)
    step = r.expected()
    assert step.position == 5
    assert f"{GAME}9(c)" in step.citations and "trainer ruling 28" in step.citations
    assert f"{GAME}9(d)" not in step.citations
    steps = rules_data().procedures["automated-deal"].steps
    first = next(s for s in steps if "first position after the button" in s.text)
    assert "trainer ruling 28" in first.citation and "§9(d)" not in first.citation


# ---------------------------------------------------------------- ruling 33: orders the text does not give
def test_next_step_never_asks_stub_against_collection():
    stub, collect = "Place the stub face down in the discard rack", \
        "Collect every remaining ante, bet and double wager into the winner's pot"
    q = make_question(kind("next-step"), 63)
    assert not (q.answer == stub and collect in q.options)
    for seed in range(250):
        q = make_question(kind("next-step"), seed)
        assert q.answer != stub, seed
        if q.answer == collect:
            assert stub not in q.options, seed


def test_the_round_accepts_the_collection_before_the_stub():
    r = Round(ante=1000, seats={2: 0, 5: 0}, deck=standard_deck(), button=DEALER)
    play_to(r, random.Random(0), policy=by_seat({2: (BET, DOUBLE), 5: (BET, DOUBLE)}),
            stop=lambda rr, s: s.kind == R.STUB)
    assert r.can(R.COLLECT) and r.can(R.STUB)
    op = r.collect_wagers()
    assert op.amount == 3 * 4000 and "§10(e)" in op.citations[0]
    assert r.expected().kind == R.STUB
    r.place_stub()
    assert r.expected().kind == R.REVEAL and r.ledger_balances()


def _deal_to(r, verb_pred):
    while not verb_pred(r.next_action()):
        assert r.perform_next().accepted


def test_table_mode_accepts_the_button_before_no_more_bets_and_the_pot_before_the_stub():
    for method in METHODS:
        script = build_round(config(2, "guided", 2, dealing_method=method))
        r = DealerRound(script, level("guided"))
        _deal_to(r, lambda a: a.verb == ANNOUNCE)
        out = r.attempt(attempt_for(script.actions[script.button_index]))  # the button first
        assert out.accepted, out.mistake
        assert r.attempt(attempt_for(script.actions[script.button_index - 1])).accepted
        stub = next(i for i, s in enumerate(script.sources) if s.kind == R.STUB)
        pot = [i for i, s in enumerate(script.sources) if s.kind == R.COLLECT]
        assert pot == list(range(stub + 1, stub + 1 + len(pot)))  # listed: the stub, then the pot
        while stub not in r.pending():
            assert r.perform_next().accepted
        for i in pot:  # every wager into the pot, then the stub
            out = r.attempt(attempt_for(script.actions[i]))
            assert out.accepted, (method, out.mistake)
        assert r.attempt(attempt_for(script.actions[stub])).accepted
        while not r.finished:
            assert r.perform_next().accepted
        assert r.record.clean, method


def test_table_mode_has_a_stub_action_of_its_own():
    script = build_round(config(4, "guided", 1))
    stub = next(i for i, s in enumerate(script.sources) if s.kind == R.STUB)
    a = script.actions[stub]
    assert a.verb == CLEAR and a.seat is None and a.text.startswith("Place the stub (")
    assert a.citations == (f"{GAME}7(f)",)
    assert script.actions[stub - 1].verb == DEAL_VERB and "stub" not in script.actions[stub - 1].text
    # a half-done collection does not let the stub in between: the pot's group is finished first
    pot = [i for i, s in enumerate(script.sources) if s.kind == R.COLLECT]
    r = DealerRound(script, level("guided"))
    while stub not in r.pending():
        assert r.perform_next().accepted
    assert r.attempt(attempt_for(script.actions[pot[0]])).accepted
    if len(pot) > 1:
        assert stub not in r.pending()
    while not r.finished:
        assert r.perform_next().accepted
    assert r.record.clean


# ---------------------------------------------------------------- ruling 29: the dealer right after the button
def _street_round(n_round):
    """Seats 2 and 5, round 3: the button at seat 5 (dealer, 2, 5), so the dealer sits
    immediately after it."""
    deck = stacked("2c  As 7c Qs  Ah 8d Qh  Kd 9s 5d  3c  Kc 2s 6c  4c  2d 3h 4h")
    setup = T.RoundSetup(1000, ((2, 0), (5, 0)), deck, MANUAL_SHOE, T.MANUAL_SHUFFLE,
                         HouseOptions(500, 1000), n_round)
    return T.script_for(setup, random.Random(0), seed=1, level_id="guided",
                        policy=by_seat({2: (BET, DOUBLE), 5: (BET, DOUBLE)}))


@pytest.mark.parametrize("street", [4, 5])
def test_table_mode_accepts_either_start_when_the_dealer_follows_the_button(street):
    script = _street_round(3)
    assert script.setup.button == 5
    idx = [i for i, s in enumerate(script.sources) if s.card == street]
    assert [script.actions[i].seat for i in idx] == [DEALER, 2, 5]
    for order in ([DEALER, 2, 5], [2, 5, DEALER]):
        r = DealerRound(script, level("guided"))
        while r.pending()[0] != idx[0] and idx[0] not in r.pending():
            assert r.perform_next().accepted
        by = {script.actions[i].seat: i for i in idx}
        for seat in order:
            out = r.attempt(attempt_for(script.actions[by[seat]]))
            assert out.accepted, (order, out.mistake)
        while not r.finished:
            assert r.perform_next().accepted
        assert r.record.clean
    # never a mix: seat 2, then the dealer, then seat 5
    r = DealerRound(script, level("guided"))
    while idx[0] not in r.pending():
        assert r.perform_next().accepted
    assert r.attempt(attempt_for(script.actions[idx[1]])).accepted
    out = r.attempt(attempt_for(script.actions[idx[0]]))
    assert not out.accepted


def test_the_drill_never_asks_the_street_start_when_the_dealer_follows_the_button():
    # seats 1 and 4: round 3 has the button at seat 4, the dealer right after it (ruling 29)
    asked = set()
    drill = RoundDrill(3, seats=[1, 4], method=MANUAL_SHOE, failed_burn_rate=0)
    for _ in range(6):
        while (q := drill.run_to_question()) is not None:
            if q.kind.endswith("drill-street"):
                asked.add(drill.round.button)
            drill.answer(q.answer)
        drill.start_round()
    assert 4 not in asked and asked  # asked in the other rounds, never with the button at seat 4


# ---------------------------------------------------------------- ruling 30: the button not moved
def test_button_not_moved_cites_ruling_30():
    seen = set()
    for seed in range(40):
        q = make_question(kind("button-not-moved"), seed)
        assert "trainer ruling 30" in q.citations and f"{GAME}12(g)" in q.citations
        seen.add("next round" in q.prompt)
    assert seen == {True, False}
    data = irregularity("button-not-moved")
    assert "trainer ruling 30" in data.citation
    script = build_round(config(1, "practice", 3))
    m = next(m for m in T.watch_mistakes(script, random.Random(0)) if m.kind == "button-not-moved")
    assert "trainer ruling 30" in m.remedy_citation


def test_button_not_moved_next_round_is_one_on_from_where_it_should_have_been():
    # seats 1, 3, 6; last round's button at seat 3; not moved this round (should be seat 6):
    # next round it goes where a correctly moved button would now be: the dealer (ruling 30)
    from trainer.games.winners_pot.dealing import next_button

    should = next_button(3, [1, 3, 6])
    assert should == 6 and next_button(should, [1, 3, 6]) == DEALER


# ---------------------------------------------------------------- ruling 26: commission rounding, the odd cent
def test_commission_fraction_of_a_cent_is_dropped_and_cited():
    award = award_pot(12500, [3], DEALER, HouseOptions(commission_bp=250, commission_fixed=5000))
    assert award.commission == 312 and award.shares[0].paid == 12188  # 2.5% of $125.00 is $3.125
    assert "trainer ruling 26" in award.rules


def test_the_odd_commission_cent_is_borne_by_the_first_tied_position_from_the_button():
    # pot $100.00 split by seats 2 and 5 (button at the dealer): $50.00 each. The fixed
    # $0.51 is less than 5% ($5.00): $0.51 commission, split 26 + 25 cents, the odd cent borne
    # by seat 2, the first tied position clockwise from the button.
    award = award_pot(10000, [5, 2], DEALER, HouseOptions(commission_bp=500, commission_fixed=51))
    assert award.commission == 51
    assert [(s.position, s.share, s.commission, s.paid) for s in award.shares] == \
        [(2, 5000, 26, 4974), (5, 5000, 25, 4975)]
    assert "trainer ruling 26" in award.rules
    # the button at seat 3: seat 5 comes first clockwise, it takes the odd cent of the pot
    # ($100.01: $50.01 and $50.00) and bears the odd cent of the commission
    award = award_pot(10001, [2, 5], 3, HouseOptions(commission_bp=500, commission_fixed=51))
    assert [(s.position, s.share, s.commission, s.paid) for s in award.shares] == \
        [(5, 5001, 26, 4975), (2, 5000, 25, 4975)]


def test_the_split_pot_question_cites_ruling_26_when_the_odd_cent_decides():
    found = False
    for seed in range(300):
        q = make_question(kind("split-pot"), seed)
        values = json.loads(q.answer)
        commission = values[0]
        paid_players = [f for f in q.fields if f.startswith("Pay ")]
        if len(paid_players) > 1 and commission % len(paid_players):
            assert "trainer ruling 26" in q.citations, seed
            found = True
    assert found


# ---------------------------------------------------------------- ruling 27: the Jacks Plus limit
def test_the_jacks_plus_limit_is_the_minimum_wager_at_400_to_1_and_cited():
    assert jacks_plus_limit(HouseOptions(minimum_wager=25000)) == 25000 * 400
    assert jacks_plus_limit(HouseOptions(minimum_wager=100)) == 5000000
    royal = evaluate(parse_cards("As Ks Qs Js Ts"))
    result = settle_jacks_plus([JacksPlusEntry(1, 50000, royal, False)], HouseOptions(minimum_wager=25000))[1]
    assert result.net == 10000000 and "trainer ruling 27" in result.rules
    for seed in range(300):
        q = make_question(kind("jacks-plus-payout"), seed)
        if q.detail.get("limited"):
            assert "trainer ruling 27" in q.citations, seed


# ---------------------------------------------------------------- ruling 32: a dead hand's Jacks Plus
def test_a_dead_hands_jacks_plus_is_settled_on_the_cards_it_held():
    # seat 2's two down cards, the jacks of spades and hearts, are both turned face up: the
    # hand is dead; its Jacks Plus of $5.00 is settled on those two cards, a pair of jacks,
    # 1 to 1 (§11(b)): $5.00.
    deck = stacked("2c  Js 7c Qs  Jh 8d Qh  Kd 9s 5d  3c  Kc 2s 6c  4c  2d 3h")
    r = Round(ante=1000, seats={2: 500, 5: 0}, deck=deck, button=DEALER)
    r.announce()
    r.burn()
    r.deal(2, exposed=True)
    r.deal(5)
    r.deal(DEALER)
    r.deal(2, exposed=True)
    assert r.expected().kind == R.KILL_HAND
    op = r.kill_hand(2)
    assert "trainer ruling 32" in op.citations and "floor" not in op.text
    assert 2 not in r.held_for_floor
    play_to(r, random.Random(0), policy=by_seat({5: (BET, DOUBLE)}))
    jp = next(o for o in r.log if o.kind == R.JACKS_PLUS and o.position == 2)
    result = jp.detail["result"]
    assert (result.result, result.net) == (WIN, 500) and "trainer ruling 32" in jp.citations
    assert r.player_net(2) == 500  # the ante returned (void), the Jacks Plus won 1 to 1
    assert r.ledger_balances() and r.phase == R.DONE


def test_a_dead_hand_without_a_qualifying_pair_loses_its_jacks_plus():
    deck = stacked("2c  Ts 7c Qs  Th 8d Qh  Kd 9s 5d  3c  Kc 2s 6c  4c  2d 3h")
    r = Round(ante=1000, seats={2: 500, 5: 0}, deck=deck, button=DEALER)
    r.announce()
    r.burn()
    r.deal(2, exposed=True)
    r.deal(5)
    r.deal(DEALER)
    r.deal(2, exposed=True)
    r.kill_hand(2)
    play_to(r, random.Random(0), policy=by_seat({5: (BET, DOUBLE)}))
    result = next(o for o in r.log if o.kind == R.JACKS_PLUS and o.position == 2).detail["result"]
    assert (result.result, result.amount) == (LOSE, 500)
    assert r.player_net(2) == -500


def test_the_dead_hand_data_says_what_the_round_does():
    data = irregularity("both-hole-exposed")
    assert "trainer ruling 32" in data.citation
    assert "held" in data.outcome or "two cards" in data.outcome


# ---------------------------------------------------------------- cards in prose
@pytest.mark.parametrize("k", [k for k in KINDS], ids=lambda k: k.id)
def test_cards_in_prose_are_written_as_cards(k):
    for seed in range(40):
        q = make_question(k, seed)
        for text in (q.prompt, q.explanation) + tuple(q.options):
            assert not CODE.search(text), (seed, text)


def test_table_mode_texts_write_cards_as_cards():
    script = T.script_for(T.RoundSetup(1000, ((2, 500), (5, 0)),
                                       stacked("2c  As 7c Qs  Ah 8d Qh  Kd 9s 5d  3c  Kc 2s 6c  4c  2d 3h"),
                                       MANUAL_SHOE, T.MANUAL_SHUFFLE, HouseOptions(500, 1000), 2),
                          random.Random(0), seed=1, level_id="guided",
                          policy=by_seat({2: (BET, DOUBLE), 5: (BET, FOLD)}))
    ms = T.watch_mistakes(script, random.Random(0))
    exposed = [m for m in ms if m.kind == "card-exposed"]
    assert exposed
    for m in ms:
        assert not CODE.search(m.performed.text), m.performed.text
    first = next(m for m in exposed if script.sources[m.index].card == 1 and m.performed.seat == 5)
    # round 2: the button at seat 2, so seat 5 is dealt first: the ace of spades after the burn
    assert first.performed.text == "Deals seat 5 its first card face up (A♠)"
    for a in script.actions:
        assert not CODE.search(a.text), a.text
    for line in script.summary:
        assert not CODE.search(line), line


def test_round_texts_write_cards_as_cards():
    r = Round(ante=1000, seats={2: 0, 5: 0}, deck=stacked("2c As"), button=DEALER)
    r.announce()
    r.burn()
    op = r.find_face_up_card()
    assert op.text.startswith("A♠ was face up in the deck")


def test_watch_mode_never_calls_the_other_street_start_a_mistake():
    # ruling 29: with the button at seat 5 the fourth and fifth cards may start with seat 2,
    # so "skipping" the dealer at the start of the street is no mistake
    script = _street_round(3)
    ms = T.watch_mistakes(script, random.Random(0))
    skipped = [m.performed.text for m in ms if m.kind == "skipped-player"]
    assert "Skips the dealer's hand: deals the fourth card to seat 2" not in skipped
    assert "Skips the dealer's hand: deals the fifth card to seat 2" not in skipped
    assert "Skips seat 2: deals the fourth card to seat 5" in skipped  # a real skip is still made


# ---------------------------------------------------------------- the calculator
def test_the_calculator_settles_the_odd_commission_cent_and_cites_rulings_26_and_27():
    from trainer.games.winners_pot.calculator import settle_document

    # seats 2 and 5 tie with the same straight (ten high), the dealer lower; pot: the dealer's
    # $40.00 and two players' $40.00 = $120.00, $60.00 each; 2.5% of $120.00 = $3.00, the fixed
    # $0.51 is less: $0.51, seat 2 (first clockwise from the button before the dealer) bears 26 cents.
    doc = {"game": "winners-pot",
           "options": {"commission_percent": 2.5, "commission_fixed": 51, "button": 0, "minimum_wager": 25000},
           "dealer": {"cards": ["2c", "3d", "8h", "9s", "Kd"]},
           "seats": [{"seat": 2, "cards": ["Ts", "9h", "8c", "7d", "6s"], "wagers": {"ante": 1000},
                      "decision": ["bet", "double"]},
                     {"seat": 5, "cards": ["Th", "9d", "8d", "7c", "6h"], "wagers": {"ante": 1000, "jacks_plus": 100},
                      "decision": ["bet", "double"]}]}
    out = settle_document(doc)
    assert out["pot"]["total"] == 12000 and out["pot"]["commission"] == 51
    assert [(s["position"], s["commission"], s["paid"]) for s in out["pot"]["shares"]] == [(2, 26, 5974), (5, 25, 5975)]
    assert "trainer ruling 26" in out["pot"]["rule"]
    assert out["jacks_plus_limit"] == 25000 * 400


def test_the_table_is_drawn_after_the_other_accepted_orders():
    script = _street_round(3)
    r = DealerRound(script, level("guided"))
    while r.next_action().verb != ANNOUNCE:
        assert r.perform_next().accepted
    before = r.scene()
    assert r.attempt(attempt_for(script.actions[script.button_index])).accepted  # the button first
    assert r.scene().button == 5 and before.button != 5
    assert r.attempt(attempt_for(script.actions[script.button_index - 1])).accepted
    assert r.scene() == script.scenes[script.button_index + 1]
    fourth = [i for i, s in enumerate(script.sources) if s.card == 4]
    while fourth[0] not in r.pending():
        assert r.perform_next().accepted
    assert r.attempt(attempt_for(script.actions[fourth[1]])).accepted  # seat 2 before the dealer
    scene = r.scene()
    assert len(scene.seat(2).cards) == 4 and len(scene.dealer_cards) == 3 and len(scene.seat(5).cards) == 3
    assert r.attempt(attempt_for(script.actions[fourth[2]])).accepted
    assert r.attempt(attempt_for(script.actions[fourth[0]])).accepted
    assert r.scene() == script.scenes[fourth[2] + 1]
    # the collection before the stub: the pot fills, the stub is not yet in the rack
    stub = next(i for i, s in enumerate(script.sources) if s.kind == R.STUB)
    while stub not in r.pending():
        assert r.perform_next().accepted
    pot = [i for i, s in enumerate(script.sources) if s.kind == R.COLLECT]
    for i in pot:
        assert r.attempt(attempt_for(script.actions[i])).accepted
    scene = r.scene()
    assert scene.pot == sum(script.actions[i].amount for i in pot) == 12000
    assert scene.discards == script.scenes[stub].discards
    assert r.attempt(attempt_for(script.actions[stub])).accepted
    assert r.scene() == script.scenes[pot[-1] + 1]
