"""Where a ruling decides an answer, the answer cites it: the garbled §(h)(5)(iii) read
like §(h)(5)(iv) (trainer ruling 37, P6), and the missing pay table of §(f)(2) taken
from pokette-payouts.md (trainer ruling 21)."""

from trainer.core.cards import Card
from trainer.games.pokette.layout import OPEN_STRAIGHT, default_layout
from trainer.games.pokette.questions import KINDS
from trainer.games.pokette.settlement import Bet, settle_spin
from trainer.games.pokette.stand import Stand
from trainer.games.pokette.wheel import Section
from trainer.training.session import make_question

KIND = {k.id.split(".", 1)[1]: k for k in KINDS}
SEEDS = range(200)


def _garbled_note_ok(text: str) -> bool:
    return "garbled" in text and "§(h)(5)(iv)" in text


def test_a_straight_wager_s_settlement_cites_ruling_37_and_says_the_text_is_garbled():
    lay = default_layout()
    stand = Stand((Card(7, "s"), Card(8, "d")))  # 7-8: a six or a nine completes it, an open straight
    for third, wins in ((Card(9, "c"), True), (Card(2, "h"), False)):
        s = settle_spin(stand, Section(third), [Bet(1, lay.place(OPEN_STRAIGHT), 500)])
        rules = s.results[0].result.rules
        assert {"Pokette §(h)(5)(iii)", "Pokette §(h)(5)(iv)", "trainer ruling 37", "trainer ruling P6"} <= set(rules)
        assert (s.results[0].net > 0) == wins


def test_poker_settlement_questions_on_straights_explain_the_garbled_section():
    seen = 0
    for seed in SEEDS:
        q = make_question(KIND["poker-settlement"], seed)
        straights = [f for f in q.fields if f.lower().startswith(("open straight (", "inside straight ("))]
        if straights:
            seen += 1
            assert "trainer ruling 37" in q.citations and "trainer ruling P6" in q.citations
            assert _garbled_note_ok(q.explanation), q.explanation
        else:
            assert "garbled" not in q.explanation
    assert seen >= 5


def test_odds_in_payout_placement_and_wording_questions_cite_ruling_21():
    """§(f)(2)'s table is missing from the text: every question whose answer rests on the
    odds cites trainer ruling 21 beside it."""
    for kind in ("seat-payout", "odds-wording"):
        for seed in range(60):
            q = make_question(KIND[kind], seed)
            assert "Pokette §(f)(2)" in q.citations and "trainer ruling 21" in q.citations, (kind, seed)
    valid = 0
    for seed in range(60):
        q = make_question(KIND["valid-placement"], seed)
        if " pays " in q.explanation:
            valid += 1
            assert "Pokette §(f)(2)" in q.citations and "trainer ruling 21" in q.citations, seed
    assert valid >= 10


def test_the_drill_and_watch_mode_explain_the_garbled_section_on_straights():
    from trainer.games.pokette.drill import LayoutDrill, play_perfectly

    drill_seen = 0
    for seed in range(60):
        d = LayoutDrill(seed, spins=8)
        play_perfectly(d)
        for r in d.results:
            prompt = r.question.prompt.lower()
            if r.question.kind == "pokette.drill-pay" and ("open straight of" in prompt
                                                            or "inside straight of" in prompt):
                drill_seen += 1
                assert _garbled_note_ok(r.question.explanation) and "trainer ruling 37" in r.question.citations
    assert drill_seen >= 1


def test_watch_mode_names_the_garbled_section_for_a_straight_wager():
    import random

    from trainer.games.pokette.table_round import WINNER_COLLECTED, WRONG_WAGER_PAID, build_round, watch_mistakes
    from trainer.core.table.levels import level
    from trainer.core.table.script import RoundConfig

    seen = 0
    for seed in range(400):
        s = build_round(RoundConfig("pokette", seed, level("table-ready"), {}))
        for m in watch_mistakes(s, random.Random(seed)):
            if m.kind in (WRONG_WAGER_PAID, WINNER_COLLECTED) and "straight " in m.rule and "flush" not in m.rule[:30]:
                if m.rule.lower().startswith(("open straight ", "inside straight ")):
                    seen += 1
                    assert "trainer ruling 37" in m.rule_citation and _garbled_note_ok(m.rule)
        if seen >= 3:
            break
    assert seen >= 3


def test_watch_mode_s_wrong_payouts_cite_ruling_21_with_the_odds():
    import random

    from trainer.games.pokette.table_round import WRONG_PAYOUT, build_round, watch_mistakes
    from trainer.core.table.levels import level
    from trainer.core.table.script import RoundConfig

    seen = 0
    for seed in range(30):
        s = build_round(RoundConfig("pokette", seed, level("practice"), {}))
        for m in watch_mistakes(s, random.Random(seed)):
            if m.kind == WRONG_PAYOUT:
                seen += 1
                assert "Pokette §(f)(2)" in m.rule_citation and "trainer ruling 21" in m.rule_citation
    assert seen >= 5
