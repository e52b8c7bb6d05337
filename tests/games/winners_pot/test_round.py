"""The round as a state machine: every dealer step checked, in order, with its rule; the
irregularities of §12; money conserved over random rounds (hypothesis)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import Card, parse_cards, shuffled, standard_deck
from trainer.games.winners_pot import round as R
from trainer.games.winners_pot.dealing import AUTOMATED_SHOE, DEALER, MANUAL_SHOE, METHODS
from trainer.games.winners_pot.pot import BET, DOUBLE, FOLD, HouseOptions
from trainer.games.winners_pot.round import Round, RoundError, play_to, random_round

OPTIONS = HouseOptions(commission_bp=500, commission_fixed=1000)


def stacked(text):
    """A deck whose top cards are ``text`` (in dealing order), then the rest."""
    top = list(parse_cards(text))
    return top + [c for c in standard_deck() if c not in top]


# burn; first cards to 2, 5, dealer; second cards; third (up) cards; burn; fourth; burn; fifth
DECK = stacked("2c  Ah Kh 9s  Ad Kd 9d  As 7c 4h  3c  5c 5s Jc  3d  Qh 8s")


def two_seat_round(**kw):
    kw.setdefault("seats", {2: 100, 5: 0})
    return Round(ante=500, deck=DECK, options=OPTIONS, **kw)


def test_a_whole_round_step_by_step():
    r = two_seat_round()
    assert r.expected().kind == R.NO_MORE_BETS
    with pytest.raises(RoundError, match=r"not now: next, announce \"No more bets\" \(Winner's Pot Poker §7\(b\)\)"):
        r.burn()
    assert not r.can_burn() and r.can_announce()
    r.announce()
    assert r.burn().cards == parse_cards("2c")
    with pytest.raises(RoundError, match="not seat 5"):
        r.deal(5)
    for pos in (2, 5, DEALER) * 3:
        r.deal(pos)
    assert r.cards_of(2) == parse_cards("Ah Ad As") and r.up_cards(2) == parse_cards("As")
    assert r.up_cards(DEALER) == parse_cards("4h")
    assert r.phase == R.BET_ROUND and r.expected().position == 2
    with pytest.raises(RoundError, match="may bet or fold now, not 'double'"):
        r.decide(2, DOUBLE)
    r.decide(2, BET)
    r.decide(5, BET)
    assert r.wager(2, "bet") == 500 and r.pot_area == 0
    r.burn()
    r.deal(2)
    r.deal(5)
    r.deal(DEALER)
    assert r.phase == R.DOUBLE_ROUND
    r.decide(2, DOUBLE)
    r.decide(5, FOLD)
    op = r.collect_fold(5)
    assert (op.amount, op.destination) == (1000, R.POT_AREA) and op.detail["cards_to"] == R.DISCARD_RACK
    assert r.pot_area == 1000
    r.burn()
    r.deal(2)
    r.deal(DEALER)
    assert r.place_stub().detail["stub"] == 52 - 17
    assert r.collect_wagers().detail["pot"] == 1000 + 2000 + 2000
    assert r.reveal(DEALER).detail["hand"].describe() == "Pair of nines, jack-eight-four"
    assert "three aces" in r.reveal(2).text
    assert r.expected().kind == R.JACKS_PLUS
    op = r.settle_jacks_plus(2)
    assert op.amount == 700  # three aces pay 7 to 1 on $1
    r.announce_winner()
    op = r.award_pot()
    assert "pay $47.50" in op.text  # $50 less 5% = $2.50
    r.clear_cards()
    assert r.phase == R.DONE and not r.layout and r.pot_area == 0
    assert r.player_net(2) == -2000 + 4750 + 700 and r.player_net(5) == -1000
    assert r.inventory == -(r.player_net(2) + r.player_net(5))


def test_fold_after_three_sends_the_ante_to_the_inventory_and_cards_under_jacks_plus():
    r = two_seat_round()
    play_to(r, random.Random(1), stop=lambda rr, s: s.kind == R.DECISION)
    r.decide(2, FOLD)
    assert r.expected().kind == R.COLLECT_FOLD
    with pytest.raises(RoundError):
        r.decide(5, BET)  # the fold is collected first
    op = r.collect_fold(2)
    assert (op.amount, op.destination, op.detail["cards_to"]) == (500, R.INVENTORY, R.UNDER_JP)
    assert r.inventory == -2000 + 500 and r.pot_area == 0


def test_decisions_start_after_the_button():
    r = Round(ante=500, seats={1: 0, 3: 0, 6: 0}, deck=shuffled(standard_deck(), random.Random(2)), button=3,
              options=OPTIONS)
    r.announce()
    r.burn()
    assert r.expected().position == 6  # the first card goes to the position after the button
    order = []
    while r.phase == R.DEAL_1:
        order.append(r.expected().position)
        r.deal(order[-1])
    assert order[:4] == [6, DEALER, 1, 3]
    assert r.expected().position == 6  # the first decision too (the dealer decides nothing)


def test_failed_burn_means_two_burns_after_the_betting_round():
    r = two_seat_round()
    r.announce()
    r.fail_burn()
    assert r.expected().kind == R.DEAL  # dealing goes on
    play_to(r, random.Random(0), stop=lambda rr, s: rr.phase == R.DEAL_4, policy=lambda g, rr, s: BET)
    assert r.burns_due == 2 and "§12(e)" in " ".join(r.expected().citations)
    r.burn()
    assert r.expected().kind == R.BURN
    r.burn()
    assert r.expected().kind == R.DEAL
    play_to(r, random.Random(0), policy=lambda g, rr, s: DOUBLE)
    assert r.burns == 3 and r.phase == R.DONE


def test_exposed_hole_card_turns_the_third_card_down_and_two_make_a_dead_hand():
    r = two_seat_round()
    r.announce()
    r.burn()
    r.deal(2, exposed=True)
    assert r.log[-1].irregular and "§12(a)" in r.log[-1].citations[0]
    r.deal(5)
    r.deal(DEALER)
    r.deal(2)
    r.deal(5)
    r.deal(DEALER)
    step = r.expected()
    assert step.position == 2 and "face down" in step.text
    r.deal(2)
    assert [h.face_up for h in r.hands[2]] == [True, False, False]
    r2 = two_seat_round()
    r2.announce()
    r2.burn()
    r2.deal(2, exposed=True)
    r2.deal(5)
    r2.deal(DEALER)
    r2.deal(2, exposed=True)
    assert r2.expected().kind == R.KILL_HAND
    op = r2.kill_hand(2)
    assert op.amount == 500 and r2.seats[2].dead and r2.held_for_floor == {}
    play_to(r2, random.Random(3), policy=lambda g, rr, s: BET if rr.phase == R.BET_ROUND else DOUBLE)
    # the ante void (returned); trainer ruling 32: the $1.00 Jacks Plus settled on the two cards
    # held when the hand was declared dead, a pair of aces: 1 to 1
    assert r2.phase == R.DONE and r2.ledger_balances() and r2.player_net(2) == 100


def test_dealers_two_exposed_hole_cards_go_to_the_floor():
    r = two_seat_round()
    r.announce()
    r.burn()
    r.deal(2)
    r.deal(5)
    r.deal(DEALER, exposed=True)
    r.deal(2)
    r.deal(5)
    r.deal(DEALER, exposed=True)
    assert r.phase == R.REFERRED and "refer to floor supervisor" in r.notes[-1]


def test_misdeal_voids_every_wager():
    r = two_seat_round()
    r.announce()
    r.burn()
    op = r.miss_card(2)
    assert op.kind == R.MISDEAL and r.phase == R.VOID
    assert r.player_net(2) == 0 and r.player_net(5) == 0 and r.inventory == 0 and not r.layout


def test_face_up_cards_in_the_deck():
    r = two_seat_round()
    r.announce()
    r.burn()
    op = r.find_face_up_card()
    assert op.cards == parse_cards("Ah") and r.discards[-1] == op.cards[0]
    r.deal(2)
    assert r.cards_of(2) == parse_cards("Kh")  # the face-up card is not used
    r.find_face_up_card()
    assert r.phase == R.VOID and r.player_net(2) == 0


def test_automated_shoe():
    r = Round(ante=500, seats={2: 0, 5: 0}, deck=DECK, method=AUTOMATED_SHOE, options=OPTIONS)
    assert [r.expected().kind for _ in range(1)] == [R.BURN]
    r.burn()
    with pytest.raises(RoundError, match="automated dealing shoe"):
        r.announce()
    r.load_shoe()
    r.announce()
    op = r.deliver_stack(2)
    assert op.cards == parse_cards("Ah Kh 9s")
    assert [(h.card, h.face_up) for h in r.hands[2]] == [(c, c == parse_cards("Ah")[0]) for c in parse_cards("Kh 9s Ah")]
    r.deliver_stack(5)
    r.deliver_stack(DEALER)
    assert r.expected().kind == R.UNLOAD_SHOE
    r.unload_shoe()
    assert r.phase == R.BET_ROUND


def test_dealer_deals_on_when_everyone_folds():
    r = two_seat_round()
    play_to(r, random.Random(0), policy=lambda g, rr, s: FOLD)
    assert r.phase == R.DONE and len(r.dealt[DEALER]) == 5
    assert r.log[[o.kind for o in r.log].index(R.AWARD)].text.startswith("The dealer's hand is highest")
    # both antes folded after three ($10), the dealer's own wagers came back; seat 2's Jacks Plus
    # on its three aces (ruling 19) paid $7 from the table inventory
    assert r.inventory == 1000 - 700


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 7), method=st.sampled_from(METHODS),
       button_pick=st.integers(0, 7), fold_rate=st.floats(0, 1), failed_burn=st.booleans(),
       bp=st.integers(0, 1000), fixed=st.integers(0, 10_000))
def test_money_is_conserved_over_random_rounds(seed, players, method, button_pick, fold_rate, failed_burn, bp, fixed):
    """Every cent wagered ends in a player's hand (a pot share, a Jacks Plus win, the wager
    returned), the commission or the table inventory, after every single step."""
    rng = random.Random(seed)
    seats = sorted(rng.sample(range(1, 8), players))
    positions = [DEALER] + seats
    button = positions[button_pick % len(positions)]
    jp = {s: rng.choice((0, 0, 100, 500, 20_000)) for s in seats}
    r = Round(ante=rng.choice((500, 750, 1000, 2500)), seats=jp, deck=shuffled(standard_deck(), rng),
              button=button, method=method, options=HouseOptions(commission_bp=bp, commission_fixed=fixed))
    wagered_start = sum(r.player_in.values())

    def policy(g, rr, s):
        stay = BET if rr.phase == R.BET_ROUND else DOUBLE
        return FOLD if g.random() < fold_rate else stay

    missed = False
    while not r.finished:
        step = r.expected()
        if failed_burn and not missed and step.kind == R.BURN:
            r.fail_burn()
            missed = True
        else:
            r.perform(step, policy(rng, r, step.position) if step.kind == R.DECISION else None)
        assert r.ledger_balances()
    assert r.phase == R.DONE and not r.layout and r.pot_area == 0
    assert sum(r.player_net(s) for s in seats) + r.inventory == 0
    # the same round settled from its final hands by the pure settlement agrees to the cent
    s = r.settlement()
    ledger = s.ledger()
    assert {x.seat: x.net for x in s.seats} == {seat: r.player_net(seat) for seat in seats}
    assert ledger["wagered_by_players"] == sum(r.player_in.values()) >= wagered_start
    assert ledger["wagered_by_players"] + ledger["wagered_by_dealer"] + ledger["jacks_plus_paid_from_inventory"] == \
        ledger["to_players"] + ledger["commission"] + ledger["to_inventory"]
    assert ledger["commission"] == r.commission
    assert ledger["to_players"] == sum(r.player_out.values())
    assert len(r.discards) == 52  # every card ends in the discard rack


@pytest.mark.parametrize("seed", range(40))
def test_random_rounds_finish_with_every_card_in_the_rack(seed):
    rng = random.Random(seed)
    r = play_to(random_round(rng), rng)
    assert r.phase == R.DONE and len(r.discards) == 52 and r.ledger_balances()


def test_bad_rounds_are_refused():
    with pytest.raises(ValueError, match="ante"):
        Round(ante=0, seats={1: 0}, deck=standard_deck())
    with pytest.raises(ValueError, match="button"):
        Round(ante=500, seats={1: 0}, deck=standard_deck(), button=4)
    with pytest.raises(ValueError, match="dealing method"):
        Round(ante=500, seats={1: 0}, deck=standard_deck(), method="pigeon")
    with pytest.raises(ValueError, match="distinct"):
        Round(ante=500, seats={1: 0}, deck=standard_deck() * 2)
    with pytest.raises(ValueError, match="distinct cards without jokers"):
        Round(ante=500, seats={1: 0}, deck=standard_deck()[:-1] + standard_deck()[:1])  # one card twice
    with pytest.raises(ValueError, match="distinct cards without jokers"):
        Round(ante=500, seats={1: 0}, deck=standard_deck(jokers=1))  # every card once, and a joker
    r = Round(ante=500, seats={1: 0}, deck=standard_deck(), method=MANUAL_SHOE)
    with pytest.raises(RoundError, match="not seat 1"):
        r.perform(R.Step(R.NO_MORE_BETS)) and r.burn() and r.deal(1) and r.deal(1)


def test_a_deck_of_cards_made_anew_is_read_card_by_card():
    # The standard deck's own cards are known distinct by identity; cards made anew (equal,
    # not the same objects) are read: every card once is a deck, one card twice is not.
    anew = [Card(c.rank, c.suit) for c in standard_deck()]
    r = Round(ante=500, seats={1: 0, 2: 100}, deck=anew, method=MANUAL_SHOE)
    assert r.deck == standard_deck() and r.deck[0] is anew[0]
    with pytest.raises(ValueError, match="distinct cards without jokers"):
        Round(ante=500, seats={1: 0}, deck=anew[:-1] + [Card(anew[0].rank, anew[0].suit)])
    with pytest.raises(ValueError, match="distinct cards without jokers"):
        Round(ante=500, seats={1: 0}, deck=standard_deck()[1:] + anew[5:6])  # a card twice, one made anew
