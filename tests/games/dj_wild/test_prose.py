"""Cards in DJ Wild Poker's prose (question prompts, options, explanations, table-mode
texts, summaries, watch-mode mistakes, calculator descriptions and errors) are written as
cards, A♠, 10♦, Joker, never as the codes 'As', 'Td', 'JK' (trainer.core.cards.card_label)."""

import re

import pytest

from trainer.calculator import settle
from trainer.core.settlement import SettlementError
from trainer.games.registry import get_game
from trainer.games.dj_wild import table_round as tr
from trainer.games.dj_wild.calculator import EXAMPLE
from trainer.training.session import make_question
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig

GAME = get_game("dj-wild")

# A card code standing alone: rank then suit ('As', 'Td', '10d', '7c') or the joker's 'JK'.
CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9TJQKA])[shdc](?![\w])|(?<![\w])JK(?![\w])")


def codes_in(text):
    return CODE.findall(text)


def test_the_pattern_finds_codes_and_passes_cards():
    assert codes_in("Wild: 2c JK (the joker and every deuce are wild). As Ks Td") == ["2c", "JK", "As", "Ks", "Td"]
    assert codes_in("Wild: 2♣ Joker; A♠ K♠ 10♦; ace-ace-king-nine-five; 5 cards are needed; 3s") == ["3s"]


@pytest.mark.parametrize("k", GAME.question_kinds(), ids=lambda k: k.id)
def test_questions_write_cards_as_cards(k):
    for seed in range(60):
        q = make_question(k, seed)
        for text in (q.prompt, q.explanation, *q.options, *q.fields):
            assert not codes_in(text), (seed, text)


@pytest.mark.parametrize("method", tr.DEALING_METHOD.choices)
def test_table_mode_writes_cards_as_cards(method):
    for seed in range(25):
        s = tr.build_round(RoundConfig("dj-wild", seed, level("table-ready"), {"dealing_method": method}))
        texts = [a.text for a in s.actions] + [a.response for a in s.actions]
        texts += list(s.summary) + list(s.option_lines) + list(s.players)
        for m in tr.watch_mistakes(s, None):
            texts += [m.performed.text, m.rule, m.remedy]
        for text in texts:
            assert not codes_in(text), (seed, text)


def test_calculator_prose_writes_cards_as_cards():
    out = settle(EXAMPLE)
    texts = [out["dealer"]["description"]] + [s["description"] for s in out["seats"]]
    texts += [w["rule"] for s in out["seats"] for w in s["wagers"]]
    for text in texts:
        assert not codes_in(text), text
    doc = {**EXAMPLE, "seats": [dict(EXAMPLE["seats"][0], cards=["Ks", "2h", "Qs", "Qd", "5c"])]}
    with pytest.raises(SettlementError) as err:
        settle(doc)
    assert "K♠" in str(err.value) and not codes_in(str(err.value))
