"""Table mode for DJ Wild Poker: rounds dealt from the hand and from the automated shoe,
graded action by action, settled in exact cents by the game's settlement module, and
watched with the app's mistakes (trainer/games/dj_wild/table_round.py)."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.table_mode_support import watch_to_the_end
from trainer.core.cards import parse_cards
from trainer.core.settlement import LOSE, PUSH, REFER, WIN
from trainer.games.dj_wild import table_round as tr
from trainer.games.dj_wild.dealing import AUTOMATED_SHOE, HAND, deal_sequence
from trainer.games.dj_wild.hands import Category
from trainer.games.dj_wild.rules_data import rules_data
from trainer.games.dj_wild.settlement import FOLD, PLAY
from trainer.training.table_mode import games
from trainer.core.table.actions import ANNOUNCE, CLEAR, COLLECT, DEAL, DEALER, OFFER, PAY, REVEAL
from trainer.training.table_mode.actions import WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP, Attempt
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.core.table.levels import level, levels
from trainer.core.table.script import RoundConfig
from trainer.core.table.script import REFER_REMEDY

GAME = "dj-wild"
SECTION = re.compile(r"^DJ Wild Poker §\d")


def config(seed, lv="practice", **options):
    return RoundConfig(GAME, seed, level(lv), dict(options))


def one_choice_at_a_time():
    """Every choice of every house option, the others at their defaults."""
    for opt in tr.HOUSE_OPTIONS:
        for choice in opt.choices:
            yield {opt.key: choice}


def stacked(method, hands, dealer):
    """The deck that deals ``hands`` (seat -> cards) and ``dealer`` by ``method``."""
    cards = {n: list(parse_cards(c)) for n, c in hands.items()}
    cards[DEALER] = list(parse_cards(dealer))
    deck = []
    for step in deal_sequence(method, list(hands)):
        deck += [cards[step.recipient].pop(0) for _ in range(step.cards)]
    return deck


# Seat 2: a wild royal flush (Trips 100 to 1 on table 01, the blind 50 to 1); seat 5: a
# pair of sevens that plays and loses; seat 6: queen high, folds with its Trips in action.
HANDS = {2: "Ah Kh Qh Jh 2c", 5: "7c 7d 4s 9h Td", 6: "Qc 9d 6s 4h 3c"}
DEALER_HAND = "Ks Kd 8c 8s 3h"
BETS = [tr.Bets(2, 1000, 1000, trips=500, cover_all=500), tr.Bets(5, 2500, 2500, bad_beat=500),
        tr.Bets(6, 500, 500, trips=100)]


def stacked_script(method, bets=BETS, hands=HANDS, dealer=DEALER_HAND, house=tr.DEFAULT_HOUSE):
    rnd = tr.deal(method, bets, stacked(method, hands, dealer), house)
    return tr.script_for(rnd, config(1, dealing_method=method))


def play_through(script, lv="practice"):
    r = DealerRound(script, level(lv))
    while not r.finished:
        assert r.perform_next(elapsed_ms=500).accepted
    return r


# ------------------------------------------------------------------ the contract

def test_house_options_are_the_games():
    keys = {o.key: o for o in tr.HOUSE_OPTIONS}
    assert set(keys) == {"dealing_method", "trips_table", "two_way_bad_beat", "cover_all"}
    assert keys["dealing_method"].choices == (HAND, AUTOMATED_SHOE)
    assert keys["trips_table"].choices == ("01", "02", "03", "04", "05", "06", "07")
    for o in tr.HOUSE_OPTIONS:
        assert o.default in o.choices and SECTION.match(o.citation)
    assert games.house_options(GAME) == tr.HOUSE_OPTIONS
    with pytest.raises(ValueError):
        games.build_round(config(1, dealing_method="manual-shoe"))


def test_the_same_seed_deals_the_same_round():
    a, b = tr.build_round(config(42)), tr.build_round(config(42))
    assert a.actions == b.actions and a.players == b.players and a.summary == b.summary
    assert a.scenes == b.scenes
    others = {tuple(tr.build_round(config(s)).summary) for s in range(43, 53)}
    assert len(others | {a.summary}) > 5


@pytest.mark.parametrize("options", list(one_choice_at_a_time()), ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_level_and_option_plays_clean(options):
    for lv in levels():
        for seed in range(6):
            s = games.build_round(config(seed, lv.id, **options))
            r = play_through(s, lv.id)
            assert r.record.clean and r.record.completed and r.record.actions == len(s.actions)
            assert all(x.correct for x in r.results)
            assert len(s.scenes) == len(s.actions) + 1
            assert lv.seats[0] <= len(s.players) <= min(lv.seats[1], rules_data().seats)
            for a in s.actions:
                assert any(SECTION.match(c) for c in a.citations), a
                assert a.text
                if a.verb == DEAL:
                    assert a.face_up is False
            assert s.options == {o.key: options.get(o.key, o.default) for o in tr.HOUSE_OPTIONS}
            assert r.scene() == s.scenes[-1]


def test_the_whole_option_product_plays_clean():
    import itertools
    opts = tr.HOUSE_OPTIONS
    for values in itertools.product(*(o.choices for o in opts)):
        options = dict(zip((o.key for o in opts), values))
        assert play_through(games.build_round(config(sum(map(len, values)), "table-ready", **options))).record.clean


def test_the_learn_level_has_no_side_bets():
    for seed in range(30):
        s = tr.build_round(config(seed, "learn"))
        assert all(not (x.trips or x.bad_beat or x.cover_all) for x in s.wild.seats)


def test_side_bets_only_where_the_house_offers_them():
    for seed in range(30):
        s = tr.build_round(config(seed, "table-ready", two_way_bad_beat="not-offered", cover_all="not-offered"))
        assert all(not (x.bad_beat or x.cover_all) for x in s.wild.seats)
        assert {sp.key for sp in s.scenes[0].spots} == {"ante", "blind", "play", "trips"}


def test_the_players_play_a_pair_or_better():
    assert tr.decide(parse_cards("7c 7d 4s 9h Td")) == PLAY
    assert tr.decide(parse_cards("JK Kd 4s 9h Td")) == PLAY  # a wild card makes a pair
    assert tr.decide(parse_cards("Qc 9d 6s 4h 3c")) == FOLD
    for seed in range(40):
        s = tr.build_round(config(seed, "table-ready"))
        for seat in s.wild.seats:
            made = s.wild.settlement.seat(seat.seat).hand.category
            assert seat.decision == (PLAY if made >= Category.PAIR else FOLD)


# ------------------------------------------------------------------ exact rounds

def test_a_stacked_round_dealt_from_the_hand():
    s = stacked_script(HAND)
    acts = s.actions
    assert acts[0].verb == ANNOUNCE and acts[0].citations[0] == "DJ Wild Poker §7(b)(3)"
    deals = [a for a in acts if a.verb == DEAL]
    # §7(c)(1), ruling 16: one card at a time, clockwise from seat 2, the dealer last.
    assert [a.seat for a in deals] == [2, 5, 6, DEALER] * 5
    assert deals[0].text == "Deal seat 2 its first card, face down, from the hand"
    assert deals[3].text == "Deal yourself your first card, face down, from the hand"
    assert "trainer ruling 16" in deals[0].citations
    assert [e.card for a in deals if a.seat == 2 for e in a.effects] == ["Ah", "Kh", "Qh", "Jh", "2c"]
    # §7(c)(2) gives no order for the decisions: one any-order group.
    offers = [a for a in acts if a.verb == OFFER]
    assert [a.seat for a in offers] == [2, 5, 6] and {a.group for a in offers} == {"decisions"}
    assert [a.response for a in offers] == ["Seat 2 plays: $20.00 on Play", "Seat 5 plays: $50.00 on Play",
                                            "Seat 6 folds"]
    reveal = acts.index(next(a for a in acts if a.verb == REVEAL))
    assert acts[reveal].seat == DEALER and acts[reveal].group == ""
    assert acts[reveal].text.endswith("two pair, kings and eights")
    settle = [(a.verb, a.seat, a.spot, a.amount) for a in acts if a.group == "settle"]
    assert settle == [
        # seat 2's royal flush is the highest hand: left exposed for the Cover All (§11(h))
        (REVEAL, 2, None, 0), (PAY, 2, "ante", 1000), (PAY, 2, "blind", 50_000), (PAY, 2, "play", 2000),
        (PAY, 2, "trips", 50_000),
        (REVEAL, 5, None, 0), (COLLECT, 5, "ante", 0), (COLLECT, 5, "blind", 0), (COLLECT, 5, "play", 0),
        (COLLECT, 5, "bad_beat", 0), (CLEAR, 5, None, 0),
        # the folded hand stays for its Trips (ruling 14) and for Cover All (ruling 11)
        (REVEAL, 6, None, 0), (COLLECT, 6, "ante", 0), (COLLECT, 6, "blind", 0), (COLLECT, 6, "trips", 0),
        (CLEAR, 6, None, 0),
    ]
    # §11(j): Cover All after every player bet; 3 players, a royal flush: 80 to 1; the
    # dealer's cards in any order with it; the exposed royal flush picked up last.
    cover = [(a.verb, a.seat, a.spot, a.amount) for a in acts if a.group == "cover-all"]
    assert cover == [(PAY, 2, "cover_all", 40_000), (CLEAR, DEALER, None, 0)]
    assert (acts[-1].verb, acts[-1].seat, acts[-1].group) == (CLEAR, 2, "")
    assert acts[-1].citations[:2] == ("DJ Wild Poker §11(j)", "DJ Wild Poker §9(e)")
    pay_trips = next(a for a in acts if a.spot == "trips" and a.verb == PAY)
    assert pay_trips.text == "Pay seat 2's Trips 100 to 1 (wild royal flush): $500.00"
    assert "DJ Wild Poker §9(d)(4)" in pay_trips.citations
    assert s.summary[0] == "Dealer: Two pair, kings and eights"
    assert s.summary[1].startswith("Seat 2: Royal flush, plays.")
    assert s.summary[2].startswith("Seat 5: Pair of sevens, plays.")
    assert s.summary[3].startswith("Seat 6: Queen high (queen-nine-six-four-three), folds.")
    assert "Cover All pays 80 to 1" in s.summary[4]
    assert s.players == ("Seat 2: Ante $10.00, Blind $10.00, Trips $5.00, Cover All $5.00",
                         "Seat 5: Ante $25.00, Blind $25.00, Two Way Bad Beat $5.00",
                         "Seat 6: Ante $5.00, Blind $5.00, Trips $1.00")
    assert play_through(s).record.clean


def test_a_stacked_round_from_the_automated_shoe():
    s = stacked_script(AUTOMATED_SHOE)
    acts = s.actions
    assert acts[0].citations[0] == "DJ Wild Poker §8(b)(2)"
    deals = [a for a in acts if a.verb == DEAL]
    # §8(c)-(d): a stack of five to each player clockwise, then the dealer's hand.
    assert [a.seat for a in deals] == [2, 5, 6, DEALER]
    assert all(len(a.effects) == 5 and not any(e.face_up for e in a.effects) for a in deals)
    assert deals[0].citations == ("DJ Wild Poker §8(c)",)
    assert "DJ Wild Poker §8(d)" in deals[-1].citations
    # §8(e): the decisions in seat order, not a group.
    offers = [a for a in acts if a.verb == OFFER]
    assert [a.seat for a in offers] == [2, 5, 6] and {a.group for a in offers} == {""}
    assert offers[0].citations[0] == "DJ Wild Poker §8(e)"
    # The same cards settle the same way whatever the method.
    hand = stacked_script(HAND)
    assert [(a.verb, a.seat, a.spot, a.amount) for a in acts if a.verb in (PAY, COLLECT)] == \
        [(a.verb, a.seat, a.spot, a.amount) for a in hand.actions if a.verb in (PAY, COLLECT)]


def test_the_scenes_follow_the_round():
    s = stacked_script(HAND)
    first = s.scenes[0]
    assert first.seat(2).wager("ante") == 1000 and first.seat(2).cards == () and first.dealer_cards == ()
    after_deal = s.scenes[1 + 20]
    assert all(len(after_deal.seat(n).cards) == 5 for n in (2, 5, 6)) and len(after_deal.dealer_cards) == 5
    assert not any(c.face_up for n in (2, 5, 6) for c in after_deal.seat(n).cards)
    after_offers = s.scenes[1 + 20 + 3]
    assert after_offers.seat(2).wager("play") == 2000 and after_offers.seat(6).wager("play") == 0
    assert len(after_offers.seat(6).cards) == 5  # kept: Trips and Cover All in action
    after_reveal = s.scenes[1 + 20 + 3 + 1]
    assert all(c.face_up for c in after_reveal.dealer_cards)
    end = s.scenes[-1]
    assert end.dealer_cards == () and end.seat(5).wagers == ()
    assert end.seat(2).wager("blind") == 1000 + 50_000
    assert not end.dealer_cover_card


def test_a_folded_hand_with_nothing_in_action_leaves_the_layout():
    bets = [tr.Bets(2, 1000, 1000), tr.Bets(5, 1000, 1000), tr.Bets(6, 1000, 1000)]
    s = stacked_script(HAND, bets)
    offer6 = next(a for a in s.actions if a.verb == OFFER and a.seat == 6)
    assert [e.kind for e in offer6.effects] == ["fold"]
    assert not any(a.verb == REVEAL and a.seat == 6 for a in s.actions)
    assert [(a.verb, a.spot) for a in s.actions if a.seat == 6 and a.verb == COLLECT] == \
        [(COLLECT, "ante"), (COLLECT, "blind")]
    assert s.scenes[s.actions.index(offer6) + 1].seat(6).cards == ()


def test_a_tie_pushes_and_needs_no_action():
    # §9(d)(1); ruling 13: a natural and a wild hand of the same value tie.
    s = stacked_script(HAND, [tr.Bets(1, 1000, 1000)], {1: "Kc Kh 9d 7s 4c"}, "Kd 2s 9c 7h 4d")
    settle = [(a.verb, a.seat) for a in s.actions if a.group == "settle"]
    assert settle == [(REVEAL, 1)]
    assert "Ante $10.00 is a push" in s.summary[1]


def test_cover_all_on_five_of_a_kind_is_referred():
    # Ruling 17: five of a kind is not on the Cover All table: no dealer action, the summary says so.
    s = stacked_script(HAND, [tr.Bets(1, 1000, 1000, cover_all=500)], {1: "9c 9h 9d 9s JK"}, "Kd Qs 8c 7h 4d")
    assert s.wild.settlement.seat(1).result("cover_all").result == REFER
    assert not any(a.spot == "cover_all" for a in s.actions)
    assert any("refer to floor supervisor" in line for line in s.summary)
    assert play_through(s).record.clean


def _money_matches(s):
    acts = {(a.verb, a.seat, a.spot): a for a in s.actions if a.verb in (PAY, COLLECT)}
    assert len(acts) == sum(1 for a in s.actions if a.verb in (PAY, COLLECT))
    expected = 0
    for seat in s.wild.settlement.seats:
        for r in seat.results:
            if r.result == WIN:
                assert acts[(PAY, seat.seat, r.wager)].amount == r.net > 0
                expected += 1
            elif r.result == LOSE:
                assert (COLLECT, seat.seat, r.wager) in acts
                expected += 1
            else:
                assert r.result in (PUSH, REFER)
                assert not any(k[1:] == (seat.seat, r.wager) for k in acts)
    assert expected == len(acts)
    # The house's net is exactly what the actions pay and collect.
    collected = sum(r.amount for seat in s.wild.settlement.seats for r in seat.results if r.result == LOSE)
    paid = sum(a.amount for a in acts.values() if a.verb == PAY)
    assert collected - paid == s.wild.settlement.house_net


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), method=st.sampled_from([HAND, AUTOMATED_SHOE]),
       table=st.sampled_from(tr.TRIPS_TABLE.choices), lv=st.sampled_from(["guided", "practice", "table-ready"]))
def test_payouts_and_collections_are_the_settlements(seed, method, table, lv):
    _money_matches(tr.build_round(config(seed, lv, dealing_method=method, trips_table=table)))


def test_big_payouts_are_exact():
    # Five wilds: the blind 1,000 to 1, Trips 2,000 to 1 (table 01), Cover All 500 to 1 (one player).
    s = stacked_script(HAND, [tr.Bets(3, 2500, 2500, trips=1000, cover_all=100)], {3: "2c 2d 2h 2s JK"},
                       "Kd Qs 8c 7h 4d")
    pays = {a.spot: a.amount for a in s.actions if a.verb == PAY}
    assert pays == {"ante": 2500, "blind": 2_500_000, "play": 5000, "trips": 2_000_000, "cover_all": 50_000}
    _money_matches(s)
    assert play_through(s).record.clean


# ------------------------------------------------------------------ grading

def test_each_mistake_class_is_caught_and_explained():
    r = DealerRound(stacked_script(AUTOMATED_SHOE), level("practice"))
    out = r.attempt(Attempt(DEAL, 2, face_up=False))  # before "No more bets"
    assert out.mistake.kind == WRONG_STEP and "DJ Wild Poker §8(b)(2)" in out.mistake.citations
    r.perform_next()
    out = r.attempt(Attempt(DEAL, 5, face_up=False))  # seat 5 before seat 2
    assert out.mistake.kind == WRONG_POSITION and "DJ Wild Poker §8(c)" in out.mistake.citations
    out = r.attempt(Attempt(DEAL, 2, face_up=True))  # the stack face up
    assert out.mistake.kind == WRONG_FACE and "face down" in out.mistake.explanation
    for _ in range(4):
        r.perform_next()
    out = r.attempt(Attempt(OFFER, 6))  # §8(e): seat 2 first
    assert out.mistake.kind == WRONG_POSITION and "DJ Wild Poker §8(e)" in out.mistake.citations
    while r.next_action().verb != PAY:
        r.perform_next()
    assert (r.next_action().seat, r.next_action().spot) in {(2, "ante"), (2, "blind"), (2, "play"), (2, "trips")}
    out = r.attempt(Attempt(PAY, 2, "blind", chips=((1000, 1),), amount=1000))  # 1 to 1, not 50 to 1
    assert out.mistake.kind == WRONG_AMOUNT and "$500.00" in out.mistake.explanation
    assert "DJ Wild Poker §9(d)(3)" in out.mistake.citations
    out = r.attempt(Attempt(PAY, 2, "blind", chips=((10_000, 5),)))  # right, in more chips than needed
    assert out.accepted and out.note
    rec = r.record
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (4, 1, 1)
    assert all(any(SECTION.match(c) for c in m["citations"]) for m in rec.mistakes)
    while not r.finished:
        r.perform_next()
    assert rec.completed and not rec.clean


def test_any_order_where_the_rules_give_none():
    r = DealerRound(stacked_script(HAND), level("practice"))
    for _ in range(21):
        r.perform_next()
    # From the hand the decisions come in any order (§7(c)(2)).
    assert r.attempt(Attempt(OFFER, 6)).accepted
    assert r.attempt(Attempt(OFFER, 2)).accepted
    assert r.attempt(Attempt(OFFER, 5)).accepted
    # Settlement before the dealer's reveal is refused.
    assert r.attempt(Attempt(COLLECT, 5, "ante")).mistake.kind == WRONG_STEP
    r.perform_next()
    # No settlement order is written (§9(a)): seat 6 before seat 2 is fine.
    assert r.attempt(Attempt(COLLECT, 6, "blind")).accepted
    assert r.attempt(Attempt(REVEAL, 5)).accepted
    # Cover All is not yet: every player bet first (§11(j)).
    # (and seat 2's hand is not turned over yet, so none of its wagers can be paid: the
    # only payouts due are after their hands' reveals)
    out = r.attempt(Attempt(PAY, 2, "cover_all", amount=40_000))
    assert out.mistake.kind == WRONG_STEP
    while not r.finished:
        r.perform_next()
    assert r.record.procedure_errors == 2 and r.record.payout_errors == 0


# ------------------------------------------------------------------ watch mode

def _check_candidates(s, ms):
    remedies = set(s.irregular_remedies) | {REFER_REMEDY}
    assert ms
    for m in ms:
        assert 0 <= m.index < len(s.actions)
        assert SECTION.match(m.rule_citation) and SECTION.match(m.remedy_citation), m
        assert m.remedy in remedies
        if m.remedy == REFER_REMEDY:
            assert "no remedy is written" in m.remedy_citation or "no provision" in m.remedy_citation
        assert m.rule and m.performed.text.split()[0].endswith("s"), m.performed.text
        assert s.render(list(s.actions[:m.index]) + [m.performed]) is not None
        if m.kind == "wrong-payout" and m.replaces:
            assert m.performed.amount != s.actions[m.index].amount


def test_watch_candidates_are_valid():
    kinds = set()
    for method in (HAND, AUTOMATED_SHOE):
        for seed in range(40):
            s = tr.build_round(config(seed, "table-ready", dealing_method=method))
            ms = tr.watch_mistakes(s, random.Random(seed))
            _check_candidates(s, ms)
            kinds |= {m.kind for m in ms}
    assert kinds >= {"missed-announce", "wrong-order", "card-exposed", "dealer-exposed", "wrong-count",
                     "wrong-payout", "wager-in-action-collected"}


def test_watch_mistakes_on_the_stacked_round():
    s = stacked_script(HAND)
    ms = tr.watch_mistakes(s, random.Random(0))
    by_kind = {}
    for m in ms:
        by_kind.setdefault(m.kind, []).append(m)
    exposed = by_kind["dealer-exposed"]
    assert any(m.remedy == "All hands are void; reshuffle the cards" and m.remedy_citation.startswith(
        "DJ Wild Poker §13(a)") for m in exposed)
    assert any(m.performed.verb == REVEAL and m.rule_citation == "DJ Wild Poker §9(d)" for m in exposed)
    extra = by_kind["wrong-count"][0]
    assert extra.remedy == "That player's hand is void" and extra.remedy_citation == "DJ Wild Poker §13(c)"
    card = by_kind["card-exposed"][0]
    assert card.remedy == REFER_REMEDY and card.performed.face_up
    # From the hand the decisions have no order, so no decision is "out of order".
    assert not any(m.performed.verb == OFFER for m in by_kind["wrong-order"])
    payouts = {(m.performed.spot, m.performed.amount) for m in by_kind["wrong-payout"]}
    assert ("blind", 1000) in payouts  # the wild royal's blind paid 1 to 1, not 50 to 1
    assert ("play", 1000) in payouts  # the play paid as if it were the ante
    assert ("trips", 500 * 1000) in payouts  # a natural royal (1,000 to 1) for a wild one
    assert ("cover_all", 500 * 40) in payouts  # the six-player column (40 to 1), not three players (80 to 1)
    assert all(m.remedy == REFER_REMEDY for m in by_kind["wrong-payout"])
    assert "wager-in-action-collected" not in by_kind  # seat 6's Trips loses: collecting it is right
    shoe = tr.watch_mistakes(stacked_script(AUTOMATED_SHOE), random.Random(0))
    assert any(m.kind == "wrong-order" and m.performed.verb == OFFER and m.rule_citation == "DJ Wild Poker §8(e)"
               for m in shoe)


def test_a_wager_in_action_collected_with_a_folded_hand_is_a_mistake():
    # Seat 1 folds queen high; its Cover All stays in action (ruling 11) and wins on seat
    # 4's full house. Collecting it with the folded hand is the app's mistake.
    bets = [tr.Bets(1, 1000, 1000, cover_all=500), tr.Bets(4, 1000, 1000)]
    s = stacked_script(HAND, bets, {1: "Qc 9d 6s 4h 3c", 4: "Ah Ad As Kc Kd"}, "Ks Qd 8c 7s 3h")
    assert s.wild.seat(1).decision == FOLD
    assert next(a for a in s.actions if a.verb == PAY and a.seat == 1).spot == "cover_all"
    ms = [m for m in tr.watch_mistakes(s, random.Random(0)) if m.kind == "wager-in-action-collected"]
    assert len(ms) == 1 and ms[0].performed.verb == COLLECT and ms[0].performed.seat == 1
    assert "trainer ruling 11" in ms[0].rule_citation and ms[0].remedy == REFER_REMEDY


def _watch(seed, method, catch):
    w = games.watch_round(config(seed, "table-ready", dealing_method=method))
    return watch_to_the_end(w, catch=catch).record


@pytest.mark.parametrize("method", [HAND, AUTOMATED_SHOE])
def test_a_watcher_who_stops_every_mistake(method):
    for seed in range(25):
        rec = _watch(seed, method, catch=True)
        assert rec.mistakes_made >= 2
        assert rec.caught == rec.mistakes_made == rec.rule_named == rec.remedy_named
        assert rec.missed_calls == 0 and rec.false_calls == 0 and rec.clean


@pytest.mark.parametrize("method", [HAND, AUTOMATED_SHOE])
def test_a_watcher_who_lets_them_pass(method):
    for seed in range(10):
        rec = _watch(seed, method, catch=False)
        assert rec.caught == 0 and rec.missed_calls == rec.mistakes_made > 0 and not rec.clean


def test_a_false_alarm_counts():
    w = games.watch_round(config(3, "guided"))
    while w.current().mistake is not None:
        w.stop()
        while w.pending:
            w.answer("?")
        w.proceed()
    caught, _ = w.stop()
    assert not caught and w.record.false_calls == 1


# ------------------------------------------------------------------ Cover All: §11(e), §11(h)-(j)

# The dealer's nine-high straight is exposed first (§11(h): "even if it's his"); seat 1's
# flush is higher and only seat 3's full house, the highest hand, is higher than it; seat
# 4's ten-high straight is below two players' hands; seat 5's eight-high straight is below
# the dealer's; seat 6 holds a pair. No wild card anywhere.
EXPOSE_HANDS = {1: "Kh Jh 8h 6h 3h", 3: "Qs Qd Qc 4d 4s", 4: "Td 9h 8s 7c 6d", 5: "8c 7d 6c 5s 4h",
                6: "Ac Ad Ks 9s 3c"}
EXPOSE_DEALER = "9c 8d 7h 6s 5c"
EXPOSE_BETS = [tr.Bets(1, 1000, 1000, cover_all=500), tr.Bets(3, 1000, 1000), tr.Bets(4, 1000, 1000),
               tr.Bets(5, 1000, 1000), tr.Bets(6, 1000, 1000, cover_all=200)]
RULING_23 = ("DJ Wild Poker §11(h)", "DJ Wild Poker §11(i)", "trainer ruling 23", "trainer ruling 39")


def exposure_script(method=HAND):
    return stacked_script(method, EXPOSE_BETS, EXPOSE_HANDS, EXPOSE_DEALER)


def _index(acts, verb, seat, group=None):
    return next(i for i, a in enumerate(acts) if a.verb == verb and a.seat == seat
                and (group is None or a.group == group))


def test_cover_all_leaves_the_highest_straight_or_better_exposed():
    s = exposure_script()
    acts = s.actions
    plan = tr.cover_all_plan(s.wild)
    assert plan.exposed == (3,) and plan.higher == {1: (3,), 4: (1, 3)}  # seat 5 is below the dealer's hand
    dealer = acts[_index(acts, REVEAL, DEALER)]
    assert dealer.text.endswith("straight, nine high — a straight or better: leave it exposed, even though it is yours")
    assert set(RULING_23) <= set(dealer.citations)
    # Seat 3's full house is never picked up before the Cover All bets: no pickup in the settlement.
    assert not any(a.verb == CLEAR and a.seat == 3 for a in acts if a.group == "settle")
    assert "leave it exposed: the highest hand at the table" in acts[_index(acts, REVEAL, 3)].text
    # Seat 1's flush, the highest found so far in seat order, is picked up only after seat 3's
    # hand is turned over (§11(i)), whatever the order of the seats.
    clear1 = _index(acts, CLEAR, 1)
    assert clear1 > _index(acts, REVEAL, 3) and _index(acts, REVEAL, 3) in acts[clear1].after
    assert set(RULING_23) <= set(acts[clear1].citations)
    # Seat 5's straight, below the exposed dealer's, and seat 6's pair go as usual, after their wagers.
    clear5 = _index(acts, CLEAR, 5)
    assert set(acts[clear5].after) == {i for i, a in enumerate(acts) if a.seat == 5 and a.group == "settle"
                                       and a.verb in (REVEAL, COLLECT, PAY)}
    assert "your exposed straight, nine high is higher" in acts[clear5].text
    assert acts[_index(acts, REVEAL, 5)].text.endswith(
        "a straight or better: not left exposed, your exposed straight, nine high is higher")
    assert acts[_index(acts, REVEAL, 1)].text.endswith("leave it exposed while it is the highest hand found")
    assert "below a straight" in acts[_index(acts, CLEAR, 6)].text
    # §11(j): five players, a full house: 4 to 1 on each Cover All wager; the dealer's own
    # cards, every player's hand compared with them, go in any order with it.
    cover = [(a.verb, a.seat, a.spot, a.amount) for a in acts if a.group == "cover-all"]
    assert cover == [(PAY, 1, "cover_all", 2000), (PAY, 6, "cover_all", 800), (CLEAR, DEALER, None, 0)]
    # Then the exposed full house, last.
    assert (acts[-1].verb, acts[-1].seat) == (CLEAR, 3) and "left exposed" in acts[-1].text
    assert "DJ Wild Poker §11(j)" in acts[-1].citations
    assert any("seat 3's full house, queens full of fours, was left exposed" in line for line in s.summary)
    # The table as listed: after the settlement only seat 3's cards are still out.
    end_of_settlement = s.scenes[max(i for i, a in enumerate(acts) if a.group == "settle") + 1]
    assert [n for n in range(1, 7) if end_of_settlement.seat(n).cards] == [3]
    assert len(end_of_settlement.dealer_cards) == 5
    assert not any(s.scenes[-1].seat(n).cards for n in range(1, 7)) and s.scenes[-1].dealer_cards == ()
    assert play_through(s).record.clean


def _settle_seat(r, seat):
    """Turn over and settle one seat (its hand first), right."""
    acts = r.script.actions
    for i in [i for i, a in enumerate(acts) if a.seat == seat and a.group == "settle" and a.verb != CLEAR]:
        assert r.attempt(_right(acts[i])).accepted, acts[i].text


def _right(action):
    from trainer.training.table_mode.actions import attempt_for
    return attempt_for(action)


def test_cover_all_exposed_hands_are_graded_in_any_seat_order():
    s = exposure_script()
    r = DealerRound(s, level("practice"))
    while r.next_action().verb != REVEAL or r.next_action().seat != DEALER:
        r.perform_next()
    r.perform_next()  # the dealer's straight, left exposed
    # The dealer's cards stay while players' hands are compared with them.
    assert not r.attempt(Attempt(CLEAR, DEALER)).accepted
    _settle_seat(r, 1)
    # Seat 1's flush is the highest hand found: it stays exposed (§11(h)).
    assert not r.attempt(Attempt(CLEAR, 1)).accepted
    _settle_seat(r, 3)
    # Seat 3's full house is higher: seat 1's cards are removed (§11(i)); seat 3's stay.
    assert not r.attempt(Attempt(CLEAR, 3)).accepted
    assert r.attempt(Attempt(CLEAR, 1)).accepted
    for seat in (6, 5, 4):
        _settle_seat(r, seat)
        assert r.attempt(Attempt(CLEAR, seat)).accepted
    # Cover All now; the full house still stays until it is settled (§11(j)).
    assert not r.attempt(Attempt(CLEAR, 3)).accepted
    assert r.attempt(Attempt(CLEAR, DEALER)).accepted
    assert r.attempt(Attempt(PAY, 6, "cover_all", amount=800)).accepted
    assert r.attempt(Attempt(PAY, 1, "cover_all", amount=2000)).accepted
    assert r.attempt(Attempt(CLEAR, 3)).accepted and r.finished
    assert r.record.procedure_errors == 4 and r.record.payout_errors == 0
    # The other way round: the full house found first, seat 1's flush is picked up as usual.
    r = DealerRound(exposure_script(), level("practice"))
    while r.next_action().verb != REVEAL or r.next_action().seat != DEALER:
        r.perform_next()
    r.perform_next()
    _settle_seat(r, 3)
    _settle_seat(r, 1)
    assert r.attempt(Attempt(CLEAR, 1)).accepted
    while not r.finished:
        r.perform_next()
    assert r.record.clean


def test_cover_all_steps_of_the_shuffler_are_stated():
    # §11(d)-(e): the i-Deal Plus's green button shows the payouts for the number of players.
    for method in (HAND, AUTOMATED_SHOE):
        s = exposure_script(method)
        line = next(x for x in s.option_lines if x.startswith("Cover All"))
        assert "green button" in line and "here 5 (§11(e))" in line and "DJ Wild Cover All" in line
    shoe = exposure_script(AUTOMATED_SHOE)
    dealer_deal = [a for a in shoe.actions if a.verb == DEAL][-1]
    assert dealer_deal.seat == DEALER and "green button" in dealer_deal.text
    assert "DJ Wild Poker §11(e)" in dealer_deal.citations
    plain = stacked_script(AUTOMATED_SHOE, house=tr.HouseOptions(cover_all=False),
                           bets=[tr.Bets(2, 1000, 1000, trips=500), tr.Bets(5, 2500, 2500), tr.Bets(6, 500, 500)])
    assert not any("green button" in a.text for a in plain.actions)


def test_without_a_cover_all_wager_the_cards_go_together():
    bets = [tr.Bets(1, 1000, 1000), tr.Bets(3, 1000, 1000)]
    s = stacked_script(HAND, bets, {1: EXPOSE_HANDS[1], 3: EXPOSE_HANDS[3]}, EXPOSE_DEALER)
    assert tr.cover_all_plan(s.wild) is None
    clears = [a for a in s.actions if a.verb == CLEAR]
    assert len(clears) == 1 and clears[0].seat is None and clears[0].citations == ("DJ Wild Poker §9(e)",)


def test_a_referred_five_of_a_kind_stays_exposed():
    # Ruling 17: the highest hand, five of a kind, is not on the Cover All table: the bets
    # wait for the floor supervisor and the exposed hand is not picked up (§11(h)-(j)).
    s = stacked_script(HAND, [tr.Bets(1, 1000, 1000, cover_all=500), tr.Bets(2, 1000, 1000)],
                       {1: "9c 9h 9d 9s JK", 2: "Ac Ad Ks 8s 3c"}, "Kd Qs 8c 7h 4d")
    assert tr.cover_all_plan(s.wild).exposed == (1,)
    assert not any(a.verb == CLEAR and a.seat == 1 for a in s.actions)
    assert len(s.scenes[-1].seat(1).cards) == 5 and all(c.face_up for c in s.scenes[-1].seat(1).cards)
    assert any("stays exposed for the floor supervisor" in line for line in s.summary)


def test_watch_mode_exposed_hand_mistakes():
    s = exposure_script()
    ms = [m for m in tr.watch_mistakes(s, random.Random(0)) if m.kind == "exposed-hand-picked-up"]
    _check_candidates(s, ms)
    by_seat = {m.performed.seat: m for m in ms}
    assert set(by_seat) == {1, 3}
    first_cover = next(i for i, a in enumerate(s.actions) if a.group == "cover-all")
    early = by_seat[3]
    assert early.index == first_cover and not early.replaces and early.performed.verb == CLEAR
    assert early.rule_citation.startswith("DJ Wild Poker §11(h); §11(i); trainer ruling 23; trainer ruling 39")
    assert early.remedy == REFER_REMEDY and "no remedy is written" in early.remedy_citation
    # Seat 1's flush picked up right after its own wagers, before seat 3's is turned over.
    flush = by_seat[1]
    last_own = max(i for i, a in enumerate(s.actions) if a.seat == 1 and a.group == "settle" and a.verb != CLEAR)
    assert flush.index == last_own + 1 <= _index(s.actions, REVEAL, 3)  # shown before that action
    assert "no higher hand has been found" in flush.performed.text


def test_cover_all_rounds_play_clean_in_random_orders():
    # Any order the script accepts finishes the round, and when the first Cover All bet is
    # settled only the highest hand, a straight or better, is still on the table (§11(h)-(j)).
    from trainer.training.table_mode.actions import attempt_for
    checked = 0
    for seed in range(60):
        s = tr.build_round(config(seed, "table-ready"))
        plan = tr.cover_all_plan(s.wild)
        if plan is None:
            continue
        rng = random.Random(seed)
        r = DealerRound(s, level("table-ready"))
        while not r.finished:
            i = rng.choice(r.pending())
            a = s.actions[i]
            if a.group == "cover-all" and a.verb in (PAY, COLLECT):
                table = s.render([s.actions[j] for j in r.completed])
                on_table = {n for n in range(1, 7) if table.seat(n).cards}
                assert on_table == set(plan.exposed) - {DEALER}, (seed, on_table, plan)
            assert r.attempt(attempt_for(a)).accepted
        assert r.record.clean
        checked += 1
    assert checked >= 20


def test_a_lower_straight_found_first_waits_for_any_higher_hand():
    """Seat 4's hand is lower than seats 1's and 3's. Turned over first it is the highest
    hand found, so it stays exposed (§11(h), trainer ruling 23) until either higher hand is
    turned over (§11(i)); either one will do."""
    s = exposure_script()
    acts = s.actions
    clear4 = _index(acts, CLEAR, 4)
    assert set(acts[clear4].after_any) == {_index(acts, REVEAL, 1), _index(acts, REVEAL, 3)}
    for first in (1, 3):
        r = DealerRound(exposure_script(), level("practice"))
        while r.next_action().verb != REVEAL or r.next_action().seat != DEALER:
            r.perform_next()
        r.perform_next()
        _settle_seat(r, 4)
        assert not r.attempt(Attempt(CLEAR, 4)).accepted  # still the highest hand found
        _settle_seat(r, first)
        assert r.attempt(Attempt(CLEAR, 4)).accepted
