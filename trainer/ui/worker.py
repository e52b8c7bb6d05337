"""Store work off the GUI thread.

``StoreWorker`` owns the ``Store`` on one background ``QThread``: the store is opened,
used and closed on that thread only (SQLite connections belong to the thread that made
them), and jobs run one at a time in the order they were submitted, so "start the
session, record answer 1, record answer 2, end the session" reaches the disk in that
order. The GUI thread never waits on the disk; results and errors come back as queued
signals and are handed to the callbacks given with each job, on the GUI thread.

A job is a callable ``fn(store) -> result``. A job that fails calls its ``on_error``
with a message for humans; without one the worker emits ``error`` so that the window
shows it. Nothing is swallowed.
"""

from __future__ import annotations

import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QEventLoop, QObject, QThread, QTimer, Signal, Slot

Job = Callable[[Any], Any]
ResultCallback = Callable[[Any], None]
ErrorCallback = Callable[[str], None]


class NotOpen(RuntimeError):
    """A job reached the worker before the database was opened (or after it failed to open)."""


def _is_store_error(exc: BaseException) -> bool:
    try:
        from trainer.store import StoreError
    except ImportError:  # pragma: no cover - the store package is missing entirely
        return False
    return isinstance(exc, StoreError)


def _message(exc: BaseException) -> str:
    """A message for humans: a StoreError already is one; anything else says what it was."""
    if _is_store_error(exc) or isinstance(exc, NotOpen):
        return str(exc)
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class _Runner(QObject):
    """Lives on the worker thread; holds the store."""

    done = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.store = None

    @Slot(int, object)
    def run(self, job_id: int, fn: Job) -> None:
        try:
            result = fn(self)
        except Exception as exc:  # every failure goes back to the GUI thread
            if not _is_store_error(exc) and not isinstance(exc, NotOpen):
                traceback.print_exc(file=sys.stderr)
            self.failed.emit(job_id, _message(exc))
        else:
            self.done.emit(job_id, result)


@dataclass
class _Pending:
    on_result: ResultCallback | None
    on_error: ErrorCallback | None


class StoreWorker(QObject):
    """One background thread that owns the store. Create it on the GUI thread."""

    error = Signal(str)  # a failed job that had no on_error of its own
    checked = Signal(object)  # the full integrity check's problems ([] if none), after each open
    busy_changed = Signal(bool)
    idle = Signal()
    _submit = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = QThread()
        self._thread.setObjectName("store-worker")
        self._runner = _Runner()
        self._runner.moveToThread(self._thread)
        self._submit.connect(self._runner.run)
        self._runner.done.connect(self._on_done)
        self._runner.failed.connect(self._on_failed)
        self._pending: dict[int, _Pending] = {}
        self._next_id = 0
        self._closed = False
        self.path: Path | None = None
        self.backup_on_close = True  # trainer.store.backup: at most daily, the last ten kept
        self.full_check = True  # PRAGMA integrity_check on a thread of its own after each open
        self.checked.connect(self._report_check)
        self._thread.start()

    # ----------------------------------------------------------------- jobs
    @property
    def pending(self) -> int:
        return len(self._pending)

    @property
    def closed(self) -> bool:
        return self._closed

    def submit(self, fn: Callable[[Any], Any], on_result: ResultCallback | None = None,
               on_error: ErrorCallback | None = None) -> int:
        """Run ``fn(store)`` on the worker thread, after every job submitted before it."""

        def job(runner: _Runner) -> Any:
            if runner.store is None:
                raise NotOpen("the database is not open")
            return fn(runner.store)

        return self._enqueue(job, on_result, on_error)

    def open(self, path: str | Path, on_result: ResultCallback | None = None,
             on_error: ErrorCallback | None = None) -> int:
        """Open the store at ``path`` on the worker thread (``Store.open``)."""
        self.path = Path(path)

        def job(runner: _Runner) -> Any:
            from trainer.store import Store

            if runner.store is not None:
                runner.store.close()
                runner.store = None
            runner.store = Store.open(path)
            if self.full_check:
                self._start_full_check(Path(path))
            return str(path)

        return self._enqueue(job, on_result, on_error)

    def _enqueue(self, job: Callable[[_Runner], Any], on_result, on_error) -> int:
        if self._closed:  # the window is closing: nothing more reaches the database
            message = "the database is already closed"
            if on_error is not None:
                on_error(message)
            else:
                print(f"dealer-trainer: {message}", file=sys.stderr)
            return -1
        self._next_id += 1
        job_id = self._next_id
        self._pending[job_id] = _Pending(on_result, on_error)
        if len(self._pending) == 1:
            self.busy_changed.emit(True)
        self._submit.emit(job_id, job)
        return job_id

    @Slot(int, object)
    def _on_done(self, job_id: int, result: Any) -> None:
        pending = self._pending.pop(job_id, None)
        try:
            if pending is not None and pending.on_result is not None:
                pending.on_result(result)
        finally:
            self._after(job_id)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        pending = self._pending.pop(job_id, None)
        try:
            if pending is not None and pending.on_error is not None:
                pending.on_error(message)
            elif self._closed:  # the window is gone: say it where it can still be seen
                print(f"dealer-trainer: {message}", file=sys.stderr)
            else:
                self.error.emit(message)
        finally:
            self._after(job_id)

    def _after(self, job_id: int) -> None:
        if not self._pending:
            self.busy_changed.emit(False)
            self.idle.emit()

    # ------------------------------------------------------------ waiting
    def wait_idle(self, timeout_ms: int = 10_000) -> bool:
        """Run the event loop until every submitted job has reported back (for the
        snapshot command and tests; the GUI itself never waits). True if idle."""
        if not self._pending:
            return True
        loop = QEventLoop()
        self.idle.connect(loop.quit)
        QTimer.singleShot(timeout_ms, loop.quit)
        try:
            while self._pending:
                loop.exec()
                if self._pending:  # the timer fired
                    break
        finally:
            self.idle.disconnect(loop.quit)
        return not self._pending

    # ------------------------------------------------------- integrity
    def _start_full_check(self, path: Path) -> None:
        """Issue 14: the check at open (``quick_check``) does not compare indexes with
        their tables, and the full check of a 1.2 GB database takes over a second: it runs
        here, on a thread and a read-only connection of its own, while the first screen
        is up and the store is in use. Problems are reported through ``error``."""

        def run() -> None:
            from trainer.store.store import full_check_file

            problems = full_check_file(path)
            try:
                self.checked.emit(problems)
            except RuntimeError:  # the window closed meanwhile
                pass

        threading.Thread(target=run, name="dealer-trainer-integrity-check", daemon=True).start()

    def _report_check(self, problems: list) -> None:
        self.last_check = list(problems)
        if problems:
            from trainer.store.backup import backup_folder

            self.error.emit(
                f"The full check of the database {self.path} found that it is damaged "
                f"({'; '.join(str(p) for p in problems[:2])}). What it holds may be incomplete or wrong: "
                f"restore a backup (the supervisor's tools, Import tab: Restore a backup…; backups are in "
                f"{backup_folder(self.path) if self.path else 'the backups folder next to it'}), or ask the "
                "instructor.")

    # ------------------------------------------------------------ shutdown
    def shutdown(self, timeout_ms: int = 10_000) -> None:
        """Finish every queued job, close the store and stop the thread.

        Blocks for as long as the queued writes take (used when the window closes), so
        that nothing submitted is lost."""
        if self._closed:
            return

        backup = self.backup_on_close

        def close(runner: _Runner) -> None:
            try:
                if runner.store is not None and backup:
                    from trainer.store import backup as backups

                    try:  # on close, at most daily, the last ten kept (issue 14)
                        backups.make_backup(runner.store)
                    except Exception as e:  # noqa: BLE001 - a failed backup never stops the close
                        print(f"dealer-trainer: {e}", file=sys.stderr)
                if runner.store is not None:
                    runner.store.close()
            finally:
                runner.store = None
                QThread.currentThread().quit()

        self._enqueue(close, None, lambda message: print(f"dealer-trainer: {message}", file=sys.stderr))
        self._closed = True
        if not self._thread.wait(timeout_ms):
            print("dealer-trainer: the database did not close in time", file=sys.stderr)
            self._thread.quit()
            self._thread.wait(1000)
        self._pending.clear()

    def __del__(self) -> None:  # pragma: no cover - defensive
        try:
            if not self._closed and self._thread.isRunning():
                self._thread.quit()
                self._thread.wait(1000)
        except RuntimeError:
            pass
