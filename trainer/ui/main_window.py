"""The main window: the screens in a stack, the store behind the worker, the flow.

trainee -> home -> quiz (question, feedback, ...) -> summary -> home; home -> my progress;
home -> a game's drill (trainer/ui/drills.py; a table-mode round is stored whole as well);
home -> settle a round (the settlement calculator); home -> pay table explorer;
home -> daily practice / my mistakes (``PracticeFlow``); home -> exam (``ExamFlow``);
home -> supervisor: sign in -> dashboard -> trainee, tools (``SupervisorFlow``).
The flows are made when first opened and add their own screens to the stack.
Every store call goes through ``StoreWorker``; every answer is handed to the worker the
moment it is submitted, before its feedback is shown.

The menu bar (trainer/ui/menus.py): File, View (full screen, text size), Help. With a
``QSettings`` (the application passes the user's; tests a temporary file; the snapshot
command none) the window remembers its size and position, the text size, the last
trainee (chosen in the list when the app opens) and the last game (its Start practice
is the home screen's default).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from trainer.ui.screens.trainee_screen import TraineeScreen
from trainer.ui import style
from trainer.ui.screen_stack import ScreenStack, fitted_size
from trainer.ui.confirm import ask_to_leave
from trainer.ui.drills import drill
from trainer.ui.menus import AppMenus, about_html, screen_shortcuts, shortcuts_html, show_message
from trainer.ui.rulebook_install import install as install_rulebook
from trainer.ui.worker import StoreWorker
from trainer.ui.qt_namespace import Qt

WINDOW_TITLE = "Dealer Trainer"
if TYPE_CHECKING:  # made when first opened: not imported at start-up
    from trainer.training.session import AnswerResult, Recorder, Session
    from trainer.ui.screens.home_screen import HomeScreen
    from trainer.ui.screens.progress_screen import ProgressScreen
    from trainer.ui.screens.quiz_screen import QuizScreen
    from trainer.ui.screens.summary_screen import SummaryScreen
    from trainer.ui.screens.explorer_screen import ExplorerScreen
    from trainer.ui.screens.settle_screen import SettleScreen

DEFAULT_SIZE = (1280, 800)
OPEN_STORE_LATEST_MS = 1000  # a window shown but not painted by then (minimised) opens the store anyway
# QSettings keys
GEOMETRY_KEY = "window/geometry"
TEXT_SCALE_KEY = "view/text-scale"
LAST_TRAINEE_KEY = "last/trainee"
LAST_GAME_KEY = "last/game"


class MainWindow(QMainWindow):
    store_opened = Signal()
    store_failed = Signal(str)

    def __init__(self, db_path: str | Path, *, open_store: bool = True, parent: QWidget | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(WINDOW_TITLE)
        self.db_path = Path(db_path)
        self.settings = settings  # None: nothing is remembered (tests, snapshots)
        self.trainee = None
        self.session: Session | None = None
        self.recorder: Recorder | None = None  # writes the quiz session to the store
        self.store_ready = False
        self._shut = False

        self.worker = StoreWorker(self)
        self.worker.error.connect(self.show_store_error)
        self.worker.busy_changed.connect(self._busy)

        self.stack = ScreenStack(self)  # each screen scrolls rather than being crushed in a small window
        self.trainee_screen = TraineeScreen()
        # The screens after the trainee list are made when first needed (the properties
        # below), so the window's first paint waits for the trainee list alone (issue 17).
        self._home_screen: HomeScreen | None = None
        self._quiz_screen: QuizScreen | None = None
        self._summary_screen: SummaryScreen | None = None
        self._progress_screen: ProgressScreen | None = None
        # The tools are made when first opened: the calculator and the explorer load every
        # game's rules data, which the trainee screen does not need to wait for.
        self._settle_screen: SettleScreen | None = None
        self._explorer_screen: ExplorerScreen | None = None
        # Adaptive practice, exams and the supervisor's review: made when first opened.
        self._practice = None
        self._exams = None
        self._review = None
        self.stack.addWidget(self.trainee_screen)
        self.setCentralWidget(self.stack)

        self.trainee_screen.chosen.connect(self.choose_trainee)
        self.trainee_screen.add_requested.connect(self.add_trainee)
        self._drill_screens: dict[str, QWidget] = {}
        self.drill_recorder: Recorder | None = None  # writes the drill's session to the store
        self._default_game: str | None = None  # the last game, for the home screen when it is made

        bar = self.statusBar()
        bar.setSizeGripEnabled(False)
        self.trainee_status = QLabel("No trainee chosen")
        self.trainee_status.setObjectName("status-trainee")
        bar.addWidget(self.trainee_status)
        self.save_status = QLabel("")
        self.save_status.setObjectName("status-saving")
        bar.addWidget(self.save_status)
        self.db_status = QLabel(f"Database: {self.db_path}")
        self.db_status.setObjectName("status-db")
        self.db_status.setToolTip(str(self.db_path))
        bar.addPermanentWidget(self.db_status)

        self.menus = AppMenus(self)
        install_rulebook(self)  # the rule book: every citation a link, Ctrl+R, its folder (issue 18)
        self.stack.currentChanged.connect(lambda _i: self._update_menus())

        self.resize(fitted_size(DEFAULT_SIZE, self))  # the default window fits the available screen
        self.setMinimumSize(640, 480)  # below a screen's own size, the screen scrolls
        self._restore_settings()
        self.show_screen(self.trainee_screen)
        from trainer.ui.server_link import attach_server

        self.server = attach_server(self)  # the classroom server, when one is set (issue 19)
        # The store is opened on the worker's thread once the window has painted the trainee
        # list (issue 17): importing and opening it would otherwise take turns with the
        # first paint for Python's lock. A window not shown opens it at the first turn of
        # the event loop. Nothing reaches the store before it: the trainee list waits for it.
        self._open_after_paint = open_store
        if open_store:
            QTimer.singleShot(0, self, self._open_store_unless_painting)
            QTimer.singleShot(OPEN_STORE_LATEST_MS, self, self._open_store_if_waiting)

    # ------------------------------------------------- screens made when first needed
    @property
    def home_screen(self) -> HomeScreen:
        if self._home_screen is None:
            from trainer.ui.screens.home_screen import HomeScreen

            s = self._home_screen = HomeScreen()
            self.stack.addWidget(s)
            s.start_requested.connect(lambda game_id: self.start_practice(game_id))
            s.drill_requested.connect(lambda key: self.start_drill(key))
            s.progress_requested.connect(self.show_progress)
            s.switch_requested.connect(self.switch_trainee)
            s.settle_requested.connect(self.show_settle)
            s.explorer_requested.connect(self.show_explorer)
            s.daily_requested.connect(self.show_daily_practice)
            s.mistakes_requested.connect(self.show_mistakes)
            s.exam_requested.connect(self.show_exams)
            s.supervisor_requested.connect(self.show_review)
            if self._default_game:
                s.set_default_game(self._default_game)
        return self._home_screen

    @property
    def quiz_screen(self) -> QuizScreen:
        if self._quiz_screen is None:
            from trainer.ui.screens.quiz_screen import QuizScreen

            s = self._quiz_screen = QuizScreen()
            self.stack.addWidget(s)
            s.answered.connect(self.record_answer)
            s.session_finished.connect(self.finish_session)
            s.leave_requested.connect(self.leave_quiz)
        return self._quiz_screen

    @property
    def summary_screen(self) -> SummaryScreen:
        if self._summary_screen is None:
            from trainer.ui.screens.summary_screen import SummaryScreen

            s = self._summary_screen = SummaryScreen()
            self.stack.addWidget(s)
            s.again_requested.connect(self.practise_again)
            s.home_requested.connect(self.show_home)
        return self._summary_screen

    @property
    def progress_screen(self) -> ProgressScreen:
        if self._progress_screen is None:
            from trainer.ui.screens.progress_screen import ProgressScreen

            s = self._progress_screen = ProgressScreen()
            self.stack.addWidget(s)
            s.back_requested.connect(self.show_home)
        return self._progress_screen

    # ------------------------------------------------------------- plumbing
    def show_screen(self, screen: QWidget) -> None:
        self.stack.setCurrentWidget(screen)
        if style.text_scale() != 1.0:  # a screen made or changed since the text size was set
            style.rescale(screen)
        focus = getattr(screen, "focus_default", None)
        if focus is not None:
            focus()
        self._update_menus()

    def current_screen(self) -> QWidget:
        return self.stack.currentWidget()

    def _busy(self, busy: bool) -> None:
        self.save_status.setText("Saving…" if busy else "")

    def show_store_error(self, message: str) -> None:
        """A store job failed and nobody else shows it: say so, without blocking the trainee."""
        self.show_problem("Database problem", message)

    def show_problem(self, title: str, message: str) -> None:
        self.statusBar().showMessage(f"{title}: {message}", 15000)
        print(f"dealer-trainer: {message}", file=sys.stderr)
        from PySide6.QtWidgets import QMessageBox  # when asked: not on the way to the first paint (issue 17)

        box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # ----------------------------------------------------------- the store
    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().paintEvent(event)
        if self._open_after_paint:  # after this paint, at the event loop's next turn
            QTimer.singleShot(0, self, self._open_store_if_waiting)

    def _open_store_unless_painting(self) -> None:
        if not self.isVisible():
            self._open_store_if_waiting()

    def _open_store_if_waiting(self) -> None:
        if self._open_after_paint and not self._shut:
            self._open_after_paint = False
            self.open_store()

    def open_store(self) -> None:
        self.trainee_screen.set_loading("Opening the database…")
        self.worker.open(self.db_path, on_result=self._store_opened, on_error=self._store_failed)

    def _store_opened(self, _path: str) -> None:
        self.store_ready = True
        self.store_opened.emit()
        self.load_trainees()

    def _store_failed(self, message: str) -> None:
        self.store_ready = False
        self.trainee_screen.set_loading(f"The database could not be opened.\n\n{message}")
        self.store_failed.emit(message)

    def load_trainees(self, select_id: int | None = None) -> None:
        self.worker.submit(lambda store: store.trainees(),
                           on_result=lambda trainees: self._trainees_loaded(trainees, select_id),
                           on_error=lambda m: self.trainee_screen.set_loading(f"The trainees could not be read.\n\n{m}"))

    def _trainees_loaded(self, trainees: list, select_id: int | None) -> None:
        if select_id is None:  # the trainee who used this station last, ready to go on
            select_id = self._setting_int(LAST_TRAINEE_KEY)
        self.trainee_screen.set_trainees(trainees, select_id)
        if self.current_screen() is self.trainee_screen:
            self.trainee_screen.focus_default()

    # ------------------------------------------------------------ trainees
    def add_trainee(self, name: str) -> None:
        self.worker.submit(lambda store: store.add_trainee(name),
                           on_result=self._trainee_added, on_error=self.trainee_screen.show_error)

    def _trainee_added(self, trainee) -> None:
        self.trainee_screen.added()
        self.load_trainees(select_id=trainee.id)
        self.choose_trainee(trainee)

    def choose_trainee(self, trainee) -> None:
        self.trainee = trainee
        self._remember(LAST_TRAINEE_KEY, trainee.id)
        self.trainee_status.setText(f"Trainee: {trainee.name}")
        self.home_screen.set_trainee(trainee.name)
        self.show_home()

    def switch_trainee(self) -> None:
        if self._review is not None:  # the review never stays open for the next person
            self._review.shutdown()
        self.trainee = None
        self.trainee_status.setText("No trainee chosen")
        self.show_screen(self.trainee_screen)
        self.load_trainees()

    def show_home(self) -> None:
        if self.trainee is None:
            self.show_screen(self.trainee_screen)
            return
        self.show_screen(self.home_screen)
        tid = self.trainee.id
        self.worker.submit(lambda store: (store.progress(tid), store.sessions(tid)),
                           on_result=lambda data: self._record_loaded(tid, data),
                           on_error=self.home_screen.show_record_error)

    def _record_loaded(self, trainee_id: int, data: tuple) -> None:
        if self.trainee is not None and self.trainee.id == trainee_id:
            self.home_screen.show_record(*data)

    # ------------------------------------------------------------- sessions
    def start_practice(self, game_id: str, seed: int | None = None, count: int | None = None,
                       *, record: bool = True) -> Session | None:
        """Start a practice session (``count``: the home screen's number of questions
        unless given). ``record=False`` (the snapshot command) keeps it out of the store."""
        if self.trainee is None:
            return None
        if count is None:
            from trainer.ui.screens.home_screen import QUESTIONS_PER_SESSION as count
        from trainer.core.rng import fresh_seed
        from trainer.games import registry
        from trainer.training.session import Recorder, Session

        seed = fresh_seed() if seed is None else seed
        try:
            session = Session.quiz(game_id, seed, count)
        except Exception as exc:  # a broken game package must not take the window down
            self.show_problem("The game cannot start", f"{registry.title_of(game_id)} cannot start: {exc}")
            return None
        quiz = self.quiz_screen
        self.session = session
        self.recorder = Recorder(self.worker.submit, self.trainee.id, session.start_record(), record=record,
                                 on_saved=quiz.answer_saved, on_not_saved=self._answer_not_saved)
        self._remember_game(game_id)
        self.recorder.start(on_error=lambda m: self.show_store_error(
            f"The session could not be saved, so its answers will not be either: {m}"))
        quiz.start(session, recording=record)
        self.show_screen(self.quiz_screen)
        return session

    def record_answer(self, result: AnswerResult) -> None:
        """Hand the answer to the worker at once (the feedback is shown after this)."""
        if self.recorder is not None and self.session is not None:
            self.recorder.answered(result)

    def _answer_not_saved(self, index: int, message: str) -> None:
        self.quiz_screen.answer_not_saved(index, message)
        self.statusBar().showMessage(f"An answer was not saved: {message}", 15000)
        print(f"dealer-trainer: answer {index + 1} was not saved: {message}", file=sys.stderr)
        if self._summary_screen is not None and self.current_screen() is self._summary_screen:
            self.summary_screen.set_unsaved(self.quiz_screen.unsaved())

    def end_session(self) -> None:
        if self.recorder is not None:
            self.recorder.end(on_error=lambda m: self.statusBar().showMessage(
                f"The end of the session was not saved: {m}", 15000))

    def finish_session(self, session: Session) -> None:
        self.end_session()
        self.summary_screen.show_session(session, self.quiz_screen.unsaved())
        self.show_screen(self.summary_screen)
        self.summary_screen.again_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def leave_quiz(self) -> None:
        session = self.session
        if session is not None and not session.finished and session.position > 0:
            if not ask_to_leave(self, "Leave this session?",
                                f"You have answered {session.position} of {session.count} questions. "
                                "Your answers so far are saved. Leave the session and go home?"):
                return
        self.end_session()
        self.show_home()

    # ------------------------------------------------------------- drills
    def drill_screen(self, key: str) -> QWidget:
        """The drill's screen, made the first time it is opened (trainer/ui/drills.py)."""
        if key not in self._drill_screens:
            screen = drill(key).make()
            screen.answered.connect(self.record_drill_step)
            screen.finished.connect(lambda _result: self.end_drill(show_home=False))
            screen.back_requested.connect(lambda: self.end_drill(show_home=True))
            round_recorded = getattr(screen, "round_recorded", None)
            if round_recorded is not None:  # a table-mode round is stored whole
                round_recorded.connect(self.record_table_round)
            self.stack.addWidget(screen)
            self._drill_screens[key] = screen
        return self._drill_screens[key]

    def start_drill(self, key: str, seed: int | None = None, *, record: bool = True) -> QWidget | None:
        """Open a game's drill; each graded step is recorded in the store as an answer of a
        session whose mode is 'drill'."""
        if self.trainee is None:
            return None
        from trainer.core.rng import fresh_seed

        entry = drill(key)
        seed = fresh_seed() if seed is None else seed
        try:
            screen = self.drill_screen(key)
        except Exception as exc:  # a broken drill must not take the window down
            self.show_problem("The drill cannot start", f"{entry.title} cannot start: {exc}")
            return None
        self.end_drill(show_home=False)
        from trainer.training.session import DRILL, Recorder, SessionStart

        saved = getattr(screen, "answer_saved", None)
        not_saved = getattr(screen, "answer_not_saved", None)

        def step_not_saved(index: int, message: str) -> None:
            if not_saved is not None:
                not_saved(index, message)
            self.statusBar().showMessage(f"A drill step was not saved: {message}", 15000)

        self.drill_recorder = Recorder(self.worker.submit, self.trainee.id,
                                       SessionStart(entry.game_id, seed, 0, DRILL), record=record,
                                       on_saved=saved, on_not_saved=step_not_saved)
        self._remember_game(entry.game_id)
        self.drill_recorder.start(on_error=lambda m: self.show_store_error(
            f"The drill could not be saved, so its steps will not be either: {m}"))
        screen.start(seed)
        self.show_screen(screen)
        return screen

    def record_drill_step(self, result: AnswerResult) -> None:
        if self.drill_recorder is not None:
            self.drill_recorder.answered(result)

    def record_table_round(self, record) -> None:
        """Store a table-mode round (its ``RoundRecord``) in the drill's session. A failure is
        shown in the status bar; the trainee deals on."""
        if self.drill_recorder is None:
            return

        def failed(message: str) -> None:
            self.statusBar().showMessage(f"The table round was not saved: {message}", 15000)
            print(f"dealer-trainer: a table round was not saved: {message}", file=sys.stderr)

        self.drill_recorder.round_played(record, on_error=failed)

    def end_drill(self, *, show_home: bool) -> None:
        recorder, self.drill_recorder = self.drill_recorder, None
        if recorder is not None:
            recorder.end(on_error=lambda m: self.statusBar().showMessage(
                f"The end of the drill was not saved: {m}", 15000))
        if show_home:
            self.show_home()

    def practise_again(self) -> None:
        if self.session is not None:
            self.start_practice(self.session.game_id)

    # ------------------------------------------------------------- progress
    def show_progress(self) -> None:
        trainee = self.trainee
        if trainee is None:
            return
        self.progress_screen.show_loading(trainee.name)
        self.show_screen(self.progress_screen)
        tid = trainee.id
        self.worker.submit(lambda store: (store.progress(tid), store.sessions(tid)),
                           on_result=lambda data: self._progress_loaded(tid, data),
                           on_error=self.progress_screen.show_error)

    def _progress_loaded(self, trainee_id: int, data: tuple) -> None:
        if self.trainee is None or self.trainee.id != trainee_id:
            return  # the trainee changed while it was loading
        progress, sessions = data
        self.progress_screen.show_progress(self.trainee.name, progress, sessions)

    # ---------------------------------------------------------------- tools
    @property
    def settle_screen(self) -> SettleScreen:
        if self._settle_screen is None:
            from trainer.ui.screens.settle_screen import SettleScreen  # made when first opened

            self._settle_screen = SettleScreen()
            self._settle_screen.back_requested.connect(self.show_home)
            self.stack.addWidget(self._settle_screen)
        return self._settle_screen

    @property
    def explorer_screen(self) -> ExplorerScreen:
        if self._explorer_screen is None:
            from trainer.ui.screens.explorer_screen import ExplorerScreen  # made when first opened

            self._explorer_screen = ExplorerScreen()
            self._explorer_screen.back_requested.connect(self.show_home)
            self.stack.addWidget(self._explorer_screen)
        return self._explorer_screen

    def show_settle(self) -> None:
        """The settlement calculator: settle one round, with every wager's rule."""
        self.show_screen(self.settle_screen)

    def show_explorer(self) -> None:
        """The pay table explorer: a game's exact odds and house edges."""
        self.show_screen(self.explorer_screen)

    # ---------------------------------------- practice, exams and the review
    @property
    def practice(self):
        """Daily practice and my mistakes (``trainer.ui.screens.practice_flow``)."""
        if self._practice is None:
            from trainer.ui.screens.practice_flow import PracticeFlow

            self._practice = PracticeFlow(self)
        return self._practice

    @property
    def exams(self):
        """Classroom exams on this station (``trainer.ui.screens.exam_flow``)."""
        if self._exams is None:
            from trainer.ui.screens.exam_flow import ExamFlow

            self._exams = ExamFlow(self)
        return self._exams

    @property
    def review(self):
        """The supervisor's review (``trainer.ui.screens.supervisor_flow``)."""
        if self._review is None:
            from trainer.ui.screens.supervisor_flow import SupervisorFlow

            self._review = SupervisorFlow(self)
        return self._review

    def show_daily_practice(self) -> None:
        self.practice.show_daily()

    def show_mistakes(self) -> None:
        self.practice.show_mistakes()

    def show_exams(self) -> None:
        self.exams.show()

    def show_review(self) -> None:
        self.review.show()

    # ------------------------------------------------------------- the menus
    def at_rest(self) -> bool:
        """Nothing under way on the screen in front: no quiz, drill, table round or exam."""
        screen = self.current_screen()
        busy = [self._quiz_screen, *self._drill_screens.values()]
        if self._practice is not None:
            busy.append(self._practice.quiz_screen)
        if self._exams is not None:
            busy.append(self._exams.taking)
        return not any(screen is b for b in busy)

    def _update_menus(self) -> None:
        self.menus.update(trainee_chosen=self.trainee is not None, at_rest=self.at_rest())

    def menu_switch_trainee(self) -> None:
        if self.trainee is None or not self.at_rest():
            self.statusBar().showMessage("Finish or leave what you are doing first.", 8000)
            return
        self.switch_trainee()

    def _supervisor_tools(self, what: str):
        """The supervisor's tools (their Import tab) with a supervisor signed in, else the
        sign-in (None)."""
        from trainer.ui.screens.supervisor_tools import IMPORT

        if not self.at_rest():
            self.statusBar().showMessage("Finish or leave what you are doing first.", 8000)
            return None
        review = self.review
        if review.locked():
            review.show()
            self.statusBar().showMessage(f"A supervisor signs in first to {what}; then choose it again.", 15000)
            return None
        review.show_tools(IMPORT)
        return review

    def menu_import_results(self) -> None:
        """File > Import results: the supervisor's import (stations' files or databases)."""
        review = self._supervisor_tools("import results")
        if review is not None:
            review.import_paths(review.choose_open_files())

    def menu_restore_backup(self) -> None:
        """File > Restore a backup (issue 14): a signed-in supervisor chooses one of the
        automatic backups (``trainer.store.backup``); the open database becomes exactly
        that backup, the state it replaces kept as a backup of its own."""
        review = self._supervisor_tools("restore a backup")
        if review is None:
            return
        from trainer.store import backup

        path = self.choose_backup(str(backup.backup_folder(self.db_path)))
        if not path:
            return
        if not self.confirm_restore(Path(path)):
            return
        by = review.supervisor

        def job(store):
            before = backup.restore(store, path)
            try:
                store.record_audit(by, "database.restore", Path(path).name, {"replaced_state_kept_in": before.name})
            except Exception as e:  # noqa: BLE001 - the backup may not know this supervisor
                print(f"dealer-trainer: the restore could not be written to the audit log: {e}", file=sys.stderr)
            return before

        def done(before) -> None:
            self.switch_trainee()  # the trainees and the review are the backup's now
            self.statusBar().showMessage(f"Restored {Path(path).name}; the state before it is kept in "
                                         f"{before.name}.", 20000)

        self.worker.submit(job, on_result=done,
                           on_error=lambda m: self.show_problem("The backup was not restored", m))

    def choose_backup(self, folder: str) -> str:
        from PySide6.QtWidgets import QFileDialog

        path, _filter = QFileDialog.getOpenFileName(self, "Restore a backup", folder,
                                                    "Dealer Trainer backups (*.sqlite3)")
        return path

    def confirm_restore(self, path: Path) -> bool:
        from PySide6.QtWidgets import QMessageBox  # when asked: not on the way to the first paint (issue 17)

        box = QMessageBox(QMessageBox.Icon.Warning, "Restore this backup?",
                          f"The database will become exactly {path.name}: everything recorded since is "
                          "replaced (a backup of it is made first). Restore?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def menu_export_station(self) -> None:
        """File > Export this station's results: no supervisor account needed (issue 14), only
        nothing under way."""
        if not self.at_rest():
            self.statusBar().showMessage("Finish or leave what you are doing first.", 8000)
            return
        self.review.export_station_results()

    def set_full_screen(self, on: bool) -> None:
        """View > Full screen (the classroom stations: ``dealer-trainer --fullscreen``)."""
        action = self.menus.full_screen_action
        if action.isChecked() != on:
            action.blockSignals(True)
            action.setChecked(on)
            action.blockSignals(False)
        if on and not self.isFullScreen():
            self._maximized_before = self.isMaximized()
            self.showFullScreen()
        elif not on and self.isFullScreen():
            self.showMaximized() if getattr(self, "_maximized_before", False) else self.showNormal()

    def change_text_size(self, step: int) -> float:
        """Larger (1), smaller (-1) or normal (0) text on every screen; the scale in force."""
        scale = style.set_text_scale(style.next_text_scale(step) if step else 1.0)
        self._remember(TEXT_SCALE_KEY, scale)
        return scale

    def shortcuts_text(self) -> str:
        return shortcuts_html("Keys of this screen", screen_shortcuts(self.current_screen(), self))

    def show_shortcuts(self):
        """Help > Keyboard shortcuts: the keys of the screen in front."""
        return show_message(self, "Keyboard shortcuts", self.shortcuts_text(), "shortcuts-box")

    def show_about(self):
        settings_file = self.settings.fileName() if self.settings is not None else None
        return show_message(self, "About Dealer Trainer", about_html(self.db_path, settings_file), "about-box")

    # ------------------------------------------------------------- settings
    def _remember(self, key: str, value) -> None:
        if self.settings is not None:
            self.settings.setValue(key, value)

    def _setting_int(self, key: str) -> int | None:
        if self.settings is None:
            return None
        try:
            value = self.settings.value(key)
            return None if value is None else int(value)
        except (TypeError, ValueError):
            return None

    def _remember_game(self, game_id: str) -> None:
        self._remember(LAST_GAME_KEY, game_id)
        self._default_game = game_id
        if self._home_screen is not None:
            self._home_screen.set_default_game(game_id)

    def _restore_settings(self) -> None:
        """The window's size and position, the text size and the last game, as last time."""
        s = self.settings
        if s is None:
            return
        geometry = s.value(GEOMETRY_KEY)
        if geometry is not None:
            self.restoreGeometry(geometry)
        try:
            scale = float(s.value(TEXT_SCALE_KEY, 1.0))
        except (TypeError, ValueError):
            scale = 1.0
        if scale != style.text_scale():
            style.set_text_scale(scale)
        game = s.value(LAST_GAME_KEY)
        if isinstance(game, str) and game:
            self._default_game = game  # given to the home screen when it is made

    def save_settings(self) -> None:
        if self.settings is None:
            return
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(TEXT_SCALE_KEY, style.text_scale())
        self.settings.sync()

    # ------------------------------------------------------------- closing
    def shutdown(self) -> None:
        """End a running session, let the worker write everything queued, close the store."""
        if self._shut:
            return
        self._shut = True
        self.save_settings()
        if self.server is not None:  # the sender stops; what it did not send is sent at the next start
            self.server.shutdown()
        if self.session is not None and not self.session.finished:
            self.end_session()
        for screen in self._drill_screens.values():  # a table round part-played is recorded first
            save_round = getattr(screen, "save_round", None)
            if save_round is not None:
                save_round()
        self.end_drill(show_home=False)
        for flow in (self._practice, self._exams, self._review):  # a running session or exam is ended
            if flow is not None:
                flow.shutdown()
        if self._explorer_screen is not None:  # an analysis still running stops and ends its thread
            self._explorer_screen.cancel()
            self._explorer_screen.wait()
        self.worker.shutdown()

    def changeEvent(self, event) -> None:
        """View > Full screen shows the window's state, however it came (F11, the window
        manager, a restored geometry)."""
        if event.type() == QEvent.Type.WindowStateChange:
            action = self.menus.full_screen_action
            if action.isChecked() != self.isFullScreen():
                action.blockSignals(True)
                action.setChecked(self.isFullScreen())
                action.blockSignals(False)
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)
