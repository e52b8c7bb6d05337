"""A killed process loses nothing it had recorded: every write is committed at once."""

from __future__ import annotations

import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from trainer.store import Store

# The child opens the store, records answers one by one and prints a line after each
# commit, then holds the session open (sleeping) until it is killed.
CHILD = r"""
import sys, time
from trainer.store import Store
from trainer.contracts.question import Question
from trainer.contracts.question import AnswerResult

path, count, pause = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
store = Store.open(path)
trainee = store.add_trainee("Crash Test")
session = store.start_session(trainee.id, "two-card-joker", seed=42, question_count=count + 3)
print("session", session, trainee.id, flush=True)
for i in range(count):
    q = Question(game_id="two-card-joker", skill="two-card-joker.hand-ranking",
                 kind="two-card-joker.name-the-hand", seed=i, prompt=f"Question {i}",
                 form="choice", answer="Pair", explanation="Why.", citations=("rule 1",),
                 options=("Pair", "Straight"))
    given = "Pair" if i % 3 else "Straight"
    store.record_answer(session, trainee.id, AnswerResult(q, given, q.is_correct(given), 100 + i))
    print("committed", i + 1, flush=True)
    time.sleep(pause)
print("holding", flush=True)
time.sleep(600)
"""


class Child:
    """The child process with its output lines read on a thread (works on every platform)."""

    def __init__(self, path: Path, count: int, pause: float) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(count), str(pause)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def next_line(self, timeout: float = 60.0) -> str:
        line = self.lines.get(timeout=timeout)
        if line is None:
            self.proc.wait(timeout=10)
            raise AssertionError(f"the child ended early: {self.proc.stderr.read() if self.proc.stderr else ''}")
        return line

    def kill(self) -> list[str]:
        """SIGKILL the child; return the lines it printed that were not read yet."""
        self.proc.kill()
        self.proc.wait(timeout=30)
        if os.name == "posix":
            assert self.proc.returncode == -signal.SIGKILL
        rest = []
        while (line := self.lines.get(timeout=30)) is not None:
            rest.append(line)
        return rest


def test_killed_in_the_middle_of_a_session_keeps_every_recorded_answer(tmp_path: Path) -> None:
    path = tmp_path / "station" / "trainer.sqlite3"
    child = Child(path, count=7, pause=0.0)
    _, session_id, trainee_id = child.next_line().split()
    seen = []
    while (line := child.next_line()) != "holding":
        seen.append(line)
    assert seen == [f"committed {n}" for n in range(1, 8)]
    assert child.kill() == []

    with Store.open(path) as store:
        answers = store.answers(int(trainee_id))
        assert len(answers) == 7
        assert [a.seed for a in answers] == list(range(6, -1, -1))
        assert [a.is_correct for a in reversed(answers)] == [i % 3 != 0 for i in range(7)]
        [session] = store.sessions(int(trainee_id))
        assert session.id == session_id
        assert session.ended_at is None
        assert (session.answered, session.correct) == (7, 4)
        [progress] = store.progress(int(trainee_id))
        assert (progress.answered, progress.correct, progress.mean_ms) == (7, 4, 103)
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_killed_while_writing_loses_at_most_the_answer_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    child = Child(path, count=2000, pause=0.0)
    _, _, trainee_id = child.next_line().split()
    while child.next_line() != "committed 40":
        pass
    rest = child.kill()
    printed = max([40] + [int(line.split()[1]) for line in rest if line.startswith("committed")])

    with Store.open(path) as store:
        stored = len(store.answers(int(trainee_id)))
        # every printed answer was committed; one more may have committed before its line
        assert printed <= stored <= printed + 1
        [session] = store.sessions(int(trainee_id))
        assert session.answered == stored and session.ended_at is None
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
