"""A round's record keeps what replays it (issue 19, schema version 6): its number at the
table and every attempt of the trainee, in order, as compact JSON-safe dicts; in watch mode
every stop, move on, rule and remedy named. Played here on the small hand-made round of
test_core, and through a game's own round as the screen deals it."""

import json

import pytest

from tests.training.table_mode.test_core import _script
from trainer.core.table.actions import ANNOUNCE, COLLECT, DEAL, DEALER, PAY, DealerAction
from trainer.core.table.levels import level
from trainer.core.table.script import REFER_REMEDY, RoundConfig, WatchMistake
from trainer.training.table_mode.actions import Attempt
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.training.table_mode.games import deal_round, watch_round
from trainer.training.table_mode.watch import WatchRound


def test_every_attempt_is_kept_in_order_with_only_what_was_given():
    r = DealerRound(_script(), level("guided"))
    r.attempt(Attempt(DEAL, 1, face_up=False))  # out of turn
    r.perform_next()
    r.attempt(Attempt(DEAL, 1, face_up=True))  # the wrong face
    for _ in range(4):
        r.perform_next()
    r.attempt(Attempt(COLLECT, 3, "bonus"))
    r.attempt(Attempt(COLLECT, 3, "ante"))
    r.attempt(Attempt(PAY, 1, "ante", amount=2_500))  # the wrong amount
    r.attempt(Attempt(PAY, 1, "ante", chips=((500, 6),), coins=0))  # right, in more chips than needed
    assert r.finished
    assert r.record.attempts == [
        {"verb": DEAL, "seat": 1, "face_up": False},
        {"verb": ANNOUNCE},
        {"verb": DEAL, "seat": 1, "face_up": True},
        {"verb": DEAL, "seat": 1, "face_up": False},
        {"verb": DEAL, "seat": 3, "face_up": False},
        {"verb": DEAL, "seat": DEALER, "face_up": True},
        {"verb": "reveal", "seat": 1},
        {"verb": COLLECT, "seat": 3, "spot": "bonus"},
        {"verb": COLLECT, "seat": 3, "spot": "ante"},
        {"verb": PAY, "seat": 1, "spot": "ante", "amount": 2_500},
        {"verb": PAY, "seat": 1, "spot": "ante", "chips": [[500, 6]]},
    ]
    # JSON text and back: the same attempts
    assert [Attempt.from_record(a) for a in json.loads(r.record.as_row()["attempts"])] == [
        Attempt(DEAL, 1, face_up=False), Attempt(ANNOUNCE), Attempt(DEAL, 1, face_up=True),
        Attempt(DEAL, 1, face_up=False), Attempt(DEAL, 3, face_up=False), Attempt(DEAL, DEALER, face_up=True),
        Attempt("reveal", 1), Attempt(COLLECT, 3, "bonus"), Attempt(COLLECT, 3, "ante"),
        Attempt(PAY, 1, "ante", amount=2_500), Attempt(PAY, 1, "ante", chips=((500, 6),))]
    with pytest.raises(RuntimeError):
        r.attempt(Attempt(ANNOUNCE))
    assert len(r.record.attempts) == 11  # an attempt after the round is over is not one


@pytest.mark.parametrize(("given", "why"), [
    ({"verb": "juggle"}, "it names no dealer action"),
    (["deal"], "it names no dealer action"),
    ({"verb": "deal", "hand": 2}, "it has hand, which an attempt does not have"),
    ({"verb": "deal", "seat": True}, "its seat is not a whole number of at least 0"),
    ({"verb": "deal", "spot": 3}, "its spot is not a name"),
    ({"verb": "deal", "face_up": "yes"}, "its face is neither up nor down"),
    ({"verb": "pay", "amount": -5}, "its amount is not a whole number of at least 0"),
    ({"verb": "pay", "chips": [[500]]}, "its chips are not pairs of denomination and count"),
    ({"verb": "pay", "chips": [[500, 1.5]]}, "its chip count is not a whole number of at least 0"),
    ({"verb": "pay", "coins": "25"}, "its coins is not a whole number of at least 0"),
])
def test_an_attempt_the_app_never_records_is_refused_with_its_reason(given, why):
    with pytest.raises(ValueError) as refused:
        Attempt.from_record(given)
    assert str(refused.value) == why


def test_every_call_of_a_watched_round_is_kept_in_order():
    s = _script()
    m1 = WatchMistake("card-exposed", 2, DealerAction(DEAL, DEALER, face_up=True, text="Deals seat 3's card face up"),
                      "Players' cards go face down", "Game §2(a)", REFER_REMEDY, "Game §9 (no remedy written)")
    w = WatchRound(s, level("guided"), [m1])
    w.stop()  # a false call on the announcement
    w.stop()  # stopped again: kept, though it counts nothing
    w.proceed()
    w.proceed()
    w.stop()  # the mistake
    w.answer("not the rule")
    w.answer(REFER_REMEDY)
    while not w.finished:
        w.proceed()
    assert w.proceed() is None  # nothing left: not an attempt
    assert w.record.attempts == [
        {"do": "stop"}, {"do": "stop"}, {"do": "move-on"}, {"do": "move-on"}, {"do": "stop"},
        {"do": "rule", "named": "not the rule"}, {"do": "remedy", "named": REFER_REMEDY},
        *[{"do": "move-on"}] * (len(w.shown) - 2)]
    assert (w.record.false_calls, w.record.caught, w.record.rule_named, w.record.remedy_named) == (1, 1, 0, 1)


def test_a_round_dealt_at_a_table_knows_its_number():
    for n in (1, 5, 12):
        config = RoundConfig("two-card-joker", 3, level("practice"), {}, n)
        assert deal_round(config).record.round_no == watch_round(config).record.round_no == n
        assert deal_round(config).record.as_row()["round_no"] == n
    # a round made without a table (as the tests make them) does not: 0, as before version 6
    assert DealerRound(_script(), level("guided")).record.round_no == 0
