"""dealer-trainer [--rules FOLDER] rules GAME [SECTION] and dealer-trainer questions (issue 18)."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from trainer import cli
from trainer.games import registry
from trainer.rulebook.library import use_rules_texts


@pytest.fixture(autouse=True)
def no_texts_after():
    yield
    use_rules_texts(None)


def test_rules_prints_a_section_with_the_summary(rules_folder, capsys):
    assert cli.main(["--rules", str(rules_folder), "rules", "four-card", "11(a)(2)"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Four Card Poker §11(a)(2)\nSummary (Ante bonus): ")
    assert "Three-of-a-kind\t2 to 1" in out and "Four-of-a-kind\t25 to 1" in out
    assert "Table I" not in out  # §11(a)(3) is not part of it


def test_rules_finds_rulings_and_pokette_sections(rules_folder, capsys):
    assert cli.main(["--rules", str(rules_folder), "rules", "pokette", "§(h)(5)(iii)"]) == 0
    assert capsys.readouterr().out.startswith("Pokette §(h)(5)(iii)\n")
    assert cli.main(["--rules", str(rules_folder), "rules", "dj-wild", "trainer ruling 25"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("trainer ruling 25 (DJ Wild Poker)\nRuling 13 applies in every category")
    assert cli.main(["--rules", str(rules_folder), "rules", "pokette", "P6"]) == 0
    assert "Straight wagers win whatever the suits" in capsys.readouterr().out


def test_rules_contents_and_an_unknown_section(rules_folder, capsys):
    assert cli.main(["--rules", str(rules_folder), "rules", "winners-pot"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Winner's Pot Poker: contents"
    assert sum(1 for ln in out if ln.startswith("  §")) == 13
    assert cli.main(["--rules", str(rules_folder), "rules", "winners-pot", "14(a)"]) == 1
    assert "§14(a) is not a section of winners-pot-poker.txt." in capsys.readouterr().out


def test_rules_without_the_texts_says_so_and_gives_the_summary(tmp_path, capsys):
    assert cli.main(["--rules", str(tmp_path), "rules", "four-card", "11(a)(2)"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"The school's rule texts are not loaded ({tmp_path} holds none of them).")
    assert "Summary (Ante bonus):" in out


def test_questions_json_is_the_same_for_the_same_seed(capsys):
    assert cli.main(["questions", "four-card", "--count", "6", "--seed", "9"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli.main(["questions", "four-card", "--count", "6", "--seed", "9"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["count"] == 6 and len(first["questions"]) == 6
    kinds = {k.id: k for k in registry.get_game("four-card").question_kinds()}
    for rec in first["questions"]:
        assert set(rec) >= {"kind", "seed", "prompt", "options", "answer", "explanation", "citations"}
        q = kinds[rec["kind"]].make(random.Random(rec["seed"]))  # the seed replays the question
        assert (q.prompt, list(q.citations), q.answer) == (rec["prompt"], rec["citations"], rec["answer_raw"])
    # the first questions take each kind once, in the game's order
    assert [r["kind"] for r in first["questions"]] == list(kinds)[:6]


def test_questions_by_kind_and_skill_as_csv(tmp_path):
    out = tmp_path / "bank.csv"
    assert cli.main(["questions", "two-card-joker", "--kind", "name-the-hand", "--count", "4", "--format", "csv",
                     "--out", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [r["kind"] for r in rows] == ["two-card-joker.name-the-hand"] * 4
    assert all(r["citations"] for r in rows)
    assert cli.main(["questions", "two-card-joker", "--kind", "no-such-kind"]) == 2


def test_questions_pdf_worksheet(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert cli.main(["questions", "four-card", "--count", "3", "--format", "pdf", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 10_000
    assert cli.main(["questions", "four-card", "--format", "pdf"]) == 2  # a PDF needs --out


def test_a_worksheet_writes_the_face_up_cards_in_words(qapp):
    """On paper the table drawing's cards are too small to read: each question with cards
    face up says them in words under the drawing."""
    from trainer.core.scene import CardView, SeatView, TableScene
    from trainer.ui.worksheet import cards_caption

    scene = TableScene("four-card", "Four Card Poker", (), seats=(SeatView(1, cards=(CardView("As"), CardView("Td"), CardView(None))),
                              SeatView(2, cards=(CardView("Kh", face_up=False),))),
                       dealer_cards=(CardView("JK"), CardView("2c")))
    assert cards_caption(scene) == "Seat 1: A♠ 10♦ · Dealer: Joker 2♣"
    assert cards_caption(object()) == ""


def test_every_game_prints_a_worksheet(tmp_path, capsys):
    """Every game's questions print as a worksheet: Pokette's layout scenes once stopped
    it with a traceback (a scene's seats taken for a table's); the card stand's cards are
    said in words under the drawing."""
    from trainer.games import registry
    from trainer.games.pokette.table import PoketteScene
    from trainer.ui.worksheet import cards_caption

    for game in registry.available_games():
        out = tmp_path / f"{game.id}.pdf"
        assert cli.main(["questions", game.id, "--count", "12", "--format", "pdf", "--out", str(out)]) == 0, game.id
        assert out.read_bytes().startswith(b"%PDF")
    assert "Traceback" not in capsys.readouterr().err
    assert cards_caption(PoketteScene(stand=("7h", "8h"))) == "Card stand: 7♥ 8♥"
    assert cards_caption(PoketteScene()) == ""
