"""What a round keeps instead of working it out at each look (issue 17: the players
still in, the positions dealt to, the orders of the decisions, the streets and the
reveal, each hand's value, the award named at the announcement) is, at every step of
many rounds with folds and dead hands, what working it out afresh gives. A copy of a
round is a round of its own; the simulated players' strength and the operations made
by hand are what they were."""

from __future__ import annotations

import copy
import random

import pytest

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


def state(r: R.Round) -> dict:
    """Everything a round holds, as plain values (a deep copy)."""
    return copy.deepcopy(vars(r))


def test_a_copy_and_its_round_go_their_own_ways():
    compared = 0
    for seed in range(150):
        rng = random.Random(seed)
        r = R.random_round(rng, players=rng.randint(2, 7))
        at = rng.randrange(60)
        script = []
        while not r.finished and len(script) < at:
            step = r.expected()
            choice = R.simulated_decision(rng, r, step.position) if step.kind == R.DECISION else None
            r.perform(step, choice)
            script.append((step, choice))
        if r.finished:
            continue
        before = state(r)
        c = r.copy()
        assert state(c) == before
        rest = []
        while not r.finished:  # the original plays on: the copy stays as it was
            step = r.expected()
            choice = R.simulated_decision(rng, r, step.position) if step.kind == R.DECISION else None
            r.perform(step, choice)
            rest.append((step, choice))
        assert state(c) == before, seed
        after = state(r)
        for step, choice in rest:  # the copy plays the same steps: the same round, the original untouched
            c.perform(step, choice)
        assert state(c) == after and state(r) == after, seed
        assert repr(c.log) == repr(r.log)
        compared += 1
    assert compared > 100


def strength_as_it_was(cards) -> float:
    ranks = [c.rank for c in cards]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    score = (max(ranks) - 2) / 24
    if counts[0] >= 3:
        score += 0.8
    elif counts[0] == 2:
        score += 0.45 + (max(r for r in set(ranks) if ranks.count(r) == 2) - 2) / 60
        if len(counts) > 1 and counts[1] == 2:
            score += 0.3
    suits = [c.suit for c in cards]
    if max(suits.count(s) for s in set(suits)) == len(cards):
        score += 0.25
    distinct = sorted(set(ranks))
    if len(distinct) == len(cards) and distinct[-1] - distinct[0] <= 4:
        score += 0.2
    return min(score, 1.0)


def test_simulated_strength_is_the_same_number():
    from trainer.core.cards import parse_cards, standard_deck

    rng = random.Random(8)
    deck = standard_deck()
    for _ in range(30000):
        cards = rng.sample(deck, rng.choice((3, 4)))
        assert R._strength(cards) == strength_as_it_was(cards), cards
    for text in ("As Ah Ad", "Ks Kh 2s 2d", "5s 4s 3s 2s", "9c 9d 4h", "Ah 2c 3d"):
        cards = parse_cards(text)
        assert R._strength(cards) == strength_as_it_was(cards), text


def test_an_operation_is_made_with_every_field_of_the_dataclass():
    import dataclasses
    import inspect

    names = [f.name for f in dataclasses.fields(R.Operation)]
    assert list(inspect.signature(R.Operation.__init__).parameters)[1:] == names
    full = R.Operation(R.DEAL, 3, (), 10, "x", "Deal", ("§1",), True, {"card_number": 1})
    assert [getattr(full, n) for n in names] == [R.DEAL, 3, (), 10, "x", "Deal", ("§1",), True, {"card_number": 1}]
    bare = R.Operation(R.BURN)
    assert (bare.position, bare.cards, bare.amount, bare.detail) == (None, (), 0, {})
    assert bare.detail is not R.Operation(R.BURN).detail  # a dict of its own, as default_factory gave
    assert dataclasses.replace(full, text="Other").text == "Other" and full == dataclasses.replace(full, detail={})
    with pytest.raises(dataclasses.FrozenInstanceError):
        full.text = "changed"


def test_the_words_of_a_hand_are_describe_values():
    from trainer.core.cards import standard_deck
    from trainer.games.winners_pot.hands import describe_value

    rng = random.Random(4)
    deck = standard_deck()
    for _ in range(3000):
        v = evaluate(rng.sample(deck, rng.choice((3, 4, 5))))
        assert v.describe() == describe_value(v.category, v.ranks)


def test_a_step_is_made_with_every_field_of_the_dataclass():
    import dataclasses
    import inspect

    names = [f.name for f in dataclasses.fields(R.Step)]
    assert list(inspect.signature(R.Step.__init__).parameters)[1:] == names
    full = R.Step(R.DEAL, 3, "Deal seat 3 the first card face down", ("§7(e)(1)",))
    assert [getattr(full, n) for n in names] == [R.DEAL, 3, "Deal seat 3 the first card face down", ("§7(e)(1)",)]
    bare = R.Step(R.BURN)
    assert (bare.position, bare.text, bare.citations) == (None, "", ())
    assert full == R.Step(R.DEAL, 3, "Deal seat 3 the first card face down", ("§7(e)(1)",)) != bare
    assert hash(full) == hash(dataclasses.replace(full)) and repr(bare) == \
        "Step(kind='burn', position=None, text='', citations=())"
    with pytest.raises(dataclasses.FrozenInstanceError):
        full.text = "changed"
