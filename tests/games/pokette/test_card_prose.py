"""Cards in prose are written as cards (A♠, 10♦, joker 1), never as codes ('As', 'Td',
'JK1'): questions, the drill's steps and feedback, table mode's actions and summary, and
watch mode's mistakes."""

import random
import re

from trainer.core.cards import card_label
from trainer.games.pokette.drill import LayoutDrill, play_perfectly
from trainer.games.pokette.questions import KINDS
from trainer.games.pokette.stand import Stand
from trainer.games.pokette.table_round import build_round, watch_mistakes
from trainer.games.pokette.wheel import section
from trainer.training.session import make_question
from trainer.core.table.levels import level
from trainer.core.table.script import RoundConfig

# A card code standing alone: rank then suit letter ('As', '7c', 'Td') or a joker code.
CODE = re.compile(r"(?<![\w'\"-])(?:[2-9TJQKA][shdc]|JK[12])(?![\w'])")


def _codes(text: str) -> list[str]:
    # "As" is also an English word: only a code when not followed by a lowercase word
    return [m.group(0) for m in CODE.finditer(text)
            if not (m.group(0) == "As" and re.match(r" [a-z]", text[m.end():m.end() + 2]))]


def test_the_stand_s_description_writes_cards_as_cards():
    change = Stand.of("Kh").after(section("As"))
    assert change.describe().startswith("A♠ goes into the second space")
    assert _codes(change.describe()) == []
    full = Stand.of("9s Jd").after(section("Td"))
    assert "9♠ J♦ 10♦ is a straight" in full.describe()
    assert card_label("Td") == "10♦"


def test_questions_write_cards_as_cards():
    for kind in KINDS:
        for seed in range(40):
            q = make_question(kind, seed)
            for text in (q.prompt, q.explanation):
                assert _codes(text) == [], (kind.id, seed, text)
            if q.form == "choice":
                for o in q.options:
                    assert _codes(o) == [], (kind.id, seed, o)


def test_the_drill_writes_cards_as_cards():
    for seed in range(25):
        d = LayoutDrill(seed, spins=6, irregular_chance=0.5)
        play_perfectly(d)
        for r in d.results:
            q = r.question
            for text in (q.prompt, q.explanation) + tuple(q.fields):
                assert _codes(text) == [], (seed, q.kind, text)


def test_table_and_watch_mode_write_cards_as_cards():
    for seed in range(40):
        options = {"clapper_between": ("previous", "void")[seed % 2]}
        s = build_round(RoundConfig("pokette", seed, level("table-ready"), options))
        texts = [a.text for a in s.actions] + [a.spot_label for a in s.actions] + list(s.summary) + list(s.players)
        texts += [sc.caption for sc in s.scenes]
        for m in watch_mistakes(s, random.Random(seed)):
            texts += [m.performed.text, m.rule]
        for text in texts:
            assert _codes(text) == [], (seed, text)
