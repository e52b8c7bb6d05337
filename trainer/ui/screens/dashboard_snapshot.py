"""The snapshot command's view of adaptive practice, exams and the supervisor's review.

``dealer-trainer snapshot --screen NAME`` draws these from a demo database filled by
``trainer.review.demo`` (a class practising over six weeks, imported by a demo
supervisor, with one exam): the screens are driven as a trainee or a supervisor would
drive them. The review screens are never drawn from a real database (``--db``): that
would open the review without a supervisor's password.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

REVIEW_SCREENS = ("daily", "mistakes", "learn", "speed", "exam", "exam-result", "supervisor", "dashboard",
                  "trainee-review", "trainee-rounds", "tools", "report", "trainee-report")
READ_ONLY = ("daily", "mistakes")  # may be drawn from a database given with --db
DEMO_DAYS = 42


_TEMPLATES: dict[tuple, Path] = {}  # demo databases already made in this process, copied for each picture


def populate(db_path: Path, seed: int) -> None:
    """A new database with the demo class in it. The demo is made once per process (per
    seed and set of games) and copied, so that several pictures cost one demo."""
    import atexit
    import shutil
    import tempfile

    from trainer.games import registry
    from trainer.review.demo import DemoPlan
    from trainer.review.demo import populate as fill
    from trainer.store import Store

    key = (seed, registry.specs())
    template = _TEMPLATES.get(key)
    if template is None or not template.exists():
        folder = Path(tempfile.mkdtemp(prefix="dealer-trainer-demo-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "demo.sqlite3"
        with Store.open(template) as store:
            fill(store, DemoPlan(trainees=8, days=DEMO_DAYS, seed=seed, pool=4))
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        _TEMPLATES[key] = template
    shutil.copyfile(template, db_path)


def drive(screen: str, window, seed: int, game_id: str):
    """Bring ``window`` to ``screen`` (the trainee already chosen); return an image to save
    instead of the window (a report page), or None."""
    from trainer.review.demo import DEMO_PASSWORD, DEMO_SUPERVISOR

    worker = window.worker
    rng = random.Random(seed)
    if screen == "daily":
        window.show_daily_practice()
        worker.wait_idle()
        return None
    if screen == "mistakes":
        window.show_mistakes()
        worker.wait_idle()
        return None
    if screen in ("learn", "speed"):
        flow = window.practice
        flow.show_daily()
        worker.wait_idle()
        flow.practice_screen.pace.set_mode(screen)
        session = flow.start_daily(screen)
        if session is None:
            return None
        quiz = flow.quiz_screen
        if screen == "learn":
            quiz.show_me()
        else:
            q = session.current()
            quiz.submit_answer(q.answer, response_ms=_answer_ms(q, rng))
            quiz.next_question()
            q = session.current()
            quiz.speed_bar.set_state(int(_answer_ms(q, rng) * 0.8), quiz.speed_bar.target_ms)
        return None
    if screen in ("exam", "exam-result"):
        flow = window.exams
        flow.show()
        worker.wait_idle()
        flow.confirm = lambda *_a: True
        if not flow.hub.specs:
            return None
        session = flow.start(flow.hub.specs[0])
        worker.wait_idle()
        if session is None:
            return None
        answered = 3 if screen == "exam" else session.count - 2
        for _ in range(answered):
            q = session.current()
            right = rng.random() < 0.8
            flow.taking.submit_answer(q.answer if right else _wrong(q, rng), response_ms=_answer_ms(q, rng))
        if screen == "exam-result":
            flow.submit()
        return None
    review = window.review
    if screen == "supervisor":
        review.show()
        worker.wait_idle()
        return None
    review.show()
    worker.wait_idle()
    review.sign_in(DEMO_SUPERVISOR, DEMO_PASSWORD)
    for _ in range(4):
        worker.wait_idle()
    if screen == "dashboard":
        tree = review.dashboard_screen.tree
        if tree.topLevelItemCount():
            first = next((tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                          if tree.topLevelItem(i).text(0) == window.trainee.name), tree.topLevelItem(0))
            first.setExpanded(True)
            children = [first.child(i) for i in range(first.childCount())]
            if children:  # the game practised most
                max(children, key=lambda c: int(c.text(1).replace(",", "") or 0)
                    if c.text(1).replace(",", "").isdigit() else 0).setExpanded(True)
            tree.setCurrentItem(first)
        return None
    if screen == "tools":
        review.show_tools(1)
        worker.wait_idle()
        tools = review.tools
        if tools.data.exams:
            tools.exam_list.setCurrentCell(0, 0)
        return None
    if screen in ("trainee-review", "trainee-rounds"):
        review.show_trainee(window.trainee.id)
        worker.wait_idle()
        if screen == "trainee-rounds":  # the trainee's table mode rounds
            trainee = review.trainee_screen
            trainee.tabs.setCurrentWidget(trainee.table_panel)
        return None
    if screen == "report":
        return _report_page(review, class_report=True)
    if screen == "trainee-report":
        review.show_trainee(window.trainee.id)
        worker.wait_idle()
        return _report_page(review, class_report=False)
    return None


def on_desk(page, width: int, height: int):
    """The top of a report page as a document viewer shows it: the page, with a shadow,
    on a grey desk of the window's size."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#5f6b66"))
    page_w = min(page.width(), width - 120)
    scaled = page.scaledToWidth(page_w, Qt.TransformationMode.SmoothTransformation)
    x, y = (width - page_w) // 2, 36
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for n, alpha in enumerate((40, 28, 16, 8)):
        p.fillRect(QRectF(x - n, y - n + 4, page_w + 2 * n, scaled.height() + 2 * n), QColor(0, 0, 0, alpha))
    p.drawImage(x, y, scaled)
    p.end()
    return image


def _report_page(review, *, class_report: bool):
    from trainer.review import report

    window = review.window
    width, height = window.width(), window.height()

    if class_report:
        d = review.dashboard
        if d is None:
            return None
        chart = report.trend_image(d.trend, d.bucket) if d.trend else None
        name = f"Class {d.class_name}" if d.class_name else "All trainees"
        return on_desk(report.render_page(report.class_report_html(d), title=f"Class report · {name}", chart=chart,
                                          width=1240), width, height)
    r = review.trainee_report
    if r is None:
        return None
    chart = report.trend_image(r.trend, r.bucket) if r.trend else None
    return on_desk(report.render_page(report.trainee_report_html(r), title=f"Trainee report · {r.row.trainee.name}",
                                      chart=chart, width=1240), width, height)


def _answer_ms(question, rng: random.Random) -> int:
    from trainer.contracts.measures import question_target_ms

    return int(question_target_ms(question) * rng.uniform(0.35, 0.9))


def _wrong(question, rng: random.Random) -> str:
    from trainer.ui.snapshot import demo_given

    return demo_given(question, False, rng)


def recent_period() -> tuple[date, date]:
    today = date.today()
    return today - timedelta(days=DEMO_DAYS), today
