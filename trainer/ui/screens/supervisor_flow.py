"""The supervisor's review: sign in, the dashboard, one trainee, exports and the tools.

``SupervisorFlow`` is owned by the main window. Nothing of the review opens before a
supervisor has signed in (the first account is made at set-up on the command line,
never here); leaving the review locks it again. Signing in checks the audit log's hash
chain and warns, naming the first bad entry, if it is broken. Every read and write goes
through the store's worker, off the GUI thread; long work (the dashboard over a year of
answers, imports, exports) reports its progress
through a ``Relay`` so that a progress bar moves while the window stays responsive.
File dialogs are attributes (``choose_open_files``, ``choose_folder``, ``choose_save``)
so that tests can answer them.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from trainer.review import accounts, export, importer, report
from trainer.review import dashboard as dash
from trainer.review.accounts import AccountError
from trainer.store import Supervisor
from trainer.training.exams import (
    FILE_SUFFIX,
    ExamError,
    exam_file_text,
    fingerprint,
    new_spec,
    new_start_code,
)
from trainer.ui.screens.dashboard_screen import DashboardScreen
from trainer.ui.screens.dashboard_trainee import TraineeReviewScreen
from trainer.ui.screens.dashboard_widgets import ImportRelay, Relay
from trainer.ui.screens.exam_flow import exam_specs
from trainer.ui.screens.supervisor_screen import SupervisorLoginScreen
from trainer.ui.screens.supervisor_tools import IMPORT, SupervisorToolsScreen, ToolsData


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "report"


def setup_command(db_path) -> str:
    """The command an instructor runs at set-up to make the first supervisor account."""
    return f'dealer-trainer --db "{db_path}" supervisor add "YOUR NAME"'


def load_tools(store) -> ToolsData:
    classes = store.classes()
    return ToolsData(exams=exam_specs(store), classes=classes,
                     members={c.id: store.class_members(c.id) for c in classes}, trainees=store.trainees(),
                     thresholds=store.thresholds(), supervisors=store.supervisors(), audit=store.audit_log(500),
                     imports=store.imports())


class SupervisorFlow(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.login = SupervisorLoginScreen()
        self.dashboard_screen = DashboardScreen()
        self.trainee_screen = TraineeReviewScreen()
        self.tools = SupervisorToolsScreen()
        for screen in self.screens:
            window.stack.addWidget(screen)
        self.supervisor: Supervisor | None = None
        self.audit_check = None  # the last check of the audit log's chain (AuditCheck)
        self.audit_box = None
        self.dashboard: dash.Dashboard | None = None
        self.trainee_report: dash.TraineeReport | None = None
        self.query = dash.Query()
        self.loading = 0  # the dashboard job whose result is wanted
        self.relay = Relay(self)
        self.relay.progressed.connect(self.dashboard_screen.show_progress)
        self.import_relay = ImportRelay(self)
        self.import_relay.progressed.connect(self.tools.show_import_progress)
        self.choose_open_files = self._choose_open_files
        self.choose_folder = self._choose_folder
        self.choose_save = self._choose_save

        self.login.back_requested.connect(self.leave)
        self.login.sign_in_requested.connect(self.sign_in)
        d = self.dashboard_screen
        d.refresh_requested.connect(self.load_dashboard)
        d.trainee_requested.connect(self.show_trainee)
        d.import_requested.connect(lambda: self.show_tools(IMPORT))
        d.tools_requested.connect(lambda: self.show_tools())
        d.lock_requested.connect(self.leave)
        d.export_answers_requested.connect(self.export_answers)
        d.export_summary_requested.connect(self.export_summary)
        d.export_pdf_requested.connect(self.export_class_pdf)
        t = self.trainee_screen
        t.back_requested.connect(self.back_to_dashboard)
        t.export_answers_requested.connect(self.export_trainee_answers)
        t.export_pdf_requested.connect(self.export_trainee_pdf)
        t.export_table_rounds_requested.connect(self.export_trainee_table_rounds)
        tools = self.tools
        tools.back_requested.connect(self.back_to_dashboard)
        tools.choose_files_requested.connect(lambda: self.import_paths(self.choose_open_files()))
        tools.choose_folder_requested.connect(lambda: self.import_paths([p for p in [self.choose_folder()] if p]))
        tools.export_station_requested.connect(self.export_station)
        tools.save_exam_requested.connect(self.save_exam)
        tools.export_exam_requested.connect(self.export_exam)
        tools.print_worksheet_requested.connect(self.print_worksheet)
        tools.add_class_requested.connect(self.add_class)
        tools.save_members_requested.connect(self.save_members)
        tools.save_thresholds_requested.connect(self.save_thresholds)
        tools.add_supervisor_requested.connect(self.add_supervisor)
        tools.change_password_requested.connect(self.change_password)

    @property
    def screens(self) -> tuple:
        return (self.login, self.dashboard_screen, self.trainee_screen, self.tools)

    @property
    def worker(self):
        return self.window.worker

    # ------------------------------------------------------------ the door
    def show(self) -> None:
        """The review: the dashboard if a supervisor is signed in, the sign-in otherwise."""
        if self.supervisor is not None:
            self.show_dashboard()
            return
        self.login.reset()
        self.login.set_busy(True)
        self.window.show_screen(self.login)
        self.worker.submit(lambda store: store.supervisor_count(), on_result=self._counted,
                           on_error=self.login.show_error)

    def _counted(self, count: int) -> None:
        # No account yet: the instructor makes the first one at set-up, on the command line
        # (issue 14: whoever first pressed Supervisor used to make it here).
        self.login.set_no_account(count == 0, setup_command(self.window.db_path))
        self.login.set_busy(False)
        self.login.focus_default()

    def sign_in(self, name: str, password: str) -> None:
        def job(store):
            try:
                return accounts.sign_in(store, name, password)
            except AccountError as e:
                return e

        self.worker.submit(job, on_result=self._signed_in, on_error=self.login.show_error)

    def _signed_in(self, outcome) -> None:
        if isinstance(outcome, Exception):
            self.login.show_error(str(outcome))
            return
        self.supervisor = outcome
        self.login.reset()
        self.dashboard_screen.set_supervisor(outcome.name)
        self.window.statusBar().showMessage(f"Signed in as supervisor {outcome.name}", 8000)
        self.show_dashboard()
        self.check_audit_log()  # every time the dashboard is opened by a sign-in

    def check_audit_log(self) -> None:
        """Recompute the audit log's hash chain (on the store's thread) and say what was
        found: a broken chain in a warning that names the first bad entry."""
        self.worker.submit(lambda store: store.check_audit_chain(), on_result=self._audit_checked,
                           on_error=lambda m: self._audit_checked(None, m))

    def _audit_checked(self, check, error: str = "") -> None:
        self.audit_check = check
        if self.supervisor is None:
            return
        if check is None:
            self.dashboard_screen.set_status(f"The audit log could not be checked: {error}", True)
            return
        if check.ok:
            self.dashboard_screen.set_status(check.describe())
            return
        self.dashboard_screen.set_status(check.describe(), True)
        box = QMessageBox(QMessageBox.Icon.Warning, "The audit log has been tampered with", check.describe(),
                          QMessageBox.StandardButton.Close, self.window)
        box.setObjectName("audit-chain-box")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # window-modal, never blocks the caller
        self.audit_box = box

    def leave(self) -> None:
        """Lock the review and go home."""
        self.supervisor = None
        self.dashboard = self.trainee_report = None
        self.dashboard_screen.dashboard = None
        self.login.reset()
        self.window.show_home()

    def locked(self) -> bool:
        return self.supervisor is None

    # ------------------------------------------------------------ dashboard
    def show_dashboard(self) -> None:
        if self.supervisor is None:
            self.show()
            return
        self.window.show_screen(self.dashboard_screen)
        self.review(lambda store: store.classes(), self.dashboard_screen.set_classes, lambda _m: None)
        self.load_dashboard(self.dashboard_screen.query())

    def review(self, job, on_result, on_error) -> None:
        """Run ``job(source)`` for the dashboard or drill-down: on the server's data when the
        window's server URL is a supervisor's (issue 19: ``ServerLink.review``), else on the
        store's worker."""
        link = getattr(self.window, "server", None)
        if link is not None and link.serves_review:
            link.review(job, on_result, on_error)
        else:
            self.worker.submit(job, on_result=on_result, on_error=on_error)

    def back_to_dashboard(self) -> None:
        if self.supervisor is None:
            self.show()
            return
        self.window.show_screen(self.dashboard_screen)
        if self.dashboard is None:
            self.load_dashboard(self.dashboard_screen.query())

    def load_dashboard(self, query: dash.Query) -> None:
        if self.supervisor is None:
            return
        self.query = query
        self.loading += 1
        ticket = self.loading
        relay = self.relay
        self.dashboard_screen.show_loading()
        self.review(lambda store: dash.load_dashboard(store, query, relay.report),
                    lambda d: self._dashboard_loaded(ticket, d),
                    lambda m: ticket == self.loading and self.dashboard_screen.show_error(m))

    def _dashboard_loaded(self, ticket: int, d: dash.Dashboard) -> None:
        if ticket != self.loading or self.supervisor is None:
            return  # a newer filter was asked for meanwhile, or the review was locked
        self.dashboard = d
        self.dashboard_screen.show_dashboard(d)

    # ------------------------------------------------------------ one trainee
    def show_trainee(self, trainee_id: int) -> None:
        if self.supervisor is None:
            return
        self.trainee_screen.show_loading()
        self.window.show_screen(self.trainee_screen)
        query = self.query
        self.review(lambda store: dash.load_trainee(store, trainee_id, query), self._trainee_loaded,
                    self.trainee_screen.show_error)

    def _trainee_loaded(self, r: dash.TraineeReport) -> None:
        if self.supervisor is None:
            return
        self.trainee_report = r
        self.trainee_screen.show_report(r)

    # ------------------------------------------------------------ exports
    def _choose_save(self, title: str, name: str, filter_text: str) -> str:
        path, _f = QFileDialog.getSaveFileName(self.window, title, str(Path.home() / name), filter_text)
        return path

    def _export(self, screen, title: str, name: str, filter_text: str, write, what: str, detail: dict) -> None:
        """Ask where, write on the worker thread, or from the server's data when the review
        reads the server (the screen's progress bar runs meanwhile), log the export, say
        where it went. ``write(store, path, progress)``."""
        if self.supervisor is None:
            return
        path = self.choose_save(title, name, filter_text)
        if not path:
            return
        by = self.supervisor
        relay = Relay()  # lives on the GUI thread; reports from the worker arrive queued
        relay.progressed.connect(screen.show_progress)
        screen.set_status(f"Writing {Path(path).name}…")
        screen.show_progress(0, 0, "")

        def job(store):  # the store, or the server's data (``review``)
            return write(store, path, lambda done, total: relay.report(done, total, f"{done:,} of {total:,}"))

        def audited(n) -> None:  # the export is logged in this station's audit log
            self.worker.submit(lambda store: store.record_audit(by, "export", Path(path).name,
                                                                {"what": what, **detail}),
                               on_result=lambda _none: done(n), on_error=failed)

        def done(n) -> None:
            screen.hide_progress()
            screen.set_status(f"Saved {path}" + (f" ({n:,} rows)" if isinstance(n, int) and what.endswith("csv")
                                                  else ""))
            relay.deleteLater()

        def failed(message: str) -> None:
            screen.hide_progress()
            screen.set_status(f"The export failed: {message}", True)
            relay.deleteLater()

        self.review(job, audited, failed)

    def export_answers(self) -> None:
        f = self.query.answer_filter()
        self._export(self.dashboard_screen, "Save the answers as CSV", f"answers-{date.today()}.csv",
                     "CSV files (*.csv)", lambda store, path, step: export.answers_csv(store, f, path, step),
                     "answers csv",
                     {"filter": self.query.describe()})

    def export_summary(self) -> None:
        d = self.dashboard
        if d is None:
            return
        self._export(self.dashboard_screen, "Save the summary as CSV", f"summary-{date.today()}.csv",
                     "CSV files (*.csv)", lambda _store, path, _step: export.summary_csv(d, path), "summary csv",
                     {"filter": d.query.describe(d.class_name)})

    def export_class_pdf(self) -> None:
        d = self.dashboard
        if d is None:
            return
        name = safe_name(f"class-report-{d.class_name or 'all'}-{date.today()}") + ".pdf"
        self._export(self.dashboard_screen, "Save the class report", name, "PDF files (*.pdf)",
                     lambda _store, path, _step: report.class_pdf(d, path), "class report pdf",
                     {"filter": d.query.describe(d.class_name)})

    def export_trainee_answers(self) -> None:
        r = self.trainee_report
        if r is None:
            return
        f = r.query.answer_filter(r.row.trainee.id)
        name = safe_name(f"answers-{r.row.trainee.name}-{date.today()}") + ".csv"
        self._export(self.trainee_screen, "Save the trainee's answers as CSV", name, "CSV files (*.csv)",
                     lambda store, path, step: export.answers_csv(store, f, path, step), "trainee answers csv",
                     {"trainee": r.row.trainee.name})

    def export_trainee_pdf(self) -> None:
        r = self.trainee_report
        if r is None:
            return
        name = safe_name(f"report-{r.row.trainee.name}-{date.today()}") + ".pdf"
        self._export(self.trainee_screen, "Save the trainee's report", name, "PDF files (*.pdf)",
                     lambda _store, path, _step: report.trainee_pdf(r, path), "trainee report pdf",
                     {"trainee": r.row.trainee.name})

    def export_trainee_table_rounds(self) -> None:
        r = self.trainee_report
        if r is None:
            return
        f = r.query.answer_filter(r.row.trainee.id)
        name = safe_name(f"table-rounds-{r.row.trainee.name}-{date.today()}") + ".csv"
        self._export(self.trainee_screen, "Save the trainee's table rounds as CSV", name, "CSV files (*.csv)",
                     lambda store, path, step: export.table_rounds_csv(store, path, trainee_id=f.trainee_id,
                                                                       game_id=f.game_id, since=f.start, until=f.end,
                                                                       progress=step),
                     "trainee table rounds csv", {"trainee": r.row.trainee.name})

    # ------------------------------------------------------------ tools
    def show_tools(self, tab: int | None = None) -> None:
        if self.supervisor is None:
            self.show()
            return
        if tab is not None:
            self.tools.tabs.setCurrentIndex(tab)
        self.window.show_screen(self.tools)
        self.reload_tools()

    def reload_tools(self, message: str | None = None) -> None:
        self.tools.show_loading()
        name = self.supervisor.name if self.supervisor else ""
        self.worker.submit(load_tools, on_result=lambda data: (self.tools.show_data(data, name),
                                                               message and self.tools.set_status(message)),
                           on_error=lambda m: self.tools.set_status(m, True))
        self.dashboard = None  # figures may change: the dashboard reloads when shown again

    def _change(self, job, done: str) -> None:
        """Run a change on the worker; then reload the tools and say what happened."""
        if self.supervisor is None:
            return

        def run(store):
            try:
                return job(store)
            except (AccountError, ExamError) as e:
                return e

        def after(outcome) -> None:
            if isinstance(outcome, Exception):
                self.tools.set_status(str(outcome), True)
                return
            self.reload_tools(done)

        self.tools.show_loading()
        self.worker.submit(run, on_result=after, on_error=lambda m: self.tools.set_status(m, True))

    def _choose_open_files(self) -> list[str]:
        paths, _f = QFileDialog.getOpenFileNames(
            self.window, "Choose results files or station databases", "",
            f"Results and databases (*{importer.FILE_SUFFIX} *.json *.sqlite3 *.sqlite *.db);;All files (*)")
        return paths

    def _choose_folder(self) -> str:
        return QFileDialog.getExistingDirectory(self.window, "Choose a folder of results files or databases")

    def import_paths(self, paths: list) -> None:
        if self.supervisor is None or not paths:
            return
        by, relay = self.supervisor, self.import_relay
        self.tools.show_import_progress(1, max(1, len(paths)), 0, 0, "starting…")

        def job(store):
            return importer.import_paths(store, list(paths), by=by, progress=relay.report)

        self.worker.submit(job, on_result=self._imported,
                           on_error=lambda m: (self.tools.show_import_outcomes([]), self.tools.set_status(m, True)))

    def _imported(self, outcomes: list) -> None:
        self.tools.show_import_outcomes(outcomes)
        failed = [o for o in outcomes if not o.ok]
        self.reload_tools(f"{len(outcomes) - len(failed)} file(s) imported" + (
            f", {len(failed)} refused: see the list" if failed else "."))

    def export_station(self) -> None:
        from trainer import config

        # <station>-<YYYYmmdd-HHMMSS>.dtresults in the settings' results folder (trainer.config)
        name = str(config.results_file_path(config.current()))
        self._export(self.tools, "Save this station's results", name, f"Results files (*{importer.FILE_SUFFIX})",
                     lambda store, path, step: importer.write_results_file(store, path, step), "station results", {})

    def export_station_results(self) -> None:
        """File > Export this station's results: no supervisor account needed (issue 14): the
        station's own results file, for the supervisor to import (and re-check) there. Logged
        as a station event."""
        from trainer import config

        path = self.choose_save("Save this station's results", str(config.results_file_path(config.current())),
                                f"Results files (*{importer.FILE_SUFFIX})")
        if not path:
            return
        status = self.window.statusBar()
        status.showMessage(f"Writing {Path(path).name}…")

        def job(store):
            n = importer.write_results_file(store, path)
            store.record_event(None, "(station)", "station.export", Path(path).name, {"answers": n})
            return n

        self.worker.submit(job, on_result=lambda n: status.showMessage(f"Saved this station's results to {path}.",
                                                                       15000),
                           on_error=lambda m: status.showMessage(f"The export failed: {m}", 15000))

    def _spec(self, values: dict):
        try:
            spec = new_spec(values["title"], values["games"], question_count=values["question_count"],
                            time_limit_s=values["time_limit_s"], pass_mark=values["pass_mark"],
                            seed=values["seed"], skills=values["skills"], class_name=values["class_name"],
                            created_by=self.supervisor.name if self.supervisor else None)
        except ExamError as e:
            self.tools.show_exam_error(str(e))
            return None
        if values.get("id"):
            from dataclasses import replace

            spec = replace(spec, id=values["id"])
        self.tools.show_exam_error("")
        return spec

    def save_exam(self, values: dict) -> None:
        spec = self._spec(values)
        if spec is None:
            return
        by = self.supervisor
        self._change(lambda store: store.save_exam(spec.to_dict(), fingerprint(spec), by=by),
                     f"Saved the exam {spec.title!r}.")

    def export_exam(self, values: dict) -> None:
        spec = self._spec(values)
        if spec is None or self.supervisor is None:
            return
        path = self.choose_save("Save the exam file", safe_name(spec.title) + FILE_SUFFIX,
                                f"Dealer Trainer exams (*{FILE_SUFFIX})")
        if not path:
            return
        by = self.supervisor

        code = new_start_code() if values.get("start_code") else None

        def job(store):
            fp = fingerprint(spec)
            store.save_exam(spec.to_dict(), fp, by=by)  # the exam given out is kept here too
            # signed with this database's key; sealed by the start code if one is asked for (issue 14)
            Path(path).write_text(exam_file_text(spec, fp, signing_key=store.exam_signing_key(), start_code=code),
                                  encoding="utf-8")
            store.record_audit(by, "exam.export", spec.title, {"exam_id": spec.id, "file": Path(path).name,
                                                               "start_code": code is not None})

        self._change(job, f"Saved the exam file {path}: open it on every station of the class."
                     + (f" Its start code is {code}: announce it in the room when the exam starts." if code else ""))

    def print_worksheet(self, values: dict) -> None:
        """The exam as a printable worksheet (PDF): the same seed, so the same questions in
        the same order as the stations get, then an answer key citing each rule."""
        spec = self._spec(values)
        if spec is None or self.supervisor is None:
            return
        path = self.choose_save("Save the worksheet", safe_name(spec.title) + "-worksheet.pdf", "PDF (*.pdf)")
        if not path:
            return
        from trainer.ui.worksheet import write_exam_worksheet

        try:
            pages = write_exam_worksheet(path, spec)
        except OSError as e:
            self.tools.show_exam_error(f"The worksheet could not be written: {e}")
            return
        self.tools.set_status(f"Saved the worksheet {path} ({pages} pages): {spec.question_count} questions "
                              f"and their answer key.")

    def add_class(self, name: str) -> None:
        by = self.supervisor
        self._change(lambda store: store.add_class(name, by=by), f"Added the class {' '.join(name.split())!r}.")
        self.tools.class_name.clear()

    def save_members(self, class_id: int, trainee_ids: list) -> None:
        by = self.supervisor
        self._change(lambda store: store.set_class_members(class_id, trainee_ids, by=by), "Saved the members.")

    def save_thresholds(self, thresholds: dict) -> None:
        by = self.supervisor

        def job(store):
            for game_id, percent in thresholds.items():
                store.set_threshold(game_id, percent, by=by)

        self._change(job, "Saved the pass thresholds.")

    def add_supervisor(self, name: str, password: str, repeat: str) -> None:
        by = self.supervisor
        self._change(lambda store: accounts.create_supervisor(store, name, password, repeat, by=by),
                     f"Added the supervisor {' '.join(name.split())!r}.")
        self.tools.clear_password_fields()

    def change_password(self, current: str, new: str, repeat: str) -> None:
        by = self.supervisor
        self._change(lambda store: accounts.change_password(store, by, current, new, repeat),
                     "Your password was changed.")
        self.tools.clear_password_fields()

    def shutdown(self) -> None:
        self.supervisor = None
