"""The reusable dealer steps every game's table round is composed of (trainer/core/table/steps.py):
each builds the action a dealer does, with the effects the table view draws, from the game's own
words, sections, seats and amounts; and the watch-mode mistakes made of them."""

import pytest

from trainer.core.cards import parse_cards, standard_deck
from trainer.core.settlement import LOSE, PUSH, WIN, WagerResult
from trainer.core.table import steps
from trainer.core.table.actions import CLEAR, COLLECT, DEAL, DEALER, PAY, REVEAL, DealerAction, Effect
from trainer.core.table.script import REFER_REMEDY, HouseOption
from trainer.games.four_card import dealing as four_card_dealing
from trainer.games.two_card_joker.rules_data import rules_data as two_card_joker_data


def test_deliveries_keep_each_steps_cards_and_discard_an_extra_stacks_rest_in_deck_order():
    # Four Card Poker from the automated shoe, seats 2 and 5 (§9(c)): a stack of five to each
    # seat, five to the dealer, then the extra stack: its bottom card kept, four discarded.
    deck = standard_deck()
    out = steps.deliveries(four_card_dealing.deal_sequence(four_card_dealing.AUTOMATED_SHOE, [2, 5]), deck)
    assert [(s.recipient, len(kept), len(gone)) for s, kept, gone in out] == [(2, 5, 0), (5, 5, 0), (0, 5, 0),
                                                                                (0, 1, 4)]
    assert out[0][1] == tuple(deck[0:5]) and out[1][1] == tuple(deck[5:10]) and out[2][1] == tuple(deck[10:15])
    assert out[3][1] == (deck[15],) and out[3][2] == tuple(deck[16:20])


def test_deliveries_refuse_a_deck_that_runs_out():
    with pytest.raises(ValueError, match="ran out"):
        steps.deliveries(four_card_dealing.deal_sequence(four_card_dealing.MANUAL_SHOE, [1, 2, 3]),
                         standard_deck()[:10])


def test_a_card_dealt_shows_on_its_seat_with_its_face():
    a = steps.deal(3, parse_cards("As Kd"), False, "Deliver seat 3 its stack", ("§9(c)",), group="g")
    assert a == DealerAction(DEAL, 3, face_up=False, text="Deliver seat 3 its stack", citations=("§9(c)",),
                             group="g", effects=(Effect("card", 3, card="As"), Effect("card", 3, card="Kd")))


def test_the_stub_is_counted_first_in_a_counting_round():
    plain = steps.stub("Place the stub in the discard rack without exposing it", ("§7(e)", "§7(e)"))
    assert (plain.verb, plain.seat, plain.spot, plain.spot_label) == (CLEAR, None, "stub", "stub")
    assert plain.citations == ("§7(e)",) and plain.effects == (Effect("discard"),)
    counted = steps.stub("Place the stub in the discard rack without exposing it", ("§7(e)",), count=44,
                         count_citations=("§7(f)", "§7(e)"))
    assert counted.text == ("Count the stub face down on the layout (44 cards), then place the stub in the discard "
                            "rack without exposing it")
    assert counted.citations == ("§7(e)", "§7(f)")
    assert steps.stub("Place the stub", (), count=3, then="put it away").text.endswith("(3 cards), then put it away")


def test_a_settled_wager_is_paid_its_net_collected_or_left_alone():
    win = WagerResult("pair_up", "Pair Up", 500, WIN, 2000, "4 to 1", ("§11(c)",))
    lose = WagerResult("ante", "Ante", 1000, LOSE, -1000, "", ("§10(d)",))
    push = WagerResult("call", "Call", 1000, PUSH, 0, "Push", ("§10(d)",))
    paid = steps.settle(4, win, pay_text="Pay", collect_text="Collect", citations=("§11(c)",), group="b",
                        spot_label="Pair Up")
    assert (paid.verb, paid.seat, paid.spot, paid.amount, paid.payout, paid.text) == (PAY, 4, "pair_up", 2000, True,
                                                                                      "Pay")
    assert paid.effects == (Effect("pay", 4, "pair_up", amount=2000),)
    taken = steps.settle(4, lose, pay_text="Pay", collect_text="Collect", citations=("§10(d)",))
    assert (taken.verb, taken.spot, taken.amount, taken.payout, taken.text) == (COLLECT, "ante", 0, False, "Collect")
    assert taken.effects == (Effect("collect", 4, "ante"),)
    assert steps.settle(4, push, pay_text="Pay", collect_text="Collect", citations=()) is None


def test_the_dealers_reveal_takes_the_cover_card_off_first_and_a_pickup_leaves_a_note():
    r = steps.reveal(DEALER, "Reveal", ("§10(d)",), uncover=True, note="pair of aces")
    assert r.verb == REVEAL and r.effects == (Effect("uncover"), Effect("reveal", DEALER),
                                              Effect("note", DEALER, text="pair of aces"))
    assert steps.pick_up(2, "Collect", ("§10(f)",), note="folded").effects == (Effect("fold", 2, text="folded"),)


def test_remedies_come_from_the_rules_data_or_refer_to_the_floor():
    irregularities = two_card_joker_data().irregularities
    assert steps.remedy_of(irregularities, "dealt-in-error") == (
        "Use the card as though it were the next card from the shoe or deck", "Two Card Joker Poker §12(b)")
    with pytest.raises(KeyError):
        steps.remedy_of(irregularities, "no-such-irregularity")
    assert steps.refer("§10(b)") == (REFER_REMEDY, "§10(b) (no remedy is written)")
    assert steps.refer("§12", "no provision covers a wrong payout") == (
        REFER_REMEDY, "§12 (no provision covers a wrong payout)")
    remedies = steps.remedies(irregularities)
    assert len(remedies) == len(set(remedies)) and "All hands are void; reshuffle the cards" in remedies


def test_watch_mistakes_change_only_what_the_app_got_wrong():
    a = steps.deal(3, parse_cards("7h"), False, "Deal seat 3 its first card", ("§7(d)",))
    exposed = steps.card_exposed(5, a, "Deals seat 3's card face up", "Face down", "§7(d)(5)", ("Void", "§12(a)"),
                                 replaces=False)
    assert exposed.performed.face_up is True and exposed.performed.effects == (Effect("card", 3, card="7h",
                                                                                      face_up=True),)
    assert (exposed.kind, exposed.index, exposed.replaces, exposed.remedy, exposed.remedy_citation) == (
        "card-exposed", 5, False, "Void", "§12(a)")
    moved = steps.dealt_out_of_turn(5, a, 4, "Deals seat 4 first", "In order", "§7(d)", ("Next card", "§12(b)"))
    assert moved.performed.seat == 4 and moved.performed.effects == (Effect("card", 4, card="7h"),)
    assert moved.performed.citations == ("§7(d)",) and moved.kind == "wrong-order"
    pay = steps.pay(2, "ante", 1000, "Pay seat 2's ante 1 to 1", ("§11(b)",), spot_label="Ante")
    wrong = steps.wrong_payout(9, pay, 3000, "Pays 30", "1 to 1", "§11(b)", steps.refer("§11(b)"))
    assert (wrong.performed.amount, wrong.performed.text) == (3000, "Pays 30")
    assert wrong.performed.effects == (Effect("pay", 2, "ante", amount=3000),)
    extra = steps.wrong_wager_paid(9, 2, "call", 1000, "Pays the call", "Returned", "§10(d)(1)(ii)",
                                   steps.refer("§10(d)(1)(ii)"), spot_label="Call")
    assert (extra.performed.verb, extra.performed.spot, extra.performed.amount, extra.replaces) == (PAY, "call",
                                                                                                   1000, False)


def test_positions_in_turn_are_each_action_of_a_verb_with_the_next_one():
    acts = [steps.announce("No more bets", ()), steps.offer(1, "Ask 1", (), "", ()), steps.cut("Cut", ()),
            steps.offer(3, "Ask 3", (), "", ()), steps.offer(6, "Ask 6", (), "", ())]
    assert steps.in_turn(acts, "offer") == [(1, 3), (3, 4)]


def test_a_house_option_from_the_rules_data_shows_each_choice_as_the_data_describes_it():
    option = HouseOption.from_data(two_card_joker_data().house_options["dealing_method"])
    assert option.choices == ("manual-shoe", "hand", "automated-shoe") and option.default == "manual-shoe"
    assert option.line("hand") == "Dealing method: Dealt from the hand (§8)"
    relabelled = HouseOption.from_data(two_card_joker_data().house_options["dealing_method"], ["A", "B", "C"])
    assert relabelled.line("automated-shoe") == "Dealing method: C"
