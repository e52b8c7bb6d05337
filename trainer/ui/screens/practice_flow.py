"""The trainee's adaptive practice: Daily practice and My mistakes, in practice, learn or
speed mode.

``PracticeFlow`` is owned by the main window and works with its store worker and its
stack of screens; it adds its own screens (the practice and mistakes screens, a quiz
screen and a summary screen of its own) so that it never disturbs the window's own
practice flow. Everything it reads and writes goes through the worker, off the GUI
thread; every answer is handed to the worker the moment it is given.
"""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone

from PySide6.QtCore import QObject, Qt

from trainer.contracts.measures import WINDOW
from trainer.core.rng import fresh_seed
from trainer.training.practice import (
    MISTAKE_DAYS,
    MISTAKES_QUESTIONS,
    QUEUE_QUESTIONS,
    mistakes_plan,
    practice_overview,
    queue_plan,
)
from trainer.training.session import DAILY, MISTAKES, Recorder, Session
from trainer.ui.confirm import ask_to_leave
from trainer.ui.screens.practice_screen import ALL_GAMES, MistakesScreen, PracticeScreen
from trainer.ui.screens.quiz_screen import QuizScreen
from trainer.ui.screens.summary_screen import SummaryScreen

def load_overview(store, trainee_id: int, scope: str, now: datetime):
    """On the worker thread: the trainee's practice overview."""
    since = (now - timedelta(days=MISTAKE_DAYS)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return practice_overview(store.review_log(trainee_id), store.skill_windows(trainee_id, WINDOW),
                             store.recent_mistakes(trainee_id, since=since, limit=100), now,
                             [scope] if scope else None)


class PracticeFlow(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.practice_screen = PracticeScreen()
        self.mistakes_screen = MistakesScreen()
        self.quiz_screen = QuizScreen()
        self.quiz_screen.setObjectName("practice-quiz")
        self.summary_screen = SummaryScreen()
        self.summary_screen.setObjectName("practice-summary")
        for screen in (self.practice_screen, self.mistakes_screen, self.quiz_screen, self.summary_screen):
            window.stack.addWidget(screen)
        self.scope = ALL_GAMES
        self.overview = None
        self.mistakes: list = []
        self.session: Session | None = None
        self.recorder: Recorder | None = None
        self.source = DAILY
        self.practice_screen.set_scopes()

        self.practice_screen.back_requested.connect(window.show_home)
        self.practice_screen.mistakes_requested.connect(self.show_mistakes)
        self.practice_screen.scope_changed.connect(self._scope_changed)
        self.practice_screen.start_requested.connect(lambda mode, _scope: self.start_daily(mode))
        self.mistakes_screen.back_requested.connect(self.show_daily)
        self.mistakes_screen.start_requested.connect(self.start_mistakes)
        self.quiz_screen.answered.connect(self.record_answer)
        self.quiz_screen.session_finished.connect(self.finish)
        self.quiz_screen.leave_requested.connect(self.leave)
        self.summary_screen.again_requested.connect(self.again)
        self.summary_screen.home_requested.connect(window.show_home)
        self.summary_screen.again_button.setText("&Back to daily practice")

    @property
    def screens(self) -> tuple:
        return (self.practice_screen, self.mistakes_screen, self.quiz_screen, self.summary_screen)

    # ------------------------------------------------------------ loading
    def _trainee(self):
        return self.window.trainee

    def show_daily(self) -> None:
        trainee = self._trainee()
        if trainee is None:
            return
        self.practice_screen.show_loading(trainee.name)
        self.window.show_screen(self.practice_screen)
        self.reload()

    def reload(self) -> None:
        trainee = self._trainee()
        if trainee is None:
            return
        tid, scope, now = trainee.id, self.scope, datetime.now(timezone.utc)
        self.window.worker.submit(lambda store: load_overview(store, tid, scope, now),
                                  on_result=lambda ov: self._loaded(tid, ov),
                                  on_error=self.practice_screen.show_error)

    def _loaded(self, trainee_id: int, overview) -> None:
        trainee = self._trainee()
        if trainee is None or trainee.id != trainee_id:
            return
        self.overview = overview
        self.mistakes = list(overview.mistakes)
        self.practice_screen.show_overview(trainee.name, overview)
        self.mistakes_screen.show_mistakes(trainee.name, self.mistakes, MISTAKES_QUESTIONS)

    def _scope_changed(self, scope: str) -> None:
        self.scope = scope
        self.practice_screen.show_loading(self._trainee().name if self._trainee() else "")
        self.reload()

    def show_mistakes(self) -> None:
        trainee = self._trainee()
        if trainee is None:
            return
        self.mistakes_screen.show_loading(trainee.name)
        self.window.show_screen(self.mistakes_screen)
        self.reload()

    # ------------------------------------------------------------ sessions
    def start_daily(self, mode: str) -> Session | None:
        if self.overview is None or not self.overview.queue:
            return None
        seed = fresh_seed()
        plan = queue_plan(self.overview.queue, QUEUE_QUESTIONS, seed)
        return self._start(Session(plan, seed, mode=mode, source=DAILY, title="Daily practice"))

    def start_mistakes(self, mode: str) -> Session | None:
        plan = mistakes_plan(self.mistakes, MISTAKES_QUESTIONS)
        if not plan:
            return None
        return self._start(Session(plan, fresh_seed(), mode=mode, source=MISTAKES, title="My mistakes"))

    def _start(self, session: Session) -> Session | None:
        trainee = self._trainee()
        if trainee is None or not session.plan:
            return None
        self.session, self.source = session, session.source
        self.recorder = Recorder(self.window.worker.submit, trainee.id, session.start_record(),
                                 on_saved=self.quiz_screen.answer_saved, on_not_saved=self._not_saved)
        self.recorder.start(on_error=lambda m: self.window.show_store_error(
            f"The session could not be saved, so its answers will not be either: {m}"))
        self.quiz_screen.start(session)
        self.window.show_screen(self.quiz_screen)
        return session

    def record_answer(self, result) -> None:
        if self.recorder is not None and self.session is not None:
            self.recorder.answered(result)

    def _not_saved(self, index: int, message: str) -> None:
        self.quiz_screen.answer_not_saved(index, message)
        self.window.statusBar().showMessage(f"An answer was not saved: {message}", 15000)
        print(f"dealer-trainer: answer {index + 1} was not saved: {message}", file=sys.stderr)
        if self.window.current_screen() is self.summary_screen:
            self.summary_screen.set_unsaved(self.quiz_screen.unsaved())

    def end_session(self) -> None:
        if self.recorder is not None:
            self.recorder.end(on_error=lambda m: self.window.statusBar().showMessage(
                f"The end of the session was not saved: {m}", 15000))

    def finish(self, session) -> None:
        self.end_session()
        self.summary_screen.show_session(session, self.quiz_screen.unsaved())
        self.summary_screen.again_button.setText("&Back to daily practice" if self.source == DAILY
                                                 else "&Back to my mistakes")
        self.window.show_screen(self.summary_screen)
        self.summary_screen.again_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def leave(self) -> None:
        session = self.session
        if session is not None and not session.finished and session.position > 0:
            if not ask_to_leave(self.window, "Leave this session?",
                                f"You have answered {session.position} of {session.count} questions. Your "
                                "answers so far are saved. Leave the session?"):
                return
        self.end_session()
        self.again()

    def again(self) -> None:
        """Back to where the session came from, with the figures brought up to date."""
        if self.source == MISTAKES:
            self.show_mistakes()
        else:
            self.show_daily()

    def running(self) -> bool:
        return self.session is not None and not self.session.finished and self.recorder is not None \
            and not self.recorder.ended

    def shutdown(self) -> None:
        if self.running():
            self.end_session()
