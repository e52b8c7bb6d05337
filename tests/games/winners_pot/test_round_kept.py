"""What a round keeps instead of working it out at each look (issue 17: the players
still in, the positions dealt to, the orders of the decisions, the streets and the
reveal, each hand's value, the award named at the announcement) is, at every step of
many rounds with folds and dead hands, what working it out afresh gives."""

from __future__ import annotations

import random

from trainer.games.winners_pot import dealing
from trainer.games.winners_pot import round as R
from trainer.games.winners_pot.dealing import DEALER
from trainer.games.winners_pot.hands import evaluate, held_value


def fresh_view(r: R.Round) -> dict:
    active = [s for s in r.players if r.seats[s].active]
    values = {}
    for p in r.players + [DEALER]:
        dealt = tuple(r.dealt[p])
        if len(dealt) >= 3 or (p != DEALER and r.seats[p].dead and len(dealt) >= 2):
            v = held_value(dealt) if p != DEALER and r.seats[p].dead else evaluate(dealt)
            values[p] = (v.category, v.ranks, v.cards)
    return {
        "active": active,
        "dealt to": [p for p in dealing.deal_order(r.button, r.players) if p == DEALER or not r.seats[p].dead],
        "decisions": dealing.decision_order(r.button, active),
        "streets": dealing.street_order(r.button, active),
        "reveal": dealing.reveal_order(active),
        "values": values,
    }


def kept_view(r: R.Round) -> dict:
    values = {}
    for p in r.players + [DEALER]:
        dealt = r.dealt[p]
        if len(dealt) >= 3 or (p != DEALER and r.seats[p].dead and len(dealt) >= 2):
            v = r.value_of(p)
            values[p] = (v.category, v.ranks, v.cards)
    return {
        "active": r.active_players(),
        "dealt to": r._deal_positions(),
        "decisions": r._decision_order,
        "streets": r._street_order,
        "reveal": r._reveal_order,
        "values": values,
    }


def test_kept_views_are_fresh_at_every_step():
    steps = dead = folds = awards = 0
    for seed in range(250):
        rng = random.Random(seed)
        r = R.random_round(rng, players=rng.randint(2, 7))
        while not r.finished:
            assert kept_view(r) == fresh_view(r), (seed, len(r.log))
            step = r.expected()
            if step.kind == R.AWARD:
                assert step.citations == r._award_preview().rules
                awards += 1
            if step.kind == R.DEAL and r.phase == R.DEAL_1 and len(r.hands[step.position]) < 2 \
                    and rng.random() < 0.2:
                r.deal(step.position, exposed=True)  # §12(a): a hole card turned up by accident
            else:
                choice = R.simulated_decision(rng, r, step.position) if step.kind == R.DECISION else None
                op = r.perform(step, choice)
                dead += op.kind == R.KILL_HAND
                folds += op.kind == R.COLLECT_FOLD
            steps += 1
        assert kept_view(r) == fresh_view(r), seed
    assert steps > 5000 and dead > 5 and folds > 50 and awards > 100  # every kind of change was met


def test_a_value_follows_the_cards_dealt():
    rng = random.Random(3)
    r = R.random_round(rng, players=3, method="manual-shoe")
    R.play_to(r, rng, stop=lambda rr, s: rr.phase == R.DEAL_4)
    seat = r.active_players()[0]
    three = r.value_of(seat)
    R.play_to(r, rng, stop=lambda rr, s: rr.phase == R.DOUBLE_ROUND)
    assert len(r.value_of(seat).cards) == 4 and three.cards == tuple(r.dealt[seat][:3])
    assert r.value_of(seat) == evaluate(r.dealt[seat])
