"""Trainer ruling 25: ruling 13 applies in every category, flushes included. A wild card
beside a natural ace in a flush counts as a second ace (A-A-K-9-5 beats A-K-Q-J-9). The
evaluator, the settlement, the calculator and the questions follow it, checked against
the independent brute-force oracle, and cite "trainer ruling 25" exactly where a
comparison turns on it (its result would differ if a wild card could not stand for a
card already held)."""

import json
import random

import pytest

from tests.games.dj_wild.oracle import best_value
from trainer.calculator import settle
from trainer.core.cards import ACE, JOKER, Card, parse_cards
from trainer.core.settlement import LOSE, WIN
from trainer.games.registry import get_game
from trainer.games.dj_wild.hands import Category, compare, comparison_citations, evaluate
from trainer.games.dj_wild.settlement import PLAY, SeatWagers, settle_round
from trainer.training.session import make_question

GAME = get_game("dj-wild")

R25 = "trainer ruling 25"
AA_FLUSH = "Ah Kh 9h 5h JK"  # a wild card beside the natural ace: ace-ace-king-nine-five
AK_FLUSH = "Ac Kc Qc Jc 9c"  # natural ace-king-queen-jack-nine


def v(text):
    return evaluate(parse_cards(text))


def oracle_key(text_or_cards):
    cards = parse_cards(text_or_cards) if isinstance(text_or_cards, str) else text_or_cards
    category, ranks = best_value(cards)
    return int(category), ranks


def oracle_compare(a, b):
    ka, kb = oracle_key(a), oracle_key(b)
    return (ka > kb) - (ka < kb)


def no_duplicate_ranks(value):
    """The reading ruling 25 rejects, written out here apart from the code under test: in a
    flush each wild card is the highest rank the hand does not hold."""
    held = sorted(value.ranks[value.wilds:], reverse=True)
    missing = [r for r in range(14, 2, -1) if r not in held][:value.wilds]
    return tuple(sorted(held + missing, reverse=True))


# ------------------------------------------------------------------ the oracle itself

def test_the_oracle_reads_ruling_25():
    # The oracle tries every wild card as every card, a card already held included.
    assert best_value(parse_cards(AA_FLUSH)) == (Category.FLUSH, (14, 14, 13, 9, 5))
    assert best_value(parse_cards("Ah Kh 9h 2d 2c")) == (Category.FLUSH, (14, 14, 14, 13, 9))
    assert oracle_compare(AA_FLUSH, AK_FLUSH) == 1
    # ... and five of a kind, which also needs a wild card standing for a card held.
    assert best_value(parse_cards("Ac Ad Ah As JK")) == (Category.FIVE_OF_A_KIND, (14,))


# ------------------------------------------------------------------ the evaluator

def test_a_wild_card_beside_a_natural_ace_is_a_second_ace():
    assert (v(AA_FLUSH).category, v(AA_FLUSH).ranks) == (Category.FLUSH, (14, 14, 13, 9, 5))
    assert compare(parse_cards(AA_FLUSH), parse_cards(AK_FLUSH)) == 1
    assert compare(parse_cards(AK_FLUSH), parse_cards(AA_FLUSH)) == -1


def _wild_ace_flushes(rng, n):
    """``n`` pairs (a wild flush holding a natural ace, a natural ace-high flush)."""
    low = list(range(3, 14))
    out = []
    while len(out) < n:
        s1, s2 = rng.sample("shdc", 2)
        wilds = rng.choice([[JOKER], [Card(2, "d")], [JOKER, Card(2, "c")]])
        a = [Card(ACE, s1)] + [Card(r, s1) for r in rng.sample(low, 4 - len(wilds))] + wilds
        b = [Card(ACE, s2)] + [Card(r, s2) for r in rng.sample(low, 4)]
        if evaluate(a).category is Category.FLUSH and evaluate(b).category is Category.FLUSH:
            out.append((tuple(a), tuple(b)))
    return out


def test_wild_flushes_with_an_ace_compare_as_the_oracle_does():
    decided = 0
    for a, b in _wild_ace_flushes(random.Random(25), 250):
        assert (evaluate(a).category, evaluate(a).ranks) == best_value(a)
        assert compare(a, b) == oracle_compare(a, b)
        cites = comparison_citations(evaluate(a), evaluate(b))
        va, vb = evaluate(a), evaluate(b)
        other = no_duplicate_ranks(va)
        turns = ((va.ranks > vb.ranks) - (va.ranks < vb.ranks)) != ((other > vb.ranks) - (other < vb.ranks))
        assert (R25 in cites) == turns, (a, b)
        decided += turns
    assert decided >= 10  # the sample holds comparisons decided by the ruling (21 of 250)


@pytest.mark.parametrize("a,b,cited", [
    (AA_FLUSH, AK_FLUSH, True),                   # A-A-K-9-5 beats A-K-Q-J-9: only by ruling 25
    (AA_FLUSH, "Ac Kc 9c 5c 3c", False),          # A-K-9-5-3 loses either way
    ("Kh 9h 5h 3h JK", AK_FLUSH, False),          # no natural ace: the wild card is the ace
    (AA_FLUSH, "Kc Kd Ks 9h 9c", False),          # another category
    ("Ah Qh 9h 5h 2c", "Ad Kd Qd Jd 9d", True),   # A-A-Q-9-5 beats A-K-Q-J-9; A-K-Q-9-5 would lose
    ("Ah Qh 9h 5h 2c", "Ad Kd 8d 7d 4d", False),  # A-A-Q and A-K-Q-9-5 both beat A-K-8-7-4
])
def test_comparisons_cite_ruling_25_where_it_decides(a, b, cited):
    va, vb = v(a), v(b)
    other = no_duplicate_ranks(va) if va.wilds and va.category is Category.FLUSH else va.ranks
    turns = ((va.ranks > vb.ranks) - (va.ranks < vb.ranks)) != ((other > vb.ranks) - (other < vb.ranks))
    assert turns == cited  # the table above is itself checked against the rejected reading
    assert (R25 in comparison_citations(va, vb)) == cited


def test_the_hand_is_named_with_its_second_ace():
    assert v(AA_FLUSH).describe() == "Flush, ace-ace-king-nine-five"
    assert v("Kh 9h 5h 3h 2c").describe() == "Flush, ace-king-nine-five-three"


# ------------------------------------------------------------------ settlement and calculator

def test_settlement_follows_and_cites_ruling_25():
    r = settle_round(parse_cards(AK_FLUSH), [SeatWagers(1, parse_cards(AA_FLUSH), 1000, 1000, bad_beat=500,
                                                        decision=PLAY)])
    got = {x.wager: (x.result, x.net) for x in r.seat(1).results}
    # The player's flush wins: ante and play 1 to 1, the blind 2 to 1 (§9(d)(3)); the Two
    # Way Bad Beat pays on the dealer's losing flush, 300 to 1 (§10(c)).
    assert got == {"ante": (WIN, 1000), "blind": (WIN, 2000), "play": (WIN, 2000), "bad_beat": (WIN, 150_000)}
    assert all(R25 in x.rules for x in r.seat(1).results)
    # The other way round the player loses, by the same ruling.
    r = settle_round(parse_cards(AA_FLUSH), [SeatWagers(1, parse_cards(AK_FLUSH), 1000, 1000, decision=PLAY)])
    assert {x.wager: x.result for x in r.seat(1).results} == {"ante": LOSE, "blind": LOSE, "play": LOSE}
    assert all(R25 in x.rules for x in r.seat(1).results)
    # Where it does not decide, it is not cited.
    r = settle_round(parse_cards("Ac Kc 9c 5c 3c"), [SeatWagers(1, parse_cards(AA_FLUSH), 1000, 1000,
                                                                decision=PLAY)])
    assert not any(R25 in x.rules for x in r.seat(1).results)


def test_cover_all_cites_ruling_25_when_the_highest_flush_turns_on_it():
    r = settle_round(parse_cards(AK_FLUSH), [SeatWagers(1, parse_cards(AA_FLUSH), 1000, 1000, cover_all=500,
                                                        decision=PLAY)])
    assert r.cover_all.holders == (1,) and R25 in r.cover_all.rules
    assert r.seat(1).result("cover_all").result == LOSE  # a flush is below a full house (ruling 17)


def test_the_calculator_cites_ruling_25():
    doc = {"game": "dj-wild", "dealer": {"cards": AK_FLUSH.split()},
           "seats": [{"seat": 2, "cards": AA_FLUSH.split(), "wagers": {"ante": 1000, "blind": 1000},
                      "decision": "play"}]}
    out = settle(json.loads(json.dumps(doc)))
    seat = out["seats"][0]
    assert seat["description"] == "Flush, ace-ace-king-nine-five"
    assert {w["wager"]: w["net"] for w in seat["wagers"]} == {"ante": 1000, "blind": 2000, "play": 2000}
    assert all(R25 in w["rule"] for w in seat["wagers"])


# ------------------------------------------------------------------ questions

def _kind(suffix):
    return next(k for k in GAME.question_kinds() if k.id == f"dj-wild.{suffix}")


def test_which_hand_wins_asks_comparisons_decided_by_ruling_25():
    asked = 0
    for seed in range(600):
        q = make_question(_kind("which-hand-wins"), seed)
        player = evaluate(parse_cards([c.card for c in q.scene.seat(3).cards]))
        dealer = evaluate(parse_cards([c.card for c in q.scene.dealer_cards]))
        expected = "Player" if player > dealer else "Dealer" if dealer > player else "Tie"
        assert q.answer == expected
        decided = player.category is dealer.category is Category.FLUSH and (R25 in comparison_citations(player, dealer))
        assert (R25 in q.citations) == decided
        if decided:
            asked += 1
            assert "second ace" in q.explanation and R25 in q.explanation
            assert expected == ("Player" if oracle_compare(player.cards, dealer.cards) > 0 else "Dealer")
    assert asked >= 10


def test_seat_payouts_decided_by_ruling_25_cite_it():
    cited = 0
    for seed in range(400):
        q = make_question(_kind("seat-payout"), seed)
        if R25 in q.citations:
            cited += 1
            assert R25 in q.explanation
    assert cited >= 3


def test_bad_beat_questions_decided_by_ruling_25_say_so():
    cited = 0
    for seed in range(400):
        q = make_question(_kind("bad-beat"), seed)
        if R25 in q.citations:
            cited += 1
            assert "second ace" in q.explanation and R25 in q.explanation
    assert cited >= 3


def test_table_mode_exposes_the_flush_ruling_25_makes_the_highest():
    from tests.games.dj_wild.test_table_round import stacked_script
    from trainer.games.dj_wild import table_round as tr
    from trainer.games.dj_wild.dealing import HAND
    from trainer.core.table.actions import CLEAR, REVEAL

    s = stacked_script(HAND, [tr.Bets(1, 1000, 1000, cover_all=500), tr.Bets(2, 1000, 1000)],
                       {1: AA_FLUSH, 2: AK_FLUSH}, "Kd Qs 8c 7h 4d")
    plan = tr.cover_all_plan(s.wild)
    # Seat 1's ace-ace flush is the highest hand (ruling 25), not seat 2's ace-king one.
    assert plan.exposed == (1,) and plan.higher == {2: (1,)}
    reveal1 = next(a for a in s.actions if a.verb == REVEAL and a.seat == 1)
    pickup2 = next(a for a in s.actions if a.verb == CLEAR and a.seat == 2)
    assert R25 in reveal1.citations and R25 in pickup2.citations
    assert "trainer ruling 39" in pickup2.citations
