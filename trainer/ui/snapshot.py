"""Render one screen of the app to a PNG, offscreen: ``dealer-trainer snapshot``.

Without ``--db`` the screens are drawn from a temporary database filled with a demo
trainee and two seeded practice sessions of answers, right and wrong; the quiz,
feedback and summary screens are driven exactly as a trainee would drive them, from
the same seed (and recorded in the demo database only). With ``--db`` the first trainee
of that database is shown and the quiz screens write nothing to it.

The screens of adaptive practice, exams and the supervisor's review (``daily``,
``dashboard``, ``report``, ...) are drawn from a demo class instead, see
``trainer.ui.screens.dashboard_snapshot``; ``report`` is the first page of the class's
printable report.

``table-deal`` and ``table-watch`` show a table-mode round of ``--game`` in progress: a
round dealt by the trainee with several actions done and a mistake just stopped, or a
round the app deals with a mistake just caught and its two questions.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

from trainer.contracts.question import form_of
from trainer.ui.screens.dashboard_snapshot import READ_ONLY, REVIEW_SCREENS

TABLE_SCREENS = ("table-deal", "table-watch")  # a table-mode round in progress (trainer/ui/table_mode/screen.py)
SCREENS = ("trainee", "home", "quiz", "feedback", "summary", "progress", "settle", "explorer", *REVIEW_SCREENS,
           *TABLE_SCREENS)
EXPLORER_GAME = "two-card-joker"  # the explorer's game when --game has no exact math
DEFAULT_SEED = 7
DEMO_TRAINEE = "Sam Rivera"
OTHER_TRAINEES = ("Alex Chen", "Jordan Okafor", "Priya Natarajan")
# Which answers of a demo session are right: 7 of 10, then 8 of 10.
DEMO_PATTERNS = (
    (True, True, False, True, True, True, False, True, True, False),
    (True, False, True, True, True, True, True, False, True, True),
)


class SnapshotError(Exception):
    """A snapshot that cannot be made; the message is for the command line."""


# ---------------------------------------------------------------- demo answers
def demo_given(question, right: bool, rng: random.Random) -> str:
    """The answer a demo trainee gives: the correct one, or a plausible wrong one."""
    if right:
        return question.answer
    return form_of(question.form).wrong_answer(question, rng)


def demo_ms(rng: random.Random, question) -> int:
    base = {"choice": 4200, "amounts": 14500, "settle": 14500, "order": 21000}.get(question.form, 6000)
    return int(base * rng.uniform(0.55, 1.6))


def demo_answers(session, pattern, rng: random.Random):
    """Answer every question of ``session`` with the demo ``pattern``; yield the results."""
    i = 0
    while not session.finished:
        q = session.current()
        yield session.answer(demo_given(q, pattern[i % len(pattern)], rng), demo_ms(rng, q))
        i += 1


def populate_demo(db_path: Path, game_id: str, seed: int) -> None:
    """A demo trainee with two practice sessions (plus a few other names) in a new database."""
    from trainer.store import Store
    from trainer.training.session import Session

    with Store.open(db_path) as store:
        trainee = store.add_trainee(DEMO_TRAINEE)
        for name in OTHER_TRAINEES:
            store.add_trainee(name)
        for n, pattern in enumerate(DEMO_PATTERNS):
            session = Session.quiz(game_id, seed + 1000 * (n + 1), len(pattern))
            sid = store.start_session(trainee.id, game_id, seed=session.seed, question_count=session.count)
            rng = random.Random(seed * 31 + n)
            for result in demo_answers(session, pattern, rng):
                store.record_answer(sid, trainee.id, result)
            store.end_session(sid)


# ---------------------------------------------------------------- rendering
def render(screen: str, out: str | Path, *, seed: int = DEFAULT_SEED, db: str | Path | None = None,
           game_id: str = "two-card-joker", width: int = 1280, height: int = 800, inspect=None) -> Path:
    """Render ``screen`` to the PNG file ``out``; raises SnapshotError. ``inspect(window)``, when
    given, is called with the main window once the screen is shown, before it is drawn (tests
    look at every screen this way)."""
    if screen not in SCREENS:
        raise SnapshotError(f"unknown screen {screen!r}; the screens are: {', '.join(SCREENS)}")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from trainer.games import registry

    if not registry.is_available(game_id):
        games = ", ".join(e.id for e in registry.catalogue() if registry.is_available(e.id)) or "none"
        raise SnapshotError(f"the game {game_id!r} is not available; available games: {games}")
    out = Path(out)
    review = screen in REVIEW_SCREENS
    if db is not None:
        if review and screen not in READ_ONLY:
            raise SnapshotError(f"the screen {screen!r} is drawn from the demo database only: leave out --db")
        return _render(screen, out, Path(db), seed, game_id, width, height, demo=False, inspect=inspect)
    with tempfile.TemporaryDirectory(prefix="dealer-trainer-snapshot-") as tmp:
        db_path = Path(tmp) / "demo.sqlite3"
        if review:  # a class practising over weeks, a supervisor and an exam
            from trainer.ui.screens.dashboard_snapshot import populate

            populate(db_path, seed)
        else:
            populate_demo(db_path, game_id, seed)
        return _render(screen, out, db_path, seed, game_id, width, height, demo=True, inspect=inspect)


def _render(screen: str, out: Path, db_path: Path, seed: int, game_id: str, width: int, height: int,
            *, demo: bool, inspect=None) -> Path:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from trainer.ui.app import ensure_app
    from trainer.ui.main_window import MainWindow

    ensure_app()
    window = MainWindow(db_path, open_store=False)
    failure: list[str] = []
    window.store_failed.connect(failure.append)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.setMinimumSize(200, 200)
    window.resize(width, height)
    window.show()
    try:
        window.open_store()
        if not window.worker.wait_idle():
            raise SnapshotError(f"the database {db_path} did not open in time")
        if failure:
            raise SnapshotError(f"cannot open the database: {failure[0]}")
        trainees = window.trainee_screen.trainees()
        wanted = next((t for t in trainees if t.name == DEMO_TRAINEE), trainees[0] if trainees else None)
        if screen != "trainee" and wanted is None:
            raise SnapshotError(f"the database {db_path} has no trainees: add one in the app first, "
                                f"or leave out --db to use a demo database")
        if screen == "trainee":
            if wanted is not None:
                window.trainee_screen.set_trainees(trainees, wanted.id)
                window.trainee_screen.focus_default()
        else:
            window.choose_trainee(wanted)
        if screen in ("quiz", "feedback", "summary"):
            # Recorded only in the temporary demo database, never in one given with --db.
            if window.start_practice(game_id, seed, record=demo) is None:
                raise SnapshotError(f"the game {game_id!r} cannot start a session")
            rng = random.Random(seed)
            quiz = window.quiz_screen
            if screen == "feedback":
                q = window.session.current()
                quiz.submit_answer(demo_given(q, False, rng), response_ms=demo_ms(rng, q))
            elif screen == "summary":
                pattern = DEMO_PATTERNS[0]
                i = 0
                while not window.session.finished:
                    q = window.session.current()
                    quiz.submit_answer(demo_given(q, pattern[i % len(pattern)], rng), response_ms=demo_ms(rng, q))
                    quiz.next_question()
                    i += 1
        elif screen == "progress":
            window.show_progress()
        elif screen == "settle":
            window.show_settle()  # opens on the game's example round, settled
            settle = window.settle_screen
            if settle.game is not None and settle.game.id != game_id and any(g.id == game_id for g in settle.games):
                settle.set_game(game_id)
        elif screen == "explorer":
            window.show_explorer()
            _explore(window.explorer_screen, game_id)
        elif screen in TABLE_SCREENS:
            _table_round(window, screen, game_id, seed, record=demo)
        image = None
        if screen in REVIEW_SCREENS:
            from trainer.ui.screens.dashboard_snapshot import drive

            window.worker.wait_idle()
            image = drive(screen, window, seed, game_id)
        window.worker.wait_idle()
        for _ in range(3):
            QApplication.processEvents()
        if inspect is not None:
            inspect(window)
        if image is None:
            image = window.grab()
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out), "PNG"):
            raise SnapshotError(f"cannot write {out}")
    finally:
        window.close()
        window.shutdown()
        window.deleteLater()
        QApplication.processEvents()
    return out


def _explore(explorer, game_id: str) -> None:
    """The explorer with a game's analysis, computed here on this thread (a snapshot
    must not race the worker thread)."""
    from trainer.games import registry

    ids = [g.id for g in explorer.games]
    chosen = game_id if game_id in ids else (EXPLORER_GAME if EXPLORER_GAME in ids else (ids[0] if ids else None))
    if chosen is None:
        return
    try:
        result = registry.get_game(chosen).analyze(None)
    except Exception as exc:  # a game's analysis that fails is reported as a snapshot error
        raise SnapshotError(f"the analysis of {chosen} failed: {exc}") from exc
    explorer.show_analysis(chosen, None, result)


def _table_round(window, screen: str, game_id: str, seed: int, *, record: bool) -> None:
    """A table-mode round in progress, driven as the trainee would."""
    from trainer.training.table_mode import games
    from trainer.core.table.actions import DEAL, DEALER, MARK, PAY
    from trainer.training.table_mode.actions import attempt_for
    from trainer.core.table.levels import level
    from trainer.contracts.round_record import DEAL_MODE, WATCH_MODE
    from trainer.ui.table_mode.setup import Settings
    from trainer.ui.table_mode.wheel import split_wheel
    from trainer.ui.table_mode.hit_test import targets_for

    if not games.has_table_mode(game_id):
        raise SnapshotError(f"the game {game_id!r} has no table mode")
    table = window.start_drill(f"{game_id}.table", seed, record=record)
    if table is None:
        raise SnapshotError(f"the table mode of {game_id!r} cannot start")
    if screen == "table-watch":
        r = table.begin(Settings(WATCH_MODE, level("practice"), {}, seed))
        if r is None:
            raise SnapshotError(f"a {game_id} round cannot be dealt: {table.setup.error.text()}")
        while r.current() is not None and (r.current().mistake is None or r.position < 3):
            if r.current().mistake is not None:  # an early one is caught too, and answered
                table.watch.stop()
                while r.pending:
                    table.watch.answer(r.pending[0].answer)
            table.watch.next()
        if r.current() is not None:
            table.watch.stop()
        _finish_wheel(table)
        return
    r = table.begin(Settings(DEAL_MODE, level("practice"), {}, seed))
    if r is None:
        raise SnapshotError(f"a {game_id} round cannot be dealt: {table.setup.error.text()}")
    acts = r.script.actions
    # the mistake: the right verb at the wrong place, a third of the way into the round
    places = [i for i, a in enumerate(acts) if not a.group and a.verb != PAY and (a.seat or a.verb == MARK)]
    later = [i for i in places if i >= len(acts) // 3]
    stop_at = later[0] if later else (places[-1] if places else None)
    deal = table.deal
    while not r.finished:
        nxt = r.next_action()
        if nxt.verb == DEAL:
            deal.set_face(bool(nxt.face_up))
        if r.done == stop_at:
            scene = split_wheel(r.scene())[0]
            wrong = next((t for t in targets_for(scene) if t.seat not in (None, DEALER, nxt.seat) and t.spot is None),
                         None) if nxt.seat else next((t for t in targets_for(scene) if t.seat is None
                                                      and t.spot != nxt.spot), None)
            if wrong is not None:
                deal.select(wrong)
                deal.do_verb(nxt.verb)
                break
        deal.attempt(attempt_for(nxt))
    _finish_wheel(table)


def _finish_wheel(table) -> None:
    if table.wheel_pane is not None:
        table.wheel_pane.finish()


def main_snapshot(screen: str, out: str | Path, **kwargs) -> int:
    """Command-line wrapper: 0, or 1 with one clear line on stderr."""
    try:
        path = render(screen, out, **kwargs)
    except SnapshotError as exc:
        print(f"dealer-trainer snapshot: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {path}")
    return 0
