"""The printable reports' content as plain data (trainer.review.report_model), checked
without Qt against the demo store's own answers; and how the writer lays a report out."""

from __future__ import annotations

import subprocess
import sys
from datetime import date, datetime, timezone

import pytest

from trainer.contracts.question import display_answer
from trainer.review import dashboard as dash
from trainer.review.demo import DemoPlan, populate
from trainer.review.report_model import (
    Chart,
    Heading,
    Note,
    Report,
    Stats,
    Table,
    Text,
    class_report,
    table,
    pct,
    secs,
    trainee_report,
    when,
)
from trainer.store import Store

NOW = datetime.now(timezone.utc).replace(microsecond=0)
EVER = dict(first_day=date(2000, 1, 1), last_day=date(2100, 1, 1))
TABLE_PARTS = ("table-procedure", "table-payouts", "table-watch")


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    path = tmp_path_factory.mktemp("report-model") / "review.sqlite3"
    with Store.open(path) as s:
        populate(s, DemoPlan(trainees=4, days=14, seed=5, pool=3), now=NOW)
        yield s


def headings(r: Report) -> list[str]:
    return [b.title for b in r.blocks if isinstance(b, Heading)]


def after(r: Report, title: str):
    """The block that follows the heading ``title``."""
    i = next(n for n, b in enumerate(r.blocks) if isinstance(b, Heading) and b.title == title)
    return r.blocks[i + 1]


def plain(cell) -> str:
    return "\n".join("".join(t.text for t in line) for line in cell)


def test_the_model_needs_no_qt():
    code = ("import sys; import trainer.review.report_model; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_formatting():
    assert (pct(None), pct(0.0), pct(0.456), pct(1.0)) == ("—", "0%", "46%", "100%")
    assert (secs(None), secs(0), secs(1500), secs(59_940), secs(61_000), secs(125_400)) == \
        ("—", "—", "1.5 s", "59.9 s", "1 min 01 s", "2 min 05 s")
    assert (when(None), when(""), when("not a time")) == ("—", "—", "not a time")
    assert when("2026-03-04T09:05:00") == "4 Mar 2026, 09:05"  # a time without a zone is local


def test_a_trainee_report_says_the_store_figures(demo):
    t = demo.trainees()[1]
    r = dash.load_trainee(demo, t.id, dash.Query(**EVER))
    m = trainee_report(r)
    assert (m.kind, m.title) == ("Trainee report", t.name)
    # question answers: table mode's steps are judged by rounds
    rows = [a for a in demo.answers(t.id) if a.skill.rsplit(".", 1)[-1] not in TABLE_PARTS]
    right = sum(a.is_correct for a in rows)
    stats = dict(m.blocks[0].items)
    assert isinstance(m.blocks[0], Stats) and list(stats) == \
        ["Answers", "Accuracy", "Mean time", "On target", "Skills proficient"]
    assert stats["Answers"] == f"{len(rows):,}" and stats["Accuracy"] == f"{round(100 * right / len(rows))}%"
    expected = ["Certification", "By skill"]
    if r.trend:
        expected.insert(1, "Trend")
        assert isinstance(after(m, "Trend"), Chart)
    if r.attempts:
        expected.append("Exams")
    if r.table_summary:
        expected += ["Table rounds", "Latest table rounds"]
    expected.append("Recent mistakes")
    assert headings(m) == expected
    assert isinstance(m.blocks[-1], Note) and m.blocks[-1].spaced  # the footnote on how mastery is judged


def test_the_skills_table_colours_accuracy_and_mastery(demo):
    t = demo.trainees()[0]
    r = dash.load_trainee(demo, t.id, dash.Query(**EVER))
    skills = after(trainee_report(r), "By skill")
    assert isinstance(skills, Table)
    assert [c.title for c in skills.columns] == ["Game", "Skill", "Answers", "Accuracy", "Mean time", "On target",
                                                 "Mastery"]
    assert [c.numeric for c in skills.columns] == [False, False, True, True, True, True, False]
    listed = [s for g in r.row.games for s in g.skills]
    assert [plain(row[1]) for row in skills.rows] == [s.title for s in listed]
    mastery_tones = {"Not started": "faint", "Learning": "bad", "Familiar": "gold", "Proficient": "accent",
                     "Mastered": "good"}
    for row, s in zip(skills.rows, listed):
        (mastery,), = row[6]
        assert (mastery.text, mastery.tone, mastery.bold) == (s.level.title, mastery_tones[s.level.title], True)
        if s.is_table or not s.answered:
            continue
        (accuracy,), = row[3]
        assert accuracy.text == f"{round(100 * s.correct / s.answered)}%"
        assert accuracy.tone == ("good" if s.accuracy >= 0.8 else "gold" if s.accuracy >= 0.6 else "bad")


def test_recent_mistakes_say_what_was_said_and_the_rule(demo):
    t = demo.trainees()[2]
    r = dash.load_trainee(demo, t.id, dash.Query(**EVER))
    wrong = [a for a in r.answers if not a.is_correct][:40]
    mistakes = after(trainee_report(r), "Recent mistakes")
    assert len(mistakes.rows) == len(wrong) > 0
    for row, a in zip(mistakes.rows, wrong):
        prompt, said, right = row[1]
        assert prompt == (Text(a.prompt),)
        given = display_answer(a.form, a.given, a.fields) if a.given else "(shown)"
        assert said == (Text(f"Said: {given}", "bad"),)
        assert right == (Text(f"Right: {display_answer(a.form, a.correct_answer, a.fields)}", "good"),)
        assert row[2] == ((Text("; ".join(a.citations), small=True),),)


def test_a_class_report_lists_every_trainee_by_name(demo):
    d = dash.load_dashboard(demo, dash.Query(**EVER))
    m = class_report(d)
    assert (m.kind, m.title) == ("Class report", "All trainees")
    trainees = after(m, "Trainees")
    assert [plain(row[0]) for row in trainees.rows] == sorted((t.name for t in demo.trainees()), key=str.casefold)
    heading = next(b for b in m.blocks if isinstance(b, Heading) and b.title == "Trainees")
    assert Text("Certified", bold=True) in heading.note
    for row in trainees.rows:
        for c in row[5:]:
            (text,), = c
            assert text.text == "—" and text.tone == "faint" or text.text == "Certified" and text.tone == "good" \
                or text.tone == "gold" and " / " in text.text
    stats = dict(m.blocks[0].items)
    assert stats["Active"] == f"{d.active} / {len(demo.trainees())}"
    notes = [b for b in m.blocks if isinstance(b, Note)]
    assert [n.spaced for n in notes] == [False, True] and notes[0].line[0].text.startswith("Certified: every skill")


def test_the_writer_lays_out_tones_lines_and_numbers():
    from trainer.review.report import report_html

    r = Report("Trainee report", "Ann <B>", "spring · made today", (
        Stats((("Answers", "1,204"),)),
        Heading("By skill", (Text("Per game: "), Text("Certified", bold=True))),
        table([("Skill", False), ("Accuracy", True)],
              [[((Text("Pair Up"),), (Text("Pair Up table 1", small=True),)), ((Text("82%", "good", bold=True),),)],
               [((Text("Ante & Call"),),), ((Text("55%", "bad"),),)]], [70, 30]),
        Chart(),
        Note((Text("It's a note"),), spaced=True),
    ))
    html = report_html(r)
    assert "<div class='brand'>DEALER TRAINER · TRAINEE REPORT</div><h1>Ann &lt;B&gt;</h1>" in html
    assert "<div class='label'>ANSWERS</div><div class='stat'>1,204</div>" in html
    assert "<h2>By skill</h2><div class='small'>Per game: <b>Certified</b></div>" in html
    assert "<th width=70%>Skill</th><th class=num align=right width=30%>Accuracy</th>" in html
    assert "<td>Pair Up<br><span class='small'>Pair Up table 1</span></td>" in html
    assert "<td align=right><span style='color:#1c7a3d; font-weight:700;'>82%</span></td>" in html
    assert "<tr bgcolor='#f6f8f7'><td>Ante &amp; Call</td><td align=right><span style='color:#b3261e;'>55%</span>" \
        in html
    assert "<img src='chart://trend' width='760'>" in html
    assert "<p class='small' style='margin-top:18px'>It&#x27;s a note</p>" in html
