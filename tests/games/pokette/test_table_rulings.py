"""Table mode for Pokette under the rulings of RULINGS.md: "No more bets" before every
spin, re-spins included (trainer ruling 34); a re-spin is a new draw (ruling 36); the
third card's settlement in either order of ruling 35."""

import random
from functools import lru_cache

import pytest

from trainer.games.pokette.drill import NO_SPIN_CALL, VOID_CALL
from trainer.games.pokette.table import COLLECTED, PAID
from trainer.games.pokette.table_round import (
    NO_MORE_BETS,
    PAID_BEFORE_COLLECTED,
    SHORT_SPIN_ACCEPTED,
    build_round,
    wager_key,
    watch_mistakes,
)
from trainer.games.pokette.wheel import Section, cite, ruling
from trainer.core.table import actions as act
from trainer.training.table_mode.actions import WRONG_STEP, Attempt, attempt_for
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig
from trainer.training.table_mode.watch import WatchRound


def _round(seed: int, level_id: str = "practice", **options):
    return build_round(RoundConfig("pokette", seed, level(level_id), options))


def _respun(clapper: str, wanted: int):
    """Scripts (and the index of their re-spin's SPIN) with an irregular first spin."""
    out = []
    for seed in range(4000):
        s = _round(seed, "guided", clapper_between=clapper)
        spins = [i for i, a in enumerate(s.actions) if a.verb == act.SPIN]
        if len(spins) > 1:
            out.append((s, spins))
            if len(out) == wanted:
                break
    assert len(out) == wanted
    return out


@pytest.mark.parametrize("clapper", ["void", "previous"])
def test_no_more_bets_is_announced_before_every_spin_re_spins_included(clapper):
    for s, spins in _respun(clapper, 12):
        for i in spins:
            before = s.actions[i - 1]
            assert before.verb == act.ANNOUNCE and before.spot == NO_MORE_BETS, (s.seed, i)
            assert cite("(g)(1)") in before.citations
            if i != spins[0]:
                assert s.actions[i - 2].spot in (NO_SPIN_CALL, VOID_CALL)
                assert ruling(34) in before.citations


def test_a_trainee_announcing_no_more_bets_before_the_re_spin_is_right_and_skipping_it_is_stopped():
    s, spins = _respun("void", 1)[0]
    r = DealerRound(s, level("guided"))
    while r.done < spins[1] - 1:
        assert r.perform_next().accepted
    skipped = r.attempt(Attempt(act.SPIN))
    assert not skipped.accepted and skipped.mistake.kind == WRONG_STEP
    assert "No more bets" in skipped.mistake.explanation
    said = r.attempt(Attempt(act.ANNOUNCE, spot=NO_MORE_BETS))
    assert said.accepted and r.next_action().verb == act.SPIN


def test_table_mode_re_spins_are_new_draws():
    """The void spin's passed card and the re-spin's winning card: with a fair wheel they
    match about once in 54 (ruling 36); the bound is generous."""
    rounds = _respun("void", 60)
    same = 0
    for s, spins in rounds:
        passed = Section.parse(s.actions[spins[0]].effects[0].card.split()[0])
        winner = Section.parse(next(a for a in s.actions if a.verb == act.MARK).spot)
        same += passed == winner
    assert same <= 6, f"{same} of {len(rounds)} re-spins landed on the card the void spin passed"


# ---------------------------------------------------------------------------- trainer ruling 35
@lru_cache(maxsize=None)
def _third_card_rounds(wanted: int):
    """Rounds whose third card settles losing and winning wagers of both kinds."""
    out = []
    for seed in range(3000):
        s = _round(seed, "table-ready")
        if not any(a.verb == act.CLEAR for a in s.actions):
            continue
        kinds = {(a.verb, _is_poker(s, a)) for a in s.actions if a.verb in (act.COLLECT, act.PAY)}
        if len(kinds) == 4:
            out.append(s)
            if len(out) == wanted:
                break
    assert len(out) == wanted
    return tuple(out)


def _is_poker(script, a) -> bool:
    chip = next(c for c in script.scenes[0].chips if c.seat == a.seat and wager_key(c.placement) == a.spot)
    return chip.placement.is_poker


def _settle_indexes(s, verb, poker):
    return [i for i, a in enumerate(s.actions) if a.verb == verb and _is_poker(s, a) == poker]


def _deal(s, order):
    """Deal the round doing the settlement in ``order`` (action indexes); every other action
    as listed. Returns the round and the outcomes of the settlement attempts."""
    r = DealerRound(s, level("table-ready"))
    first = min(order)
    while r.done < first:
        assert r.perform_next().accepted
    outs = [r.attempt(attempt_for(s.actions[i])) for i in order]
    return r, outs


def _orders(s):
    nl, nw = _settle_indexes(s, act.COLLECT, False), _settle_indexes(s, act.PAY, False)
    pl, pw = _settle_indexes(s, act.COLLECT, True), _settle_indexes(s, act.PAY, True)
    return nl, nw, pl, pw


def test_the_third_card_is_settled_in_either_order_of_ruling_35():
    for s in _third_card_rounds(4):
        nl, nw, pl, pw = _orders(s)
        for order in (nl + pl + nw + pw,  # (a) every losing wager, then every winning wager
                      pl + nl + pw + nw,
                      nl + nw + pl + pw):  # (b) the non-poker wagers, then the poker hand wagers
            r, outs = _deal(s, order)
            assert all(o.accepted for o in outs), [o.mistake.explanation for o in outs if not o.accepted]
            assert r.record.procedure_errors == 0
            assert r.next_action().verb == act.CLEAR
            # the table shows what was done: every chip collected or paid as the trainee did it
            shown = {(c.seat, wager_key(c.placement)): (c.state, c.paid) for c in r.scene().chips}
            for i in order:
                a = s.actions[i]
                assert shown[(a.seat, a.spot)] == ((COLLECTED, 0) if a.verb == act.COLLECT else (PAID, a.amount))
        cites = s.actions[nl[0]].citations
        assert cite("(h)(6)") in cites and ruling(35) in cites


def test_mixing_the_two_orders_on_the_third_card_is_stopped():
    s = _third_card_rounds(4)[0]
    nl, nw, pl, pw = _orders(s)
    # (b) begun with a non-poker payment: the poker hand losers may not wait for the poker winners
    r, outs = _deal(s, nl + nw + pw[:1])
    assert all(o.accepted for o in outs[:-1]) and not outs[-1].accepted
    # (a) begun with a poker hand loser before the non-poker payments: no payment before every loser is in
    r, outs = _deal(s, pl[:1] + nw[:1])
    assert outs[0].accepted and not outs[1].accepted


def _refused_when_due(s, m) -> bool:
    """Whether the trainee doing the watch mistake's action in its place would be stopped."""
    r = DealerRound(s, level("table-ready"))
    while r.done < m.index:
        r.perform_next()
    return not r.attempt(attempt_for(m.performed)).accepted


def test_watch_mode_s_payment_before_the_collections_breaks_both_orders():
    """A "paid before collected" mistake on the third card is one under either order of
    ruling 35: a non-poker winner paid first is no mistake when no non-poker wager lost."""
    checked = 0
    for seed in range(400):
        s = _round(seed, "table-ready")
        if not any(a.verb == act.CLEAR for a in s.actions):
            continue
        for m in watch_mistakes(s, random.Random(seed)):
            if m.kind == PAID_BEFORE_COLLECTED:
                assert _refused_when_due(s, m), (seed, m.performed.text)
                checked += 1
    assert checked >= 20


# ---------------------------------------------------------------------------- watch mode's questions
def _sections(citation_text: str) -> set[str]:
    return {c.strip() for c in citation_text.split(";")}


def _rule_question(s, m):
    w = WatchRound(s, level("guided"), [m])
    while w.current().mistake is not m:
        w.proceed()
    assert w.stop()[0]
    return w.pending[0]


def test_a_watch_mistake_s_rule_question_has_one_defensible_answer():
    """The rule broken is offered once: no other option cites a section the answer cites
    (trainer ruling 38). A short spin taken as valid breaks §(g)(2) and §(i)(3): "Re-spin
    the wheel (§(i)(3))" is not offered as a wrong answer."""
    kinds = set()
    for seed in range(40):
        s = _round(seed, "practice", clapper_between=("previous", "void")[seed % 2])
        for m in watch_mistakes(s, random.Random(seed)):
            q = _rule_question(s, m)
            assert q.answer == m.rule_answer and q.answer in q.options
            cited = _sections(m.rule_citation)
            for option in q.options:
                if option != q.answer:
                    start = option.rindex(" (Pokette §")
                    shown = option[start + 2:-1]
                    assert not (_sections(shown) & cited), (seed, m.kind, option, m.rule_citation)
            kinds.add(m.kind)
            if m.kind == SHORT_SPIN_ACCEPTED:
                assert cited == {cite("(g)(2)"), cite("(i)(3)")}
    assert SHORT_SPIN_ACCEPTED in kinds


def test_watch_mode_s_third_card_payment_rule_states_both_orders_of_ruling_35():
    for s in _third_card_rounds(4):
        found = [m for m in watch_mistakes(s, random.Random(s.seed)) if m.kind == PAID_BEFORE_COLLECTED]
        assert found
        for m in found:
            assert ruling(35) in m.rule_citation and "non-poker wagers first" in m.rule
