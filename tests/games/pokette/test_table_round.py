"""Table mode for Pokette: one spin dealt action by action (§(g), §(h), §(i)), its money
equal to settlement.py, each mistake class stopped, and watch mode's mistakes."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.table_mode_support import watch_to_the_end
from trainer.core.chips import house_chips
from trainer.games.pokette.drill import NO_SPIN_CALL, VOID_CALL
from trainer.games.pokette.layout import PAIR_IN_TWO
from trainer.games.pokette.rules_data import rules_data
from trainer.games.pokette.settlement import (
    COLLECT,
    PAY,
    Bet,
    HouseOptions,
    payout,
    settle_spin,
)
from trainer.games.pokette.stand import Stand
from trainer.games.pokette.table import COLLECTED, PAID, PoketteScene
from trainer.games.pokette.table_round import (
    CLAPPER,
    HOUSE_OPTIONS,
    NO_MORE_BETS,
    PAY_TABLE,
    build_round,
    layout_wagers,
    wager_key,
    watch_mistakes,
)
from trainer.games.pokette.wheel import Section, cite
from trainer.core.table import actions as act
from trainer.training.table_mode.actions import (
    EXTRA_CHIPS,
    WRONG_AMOUNT,
    WRONG_POSITION,
    WRONG_STEP,
    Attempt,
    attempt_for,
)
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.training.table_mode.games import has_table_mode, house_options, watch_round
from trainer.core.table.levels import level, levels
from trainer.core.table.script import RoundConfig
from trainer.core.table.script import REFER_REMEDY
from trainer.training.table_mode.watch import WatchRound

OPTION_SETS = [{CLAPPER: c, PAY_TABLE: t} for c in HOUSE_OPTIONS[0].choices for t in HOUSE_OPTIONS[1].choices]
LEVEL_IDS = [lv.id for lv in levels()]


def _round(seed: int, level_id: str = "practice", **options) -> object:
    return build_round(RoundConfig("pokette", seed, level(level_id), options))


def _settle(script) -> object:
    """The settlement module's answer for the script's table: the chips of scene 0, the
    stand before the spin, the card marked."""
    start = script.scenes[0]
    bets = [Bet(c.seat, c.placement, c.amount) for c in start.chips]
    winner = Section.parse(next(a for a in script.actions if a.verb == act.MARK).spot)
    opts = HouseOptions(pay_table=script.options[PAY_TABLE], clapper_between=script.options[CLAPPER])
    return settle_spin(Stand.of(" ".join(start.stand)), winner, bets, opts)


def _groups(script) -> list[tuple[str, list[act.DealerAction]]]:
    out: list[tuple[str, list]] = []
    last = ""
    for a in script.actions:
        if a.verb in (act.COLLECT, act.PAY):
            if a.group == last:
                out[-1][1].append(a)
            else:
                out.append((a.verb, [a]))
        last = a.group
    return out


# ---------------------------------------------------------------------------- the options
def test_house_options_are_the_data_s_clapper_sign_and_pay_tables():
    assert has_table_mode("pokette")
    assert house_options("pokette") == HOUSE_OPTIONS
    by_key = {o.key: o for o in HOUSE_OPTIONS}
    clapper = by_key[CLAPPER]
    assert clapper.choices == ("previous", "void") and clapper.default == "previous"
    assert clapper.citation == "Pokette §(i)(1)" and "previously passed" in clapper.label("previous")
    tables = by_key[PAY_TABLE]
    assert tables.choices == tuple(rules_data().house_options[PAY_TABLE].choices) and tables.citation == cite("(f)(2)")
    s = _round(1, clapper_between="void")
    assert s.options == {CLAPPER: "void", PAY_TABLE: "minimum"}
    assert any("void" in line for line in s.option_lines)
    with pytest.raises(ValueError):
        build_round(RoundConfig("pokette", 1, level("learn"), {CLAPPER: "nearest"}))


# ---------------------------------------------------------------------------- the rounds
def test_the_same_config_gives_the_same_round_and_seeds_differ():
    for seed in range(8):
        a, b = _round(seed), _round(seed)
        assert a.actions == b.actions and a.scenes == b.scenes and a.summary == b.summary
        assert a.players == b.players
    rounds = {tuple((x.verb, x.seat, x.spot, x.amount) for x in _round(seed).actions) for seed in range(12)}
    assert len(rounds) == 12


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: o[CLAPPER])
@pytest.mark.parametrize("level_id", LEVEL_IDS)
def test_every_round_deals_clean_with_cited_actions(level_id, options):
    lv = level(level_id)
    for seed in range(40):
        r = DealerRound(build_round(RoundConfig("pokette", seed, lv, options)), lv)
        s = r.script
        while not r.finished:
            assert r.perform_next(elapsed_ms=500).accepted
        assert r.record.clean and r.record.completed and all(x.correct for x in r.results)
        # a render draws the table after an order of ruling 35 other than the listed one
        assert len(s.scenes) == len(s.actions) + 1 and (s.render is None) == (not s.alternatives)
        assert all(isinstance(sc, PoketteScene) for sc in s.scenes)
        for a in s.actions:
            assert a.text and any(c.startswith("Pokette §") for c in a.citations), a
            assert a.face_up is None  # Pokette deals no card to a player: nothing is face up or down
            assert bool(a.group) == (a.verb in (act.COLLECT, act.PAY))
            if a.choices:
                assert a.verb == act.ANNOUNCE and a.spot in a.choices and len(set(a.choices)) == len(a.choices)
            if a.verb == act.ANNOUNCE:
                assert a.spot  # every announcement names its words: a wrong wording is stopped
        verbs = [a.verb for a in s.actions]
        assert verbs[:2] == [act.ANNOUNCE, act.SPIN] and verbs.count(act.MARK) == 1
        seats = s.scenes[0].seats()
        assert lv.seats[0] <= len(seats) <= lv.seats[1] and set(seats) <= set(range(1, 8))
        assert len(s.players) == len(seats)
        keys = [(c.seat, wager_key(c.placement)) for c in s.scenes[0].chips]
        assert len(keys) == len(set(keys))  # a wager's seat and key name it alone
        assert {c.amount for c in s.scenes[0].chips} <= set(layout_wagers(lv))
        if lv.side_bet_rate == 0:
            assert s.scenes[0].stand == () and not any(c.placement.is_poker for c in s.scenes[0].chips)


def test_the_level_fills_more_seats():
    mean = {lv.id: sum(len(_round(seed, lv.id).scenes[0].seats()) for seed in range(30)) / 30 for lv in levels()}
    assert mean["learn"] < mean["guided"] < mean["practice"] < mean["table-ready"]


def test_layout_wagers_scale_the_level_s_wagers_to_the_house_chips():
    """A fifth of each base wager of the level, in whole chips: as many sizes as the level."""
    unit = house_chips().chips[0].cents
    assert layout_wagers(level("learn")) == (100, 200)  # the level's $5, $10
    assert layout_wagers(level("table-ready")) == (100, 200, 300, 500, 1_000, 2_000, 4_000)  # $5 .. $200
    for lv in levels():
        sizes = layout_wagers(lv)
        assert len(sizes) == len(set(lv.wager_choices)) and all(w >= unit and w % unit == 0 for w in sizes)
        assert sizes == tuple(max(unit, w // 5 // unit * unit) for w in lv.wager_choices)


def test_higher_levels_bring_more_wager_sizes_and_more_poker_hand_wagers():
    """Over many seeds: more different chip amounts per round and more poker hand wagers
    (the level's side bets) as the level rises; none at the learn level, whose stand is
    always empty. At the other levels the round starts from 0, 1 or 2 cards evenly."""
    n = 90
    sizes, poker, stands = {}, {}, {}
    for lv in levels():
        rounds = [_round(seed, lv.id).scenes[0] for seed in range(n)]
        sizes[lv.id] = sum(len({c.amount for c in sc.chips}) for sc in rounds) / n
        poker[lv.id] = sum(sum(c.placement.is_poker for c in sc.chips) for sc in rounds) / n
        stands[lv.id] = Counter(len(sc.stand) for sc in rounds)
        assert set().union(*({c.amount for c in sc.chips} for sc in rounds)) == set(layout_wagers(lv))
    assert sizes["learn"] < sizes["guided"] < sizes["practice"] < sizes["table-ready"]
    assert poker["learn"] == 0 < poker["guided"] < poker["practice"] < poker["table-ready"]
    assert stands["learn"] == {0: n}
    for lv_id in ("guided", "practice", "table-ready"):
        assert set(stands[lv_id]) == {0, 1, 2} and min(stands[lv_id].values()) >= n // 6


def test_the_order_of_a_spin():
    """After every spin its call; the winning card marked, then into the stand (never a
    joker); collections before payments; the announcement or the clearing last."""
    seen = Counter()
    for seed in range(150):
        s = _round(seed, LEVEL_IDS[seed % 4], clapper_between=("previous", "void")[seed % 2])
        acts = s.actions
        verbs = [a.verb for a in acts]
        for i, v in enumerate(verbs):
            if v == act.SPIN:
                assert verbs[i + 1] == act.ANNOUNCE and acts[i + 1].choices
        calls = [acts[i + 1] for i, v in enumerate(verbs) if v == act.SPIN]
        assert all(c.spot in (NO_SPIN_CALL, VOID_CALL) for c in calls[:-1])
        assert calls[-1].spot not in (NO_SPIN_CALL, VOID_CALL)
        seen.update(c.spot for c in calls[:-1])
        m = verbs.index(act.MARK)
        winner = Section.parse(acts[m].spot)
        assert calls[-1].spot == winner.name().capitalize()
        stand = len(s.scenes[0].stand)
        if winner.is_joker:
            assert act.STAND not in verbs and s.scenes[-1].stand == s.scenes[0].stand
        else:
            assert verbs[m + 1] == act.STAND and acts[m + 1].spot == f"stand-{stand + 1}"
        tail = verbs[-1]
        if winner.is_joker:
            assert tail in (act.COLLECT, act.PAY)
            seen["joker"] += 1
        elif stand == 0:
            assert tail == act.ANNOUNCE and acts[-1].spot == "Pair in two"
        elif stand == 1:
            assert tail == act.ANNOUNCE and acts[-1].citations[0] == cite("(h)(4)")
        else:
            assert tail == act.CLEAR and s.scenes[-1].stand == () and acts[-1].citations == (cite("(h)(7)"),)
        phases = [v for v, _ in _groups(s)]
        if stand != 1 or winner.is_joker:
            assert phases in ([COLLECT], [PAY], [COLLECT, PAY])
    assert seen[NO_SPIN_CALL] and seen[VOID_CALL] and seen["joker"]


def test_money_on_a_fixed_round():
    """Seed 108, guided: 4s Ad in the stand, the four of hearts wins: the third card makes a
    pair, pair in three wins 5 to 1, red 1 to 1 (pokette-payouts.md); every other wager
    misses 4h and loses; the stand is cleared."""
    s = _round(108, "guided")
    assert s.scenes[0].stand == ("4s", "Ad")
    assert s.players == ("Seat 3: Black $5.00, Straight up 4♠ $5.00, Ace-king-queen rank $2.00",
                         "Seat 7: Straight up 5♥ $1.00, Black $2.00, Red $5.00, Pair in three $2.00")
    got = [(a.verb, a.seat, a.spot, a.amount, a.group) for a in s.actions]
    assert got == [
        (act.ANNOUNCE, None, NO_MORE_BETS, 0, ""),
        (act.SPIN, None, None, 0, ""),
        (act.ANNOUNCE, None, "Four of hearts", 0, ""),
        (act.MARK, None, "4h", 0, ""),
        (act.STAND, None, "stand-3", 0, ""),
        (act.COLLECT, 3, "black", 0, "collect-0"),
        (act.COLLECT, 3, "single card straight up:4s", 0, "collect-0"),
        (act.COLLECT, 3, "ace-king-queen rank", 0, "collect-0"),
        (act.COLLECT, 7, "single card straight up:5h", 0, "collect-0"),
        (act.COLLECT, 7, "black", 0, "collect-0"),
        (act.PAY, 7, "red", 500, "pay-1"),  # $5 at 1 to 1
        (act.PAY, 7, "pair in three", 1_000, "pay-1"),  # $2 at 5 to 1
        (act.CLEAR, None, None, 0, ""),
    ]
    assert s.actions[10].amount == 1 * 500 == payout("red", 500)
    assert s.actions[11].amount == 5 * 200 == payout("pair in three", 200) and s.actions[11].payout
    assert s.actions[0].citations == (cite("(g)(1)"),) and s.actions[1].citations == (cite("(g)(2)"),)
    assert cite("(h)(6)") in s.actions[5].citations and cite("(h)(5)(i)") in s.actions[11].citations
    assert "4♠ A♦ 4♥ is a pair" in " ".join(s.summary)
    assert "Seat 3: collected $12.00, paid $0.00 (net -$12.00)." in s.summary  # $5 + $5 + $2
    assert "Seat 7: collected $3.00, paid $15.00 (net +$12.00)." in s.summary  # $1 + $2; $5 + $10
    last = s.scenes[-2]
    assert last.marker == "4h" and last.stand == ("4s", "Ad", "4h")
    states = {(c.seat, wager_key(c.placement)): (c.state, c.paid) for c in last.chips}
    assert states[(7, "pair in three")] == (PAID, 1_000) and states[(3, "single card straight up:4s")] == (COLLECTED, 0)
    assert s.scenes[-1].stand == ()


def test_the_second_card_settles_pair_in_two_after_the_non_poker_wagers():
    """Seed 38, guided: Ts in the stand, the ten of clubs: the non-poker wagers first (all
    miss Tc), then pair in two paid 11 to 1 (§(h)(2), pokette-payouts.md); then three of a
    kind is announced."""
    s = _round(38, "guided")
    assert s.scenes[0].stand == ("Ts",)
    groups = _groups(s)
    assert [(v, [(a.seat, a.spot) for a in items]) for v, items in groups] == [
        (COLLECT, [(2, "split:7c-6c"), (2, "ace-king-queen rank"), (4, "single rank:2"), (5, "split:8d-7d"),
                   (6, "suit:h")]),
        (PAY, [(4, PAIR_IN_TWO), (5, PAIR_IN_TWO)]),
    ]
    seat4, seat5 = groups[1][1]
    assert seat4.amount == 11 * 200 == payout(PAIR_IN_TWO, 200)  # $2 at 11 to 1
    assert seat5.amount == 11 * 100 == payout(PAIR_IN_TWO, 100)  # $1 at 11 to 1
    assert all(cite("(h)(2)") in a.citations for a in (seat4, seat5))
    assert "Seat 4: collected $2.00, paid $22.00 (net +$20.00)." in s.summary
    ann = s.actions[-1]
    assert ann.verb == act.ANNOUNCE and ann.spot == "Three of a kind" and ann.spot in ann.choices
    assert cite("(h)(4)(iv)") in ann.citations and s.scenes[-1].offered == ("three of a kind",)


def test_a_joker_leaves_the_stand_and_the_poker_hand_wagers():
    """Seed 446, table-ready: joker 2 with 5c 9c in the stand: no card to the stand, every
    non-poker wager collected (none is on the joker: trainer ruling P2), the pair in three
    and flush wagers untouched (§(g)(5)(iii), trainer ruling P7)."""
    s = _round(446, "table-ready")
    verbs = [a.verb for a in s.actions]
    assert s.actions[3].spot == "JK2" and act.STAND not in verbs and act.PAY not in verbs
    poker = {(c.seat, wager_key(c.placement)) for c in s.scenes[0].chips if c.placement.is_poker}
    assert poker == {(1, "pair in three"), (2, "pair in three"), (3, "flush"), (5, "pair in three"), (7, "flush")}
    assert not poker & {(a.seat, a.spot) for a in s.actions}
    non_poker = {(c.seat, wager_key(c.placement)) for c in s.scenes[0].chips if not c.placement.is_poker}
    assert non_poker == {(a.seat, a.spot) for a in s.actions if a.verb == act.COLLECT}
    assert all(c.state == "" for c in s.scenes[-1].chips if c.placement.is_poker)
    assert s.scenes[-1].stand == ("5c", "9c")
    assert "Seat 1: collected $43.00, paid $0.00 (net -$43.00); in action: Pair in three." in s.summary
    assert "Seat 7: collected $2.00, paid $0.00 (net -$2.00); in action: Flush." in s.summary


def test_irregular_spins_follow_the_sign_and_the_three_revolutions():
    found = set()
    for seed in range(200):
        for clapper in ("previous", "void"):
            s = _round(seed, "guided", clapper_between=clapper)
            for i, a in enumerate(s.actions):
                if a.verb != act.SPIN:
                    continue
                call = s.actions[i + 1]
                effect = a.effects[0]
                resting = effect.card.split()
                if call.spot in (NO_SPIN_CALL, VOID_CALL):  # "No more bets", then the re-spin (trainer ruling 34)
                    assert s.actions[i + 2].spot == NO_MORE_BETS and s.actions[i + 3].verb == act.SPIN
                if call.spot == NO_SPIN_CALL:
                    assert cite("(i)(3)") in call.citations
                    assert cite("(i)(3)") in s.actions[i + 3].citations
                    found.add("short")
                elif len(resting) == 2 and clapper == "void":
                    assert call.spot == VOID_CALL and cite("(i)(1)(ii)") in call.citations
                    assert cite("(i)(1)(ii)") in s.actions[i + 3].citations
                    found.add("void")
                elif len(resting) == 2:
                    assert call.spot == Section.parse(resting[0]).name().capitalize()
                    assert cite("(i)(1)(i)") in call.citations and s.actions[i + 2].verb == act.MARK
                    found.add("previous")
                assert s.scenes[i + 1].wheel is not None and "revolution" in s.scenes[i + 1].caption
    assert found == {"short", "void", "previous"}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31 - 2), st.sampled_from(LEVEL_IDS), st.sampled_from(OPTION_SETS))
def test_pay_and_collect_are_the_settlement_module_s(seed, level_id, options):
    s = build_round(RoundConfig("pokette", seed, level(level_id), options))
    settled = _settle(s)
    results = {(r.bet.seat, wager_key(r.bet.placement)): r for r in settled.results}
    pays = {(a.seat, a.spot): a.amount for a in s.actions if a.verb == act.PAY}
    collects = {(a.seat, a.spot) for a in s.actions if a.verb == act.COLLECT}
    assert pays == {k: r.result.paid for k, r in results.items() if r.result and r.result.net > 0}
    assert collects == {k for k, r in results.items() if r.result and r.result.net < 0}
    assert all(a.payout and a.amount > 0 for a in s.actions if a.verb == act.PAY)
    # the phases of settlement.py, in its order, one any-order group each
    want = [(ph.action, {(settled.results[i].bet.seat, wager_key(settled.results[i].bet.placement))
                         for i in ph.items}) for ph in settled.phases]
    assert [(v, {(a.seat, a.spot) for a in items}) for v, items in _groups(s)] == want
    for seat in settled.seat_numbers():
        assert any(line.startswith(f"Seat {seat}: collected") for line in s.summary)


# ---------------------------------------------------------------------------- the trainee's mistakes
def test_each_mistake_class_is_stopped_counted_and_explained():
    s = _round(108, "guided")  # the round of test_money_on_a_fixed_round
    r = DealerRound(s, level("guided"))
    out = r.attempt(Attempt(act.SPIN))  # the wheel spun before "No more bets"
    assert out.mistake.kind == WRONG_STEP and cite("(g)(1)") in out.mistake.citations
    out = r.attempt(Attempt(act.ANNOUNCE, spot="Four of hearts"))  # the winning card called before the spin
    assert out.mistake.kind == WRONG_POSITION
    assert r.attempt(Attempt(act.ANNOUNCE, spot=NO_MORE_BETS)).accepted
    r.perform_next()
    out = r.attempt(Attempt(act.ANNOUNCE, spot="Three of spades"))  # the wrong card announced
    assert out.mistake.kind == WRONG_POSITION and cite("(g)(4)") in out.mistake.citations
    r.perform_next()
    out = r.attempt(Attempt(act.MARK, spot="4s"))  # the marker on the wrong card
    assert out.mistake.kind == WRONG_POSITION
    r.perform_next()
    out = r.attempt(Attempt(act.STAND, spot="stand-1"))  # the wrong space of the stand
    assert out.mistake.kind == WRONG_POSITION
    r.perform_next()
    out = r.attempt(Attempt(act.PAY, 7, "red", amount=500))  # paid before the losers are collected
    assert out.mistake.kind == WRONG_STEP and cite("(g)(4)") in out.mistake.citations
    out = r.attempt(Attempt(act.COLLECT, 7, "red"))  # a winning wager collected
    assert out.mistake.kind == WRONG_POSITION
    # any order within the collection phase
    for seat, spot in ((7, "black"), (3, "ace-king-queen rank"), (7, "single card straight up:5h"), (3, "black"),
                       (3, "single card straight up:4s")):
        assert r.attempt(Attempt(act.COLLECT, seat, spot)).accepted
    out = r.attempt(Attempt(act.PAY, 7, "pair in three", chips=((100, 2),)))  # 1 to 1 instead of 5 to 1
    assert out.mistake.kind == WRONG_AMOUNT and "$10.00" in out.mistake.explanation and out.mistake.payout
    assert r.attempt(Attempt(act.PAY, 7, "pair in three", chips=((500, 2),))).accepted
    out = r.attempt(Attempt(act.PAY, 7, "red", chips=((100, 5),)))  # right amount, more chips than needed
    assert out.accepted and out.note
    out = r.attempt(Attempt(act.ANNOUNCE, spot="Pair in two"))  # announcing in place of clearing the stand
    assert out.mistake.kind == WRONG_STEP and cite("(h)(7)") in out.mistake.citations
    assert r.attempt(Attempt(act.CLEAR)).accepted and r.finished
    rec = r.record
    assert (rec.procedure_errors, rec.payout_errors, rec.extra_chip_payouts) == (8, 1, 1)
    kinds = Counter(m["kind"] for m in rec.mistakes)
    assert kinds == {WRONG_STEP: 3, WRONG_POSITION: 5, WRONG_AMOUNT: 1, EXTRA_CHIPS: 1}
    assert all(any(c.startswith("Pokette §") for c in m["citations"]) for m in rec.mistakes)
    assert not rec.clean


def test_the_poker_hand_announcement_is_chosen_from_its_wordings():
    s = _round(38, "guided")
    r = DealerRound(s, level("guided"))
    while r.next_action().verb != act.ANNOUNCE or not r.next_action().choices or r.done < 3:
        r.perform_next()
    ann = r.next_action()
    wrong = next(c for c in ann.choices if c != ann.spot)
    out = r.attempt(Attempt(act.ANNOUNCE, spot=wrong))
    assert out.mistake.kind == WRONG_POSITION and cite("(h)(4)") in out.mistake.citations
    assert r.attempt(attempt_for(ann)).accepted and r.finished


# ---------------------------------------------------------------------------- watch mode
REQUIRED_KINDS = {"wrong-wager-paid", "winner-collected", "paid-before-collected", "wrong-payout",
                  "short-spin-accepted", "clapper-ruling"}


def test_watch_mistakes_are_valid_candidates():
    remedies = {i.outcome for i in rules_data().irregularities}
    kinds = Counter()
    for seed in range(80):
        s = _round(seed, LEVEL_IDS[seed % 4], clapper_between=("previous", "void")[seed % 3 == 0])
        ms = watch_mistakes(s, random.Random(seed))
        assert ms == watch_mistakes(s, random.Random(seed))
        for m in ms:
            kinds[m.kind] += 1
            assert 0 <= m.index < len(s.actions)
            assert m.rule and "Pokette §" in m.rule_citation
            assert m.remedy in remedies and (m.remedy == REFER_REMEDY) == ("no remedy is written" in m.remedy_citation)
            assert "Pokette §" in m.remedy_citation
            assert isinstance(m.scene, PoketteScene) and m.performed.text
            assert m.performed.text.split()[0].endswith("s")  # third person: "Pays", "Collects", "Spins"
            right = s.actions[m.index]
            assert m.performed != right
            if m.kind == "wrong-payout":
                assert m.performed.amount != right.amount and right.verb == act.PAY
                chip = next(c for c in m.scene.chips if c.seat == right.seat and wager_key(c.placement) == right.spot)
                assert chip.state == PAID and chip.paid == m.performed.amount
            if m.kind == "wrong-wager-paid":
                assert right.verb == act.COLLECT and m.performed.verb == act.PAY and m.rule_citation.startswith(
                    "Pokette §")
            if m.kind == "winner-collected":
                assert right.verb == act.PAY and m.performed.verb == act.COLLECT
            if m.kind == "paid-before-collected":
                assert right.verb == act.COLLECT and m.performed.verb == act.PAY and cite("(g)(4)") in m.rule_citation
            if m.kind == "short-spin-accepted":
                assert m.remedy == 'Announce "No spin" and re-spin the wheel' and cite("(g)(2)") in m.rule_citation
            if m.kind == "clapper-ruling":
                sign = s.options[CLAPPER]
                want = "between-previous" if sign == "previous" else "between-void"
                data = next(i for i in rules_data().irregularities if i.id == want)
                assert (m.remedy, m.remedy_citation) == (data.outcome, data.citation)
    assert REQUIRED_KINDS <= set(kinds)
    assert {"wrong-mark", "wrong-stand-card", "wrong-announcement", "no-more-bets-missed"} <= set(kinds)


def test_the_joker_mistakes_carry_the_joker_remedy():
    s = _round(446, "table-ready")  # the round of test_a_joker_leaves_the_stand_and_the_poker_hand_wagers
    ms = watch_mistakes(s, random.Random(1))
    joker = [m for m in ms if m.kind in ("joker-in-stand", "in-action-collected")]
    assert Counter(m.kind for m in joker) == {"joker-in-stand": 1, "in-action-collected": 5}
    data = next(i for i in rules_data().irregularities if i.id == "joker-with-stand")
    assert all((m.remedy, m.remedy_citation) == (data.outcome, data.citation) for m in joker)
    assert all(cite("(g)(5)(iii)") in m.rule_citation for m in joker)


def _watch(seed: int, level_id: str, options: dict) -> WatchRound:
    return watch_round(RoundConfig("pokette", seed, level(level_id), options))


@pytest.mark.parametrize("level_id", LEVEL_IDS)
def test_a_trainee_who_stops_every_mistake_and_names_it(level_id):
    for seed in range(15):
        w = _watch(seed, level_id, OPTION_SETS[seed % len(OPTION_SETS)])
        assert w.record.mistakes_made >= 1
        watch_to_the_end(w)
        rec = w.record
        assert rec.caught == rec.mistakes_made and rec.missed_calls == 0 and rec.false_calls == 0
        assert rec.rule_named == rec.remedy_named == rec.mistakes_made and rec.completed


def test_a_trainee_who_lets_them_pass_misses_each_one():
    for seed in range(15):
        w = _watch(seed, "table-ready", OPTION_SETS[seed % len(OPTION_SETS)])
        stopped_right = False
        while not w.finished:
            if w.current().mistake is None and not stopped_right:
                caught, _ = w.stop()  # a false alarm on a right action
                assert not caught
                stopped_right = True
            w.proceed()
        rec = w.record
        assert rec.missed_calls == rec.mistakes_made >= 2 and rec.caught == 0 and rec.false_calls == 1


def test_wager_keys_name_the_place_on_the_layout():
    from trainer.games.pokette.settlement import place

    assert wager_key(place("single card straight up", cards=["7s"])) == "single card straight up:7s"
    assert wager_key(place("split", cards=["Ac", "JK1"])) == "split:JK1-Ac"
    assert wager_key(place("double rank", ranks=["7", "8"])) == "double rank:8-7"
    assert wager_key(place("suit", suit="h")) == "suit:h"
    assert wager_key(place("jacer")) == "jacer"
    assert wager_key(place("pair in two")) == PAIR_IN_TWO
