"""The dashboard's figures, the CSV exports and the PDF reports."""

from __future__ import annotations

import csv
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from trainer.games import registry
from trainer.review import dashboard as dash
from trainer.review import export, report
from trainer.review.demo import DemoPlan, populate
from trainer.store import AnswerFilter, Store
from trainer.contracts.measures import Level, TableSkillFigures

NOW = datetime.now(timezone.utc).replace(microsecond=0)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    path = tmp_path_factory.mktemp("review") / "review.sqlite3"
    with Store.open(path) as s:
        supervisor, summary = populate(s, DemoPlan(trainees=6, days=21, seed=3, pool=4), now=NOW)
        yield s, supervisor, summary


TABLE_PARTS = ("table-procedure", "table-payouts", "table-watch")


def is_table(skill: str) -> bool:
    return skill.rsplit(".", 1)[-1] in TABLE_PARTS


def python_counts(s: Store, trainee_id: int, game_id: str | None = None):
    """The trainee's question answers (table mode's steps are judged by rounds), counted."""
    rows = [a for a in s.answers(trainee_id) if (game_id is None or a.game_id == game_id) and not is_table(a.skill)]
    return len(rows), sum(a.is_correct for a in rows), sum(a.on_target for a in rows)


def test_every_trainee_with_accuracy_speed_and_mastery_per_game_and_skill(demo) -> None:
    s, _sup, summary = demo
    d = dash.load_dashboard(s, dash.Query())
    steps = sum(1 for t in s.trainees() for a in s.answers(t.id) if is_table(a.skill))
    assert steps > 0  # the demo deals table rounds: their steps are answers, not question answers
    assert len(d.trainees) == 6 and d.answered == summary.answers_added - steps
    games = tuple(g.id for g in registry.available_games())
    assert d.games == games
    for t in d.trainees:
        n, right, on_target = python_counts(s, t.trainee.id)
        assert (t.answered, t.correct, sum(sk.on_target for g in t.games for sk in g.skills)) == (n, right, on_target)
        assert [g.game_id for g in t.games] == list(games)
        for g in t.games:
            listed = [sk.id for sk in registry.get_game(g.game_id).skills()]
            assert [sk.skill for sk in g.skills][:len(listed)] == listed
            for sk in g.skills:
                if is_table(sk.skill):
                    assert sk.answered == 0 and (sk.table is not None) == (sk.level != Level.NOT_STARTED)
                elif not sk.answered:
                    assert sk.level == Level.NOT_STARTED
                else:
                    recent = [a for a in s.answers(t.trainee.id) if a.skill == sk.skill][:20]
                    assert sk.level == dash.mastery_level(len(recent), sum(a.is_correct for a in recent),
                                                          sum(a.on_target for a in recent))
    assert d.trend and sum(p.answered for p in d.trend) == d.answered
    assert d.bucket == "day"
    assert 0 < len(d.weakest) <= 5
    assert [w.accuracy for w in d.weakest] == sorted(w.accuracy for w in d.weakest)
    assert d.attempts and all(a.exam_title == "Payouts and procedures check" for a in d.attempts)


def test_filters_by_class_game_and_dates(demo) -> None:
    s, _sup, _summary = demo
    spring = next(c for c in s.classes() if c.name == "Spring class")
    d = dash.load_dashboard(s, dash.Query(class_id=spring.id))
    assert {t.trainee.id for t in d.trainees} == set(s.class_members(spring.id))
    assert d.class_name == "Spring class"
    game = registry.available_games()[1].id
    g = dash.load_dashboard(s, dash.Query(game_id=game))
    assert g.games == (game,)
    for t in g.trainees:
        assert t.answered == python_counts(s, t.trainee.id, game)[0]
    today = datetime.now().date()
    week = dash.load_dashboard(s, dash.Query(first_day=today - timedelta(days=6), last_day=today))
    start = dash.day_start_utc(today - timedelta(days=6))
    want = sum(1 for t in s.trainees() for a in s.answers(t.id) if a.answered_at >= start and not is_table(a.skill))
    assert week.answered == want < dash.load_dashboard(s, dash.Query()).answered
    assert "every game" in dash.Query().describe() and "class Spring class" in dash.Query().describe("Spring class")


def test_certification_against_the_threshold_set_per_game(demo) -> None:
    s, sup, _summary = demo
    game = registry.available_games()[0].id
    skills = [sk.id for sk in registry.get_game(game).skills()]

    def row(sk: str, n: int, right: int) -> dash.SkillRow:
        """A question skill with ``n`` answers, ``right`` of them right; a table skill with
        ``n`` rounds, ``right`` of them clean (its steps are no answers)."""
        if is_table(sk):
            rounds = TableSkillFigures(1, game, sk, n, right, right, 60_000 * n, "", n, right, right)
            return dash.SkillRow(game, sk, sk, 0, 0, 0, 0, rounds.level, "", rounds)
        return dash.SkillRow(game, sk, sk, n, right, 5, 10_000, Level.PROFICIENT)

    rows = [row(sk, 10, 9) for sk in skills]
    assert dash.certification(rows, 90).status == dash.CERTIFIED
    assert dash.certification(rows, 95).status == dash.IN_PROGRESS
    assert dash.certification(rows, 95).text == f"0 of {len(skills)} skills at 95%"
    few = [row(sk, 4, 4) for sk in skills]
    assert dash.certification(few, 50).status == dash.IN_PROGRESS  # too few answers
    none = [dash.SkillRow(game, sk, sk, 0, 0, 0, 0, Level.NOT_STARTED) for sk in skills]
    assert dash.certification(none, 50).status == dash.NOT_STARTED
    before = dash.load_dashboard(s, dash.Query())
    s.set_threshold(game, 1, by=sup)
    lenient = dash.load_dashboard(s, dash.Query())
    s.set_threshold(game, 100, by=sup)
    strict = dash.load_dashboard(s, dash.Query())
    s.set_threshold(game, dash.DEFAULT_THRESHOLD, by=sup)

    def certified(d):
        return d.certified_count(game)

    assert certified(strict) <= certified(before) <= certified(lenient)
    assert lenient.thresholds[game] == 1


def test_the_trainee_drill_down_has_every_answer(demo) -> None:
    s, _sup, _summary = demo
    t = s.trainees()[0]
    r = dash.load_trainee(s, t.id, dash.Query(), answers_shown=50)
    assert r.answer_total == len(s.answers(t.id))
    assert [a.id for a in r.answers] == [a.id for a in s.answers(t.id)][:50]
    assert r.row.trainee == t
    assert all(g.answered for g in r.row.games)  # only the games practised


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def test_the_answers_csv(demo, tmp_path: Path) -> None:
    s, _sup, _summary = demo
    t = s.trainees()[1]
    f = AnswerFilter(trainee_id=t.id)
    path = tmp_path / "answers.csv"
    n = export.answers_csv(s, f, path)
    rows = read_csv(path)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert list(rows[0]) == export.ANSWER_HEADERS
    answers = list(reversed(s.answers(t.id)))
    assert n == len(rows) == len(answers)
    for row, a in zip(rows, answers):
        assert row["answer_id"] == a.id and row["trainee"] == t.name
        assert row["question"] == export.cell(a.prompt)
        assert row["result"] == ("right" if a.is_correct else "wrong")
        assert row["rule"] == "; ".join(a.citations)
        assert row["response_s"] == f"{a.response_ms / 1000:.1f}"
        assert row["game"] == registry.title_of(a.game_id)
    wrong = next(r for r, a in zip(rows, answers) if not a.is_correct)
    assert wrong["given_answer"] != wrong["correct_answer"]
    assert export.cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    # issue 14: a text starting with "-" is neutralised whatever follows ("-$1+cmd|..." ran);
    # only a number our code computed stays a bare number
    assert export.cell("-$5.00") == "'-$5.00" and export.cell("-3") == "'-3" and export.cell("-x") == "'-x"
    assert export.cell(-3) == -3 and export.cell(2.5) == 2.5


def test_the_summary_csv(demo, tmp_path: Path) -> None:
    s, _sup, _summary = demo
    d = dash.load_dashboard(s, dash.Query())
    path = tmp_path / "summary.csv"
    n = export.summary_csv(d, path)
    rows = read_csv(path)
    assert n == len(rows) == sum(len(g.skills) for t in d.trainees for g in t.games)
    t = d.trainees[0]
    g = next(g for g in t.games if g.answered)
    sk = next(sk for sk in g.skills if sk.answered)
    row = next(r for r in rows if r["trainee"] == t.trainee.name and r["game"] == g.title and r["skill"] == sk.title)
    assert int(row["answered"]) == sk.answered and int(row["correct"]) == sk.correct
    assert int(row["accuracy_pct"]) == round(sk.accuracy * 100)
    assert row["mastery"] == sk.level.title and row["game_certification"] == g.certification.text


def pdf_text(path: Path) -> tuple[int, str]:
    """The PDF's page count and text, read back with pypdf (a test dependency: Qt's own PDF
    reader, QtPdf, is in PySide6-Addons, which the app no longer needs). Ligatures such as
    "ﬁ" are unfolded (NFKC), as a reader of the page sees them."""
    import unicodedata

    from pypdf import PdfReader

    reader = PdfReader(str(path))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), unicodedata.normalize("NFKC", text)


def test_the_trainee_pdf_report(demo, tmp_path: Path, qapp) -> None:
    s, _sup, _summary = demo
    t = s.trainees()[2]
    r = dash.load_trainee(s, t.id, dash.Query())
    path = tmp_path / "trainee.pdf"
    pages = report.trainee_pdf(r, path)
    assert path.read_bytes().startswith(b"%PDF")
    got_pages, text = pdf_text(path)
    assert got_pages == pages >= 1
    flat = " ".join(text.split())
    assert t.name in flat and "TRAINEE REPORT" in flat and "Certification" in flat
    for g in r.row.games:
        assert g.title in flat
        assert g.skills[0].title in flat
    assert f"{r.row.answered:,}" in flat  # question answers (table mode's steps are judged by rounds)
    mistake = next(a for a in r.answers if not a.is_correct)
    assert " ".join(mistake.prompt.split())[:30] in flat
    assert f"Page 1 of {pages}" in flat


def test_the_class_pdf_report(demo, tmp_path: Path, qapp) -> None:
    s, _sup, _summary = demo
    spring = next(c for c in s.classes() if c.name == "Spring class")
    d = dash.load_dashboard(s, dash.Query(class_id=spring.id, first_day=date(2000, 1, 1), last_day=date.today()))
    path = tmp_path / "class.pdf"
    report.class_pdf(d, path)
    _pages, text = pdf_text(path)
    flat = " ".join(text.split())
    assert "CLASS REPORT" in flat and "Class Spring class" in flat
    for t in d.trainees:
        assert t.trainee.name in flat
    for w in d.weakest:
        assert w.title in flat
    assert "Payouts and procedures check" in flat
    image = report.render_page(report.class_report_html(d), title="Class report")
    assert image.width() == 1240 and image.height() > 1700
