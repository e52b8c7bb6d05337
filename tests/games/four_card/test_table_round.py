"""Table mode for Four Card Poker: the round as dealer actions in the rules' order (§5,
§7-§10), payouts equal to the settlement module's, each mistake class caught, and
watch mode's mistakes with their rules and remedies."""

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.table_mode_support import watch_to_the_end
from trainer.core.cards import Card, parse_cards
from trainer.core.settlement import LOSE
from trainer.games.four_card import dealing
from trainer.games.four_card.hands import Category, best_hand
from trainer.games.four_card.rules_data import rules_data
from trainer.games.four_card.settlement import (
    FOLD,
    HouseOptions,
    SeatWagers,
    settle_round,
)
from trainer.games.four_card.table_round import (
    CAUTIOUS,
    HOUSE_OPTIONS,
    STEADY,
    Player,
    build_round,
    play_decision,
    round_from,
    script_for,
    simulated_players,
    watch_mistakes,
)
from trainer.core.table.actions import ANNOUNCE, CLEAR, COLLECT, CUT, DEAL, DEALER, OFFER, PAY, REVEAL
from trainer.training.table_mode.actions import WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP, Attempt
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.training.table_mode.games import house_options, watch_round
from trainer.core.table.levels import level, levels
from trainer.core.table.script import RoundConfig
from trainer.core.table.script import REFER_REMEDY
from trainer.training.table_mode.watch import WatchRound

GAME = "four-card"
CHOICES = [(o.key, c) for o in HOUSE_OPTIONS for c in o.choices]


def config(seed, lv="practice", **options):
    return RoundConfig(GAME, seed, level(lv), dict(options))


def play_through(script, lv="practice"):
    r = DealerRound(script, level(lv))
    while not r.finished:
        out = r.perform_next(elapsed_ms=500)
        assert out.accepted, out.mistake
    return r


# ---------------------------------------------------------------- a stacked round

HANDS = {
    2: "7c 7d 7h Ks 2d",   # three sevens: plays 3x, ante bonus 2 to 1, Aces Up 9 to 1 (Table I)
    3: "8s 8h 5c 5h Tc",   # two pair, Aces Up only: 2 to 1 (Table I)
    5: "4c 9d Jh Qs 2c",   # queen high: folds, no Aces Up, cards collected in §10(c)
    6: "Ts Td 6c 3s 4h",   # pair of tens: plays 3x, loses to the dealer's aces
}
DEALER_HAND = "Ac Ad 3h 9s Jd 5d"  # pair of aces; 5d is the sixth card, face up
PLAYERS = [Player(2, 1000, 500), Player(3, 0, 500), Player(5, 500), Player(6, 500)]


def stacked_deck(method, seat_hands=None, dealer_hand=DEALER_HAND):
    """The deck, top first, that deals ``seat_hands`` (HANDS) and ``dealer_hand`` by ``method``."""
    seat_hands = seat_hands or HANDS
    hands = {s: list(parse_cards(h)) for s, h in seat_hands.items()}
    hands[DEALER] = list(parse_cards(dealer_hand))
    used = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values()), "a card is dealt twice"
    spare = [c for c in (Card(r, s) for s in "shdc" for r in range(2, 15)) if c not in used]
    deck = []
    for step in dealing.deal_sequence(method, sorted(seat_hands)):
        if step.kind == dealing.EXTRA_STACK:
            deck += [hands[DEALER].pop(0)] + [spare.pop() for _ in range(4)]  # the bottom card is turned up
        else:
            deck += [hands[step.recipient].pop(0) for _ in range(step.cards)]
    return deck + spare


def stacked_script(method="manual-shoe", alternative="1", shuffle="manual"):
    cfg = config(1, dealing_method=method, settlement_alternative=alternative, shuffle=shuffle)
    return script_for(cfg, round_from(cfg, PLAYERS, stacked_deck(method)))


def where(actions, verbs=None):
    return [(a.verb, a.seat, a.spot) if a.spot else (a.verb, a.seat) for a in actions
            if verbs is None or a.verb in verbs]


def test_stacked_round_exact_order_alternative_1():
    s = stacked_script()
    acts = s.actions
    assert where(acts[:2]) == [(CUT, None), (ANNOUNCE, None)]
    deals = [a for a in acts if a.verb == DEAL]
    assert [a.seat for a in deals] == [2, 3, 5, 6, DEALER] * 5 + [DEALER]
    assert [a.face_up for a in deals] == [False] * 25 + [True]
    assert deals[-1].effects[0].card == "5d"
    after_deal = acts[acts.index(deals[-1]) + 1:]
    assert where(after_deal) == [
        (CLEAR, None, "stub"),
        (OFFER, 2), (OFFER, 5), (OFFER, 6),  # §10(b): antes only, from the dealer's left
        (COLLECT, 5, "ante"), (CLEAR, 5),  # §10(c): forfeited ante, the cards of a folder without Aces Up
        (REVEAL, DEALER), (REVEAL, 6), (REVEAL, 3), (REVEAL, 2),  # §10(d), (e)(1)(i): from the dealer's right
        (COLLECT, 6, "ante"), (COLLECT, 6, "play"),  # (e)(1)(ii)
        (PAY, 3, "aces_up"), (PAY, 2, "ante"), (PAY, 2, "play"), (PAY, 2, "aces_up"),  # (e)(1)(iii)
        (CLEAR, 6), (CLEAR, 3), (CLEAR, 2),  # (e)(1)(iv)
        (CLEAR, DEALER),  # §10(e): the dealer's cards last
    ]
    offers = {a.seat: a.response for a in acts if a.verb == OFFER}
    assert offers == {2: "Seat 2 plays 3x: $30.00 on Play", 5: "Seat 5 folds and forfeits the ante",
                      6: "Seat 6 plays 3x: $15.00 on Play"}
    pays = {(a.seat, a.spot): a.amount for a in acts if a.verb == PAY}
    # ante 1 to 1 ($10) plus the ante bonus 2 to 1 ($20); play 1 to 1; Aces Up 9 to 1 and 2 to 1
    assert pays == {(2, "ante"): 3_000, (2, "play"): 3_000, (2, "aces_up"): 4_500, (3, "aces_up"): 1_000}
    settled = settle_round(parse_cards(DEALER_HAND), [
        SeatWagers(2, parse_cards(HANDS[2]), ante=1000, aces_up=500, decision=3000),
        SeatWagers(3, parse_cards(HANDS[3]), aces_up=500),
        SeatWagers(5, parse_cards(HANDS[5]), ante=500, decision=FOLD),
        SeatWagers(6, parse_cards(HANDS[6]), ante=500, decision=1500)], HouseOptions())
    assert pays[(2, "ante")] == settled.seat(2).paid("ante") + settled.seat(2).paid("ante_bonus")
    assert pays[(2, "aces_up")] == settled.seat(2).paid("aces_up")
    assert pays[(3, "aces_up")] == settled.seat(3).paid("aces_up")
    assert [a.group for a in acts if a.verb == PAY] == ["pay-3", "pay-2", "pay-2", "pay-2"]
    assert s.summary[0] == "Dealer: " + best_hand(parse_cards(DEALER_HAND)).describe()
    assert s.summary[0].startswith("Dealer: Pair of aces")
    assert s.summary[1].startswith("Seat 2: Three sevens") and "plays 3x" in s.summary[1]
    assert s.summary[2].startswith("Seat 3: Two pair, eights and fives") and "Aces Up only" in s.summary[2]
    assert s.summary[3].startswith("Seat 5: Queen high") and "folds" in s.summary[3]
    assert s.summary[4].startswith("Seat 6: Pair of tens") and "Net -$20.00" in s.summary[4]
    # the table as the actions leave it
    i_sixth = acts.index(deals[-1]) + 1
    assert s.scenes[i_sixth].dealer_cards[-1].face_up and not any(c.face_up for c in s.scenes[i_sixth].dealer_cards[:5])
    i_forfeits = acts.index(next(a for a in acts if a.verb == CLEAR and a.seat == 5)) + 1
    assert s.scenes[i_forfeits].seat(5).cards == () and len(s.scenes[i_forfeits].seat(6).cards) == 5
    i_reveal6 = acts.index(next(a for a in acts if a.verb == REVEAL and a.seat == 6)) + 1
    assert all(c.face_up for c in s.scenes[i_reveal6].seat(6).cards)
    assert s.scenes[i_reveal6].seat(6).note == "Pair of tens (six-four kickers)"
    assert s.scenes[-1].seat(2).wager("ante") == 1_000 + 3_000 and s.scenes[-1].seat(6).wagers == ()
    assert s.players == ("Seat 2: ante $10.00, Aces Up $5.00", "Seat 3: Aces Up $5.00 only (no ante)",
                         "Seat 5: ante $5.00", "Seat 6: ante $5.00")


def test_stacked_round_alternative_2_settles_player_by_player():
    """§10(d) first under either alternative: every active hand revealed from the dealer's
    right, then every losing wager collected; then (e)(2) pays and picks up player by player."""
    acts = stacked_script(alternative="2").actions
    first = next(i for i, a in enumerate(acts) if a.verb == REVEAL)
    assert where(acts[first:]) == [
        (REVEAL, DEALER), (REVEAL, 6), (REVEAL, 3), (REVEAL, 2),
        (COLLECT, 6, "ante"), (COLLECT, 6, "play"),
        (CLEAR, 6),
        (PAY, 3, "aces_up"), (CLEAR, 3),
        (PAY, 2, "ante"), (PAY, 2, "play"), (PAY, 2, "aces_up"), (CLEAR, 2),
        (CLEAR, DEALER),
    ]
    assert {a.group for a in acts[first:] if a.verb == COLLECT and a.seat == 6} == {"collect-6"}
    assert all(a.citations[0] == "Four Card Poker §10(d)" for a in acts if a.verb in (REVEAL, COLLECT)
               and a.group != "forfeits")
    assert all(a.citations[0] == "Four Card Poker §10(e)(2)(ii)" for a in acts if a.verb == PAY)
    assert "Four Card Poker §10(e)(2)(i)" in next(a for a in acts if a.verb == REVEAL and a.seat == 6).citations


def _bets_after_reveal(script):
    acts = script.actions
    start = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    return [a for a in acts[start:] if a.verb in (PAY, COLLECT) and a.spot != "cover_all"]


@pytest.mark.parametrize("alternative", ["1", "2"])
def test_every_losing_wager_is_collected_before_any_is_paid(alternative):
    """§10(d): "The dealer shall then collect all losing ante, play and aces up wagers",
    before §10(e) settles the wagers remaining, under either alternative (practice seed 11
    under (e)(2) paid seat 6 before collecting seat 1's losing wagers)."""
    checked = 0
    for seed in [11] + list(range(40)):
        for lv in ("practice", "table-ready"):
            script = build_round(config(seed, lv, settlement_alternative=alternative))
            bets = [a.verb for a in _bets_after_reveal(script)]
            if COLLECT in bets and PAY in bets:
                checked += 1
                assert max(i for i, v in enumerate(bets) if v == COLLECT) < min(
                    i for i, v in enumerate(bets) if v == PAY), (seed, lv)
            r = DealerRound(script, level(lv))
            while not r.finished:
                assert r.perform_next().accepted
    assert checked > 20
    seed11 = build_round(config(11, "practice", settlement_alternative=alternative))
    bets = [(a.verb, a.seat) for a in _bets_after_reveal(seed11)]
    assert bets.index((COLLECT, 1)) < bets.index((PAY, 6))


def test_stacked_round_from_the_automated_shoe():
    s = stacked_script(method="automated-shoe")
    deals = [a for a in s.actions if a.verb == DEAL]
    assert [(a.seat, a.face_up, len([e for e in a.effects if e.kind == "card"])) for a in deals] == [
        (2, False, 5), (3, False, 5), (5, False, 5), (6, False, 5), (DEALER, False, 5), (DEALER, True, 1)]
    assert "stack" in deals[0].text and "bottom card face up" in deals[-1].text
    assert deals[-1].effects[0].card == "5d"  # the extra stack's bottom card, turned up
    assert all(a.citations == ("Four Card Poker §9(c)",) for a in deals)
    assert s.actions[1].citations[0] == "Four Card Poker §9(b)(2)"
    assert {(a.seat, a.spot): a.amount for a in s.actions if a.verb == PAY}[(2, "ante")] == 3_000


def test_hand_dealing_needs_no_cut_and_shuffle_option_decides_the_cut():
    hand = stacked_script(method="hand", shuffle="manual")
    assert hand.actions[0].verb == ANNOUNCE and hand.options["shuffle"] == "automated"
    assert any("§8(b)(1)" in line for line in hand.option_lines)
    assert all("from the deck in your hand" in a.text for a in hand.actions if a.verb == DEAL)
    assert stacked_script(shuffle="automated").actions[0].verb == ANNOUNCE
    assert stacked_script(method="automated-shoe", shuffle="manual").actions[0].verb == CUT


def test_the_stub_is_counted_every_fifth_round():
    for n, method in ((5, "manual-shoe"), (10, "automated-shoe"), (15, "hand")):
        cfg = RoundConfig(GAME, 1, level("practice"), {"dealing_method": method}, round_number=n)
        stub = next(a for a in script_for(cfg, round_from(cfg, PLAYERS, stacked_deck(method))).actions
                    if a.spot == "stub")
        # four player positions: 52 - 4 x 5 - 6 (- the extra stack's four from the automated shoe)
        assert f"({dealing.stub_count(4, method)} cards)" in stub.text and "Four Card Poker §7(e)a" in stub.citations
    plain = next(a for a in stacked_script().actions if a.spot == "stub")
    assert plain.text.startswith("Remove the stub from the shoe") and plain.citations == ("Four Card Poker §7(d)",)


# ---------------------------------------------------------------- every level and option

def test_house_options():
    assert [o.key for o in HOUSE_OPTIONS] == ["dealing_method", "shuffle", "aces_up_table", "settlement_alternative",
                                              "cover_all"]
    assert house_options(GAME) == HOUSE_OPTIONS
    for o in HOUSE_OPTIONS:
        assert o.default in o.choices and o.citation.startswith("Four Card Poker §")
        assert len(o.labels) == len(o.choices)
    assert HOUSE_OPTIONS[2].choices == ("I", "II", "III", "IV", "V", "VI", "VII")
    cover_all = HOUSE_OPTIONS[4]
    assert (cover_all.choices, cover_all.default, cover_all.citation) == (("not-offered", "offered"), "not-offered",
                                                                          "Four Card Poker §12")
    assert cover_all.labels == tuple(rules_data().house_options["cover_all"].choices[c] for c in cover_all.choices)


def test_same_config_same_script_and_seeds_differ():
    a, b = build_round(config(42)), build_round(config(42))
    assert a.actions == b.actions and a.summary == b.summary and a.players == b.players
    others = {tuple(build_round(config(seed)).actions) for seed in range(43, 48)}
    assert tuple(a.actions) not in others and len(others) == 5


@pytest.mark.parametrize("lv", [lv.id for lv in levels()])
@pytest.mark.parametrize("key,choice", CHOICES)
def test_every_level_and_option_deals_clean(lv, key, choice):
    for seed in range(6):
        s = build_round(config(seed, lv, **{key: choice}))
        r = play_through(s, lv)
        assert r.record.completed and r.record.clean and len(r.results) == len(s.actions)
        assert len(s.scenes) == len(s.actions) + 1
        for a in s.actions:
            assert any(c.startswith("Four Card Poker §") for c in a.citations), a
            assert a.text
            if a.verb == DEAL:
                assert a.face_up is not None
            if a.verb == PAY:
                assert a.amount > 0 and a.payout and a.spot in ("ante", "play", "aces_up", "cover_all")
        dealer_up = [a for a in s.actions if a.verb == DEAL and a.seat == DEALER and a.face_up]
        assert len(dealer_up) == 1
        assert (s.actions[0].verb == CUT) == (s.options["shuffle"] == "manual")
        final = s.scenes[-1]
        assert final.dealer_cards == () and all(not v.cards for v in final.seats)


def test_strategy():
    def hand(text):
        return best_hand(parse_cards(text))
    assert play_decision(hand("Tc Td 2h 5s 8c"), 1000) == 3000
    assert play_decision(hand("Tc Td 2h 5s 8c"), 1000, CAUTIOUS) == 2000
    assert play_decision(hand("Tc Td 2h 2s 8c"), 1000, CAUTIOUS) == 3000  # two pair
    assert play_decision(hand("9c 9d 2h 5s Kc"), 1000) == 1000
    assert play_decision(hand("Ac Jd 2h 5s 8c"), 1000) == 1000
    assert play_decision(hand("Kc Jd 2h 5s 8c"), 1000, STEADY) == FOLD


def test_players_follow_the_level():
    for lv in levels():
        for seed in range(30):
            s = build_round(config(seed, lv.id))
            r = s.table_round
            assert lv.seats[0] <= len(r.players) <= min(lv.seats[1], 7)
            for p in r.players:
                assert p.ante or p.aces_up
                assert p.ante in (0,) + lv.wager_choices and p.aces_up <= max(p.ante, max(lv.wager_choices))
                if lv.side_bet_rate == 0:
                    assert p.aces_up == 0 and p.ante
            offered = [a.seat for a in s.actions if a.verb == OFFER]
            assert offered == sorted(p.seat for p in r.players if p.ante)


# ---------------------------------------------------------------- money

def _cards_on_the_table(script):
    cards = {}
    for a in script.actions:
        if a.verb == DEAL:
            cards.setdefault(a.seat, []).extend(Card.parse(e.card) for e in a.effects if e.kind == "card")
    return cards


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), lv=st.sampled_from(["guided", "practice", "table-ready"]),
       table=st.sampled_from(HOUSE_OPTIONS[2].choices), method=st.sampled_from(dealing.METHODS),
       alternative=st.sampled_from(("1", "2")), cover_all=st.sampled_from(("not-offered", "offered")))
def test_pay_and_collect_equal_the_settlement_module(seed, lv, table, method, alternative, cover_all):
    s = build_round(config(seed, lv, aces_up_table=table, dealing_method=method, settlement_alternative=alternative,
                           cover_all=cover_all))
    # Settle again from what the table shows: the cards dealt, the wagers placed, the players' responses.
    cards = _cards_on_the_table(s)
    plays = {a.seat: e.amount for a in s.actions if a.verb == OFFER for e in a.effects if e.kind == "wager"}
    folds = {a.seat for a in s.actions if a.verb == OFFER for e in a.effects if e.kind == "note"}
    start = s.scenes[0]
    seats = []
    for v in start.seats:
        if not v.occupied:
            continue
        ante = v.wager("ante")
        decision = FOLD if v.seat in folds else plays.get(v.seat) if ante else None
        seats.append(SeatWagers(v.seat, tuple(cards[v.seat]), ante=ante, aces_up=v.wager("aces_up"),
                                cover_all=v.wager("cover_all"), decision=decision))
    settled = settle_round(cards[DEALER], seats, HouseOptions(aces_up_table=table, settlement_alternative=alternative,
                                                              cover_all_offered=cover_all == "offered"))
    pays = Counter()
    for a in s.actions:
        if a.verb == PAY:
            pays[(a.seat, a.spot)] += a.amount
    expected_pays = Counter()
    expected_collects = Counter()
    for seat in settled.seats:
        for r in seat.results:
            spot = "ante" if r.wager == "ante_bonus" else r.wager
            if r.paid:
                expected_pays[(seat.seat, spot)] += r.paid
            if r.result == LOSE:
                expected_collects[(seat.seat, spot)] += 1
    collects = Counter((a.seat, a.spot) for a in s.actions if a.verb == COLLECT)
    assert pays == expected_pays
    assert collects == expected_collects
    assert sum(pays.values()) - sum(r.amount for seat in settled.seats for r in seat.results if r.result == LOSE) \
        == sum(seat.net for seat in settled.seats)


# ---------------------------------------------------------------- the trainee's mistakes

def test_each_mistake_class_is_caught_counted_and_explained():
    s = stacked_script()
    r = DealerRound(s, level("practice"))
    out = r.attempt(Attempt(DEAL, 2, face_up=False))  # before the cut
    assert not out.accepted and out.mistake.kind == WRONG_STEP and "Four Card Poker §5(b)(2)" in out.mistake.citations
    r.perform_next()
    r.perform_next()
    out = r.attempt(Attempt(DEAL, 3, face_up=False))  # seat 3 before seat 2
    assert out.mistake.kind == WRONG_POSITION and "Four Card Poker §7(c)" in out.mistake.citations
    out = r.attempt(Attempt(DEAL, 2, face_up=True))  # a player's card face up
    assert out.mistake.kind == WRONG_FACE and "face down" in out.mistake.explanation
    while not (r.next_action().seat == DEALER and r.next_action().face_up):
        r.perform_next()
    out = r.attempt(Attempt(DEAL, DEALER, face_up=False))  # the sixth card face down
    assert out.mistake.kind == WRONG_FACE and "face up" in out.mistake.explanation
    while r.next_action().verb != OFFER:
        r.perform_next()
    out = r.attempt(Attempt(OFFER, 6))  # decisions from the dealer's left
    assert out.mistake.kind == WRONG_POSITION and out.mistake.citations == ("Four Card Poker §10(b)",)
    while r.next_action().verb != REVEAL or r.next_action().seat != DEALER:
        r.perform_next()
    out = r.attempt(Attempt(REVEAL, 2))  # the dealer reveals first, then from the right
    assert out.mistake.kind == WRONG_POSITION
    while r.next_action().verb != PAY:
        r.perform_next()
    out = r.attempt(Attempt(PAY, 2, "ante", amount=3_000))  # seat 3 is paid first (from the dealer's right)
    assert out.mistake.kind == WRONG_POSITION
    r.perform_next()  # seat 3's Aces Up
    assert r.attempt(Attempt(PAY, 2, "aces_up", chips=((2_500, 1), (500, 4)))).accepted  # any order within the seat
    out = r.attempt(Attempt(PAY, 2, "ante", amount=1_000))  # 1 to 1 only: the ante bonus forgotten
    assert out.mistake.kind == WRONG_AMOUNT and "$30.00" in out.mistake.explanation
    assert "Four Card Poker §11(a)(2)" in out.mistake.citations
    out = r.attempt(Attempt(PAY, 2, "ante", chips=((500, 6),)))  # right amount, more chips than needed
    assert out.accepted and out.note
    while not r.finished:
        r.perform_next()
    rec = r.record
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (7, 1, 1)
    assert rec.completed and not rec.clean
    kinds = Counter(m["kind"] for m in rec.mistakes)
    assert kinds == {WRONG_STEP: 1, WRONG_POSITION: 4, WRONG_FACE: 2, WRONG_AMOUNT: 1, "extra-chips": 1}
    assert all(any(c.startswith("Four Card Poker §") for c in m["citations"]) for m in rec.mistakes)


# ---------------------------------------------------------------- watch mode

REMEDIES = {i.outcome for i in rules_data().irregularities} | {REFER_REMEDY}


def test_watch_mistakes_are_valid_for_many_rounds():
    kinds = Counter()
    for seed in range(40):
        for method in dealing.METHODS:
            cfg = config(seed, "table-ready", dealing_method=method, settlement_alternative="12"[seed % 2])
            s = build_round(cfg)
            ms = watch_mistakes(s, random.Random(seed))
            assert ms
            for m in ms:
                kinds[m.kind] += 1
                assert 0 <= m.index < len(s.actions)
                assert m.rule and m.performed.text and m.performed.text.split()[0].endswith("s")  # third person
                assert m.rule_citation.startswith("Four Card Poker §")
                assert m.remedy_citation.startswith("Four Card Poker §")
                assert m.remedy in REMEDIES
                if m.remedy == REFER_REMEDY:
                    # "no remedy is written" / "no provision", or the ruling that sends it to the floor
                    assert "no " in m.remedy_citation or m.remedy_citation.endswith("trainer ruling 24")
                s.render(s.actions[:m.index] + [m.performed])  # the table can be drawn with the mistake
                if m.kind == "wrong-payout":
                    assert m.performed.amount != s.actions[m.index].amount
    assert set(kinds) >= {"wrong-order", "card-exposed", "dealer-card-exposed", "sixth-face-down", "missed-cut",
                          "bad-cut", "extra-stack-exposed", "wrong-payout", "paid-loser", "aces-up-hand-collected",
                          "offer-without-ante"}


def test_watch_remedies_from_the_irregularity_data():
    ms = watch_mistakes(stacked_script(), random.Random(3))
    by_kind = {}
    for m in ms:
        by_kind.setdefault(m.kind, m)
    assert by_kind["dealer-card-exposed"].remedy == "All hands are void; reshuffle the cards"
    assert by_kind["dealer-card-exposed"].remedy_citation == "Four Card Poker §14(d)"
    # Trainer ruling 24: §5(d) lets the supervisor require a recut; the dealer calls the floor supervisor.
    assert (by_kind["bad-cut"].remedy, by_kind["bad-cut"].remedy_citation) == (
        REFER_REMEDY, "Four Card Poker §5(d); trainer ruling 24")
    deal_order = next(m for m in ms if m.kind == "wrong-order" and m.performed.verb == DEAL)
    assert deal_order.remedy_citation == "Four Card Poker §14(b)"
    assert deal_order.performed.text == "Deals seat 3 the next card before seat 2"
    wrong_pay = [m for m in ms if m.kind == "wrong-payout" and m.performed.seat == 2 and m.performed.spot == "ante"]
    assert wrong_pay and wrong_pay[0].performed.amount == 1_000  # the ante bonus left out
    assert wrong_pay[0].rule_citation == "Four Card Poker §11(a)(2)"
    stacks = watch_mistakes(stacked_script(method="automated-shoe"), random.Random(3))
    stack_order = next(m for m in stacks if m.kind == "wrong-order" and m.performed.verb == DEAL)
    # Trainer ruling 39: Two Card Joker §12(b) and Four Card §14(b) are the same provision, and
    # Two Card Joker answers a stack delivered out of turn with it: so does Four Card.
    assert (stack_order.remedy, stack_order.remedy_citation) == (
        "Use the card as though it were the next card from the shoe or deck", "Four Card Poker §14(b)")


@pytest.mark.parametrize("lv", ["learn", "guided", "table-ready"])
def test_watch_round_caught_and_missed(lv):
    for seed in range(8):
        cfg = config(seed, lv, dealing_method=dealing.METHODS[seed % 3])
        w = watch_round(cfg)
        assert isinstance(w, WatchRound) and w.record.mistakes_made >= 1
        watch_to_the_end(w)
        rec = w.record
        assert rec.caught == rec.mistakes_made and rec.missed_calls == 0 and rec.false_calls == 0
        assert rec.rule_named == rec.remedy_named == rec.mistakes_made

        passed = watch_round(cfg)
        while not passed.finished:
            passed.proceed()
        assert passed.record.missed_calls == passed.record.mistakes_made and passed.record.caught == 0


# ---------------------------------------------------------------- Cover All (§12; trainer ruling 11)

CA_HANDS = {
    6: "Ah Kh 8h 6h 2s",   # flush: plays 3x, beats the dealer's straight; exposed (§12(h)), replaced by seat 4 (§12(i))
    5: "Qc 9s 4d 3c Jh",   # queen high: folds; its hand stays for Cover All (ruling 11) and is revealed
    4: "Qd Qh Qs 5c 3d",   # three queens: the highest hand at the table, exposed until the Cover All is settled
    3: "8c 9h Tc Js 4h",   # straight, jack high: after the higher three queens, picked up as usual
    2: "Ac Ad 7s 3s 2h",   # pair of aces, Aces Up only: 1 to 1
    1: "As Ts 9d 6d 4s",   # ace high: plays 1x, loses to the dealer's straight
}
CA_DEALER = "5h 6c 7d 8s 2c Kd"  # straight, eight high: exposed first (§12(h), "even if it's his"), then beaten
CA_PLAYERS = [Player(6, 1000, 500, cover_all=2500), Player(5, 500, cover_all=500), Player(4, 500, cover_all=500),
              Player(3, 1000), Player(2, 0, 500), Player(1, 500, cover_all=1000)]
# §12(k), the matrix's 6-player column, 3 of a Kind: 4 to 1 (the §12(f) table, printed "for six players",
# is the matrix's 7 column: 3 to 1; settlement.cover_all_result reads the matrix).
CA_PAYS = {6: 4 * 2500, 5: 4 * 500, 4: 4 * 500, 1: 4 * 1000}


def cover_all_script(alternative="1", method="manual-shoe", players=CA_PLAYERS, seat_hands=CA_HANDS,
                     dealer_hand=CA_DEALER):
    cfg = config(1, dealing_method=method, settlement_alternative=alternative, cover_all="offered")
    return script_for(cfg, round_from(cfg, players, stacked_deck(method, seat_hands, dealer_hand)))


def _after_dealer_reveal(acts):
    return acts[next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER):]


def test_cover_all_round_exact_order_and_cents_alternative_1():
    s = cover_all_script()
    acts = s.actions
    assert acts[0].verb == ANNOUNCE and "Four Card Poker §12(a)" in acts[0].citations  # i-Deal Plus: no cut (§12(d))
    forfeits = [a for a in acts if a.group == "forfeits"]
    assert where(forfeits) == [(COLLECT, 5, "ante")]  # §10(c) would collect seat 5's cards; ruling 11 keeps them
    assert where(_after_dealer_reveal(acts)) == [
        (REVEAL, DEALER), (REVEAL, 6), (REVEAL, 5), (REVEAL, 4), (REVEAL, 3), (REVEAL, 2), (REVEAL, 1),
        (COLLECT, 1, "ante"), (COLLECT, 1, "play"),
        (PAY, 6, "ante"), (PAY, 6, "play"), (PAY, 6, "aces_up"), (PAY, 4, "ante"), (PAY, 4, "play"),
        (PAY, 3, "ante"), (PAY, 3, "play"), (PAY, 2, "aces_up"),
        # (e)(1)(iv) from the dealer's right: seat 6's flush left exposed (§12(h)); seat 4's three queens are
        # higher: left exposed, and seat 6's cards picked up then (§12(i)); seat 3's lower straight as usual
        (CLEAR, 5), (CLEAR, 6), (CLEAR, 3), (CLEAR, 2), (CLEAR, 1),
        # §12(j): the Cover All bets once every player bet is settled, any order among them
        (PAY, 6, "cover_all"), (PAY, 5, "cover_all"), (PAY, 4, "cover_all"), (PAY, 1, "cover_all"),
        (CLEAR, 4),  # the exposed hand, once the Cover All is settled
        (CLEAR, DEALER),  # §10(e): the dealer's cards after every player's
    ]
    pays = {(a.seat, a.spot): a.amount for a in acts if a.verb == PAY}
    assert pays == {(6, "ante"): 1_000, (6, "play"): 3_000, (6, "aces_up"): 3_000,  # Aces Up Table I: flush 6 to 1
                    (4, "ante"): 1_500, (4, "play"): 1_500,  # ante 1 to 1 plus the ante bonus 2 to 1
                    (3, "ante"): 1_000, (3, "play"): 3_000, (2, "aces_up"): 500,
                    **{(seat, "cover_all"): cents for seat, cents in CA_PAYS.items()}}
    settled = settle_round(parse_cards(CA_DEALER), [
        SeatWagers(p.seat, parse_cards(CA_HANDS[p.seat]), ante=p.ante, aces_up=p.aces_up, cover_all=p.cover_all,
                   decision=s.table_round.decisions.get(p.seat)) for p in CA_PLAYERS], HouseOptions())
    assert settled.cover_all.players == 6 and settled.cover_all.holders == (4,)
    assert str(settled.cover_all.odds) == "4 to 1" and settled.cover_all.label == "3 of a Kind"
    assert {seat: settled.seat(seat).paid("cover_all") for seat in CA_PAYS} == CA_PAYS
    cover = [a for a in acts if a.spot == "cover_all"]
    assert {a.group for a in cover} == {"cover-all"} and all(a.payout for a in cover)
    assert all("Four Card Poker §12(j)" in a.citations and "Four Card Poker §12(k)" in a.citations for a in cover)
    assert cover[0].text == ("Pay seat 6's Cover All wager 4 to 1: the highest hand at the table is seat 4's three "
                             "queens (3 of a Kind, 6 players)")
    replaced = next(a for a in acts if a.verb == CLEAR and a.seat == 6)
    assert replaced.citations[0] == "Four Card Poker §12(i)"
    assert replaced.text.startswith("Pick up seat 6's ace-high flush, left exposed")
    assert next(a for a in acts if a.verb == CLEAR and a.seat == 5).citations[-1] == "Four Card Poker §12(h)"
    assert next(a for a in acts if a.verb == CLEAR and a.seat == 4).citations[:2] == (
        "Four Card Poker §12(h)", "Four Card Poker §12(j)")
    reveals = {a.seat: a for a in acts if a.verb == REVEAL}
    assert "Four Card Poker §12(h)" in reveals[DEALER].citations  # a straight: left exposed, even the dealer's
    assert "Four Card Poker §12(h)" in reveals[6].citations and "Four Card Poker §12(h)" in reveals[4].citations
    assert "Four Card Poker §12(h)" not in reveals[3].citations  # a straight after a higher hand (settlement reading)
    assert "trainer ruling 11" in reveals[5].citations and "folded" in reveals[5].text
    offers = {a.seat: a.response for a in acts if a.verb == OFFER}
    assert offers[5] == "Seat 5 folds and forfeits the ante; its Cover All wager stays in action"
    assert s.summary[-1] == ("Cover All: the highest hand at the table is seat 4's three queens (3 of a Kind, "
                             "6 players): every Cover All wager wins 4 to 1")
    assert "Cover All $25.00" in s.players[-1] and s.options["cover_all"] == "offered"
    # the table: seat 4's exposed cards stay until after the Cover All settlement; seat 6's go at §12(i)
    i_replaced = acts.index(replaced) + 1
    assert s.scenes[i_replaced].seat(6).cards == () and all(c.face_up for c in s.scenes[i_replaced].seat(4).cards)
    i_last_cover = acts.index(cover[-1]) + 1
    assert len(s.scenes[i_last_cover].seat(4).cards) == 5 and len(s.scenes[i_last_cover].dealer_cards) == 6
    assert s.scenes[i_last_cover].seat(6).wager("cover_all") == 2_500 + 10_000
    assert [sp.key for sp in s.scenes[0].spots] == ["ante", "play", "aces_up", "cover_all"]


def test_cover_all_round_alternative_2_leaves_and_replaces_player_by_player():
    acts = cover_all_script(alternative="2").actions
    assert where(_after_dealer_reveal(acts)) == [
        (REVEAL, DEALER), (REVEAL, 6), (REVEAL, 5), (REVEAL, 4), (REVEAL, 3), (REVEAL, 2), (REVEAL, 1),
        (COLLECT, 1, "ante"), (COLLECT, 1, "play"),  # §10(d): every losing wager first
        (PAY, 6, "ante"), (PAY, 6, "play"), (PAY, 6, "aces_up"),  # cards left exposed
        (CLEAR, 5),
        (PAY, 4, "ante"), (PAY, 4, "play"), (CLEAR, 6),  # higher: seat 6's exposed cards picked up
        (PAY, 3, "ante"), (PAY, 3, "play"), (CLEAR, 3),
        (PAY, 2, "aces_up"), (CLEAR, 2),
        (CLEAR, 1),
        (PAY, 6, "cover_all"), (PAY, 5, "cover_all"), (PAY, 4, "cover_all"), (PAY, 1, "cover_all"),
        (CLEAR, 4), (CLEAR, DEALER),
    ]
    assert {(a.seat, a.amount) for a in acts if a.spot == "cover_all"} == set(CA_PAYS.items())


def test_equal_hands_are_left_side_by_side_and_cover_all_below_three_of_a_kind_is_collected():
    """The dealer's straight and seat 7's equal straight are both left exposed (settlement.py:
    an equal hand is left beside it); seat 1's lower straight is picked up as usual; a straight
    is below three-of-a-kind, so every Cover All wager is collected (§12(b))."""
    hands = {7: "5d 6s 7c 8h Kc", 4: "Kh Ks 9c 3d 2s", 1: "4c 5c 6h 7h 2d"}
    players = [Player(7, 500, cover_all=500), Player(4, 1000, cover_all=200), Player(1, 500, cover_all=100)]
    s = cover_all_script(players=players, seat_hands=hands, dealer_hand="5h 6c 7d 8s Jd Qc")
    acts = s.actions
    assert where(_after_dealer_reveal(acts)) == [
        (REVEAL, DEALER), (REVEAL, 7), (REVEAL, 4), (REVEAL, 1),
        (COLLECT, 4, "ante"), (COLLECT, 4, "play"), (COLLECT, 1, "ante"), (COLLECT, 1, "play"),
        (PAY, 7, "ante"), (PAY, 7, "play"),  # a tie with the dealer wins (§11(a)(1))
        (CLEAR, 4), (CLEAR, 1),  # seat 7's cards stay exposed beside the dealer's
        (COLLECT, 7, "cover_all"), (COLLECT, 4, "cover_all"), (COLLECT, 1, "cover_all"),
        (CLEAR, 7), (CLEAR, DEALER),
    ]
    r = s.table_round
    assert r.settlement.cover_all.holders == (DEALER, 7) and not r.settlement.cover_all.wins
    assert r.exposures()[1] == (DEALER, 7)
    dealer_clear = acts[-1]
    assert "Four Card Poker §12(h)" in dealer_clear.citations and "Four Card Poker §10(e)" in dealer_clear.citations
    collect = next(a for a in acts if a.spot == "cover_all")
    assert collect.text == ("Collect seat 7's losing Cover All wager: the highest hand at the table, the dealer's and "
                            "seat 7's straight, is below three-of-a-kind")
    assert s.summary[-1].endswith("below three-of-a-kind: every Cover All wager loses")


def test_the_dealer_is_trained_on_the_cover_all_steps():
    s = cover_all_script()
    r = DealerRound(s, level("practice"))
    while r.next_action().verb != CLEAR or r.next_action().seat != 5:
        r.perform_next()
    out = r.attempt(Attempt(CLEAR, 6))  # the exposed flush picked up at its turn
    assert out.mistake.kind == WRONG_POSITION and "Four Card Poker §12(h)" in out.mistake.citations
    r.perform_next()
    out = r.attempt(Attempt(CLEAR, 4))  # the higher hand picked up instead of the lower one
    assert out.mistake.kind == WRONG_POSITION and out.mistake.citations[0] == "Four Card Poker §12(i)"
    while r.next_action().group != "cover-all":
        r.perform_next()
    # the Cover All bets in any order, each amount the settlement's
    assert r.attempt(Attempt(PAY, 1, "cover_all", amount=4_000)).accepted
    out = r.attempt(Attempt(PAY, 6, "cover_all", amount=2_500 * 3))  # the §12(f) column's 3 to 1
    assert out.mistake.kind == WRONG_AMOUNT and "$100.00" in out.mistake.explanation
    assert "Four Card Poker §12(k)" in out.mistake.citations
    out = r.attempt(Attempt(CLEAR, 4))  # the exposed hand before the Cover All is settled
    assert out.mistake.kind == WRONG_STEP
    while not r.finished:
        r.perform_next()
    assert (r.record.procedure_errors, r.record.payout_errors) == (3, 1)

    early = DealerRound(cover_all_script(), level("practice"))
    while early.next_action().verb != COLLECT or early.next_action().spot != "ante" or \
            early.next_action().group == "forfeits":
        early.perform_next()
    out = early.attempt(Attempt(PAY, 6, "cover_all", amount=10_000))  # before the player bets (§12(j))
    assert not out.accepted and out.mistake.kind == WRONG_STEP


@pytest.mark.parametrize("lv", [lv.id for lv in levels()])
def test_cover_all_on_and_off_deal_clean_for_many_seeds(lv):
    for seed in range(24):
        for alternative in ("1", "2"):
            method = dealing.METHODS[seed % 3]
            off = build_round(config(seed, lv, settlement_alternative=alternative, dealing_method=method))
            assert off.actions == build_round(config(seed, lv, settlement_alternative=alternative,
                                                     dealing_method=method, cover_all="not-offered")).actions
            assert not any(a.spot == "cover_all" for a in off.actions)
            assert all(p.cover_all == 0 for p in off.table_round.players)
            on = build_round(config(seed, lv, settlement_alternative=alternative, dealing_method=method,
                                    cover_all="offered", shuffle="manual"))
            for s in (off, on):
                r = play_through(s, lv)
                assert r.record.completed and r.record.clean and len(s.scenes) == len(s.actions) + 1
                assert all(any(c.startswith("Four Card Poker §") for c in a.citations) for a in s.actions)
                assert s.scenes[-1].dealer_cards == () and all(not v.cards for v in s.scenes[-1].seats)
                assert s.actions[-1].verb == CLEAR and s.actions[-1].seat == DEALER
            _check_cover_all_round(on, lv)


def _check_cover_all_round(s, lv):
    acts = s.actions
    r = s.table_round
    assert acts[0].verb == ANNOUNCE and s.options["shuffle"] == "automated"  # §12(d): the i-Deal Plus, no cut
    assert any("§12(d)-(e)" in line and "green button" in line for line in s.option_lines)
    if level(lv).side_bet_rate == 0 or len(r.players) < 2:
        assert not r.cover_all_in_play  # no side bets at this level; never a lone player (§12(k), ruling 11)
    bettors = {p.seat for p in r.players if p.cover_all}
    for p in r.players:  # a Cover All wager only with a hand dealt (§7(c)), sized like the other side bets
        assert not p.cover_all or (p.ante or p.aces_up) and p.cover_all in level(lv).wager_choices
    cover = [i for i, a in enumerate(acts) if a.spot == "cover_all"]
    assert {acts[i].seat for i in cover} == bettors and len(cover) == len(bettors)
    if not bettors:
        return
    settle_from = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    bets = [i for i, a in enumerate(acts) if a.verb in (COLLECT, PAY) and a.spot != "cover_all" and i > settle_from]
    assert not bets or max(bets) < min(cover)  # §12(j)
    assert cover == list(range(min(cover), max(cover) + 1)) and {acts[i].group for i in cover} == {"cover-all"}
    assert not any(a.verb == CLEAR and a.group == "forfeits" for a in acts)  # every hand counts (ruling 11)
    assert {a.seat for a in acts if a.verb == REVEAL} == {DEALER} | set(r.seats)
    # §12(h)-(i): the highest straight or better stays on the table until the Cover All is settled
    settled = r.settlement
    highest = settled.cover_all.highest
    clears = {a.seat: i for i, a in enumerate(acts) if a.verb == CLEAR and a.seat is not None}
    for seat in r.seats:
        hand = settled.seat(seat).hand
        if hand == highest and hand.category >= Category.STRAIGHT:
            assert clears[seat] > max(cover)
        else:
            assert clears[seat] < min(cover)
    for a in acts:
        if a.spot == "cover_all":
            assert a.verb == (PAY if settled.cover_all.wins else COLLECT)
            assert a.amount == settled.seat(a.seat).paid("cover_all")


def test_cover_all_is_never_a_lone_players_wager():
    for seed in range(200):
        r = build_round(config(seed, "guided", cover_all="offered")).table_round
        if len(r.players) == 1:
            assert not r.cover_all_in_play
    rng = random.Random(5)
    lone = replace(level("table-ready"), seats=(1, 1), side_bet_rate=1.0)
    assert all(p.cover_all == 0 for _ in range(20) for p in simulated_players(rng, lone, cover_all=True))
    full = replace(level("table-ready"), side_bet_rate=1.0)
    players = simulated_players(random.Random(5), full, cover_all=True)
    assert len(players) > 1 and all(p.cover_all for p in players)


def test_the_option_lines_name_the_i_deal_plus_step():
    s = cover_all_script()
    lines = dict(line.split(": ", 1) for line in s.option_lines)
    assert lines["Cover All bonus wager"].startswith("Cover All is offered (§12)")
    assert "green button" in lines["Cover All bonus wager"] and "no dealer action" in lines["Cover All bonus wager"]
    assert "§12(d)" in lines["Shuffle"] and lines["Shuffle"].startswith("Automated card shuffling device, no cut")
    plain = dict(line.split(": ", 1) for line in stacked_script().option_lines)
    assert plain["Cover All bonus wager"] == "No Cover All wager" and plain["Shuffle"].startswith("By hand")


# ---------------------------------------------------------------- Cover All in watch mode

def test_cover_all_watch_mistakes_in_the_stacked_round():
    s = cover_all_script()
    acts = s.actions
    ms = [m for m in watch_mistakes(s, random.Random(1))]
    column = [m for m in ms if m.kind == "wrong-payout" and m.performed.spot == "cover_all"]
    # six players, three of a kind: the 5 column also pays 4 to 1; the 7 column (§12(f)'s table) 3 to 1
    assert {(m.performed.seat, m.performed.amount) for m in column} == {(6, 7_500), (5, 1_500), (4, 1_500),
                                                                          (1, 3_000)}
    m6 = next(m for m in column if m.performed.seat == 6)
    assert "7-player column (the paytable §12(f) prints) (3 to 1) instead of the 6-player column" in m6.performed.text
    assert m6.rule_citation == "Four Card Poker §12(c); §12(k); trainer ruling 11"
    assert (m6.remedy, m6.remedy_citation) == (REFER_REMEDY, "Four Card Poker §12 (no remedy is written)")
    early = next(m for m in ms if m.kind == "wrong-order" and m.performed.spot == "cover_all")
    first_bet = next(i for i, a in enumerate(acts) if a.verb == COLLECT and a.group == "collect-1")
    assert early.index == first_bet and not early.replaces and early.rule_citation == "Four Card Poker §12(j)"
    assert early.performed.text == "Pays seat 6's Cover All wager before the player bets are settled"
    assert early.remedy_citation == "Four Card Poker §12(j) (no remedy is written)"
    exposed = {m.performed.seat: m for m in ms if m.kind == "exposed-hand-picked-up"}
    assert set(exposed) == {6, 4}  # the dealer's straight was replaced by a higher hand
    assert where([acts[exposed[6].index]]) == [(CLEAR, 5)]  # where seat 6's pickup was left out
    assert where([acts[exposed[4].index]]) == [(CLEAR, 3)]  # after seat 6's cards were picked up (§12(i))
    for m in exposed.values():
        assert m.rule_citation == "Four Card Poker §12(h)" and m.remedy == REFER_REMEDY and not m.replaces
        assert m.remedy_citation == "Four Card Poker §12(h) (no remedy is written)"
        scene = s.render(acts[:m.index] + [m.performed])
        assert scene.seat(m.performed.seat).cards == ()
    folded = next(m for m in ms if m.kind == "cover-all-hand-collected")
    assert folded.performed.seat == 5 and folded.rule_citation == "Four Card Poker §12(b); trainer ruling 11"
    # the dealer's own exposed hand, when it is the highest, put away before the Cover All is settled
    tie = cover_all_script(players=[Player(7, 500, cover_all=500), Player(4, 1000, cover_all=200),
                                    Player(1, 500, cover_all=100)],
                           seat_hands={7: "5d 6s 7c 8h Kc", 4: "Kh Ks 9c 3d 2s", 1: "4c 5c 6h 7h 2d"},
                           dealer_hand="5h 6c 7d 8s Jd Qc")
    dealer = [m for m in watch_mistakes(tie, random.Random(1))
              if m.kind == "exposed-hand-picked-up" and m.performed.seat == DEALER]
    assert len(dealer) == 1 and tie.actions[dealer[0].index].spot == "cover_all"
    assert dealer[0].performed.text == "Puts its own straight in the discard rack before the Cover All bets are settled"


def test_cover_all_watch_mistakes_are_valid_for_many_rounds():
    kinds = Counter()
    for seed in range(40):
        cfg = config(seed, "table-ready", dealing_method=dealing.METHODS[seed % 3],
                     settlement_alternative="12"[seed % 2], cover_all="offered")
        s = build_round(cfg)
        for m in watch_mistakes(s, random.Random(seed)):
            assert 0 <= m.index < len(s.actions)
            assert m.rule and m.performed.text.split()[0].endswith("s")
            assert m.rule_citation.startswith("Four Card Poker §") and m.remedy_citation.startswith("Four Card Poker §")
            assert m.remedy in REMEDIES and (m.remedy != REFER_REMEDY or "no " in m.remedy_citation)
            s.render(s.actions[:m.index] + [m.performed])
            if m.performed.spot == "cover_all" or m.kind in ("exposed-hand-picked-up", "cover-all-hand-collected"):
                kinds[(m.kind, m.rule_citation.split(";")[0])] += 1
                assert m.remedy == REFER_REMEDY and "§12" in m.remedy_citation
            if m.kind == "wrong-payout":
                assert m.performed.amount != s.actions[m.index].amount
    assert set(kinds) == {("wrong-payout", "Four Card Poker §12(c)"), ("wrong-order", "Four Card Poker §12(j)"),
                          ("exposed-hand-picked-up", "Four Card Poker §12(h)"),
                          ("cover-all-hand-collected", "Four Card Poker §12(b)")}


@pytest.mark.parametrize("lv", ["guided", "table-ready"])
def test_cover_all_watch_round_caught_and_missed(lv):
    for seed in range(8):
        cfg = config(seed, lv, dealing_method=dealing.METHODS[seed % 3], cover_all="offered")
        w = watch_to_the_end(watch_round(cfg))
        rec = w.record
        assert rec.caught == rec.mistakes_made >= 1 and rec.missed_calls == 0 and rec.false_calls == 0
        passed = watch_to_the_end(watch_round(cfg), catch=False)
        assert passed.record.missed_calls == passed.record.mistakes_made and passed.record.caught == 0


def test_a_stack_out_of_turn_gets_the_same_answer_in_both_games():
    """Trainer ruling 39: the same provision in both texts gets the same answer, each game's
    own citation (Two Card Joker §12(b), Four Card Poker §14(b))."""
    from trainer.games.two_card_joker import table_round as tcj
    from trainer.games.two_card_joker.rules_data import GAME_ID as TCJ

    tcj_script = tcj.build_round(RoundConfig(TCJ, 4, level("table-ready"), {"dealing_method": "automated-shoe",
                                                                             "shuffle": "automated"}))
    tcj_stack = next(m for m in tcj.watch_mistakes(tcj_script, random.Random(1))
                     if m.kind == "wrong-order" and m.performed.verb == DEAL)
    fc_stack = next(m for m in watch_mistakes(stacked_script(method="automated-shoe"), random.Random(3))
                    if m.kind == "wrong-order" and m.performed.verb == DEAL)
    assert "stack" in tcj_stack.performed.text and "stack" in fc_stack.performed.text
    assert tcj_stack.remedy == fc_stack.remedy != REFER_REMEDY
    assert tcj_stack.remedy_citation == "Two Card Joker Poker §12(b)"
    assert fc_stack.remedy_citation == "Four Card Poker §14(b)"


def test_cover_all_exposed_hands_cite_ruling_23():
    """Trainer ruling 23 decides the exposed hands of §12(h)-(i): the highest found so far is
    left (seat 6's flush, then seat 4's higher three queens, seat 6's picked up then), a later
    lower straight (seat 3's) is picked up as usual; each cites the ruling."""
    acts = cover_all_script().actions
    reveals = {a.seat: a for a in acts if a.verb == REVEAL}
    for seat in (6, 4):
        assert "trainer ruling 23" in reveals[seat].citations and "leave it exposed" in reveals[seat].text
    assert "trainer ruling 23" in reveals[3].citations
    assert reveals[3].text.endswith("lower than the hand left exposed: picked up as usual")
    assert "trainer ruling 23" not in reveals[2].citations  # below a straight: nothing to decide
    replaced = next(a for a in acts if a.verb == CLEAR and a.seat == 6)
    assert replaced.citations[0] == "Four Card Poker §12(i)" and "trainer ruling 23" in replaced.citations
    assert next(a for a in acts if a.verb == CLEAR and a.seat == 3).citations[0] == "Four Card Poker §10(e)(1)(iv)"
