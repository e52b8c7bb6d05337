"""A run of actions with more than one accepted order (RoundScript.alternatives): the
trainee may follow the listed order or any alternative, but never mix them."""

import pytest

from trainer.core.table.actions import ANNOUNCE, CLEAR, COLLECT, PAY, DealerAction
from trainer.training.table_mode.actions import WRONG_POSITION, WRONG_STEP, Attempt
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.core.table.levels import level
from trainer.core.table.script import RoundScript

# 0 announce; 1-2 collect (a loser of each kind), 3-4 pay (a winner of each kind); 5 clear.
NL, PL, NW, PW = 1, 2, 3, 4


def _script(alternatives=(((NL,), (NW,), (PL,), (PW,)),)) -> RoundScript:
    acts = [
        DealerAction(ANNOUNCE, spot="No more bets", text="Announce"),
        DealerAction(COLLECT, 1, "red", text="Collect seat 1's red", group="collect"),
        DealerAction(COLLECT, 2, "flush", text="Collect seat 2's flush", group="collect"),
        DealerAction(PAY, 1, "black", amount=500, payout=True, text="Pay seat 1's black", group="pay"),
        DealerAction(PAY, 3, "pair in three", amount=2500, payout=True, text="Pay seat 3's pair in three",
                     group="pay"),
        DealerAction(CLEAR, text="Clear the stand"),
    ]
    return RoundScript("demo", 1, "guided", {}, (), (), acts, [None] * (len(acts) + 1),
                       alternatives=tuple(alternatives))


def _attempt(i: int, script: RoundScript) -> Attempt:
    a = script.actions[i]
    return Attempt(a.verb, a.seat, a.spot, amount=a.amount if a.verb == PAY else None)


def _play(order, script=None) -> tuple[DealerRound, list]:
    script = script or _script()
    r = DealerRound(script, level("guided"))
    r.perform_next()
    outs = [r.attempt(_attempt(i, script)) for i in order]
    return r, outs


@pytest.mark.parametrize("order", [
    (NL, PL, NW, PW), (PL, NL, PW, NW), (NL, PL, PW, NW),  # the listed order: losers, then winners
    (NL, NW, PL, PW),  # the alternative: one kind settled, then the other
])
def test_either_accepted_order_is_taken_without_a_mistake(order):
    r, outs = _play(order)
    assert all(o.accepted for o in outs)
    assert r.pending() == [5] and r.record.procedure_errors == 0
    assert r.perform_next().finished


@pytest.mark.parametrize("order, stopped_at, kind", [
    ((NL, NW, PW), 2, WRONG_STEP),  # the alternative begun: the flush must be collected before the pair in three
    ((PL, NW), 1, WRONG_STEP),  # the listed order begun: the red is collected before any payment
    ((NL, PW), 1, WRONG_POSITION),  # neither order pays the pair in three while the flush is still down
])
def test_mixing_the_orders_is_stopped(order, stopped_at, kind):
    r, outs = _play(order)
    assert all(o.accepted for o in outs[:stopped_at])
    assert not outs[stopped_at].accepted and outs[stopped_at].mistake.kind == kind
    assert r.record.procedure_errors == 1


def test_pending_is_the_union_of_the_orders_still_open():
    r, _ = _play(())
    assert r.pending() == [NL, PL]  # both orders allow the red; only the listed one the flush now
    r.attempt(_attempt(NL, r.script))
    assert r.pending() == [PL, NW]
    r.attempt(_attempt(NW, r.script))
    assert r.pending() == [PL]


def test_without_alternatives_the_listed_order_alone_is_accepted():
    r, outs = _play((NL, NW), _script(alternatives=()))
    assert outs[0].accepted and not outs[1].accepted and outs[1].mistake.kind == WRONG_STEP


@pytest.mark.parametrize("bad", [((1,), (3,)), ((1, 2), (2, 3, 4)), ((5, 6),)])
def test_an_alternative_must_list_a_contiguous_run_once(bad):
    with pytest.raises(ValueError):
        _script(alternatives=(bad,))
