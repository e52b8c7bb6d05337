"""Settlement of ante, blind, play, Trips, Two Way Bad Beat and Cover All, in exact
cents (§9-§11; trainer rulings 11, 13-15, 17)."""

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards
from trainer.core.settlement import LOSE, PUSH, REFER, WIN, SettlementError
from trainer.games.dj_wild.hands import deck
from trainer.games.dj_wild.settlement import FOLD, PLAY, HouseOptions, SeatWagers, settle_round


def seat(n, cards, ante=1000, blind=None, decision=PLAY, **kw):
    return SeatWagers(n, parse_cards(cards), ante=ante, blind=ante if blind is None else blind, decision=decision, **kw)


def nets(settled_seat):
    return {r.wager: (r.result, r.net) for r in settled_seat.results}


WEAK_DEALER = "Kc Qd 9s 7h 4c"  # king high, no wild card: the player's hands below avoid its cards
KING_HIGH = ["Kc Qd 9s 7h 4c", "Kd Qc 9h 7s 4d", "Ks Qh 9d 7c 4h", "Kh Qs 9c 7d 4s", "Kc Qd 8s 7h 4c"]


def weak_dealer(player):
    """A king-high dealer hand sharing no card with the player's."""
    cards = set(player.split())
    return next(d for d in KING_HIGH if not cards & set(d.split()))


@pytest.mark.parametrize("player,blind_odds", [
    ("2c 2d 2h 2s JK", 1000),  # §9(d)(3): five wilds 1,000 to 1
    ("As Ks Qs Js Ts", 50),    # royal flush
    ("Ah Kh Qh Jh 2d", 50),    # a wild royal flush is paid the same
    ("9h 9d 9s 9c JK", 10),    # quints
    ("9h 8h 7h 6h 5h", 9),     # straight flush
    ("9h 9d 9s 9c 3d", 4),     # quads
    ("Jh Jd Js 3c 3d", 3),     # full house
    ("Jh 8h 6h 4h 3h", 2),     # flush
    ("Jh Td 9h 8c 7h", 1),     # straight
    ("Jh Jd Js 8c 3d", 0),     # three of a kind: "Others" push
    ("Ah Ad 8s 6c 3d", 0),     # pair: push
    ("Ah Jd 8s 6c 3d", 0),     # ace high beats king high; the blind pushes
])
def test_player_beats_the_dealer(player, blind_odds):
    r = settle_round(parse_cards(weak_dealer(player)), [seat(2, player, ante=1500)])
    expected_blind = (WIN, blind_odds * 1500) if blind_odds else (PUSH, 0)
    assert nets(r.seat(2)) == {"ante": (WIN, 1500), "blind": expected_blind, "play": (WIN, 3000)}


def test_the_dealer_needs_no_qualifying_hand():
    # Ruling 15: the dealer's seven high still beats the player's six high.
    r = settle_round(parse_cards("7c 5d 4s 3h 9c"), [seat(1, "Th 6c 4d 3s 8c")])
    assert nets(r.seat(1)) == {"ante": (WIN, 1000), "blind": (PUSH, 0), "play": (WIN, 2000)}
    r = settle_round(parse_cards("Kc 5d 4s 3h 9c"), [seat(1, "Qh Jc 4d 3s 8c")])
    assert nets(r.seat(1)) == {"ante": (LOSE, -1000), "blind": (LOSE, -1000), "play": (LOSE, -2000)}


def test_a_natural_and_a_wild_hand_of_the_same_value_push():
    # §9(d)(1); ruling 13: natural or wild matters only to the Trips table.
    r = settle_round(parse_cards("9h 8h 7h 6h 5h"), [seat(3, "9c 8c 2d 6c 5c", ante=2500)])
    assert nets(r.seat(3)) == {"ante": (PUSH, 0), "blind": (PUSH, 0), "play": (PUSH, 0)}


def test_identical_high_cards_push():
    r = settle_round(parse_cards("Ah Jd 8s 6c 3d"), [seat(3, "Ac Jh 8d 6s 3h")])
    assert nets(r.seat(3)) == {"ante": (PUSH, 0), "blind": (PUSH, 0), "play": (PUSH, 0)}


def test_fold_loses_ante_and_blind_and_trips_is_still_paid():
    r = settle_round(parse_cards(WEAK_DEALER),
                     [seat(4, "2h 3h 4h 5h 6h", ante=1000, decision=FOLD, trips=500)], HouseOptions("04"))
    # Ruling 15; ruling 14: the natural 2-6 straight flush pays 200 to 1 on every table.
    assert nets(r.seat(4)) == {"ante": (LOSE, -1000), "blind": (LOSE, -1000), "trips": (WIN, 200 * 500)}
    assert r.seat(4).trips_reading.label == "Natural straight flush"


# (hand, the odds paid on tables 01..07, 0 for a loss): every figure is read from §9(d)(4).
TRIPS = [
    ("2c 2d 2h 2s JK", [2000, 2000, 2000, 2000, 2000, 500, 2000]),
    ("As Ks Qs Js Ts", [1000, 1000, 1000, 1000, 1000, 400, 1000]),
    ("Ah Kh Qh Jh 2d", [100, 100, 100, 90, 70, 70, 60]),
    ("9c 9d 9h 9s JK", [100, 100, 100, 70, 60, 60, 50]),
    ("2c 2d 2h 2s 9c", [100, 100, 100, 70, 60, 60, 50]),        # five of a kind beats natural quads of twos
    ("Ah 2h 3h 4h 5h", [200, 200, 200, 200, 200, 200, 200]),    # natural: the deuce is not needed as wild
    ("2h 3h 4h 5h 6h", [200, 200, 200, 200, 200, 200, 200]),    # §9(d)(5): the deuce read as a natural two
    ("9h 8h 2h 6h 5h", [30, 30, 30, 25, 25, 25, 25]),           # wild straight flush
    ("9h 9d 9s 9c 3d", [90, 90, 90, 60, 50, 50, 40]),
    ("9h 9d 9s 2c 3d", [7, 6, 6, 6, 6, 6, 6]),                  # natural trips 7 to 1 beat wild quads on 01
    ("2c 2d 2h Kc Qd", [7, 6, 6, 6, 6, 6, 6]),                  # natural trips of twos
    ("Jh Jd Js 3c 3d", [40, 40, 30, 30, 30, 30, 30]),
    ("Jh Jd 2s 3c 3d", [5, 5, 5, 5, 5, 5, 5]),
    ("Jh 8h 6h 4h 3h", [25, 30, 25, 25, 25, 25, 25]),
    ("Jh 8h 6h 4h 2h", [25, 30, 25, 25, 25, 25, 25]),           # natural flush with a natural two
    ("Jh 8h 6h JK 3h", [4, 4, 4, 4, 4, 4, 4]),                  # the joker is always wild
    ("Jh Td 9h 8c 7h", [20, 20, 20, 20, 20, 20, 20]),
    ("Ac 2d 3h 4s 5c", [20, 20, 20, 20, 20, 20, 20]),           # the wheel with a natural two
    ("Jh Td 2h 8c 7h", [3, 3, 3, 3, 3, 3, 3]),
    ("Jh Jd Js 8c 3d", [7, 6, 6, 6, 6, 6, 6]),
    ("Jh Jd 2s 8c 3d", [1, 1, 1, 1, 1, 1, 1]),
    ("Jh Jd 8s 8c 3d", [0] * 7),                                # two pair loses
    ("Jh 2d 8s 6c 3d", [0] * 7),                                # a wild pair loses
]


@pytest.mark.parametrize("cards,odds", TRIPS)
def test_trips_on_every_table(cards, odds):
    for table, n in zip(["01", "02", "03", "04", "05", "06", "07"], odds):
        r = settle_round(parse_cards(weak_dealer(cards)), [seat(1, cards, trips=300)], HouseOptions(table))
        assert nets(r.seat(1))["trips"] == ((WIN, n * 300) if n else (LOSE, -300)), table


def test_trips_rounds_down_to_the_cent_never():
    # Every "X to 1" pays a whole number of cents on a whole-cent wager.
    r = settle_round(parse_cards(weak_dealer("9h 9d 9s 2c 3d")), [seat(1, "9h 9d 9s 2c 3d", trips=125)],
                     HouseOptions("01"))
    assert nets(r.seat(1))["trips"] == (WIN, 875)


@pytest.mark.parametrize("player,dealer,result,odds", [
    ("Jh Jd Js 8c 3d", "Kh Ks Kd 9c 4d", WIN, 9),         # three of a kind loses to three of a kind
    ("Kh Ks Kd 9c 4d", "Jh Jd Js 8c 3d", WIN, 9),         # two way: the dealer's hand is beaten
    ("9h 8h 7h 6h 5h", "Kh Ks Kd Kc 4d", WIN, 500),       # the losing hand, four of a kind
    ("As Ks Qs Js Ts", "9c 9d 9h 2h JK", WIN, 10000),  # five of a kind beaten
    ("2c 2d 2h 2s JK", "Ah Kh Qh Jh Th", WIN, 10000),     # royal flush beaten by five wilds
    ("Jh 8h 6h 4h 3h", "Jd Td 9c 8s 7d", WIN, 100),       # straight beaten
    ("Jh Jd Js 8c 3d", "Jc 2s 2d 8h 3h", LOSE, 0),  # they tie: the bet loses
    ("Jh Jd Js 8c 3d", "Kh Ks 9d 9c 4d", LOSE, 0),        # two pair is not three of a kind or better
])
def test_two_way_bad_beat(player, dealer, result, odds):
    r = settle_round(parse_cards(dealer), [seat(5, player, bad_beat=200)])
    assert nets(r.seat(5))["bad_beat"] == ((WIN, odds * 200) if result == WIN else (LOSE, -200))


def test_bad_beat_stays_in_action_after_a_fold():
    r = settle_round(parse_cards("Kh Ks Kd 9c 4d"), [seat(5, "Jh Jd Js 8c 3d", decision=FOLD, bad_beat=200)])
    assert nets(r.seat(5)) == {"ante": (LOSE, -1000), "blind": (LOSE, -1000), "bad_beat": (WIN, 1800)}
    assert "DJ Wild Poker §10(b)" in r.seat(5).result("bad_beat").rules


def test_cover_all_pays_the_highest_hand_at_the_table_by_the_number_of_players():
    seats = [
        seat(1, "Jh Jd Js 8c 3d", cover_all=500),
        seat(3, "9h 8h 7h 6h 5h", cover_all=100, decision=FOLD),  # folded hands count (ruling 11)
        seat(6, "Ah Qd Ts 5c 4d"),
    ]
    r = settle_round(parse_cards("Kh Ks Kd 9c 4h"), seats)
    # §11(k): straight flush, 3 players: 70 to 1, paid to every Cover All wager (§11(g)).
    assert r.cover_all.players == 3 and r.cover_all.holders == (3,) and r.cover_all.odds == "70 to 1"
    assert nets(r.seat(1))["cover_all"] == (WIN, 70 * 500)
    assert nets(r.seat(3))["cover_all"] == (WIN, 70 * 100)
    assert r.seat(6).result("cover_all") is None
    assert r.seat(1).results[-1].wager == "cover_all"  # reconciled after the player bets (§11(j))


@pytest.mark.parametrize("players,odds", [(1, 70), (2, 40), (3, 30), (4, 25), (5, 20), (6, 20)])
def test_cover_all_columns_for_four_of_a_kind(players, odds):
    hands = ["9h 9d 9s 9c 3d", "Ah Kd Qs 5c 4d", "Jh 8d 6s 5h 4c", "Th 7d 6c 5d 3h", "Ac Qd Ts 8c 6d",
             "Kc Jd Tc 8h 6h"]
    seats = [seat(n, hands[n - 1], cover_all=100) for n in range(1, players + 1)]
    r = settle_round(parse_cards("Kh Qh Js 7c 4h"), seats)
    assert nets(r.seat(1))["cover_all"] == (WIN, odds * 100)


def test_cover_all_five_of_a_kind_refers_to_the_floor_supervisor():
    r = settle_round(parse_cards("9h 9d 9s 9c JK"), [seat(2, "Ah Kd Qs 5c 4d", cover_all=100)])
    assert r.seat(2).result("cover_all").result == REFER and r.seat(2).result("cover_all").net == 0
    assert "trainer ruling 17" in r.seat(2).result("cover_all").rules


def test_cover_all_below_a_full_house_loses_even_three_of_a_kind():
    # §11(b) says three of a kind or better; the table pays only full house and up (ruling 17).
    r = settle_round(parse_cards("Jh Td 9h 8c 7h"), [seat(2, "Ah Ad Ac 5c 4d", cover_all=100)])
    assert nets(r.seat(2))["cover_all"] == (LOSE, -100)


def test_the_dealers_hand_counts_for_cover_all():
    r = settle_round(parse_cards("Ah Kh Qh Jh Th"), [seat(2, "3h 3d 3s 5c 4d", cover_all=100)])
    assert r.cover_all.holders == (0,)
    assert nets(r.seat(2))["cover_all"] == (WIN, 100 * 100)  # royal flush, 1 player: 100 to 1


@pytest.mark.parametrize("dealer,seats,options,message", [
    ("Kc Qd 9s 7h", [seat(1, "2c 3c 4c 5c 6c")], HouseOptions(), "five cards"),
    ("Kc Qd 9s 7h 4c", [seat(1, "Kc 3c 4c 5c 6c")], HouseOptions(), "K♣, 4♣ dealt twice"),
    ("Kc Qd 9s 7h JK", [seat(1, "JK 3c 4c 5c 6c")], HouseOptions(), "2 jokers"),
    ("Kc Qd 9s 7h 4c", [seat(1, "2c 3c 5d 6c 8c", decision=None)], HouseOptions(), "play wager or fold"),
    ("Kc Qd 9s 7h 4c", [seat(1, "2c 3c 5d 6c 8c", blind=0)], HouseOptions(), "ante and a blind"),
    ("Kc Qd 9s 7h 4c", [seat(1, "2c 3c 5d 6c 8c", ante=-100)], HouseOptions(), "cannot be negative"),
    ("Kc Qd 9s 7h 4c", [seat(7, "2c 3c 5d 6c 8c")], HouseOptions(), "numbered 1 to 6"),
    ("Kc Qd 9s 7h 4c", [seat(1, "2c 3c 5d 6c 8c", cover_all=100)], HouseOptions(cover_all=False), "not offered"),
    ("Kc Qd 9s 7h 4c", [seat(1, "2c 3c 5d 6c 8c", bad_beat=100)], HouseOptions(bad_beat=False), "not offered"),
    ("Kc Qd 9s 7h 4c", [seat(1, "2c 3c 5d 6c 8c"), seat(1, "Ac As 5h 6d 8d")], HouseOptions(), "twice"),
    ("Kc Qd 9s 7h 4c", [], HouseOptions(), "no player"),
])
def test_invalid_rounds_say_what_is_wrong(dealer, seats, options, message):
    with pytest.raises(SettlementError, match=message):
        settle_round(parse_cards(dealer), seats, options)


def test_unknown_trips_table():
    with pytest.raises(ValueError, match="08"):
        settle_round(parse_cards(WEAK_DEALER), [seat(1, "2c 3c 5d 6h 8c", trips=100)], HouseOptions("08"))


def test_every_result_cites_its_section():
    r = settle_round(parse_cards("Kh Ks Kd 9c 4d"), [seat(1, "Jh Jd Js 8c 3d", trips=100, bad_beat=100, cover_all=100)])
    for w in r.seat(1).results:
        assert w.rules and all(c.startswith("DJ Wild Poker §") or c.startswith("trainer ruling") for c in w.rules)


DECK = deck()
amounts = st.integers(min_value=0, max_value=100_000)


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK), st.lists(st.tuples(st.integers(1, 50_000), amounts, amounts, amounts, st.booleans()),
                                        min_size=1, max_size=6),
       st.sampled_from(["01", "02", "03", "04", "05", "06", "07"]))
def test_money_is_conserved_and_every_net_is_a_legal_outcome(cards, wagers, table):
    seats = [SeatWagers(i + 1, tuple(cards[5 + 5 * i: 10 + 5 * i]), ante, ante, trips, bad, cover,
                        PLAY if plays else FOLD)
             for i, (ante, trips, bad, cover, plays) in enumerate(wagers)]
    r = settle_round(cards[:5], seats, HouseOptions(table))
    assert r.house_net == -sum(w.net for s in r.seats for w in s.results)
    for s, sw in zip(r.seats, seats):
        for w in s.results:
            assert isinstance(w.net, int)
            if w.result == WIN:
                assert w.net >= w.amount and w.net % w.amount == 0
            elif w.result == LOSE:
                assert w.net == -w.amount
            else:
                assert w.net == 0
        if sw.decision == PLAY:
            assert s.result("play").amount == 2 * sw.ante
        # Trips depends only on the player's own five cards (§9(d)(4)).
        if sw.trips:
            alone = settle_round(cards[:5], [SeatWagers(sw.seat, sw.cards, 100, 100, sw.trips, decision=FOLD)],
                                 HouseOptions(table))
            assert alone.seats[0].result("trips") == s.result("trips")
