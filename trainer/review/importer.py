"""Results between stations: the results file, and importing files and databases.

A station's results go to the supervisor as a *results file* (``*.dtresults``, written
by ``write_results_file``) or as the station's database file itself. The results file
is JSON::

    {"format": "dealer-trainer/results", "format_version": 2, "app_version": "0.1.0",
     "exported_at": "...", "station_id": "...", "schema_version": 3,
     "trainees": [{"id", "name", "created_at"}], "classes": [{"name", "created_at", "members": [trainee ids]}],
     "exams": [{"id", "title", "definition", "fingerprint", ...}],
     "sessions": [{"id", "trainee_id", "game_id", "mode", "seed", "question_count", "started_at",
                   "ended_at", "source", "exam_id"}],
     "answer_count": 1234, "table_round_count": 12,
     "answers": [{"id", "session_id", "trainee_id", ..., "target_ms"}],
     "table_rounds": [{"id", "session_id", "trainee_id", "station_id", "recorded_at", "game_id", "mode",
                       "level", "seed", "options", ..., "mistakes", "completed", "round_no", "attempts"}]}

Format 2 added ``table_rounds`` (table mode's rounds, the columns of the store's
``table_rounds`` with its JSON columns as text); a format-1 file has none and still
imports. Since the store's schema version 6 a round also carries ``round_no`` and
``attempts`` (what replays it exactly); they are optional in format 2 (a file written
before has neither, and its rounds are checked as before; an older Dealer Trainer reading
a newer file leaves them out). Ids of sessions, answers and table rounds are the station's uuids; trainee ids
are the station's own and are matched to this database's trainees by name (see
``trainer.store.exchange``).

``import_paths`` imports files and folders of files: every file is checked before
anything is written, and each file is imported whole or not at all, so a damaged file,
another program's file or one from a newer version is reported and nothing of it is
added. A database file is read from a temporary copy: the station's file is never
opened for writing. Each file stands alone: one that fails, whatever the reason, is
reported and the next is imported. A file's size is checked before anything of it is
read (``MAX_FILE_BYTES``).

Nothing in a file is taken on trust (issue 14); ``ResultsCheck`` replays it, for a
results file and a station's database alike:

- every answer is re-graded by the rules core: its question is made again from its
  game, kind and seed, its prompt and right answer must be the ones the station
  stored, and ``Question.is_correct`` of the given answer must be the station's grade.
  An unknown kind, a prompt or right answer that does not match its seed, or a grade
  that is not the rules' refuses the file, with the reason (the import report and the
  audit log say which answer and why). Table mode's steps and the drills' steps cannot
  be made again from a seed alone; in a drill session (as the app records them) they
  are kept as the station graded them and counted as "not replayed" in the report
  (table mode's figures come from its rounds); elsewhere their kind is unknown;
  so are answers asked in an older form of their question (a question asked in the
  amounts form before issue 13) whose prompt still matches;
- an exam's results are scored from this database's own copy of the exam: an attempt
  at an exam not made here is refused; its session must have the exam's seed and
  question count, its answers must be the exam's questions, each at most once; an
  answer given after the exam's time limit (with ``LATE_GRACE_S``) is not imported and
  is flagged; the counts of the file are never used;
- the first attempt of a trainee at an exam counts; later ones are shown as retakes
  (``Store.exam_attempts``);
- every table mode round is dealt again from its game, level, seed and house options,
  and one that carries its round number and attempts is played again through them
  (``trainer.review.round_check``, which says what its record holds and what it cannot
  replay): a round whose record is not what its replay gives is left out with one line
  naming it and what differs (in the import's flags and its audit entry), and the other
  rows import.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import trainer
from trainer.review.files import replaced_whole
from trainer.store import ImportSummary, Store, StoreError, Supervisor
from trainer.store.exchange import ANSWER_EXPORT_COLUMNS, EXAM_COLUMNS
from trainer.store.records import utc_now
from trainer.store.table_rounds import INT_COLUMNS, TABLE_ROUND_COLUMNS
from trainer.contracts.round_record import MODES

FORMAT = "dealer-trainer/results"
FORMAT_VERSION = 2  # 2: table mode's rounds
FILE_SUFFIX = ".dtresults"
DATABASE_SUFFIXES = (".sqlite3", ".sqlite", ".db")
IMPORT_SUFFIXES = (FILE_SUFFIX, ".json", *DATABASE_SUFFIXES)
SQLITE_MAGIC = b"SQLite format 3\x00"
UUID_HEX = re.compile(r"^[0-9a-f]{32}$")
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$")

MAX_FILE_BYTES = 512 * 1024 * 1024  # a results file is read whole: larger ones are refused before reading
MAX_DATABASE_BYTES = 8 * 1024 ** 3  # a station database is copied, then read in batches
LATE_GRACE_S = 30  # an exam answer recorded this long after the time limit is still in time
MAX_REASONS = 5  # reasons listed in a refusal (the count says how many in all)

# progress(file number from 1, files, answers done in this file, answers in this file, file name)
ImportProgress = Callable[[int, int, int, int, str], None]


class ImportFileError(ValueError):
    """A file that cannot be imported; ``str(e)`` is for a human and names the file."""


@dataclass(frozen=True)
class FileOutcome:
    path: Path
    summary: ImportSummary | None = None
    error: str | None = None
    flags: tuple[str, ...] = ()  # what was imported with a warning, or kept out (late exam answers)

    @property
    def ok(self) -> bool:
        return self.error is None


# -- writing -------------------------------------------------------------------------
def write_results_file(store: Store, path: str | Path, progress: Callable[[int, int], None] | None = None) -> int:
    """Write every result of this station to ``path`` (through a temporary file, so that a
    failure never leaves half a file); return the number of answers written (table mode's
    rounds follow them in the file)."""
    path = Path(path)
    header = store.results_header()
    total = header.pop("answer_count")
    rounds = header.pop("table_round_count")
    head = {"format": FORMAT, "format_version": FORMAT_VERSION, "app_version": trainer.__version__,
            "exported_at": utc_now(), **header, "answer_count": total, "table_round_count": rounds}
    written = 0
    with replaced_whole(path, ".dtresults-", fsync=True) as out:
        text = json.dumps(head, ensure_ascii=False)
        out.write(text[:-1] + ', "answers": [')
        for batch in store.iter_results_answers():
            for row in batch:
                out.write(("," if written else "") + "\n" + json.dumps(row, ensure_ascii=False))
                written += 1
            if progress is not None:
                progress(written, total)
        out.write("\n], \"table_rounds\": [")
        first = True
        for batch in store.iter_results_table_rounds():
            for row in batch:
                out.write(("" if first else ",") + "\n" + json.dumps(row, ensure_ascii=False))
                first = False
        out.write("\n]}\n")
    return written


# -- reading and checking -------------------------------------------------------------
def _bad(name: str, detail: str) -> ImportFileError:
    return ImportFileError(f"{name} is damaged: {detail}. Nothing was imported from it.")


def _check_rows(name: str, what: str, rows: Any, columns: dict[str, tuple]) -> list[dict[str, Any]]:
    if not isinstance(rows, list):
        raise _bad(name, f"its {what}s are not a list")
    for n, row in enumerate(rows, start=1):
        _check_row(name, what, n, row, columns)
    return rows


def _check_row(name: str, what: str, n: int, row: Any, columns: dict[str, tuple]) -> None:
    """Row ``n`` is an object whose ``columns`` have values of their kinds (an optional one
    may be missing or null; a boolean is not a number)."""
    if not isinstance(row, dict):
        raise _bad(name, f"{what} {n} is not an object")
    for col, (kinds, optional) in columns.items():
        value = row.get(col)
        if value is None and optional:
            continue
        if isinstance(value, bool) or not isinstance(value, kinds):
            raise _bad(name, f"{what} {n} has no valid {col!r}")


_S, _I = (str,), (int,)
TRAINEE_CHECK = {"id": (_I, False), "name": (_S, False), "created_at": (_S, True)}
CLASS_CHECK = {"name": (_S, False), "members": ((list,), True)}
EXAM_CHECK = {c: (_S, c in ("created_by", "created_at", "saved_at")) for c in EXAM_COLUMNS}
SESSION_CHECK = {"id": (_S, False), "trainee_id": (_I, False), "game_id": (_S, False), "mode": (_S, False),
                 "seed": (_I, False), "question_count": (_I, False), "started_at": (_S, False),
                 "ended_at": (_S, True), "source": (_S, True), "exam_id": (_S, True)}
ANSWER_CHECK = {c: (_I if c in ("trainee_id", "seed", "is_correct", "response_ms", "target_ms") else _S,
                    c == "target_ms") for c in ANSWER_EXPORT_COLUMNS}


def check_answer(name: str, n: int, a: Any) -> dict[str, Any]:
    """One answer of a results file, checked; the answer as the store takes it."""
    _check_row(name, "answer", n, a, ANSWER_CHECK)
    if a["is_correct"] not in (0, 1) or a["response_ms"] < 0 or not ISO.match(a["answered_at"]):
        raise _bad(name, f"answer {n} has an impossible value")
    for col in ("fields", "citations"):
        try:
            if not isinstance(json.loads(a[col]), list):
                raise ValueError
        except ValueError:
            raise _bad(name, f"answer {n} has no valid {col!r}") from None
    if not a.get("target_ms"):
        from trainer.contracts.measures import target_ms

        a = {**a, "target_ms": target_ms(a["form"], a["fields"], a["correct_answer"])}
    return a


TABLE_ROUND_CHECK = {c: (_I if c in INT_COLUMNS else _S, c == "station_id") for c in TABLE_ROUND_COLUMNS}
# what replays a round exactly (schema version 6): a file written before has neither
TABLE_ROUND_CHECK.update({"round_no": (_I, True), "attempts": (_S, True)})
_JSON_KINDS = {"options": dict, "action_ms": list, "mistakes": list}


def check_table_round(name: str, n: int, r: Any) -> dict[str, Any]:
    """One table round of a results file, checked; the row as the store takes it."""
    _check_row(name, "table round", n, r, TABLE_ROUND_CHECK)
    counts = [c for c in INT_COLUMNS if c not in ("trainee_id", "seed")]
    if (r["mode"] not in MODES or r["completed"] not in (0, 1) or any(r[c] < 0 for c in counts)
            or not ISO.match(r["recorded_at"])):
        raise _bad(name, f"table round {n} has an impossible value")
    for col, kind in _JSON_KINDS.items():
        try:
            value = json.loads(r[col])
            if not isinstance(value, kind):
                raise ValueError
            if col == "action_ms" and not all(isinstance(ms, int) and not isinstance(ms, bool) for ms in value):
                raise ValueError
            if col == "mistakes" and not all(isinstance(m, dict) for m in value):
                raise ValueError
        except ValueError:
            raise _bad(name, f"table round {n} has no valid {col!r}") from None
    round_no, attempts = r.get("round_no") or 0, r.get("attempts") or ""
    if round_no < 0:
        raise _bad(name, f"table round {n} has an impossible value")
    if attempts:
        try:
            value = json.loads(attempts)
            if not isinstance(value, list) or not all(isinstance(a, dict) for a in value):
                raise ValueError
        except ValueError:
            raise _bad(name, f"table round {n} has no valid 'attempts'") from None
    return {**{c: r.get(c) for c in TABLE_ROUND_COLUMNS}, "round_no": round_no, "attempts": attempts}


def check_header(name: str, doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportFileError(f"{name} is not a Dealer Trainer results file or database. Nothing was imported from it.")
    version = doc.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _bad(name, "it has no format version")
    if version > FORMAT_VERSION:
        by = f" ({doc['app_version']})" if isinstance(doc.get("app_version"), str) else ""
        raise ImportFileError(
            f"{name} was written by a newer version of Dealer Trainer{by}: it is results format {version}, and this "
            f"Dealer Trainer {trainer.__version__} reads format {FORMAT_VERSION}. Update Dealer Trainer here to "
            "import it. Nothing was imported from it.")
    header = {
        "station_id": doc.get("station_id") if isinstance(doc.get("station_id"), str) else None,
        "trainees": _check_rows(name, "trainee", doc.get("trainees"), TRAINEE_CHECK),
        "classes": _check_rows(name, "class", doc.get("classes", []), CLASS_CHECK),
        "exams": _check_rows(name, "exam", doc.get("exams", []), EXAM_CHECK),
        "sessions": _check_rows(name, "session", doc.get("sessions"), SESSION_CHECK),
    }
    for n, c in enumerate(header["classes"], start=1):
        if not all(isinstance(m, int) and not isinstance(m, bool) for m in c.get("members") or []):
            raise _bad(name, f"class {n} has members that are not trainee ids")
    trainee_ids = {t["id"] for t in header["trainees"]}
    for n, s in enumerate(header["sessions"], start=1):
        if s["trainee_id"] not in trainee_ids:
            raise _bad(name, f"session {n} belongs to a trainee the file does not list")
    return header


def read_results_file(path: Path) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    """A results file, checked whole: (header, answers in batches)."""
    header, answers, _rounds = read_results(path)
    return header, answers


def read_results(path: Path) -> tuple[dict[str, Any], list[list[dict[str, Any]]], list[list[dict[str, Any]]]]:
    """A results file, checked whole: (header, answers in batches, table rounds in batches)."""
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ImportFileError(f"{name} cannot be read: {e.strerror or e}.") from e
    if data.startswith(SQLITE_MAGIC):
        raise ImportFileError(f"{name} is a database, not a results file.")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ImportFileError(f"{name} is not a Dealer Trainer results file or database. "
                              "Nothing was imported from it.") from None
    header = check_header(name, doc)
    sessions = {s["id"] for s in header["sessions"]}
    trainees = {t["id"] for t in header["trainees"]}

    def checked_list(what: str, rows: Any, check: Callable[[str, int, Any], dict[str, Any]]) -> list[dict[str, Any]]:
        """Each row checked, and of a trainee and a session the file lists."""
        if not isinstance(rows, list):
            raise _bad(name, f"its {what}s are not a list")
        out = [check(name, n, r) for n, r in enumerate(rows, start=1)]
        for n, r in enumerate(out, start=1):
            for key, whose in (("trainee_id", trainees), ("session_id", sessions)):
                if r[key] not in whose:
                    raise _bad(name, f"{what} {n} belongs to a {key[:-3]} the file does not list")
        return out

    checked = checked_list("answer", doc.get("answers"), check_answer)
    header["answer_count"] = len(checked)
    rounds = checked_list("table round", doc.get("table_rounds", []), check_table_round)
    header["table_round_count"] = len(rounds)
    return (header, [checked[i:i + 5000] for i in range(0, len(checked), 5000)],
            [rounds[i:i + 2000] for i in range(0, len(rounds), 2000)])


class DatabaseSource:
    """A station's database read from a temporary copy (the original is never opened for
    writing); use as a context manager."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._tmp = tempfile.TemporaryDirectory(prefix="dealer-trainer-import-")
        copy = Path(self._tmp.name) / "station.sqlite3"
        try:
            shutil.copyfile(path, copy)
            wal = path.with_name(path.name + "-wal")
            if wal.exists():
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        except OSError as e:
            self._tmp.cleanup()
            raise ImportFileError(f"{path} cannot be read: {e.strerror or e}.") from e
        try:
            self.store = Store.open(copy)
        except StoreError as e:
            self._tmp.cleanup()
            message = str(e).replace(str(copy), str(path)).replace("The file was left untouched.", "").strip()
            raise ImportFileError(f"{message} Nothing was imported from it.") from e

    def header(self) -> dict[str, Any]:
        return self.store.results_header()

    def answers(self) -> Iterator[list[dict[str, Any]]]:
        return self.store.iter_results_answers()

    def table_rounds(self) -> Iterator[list[dict[str, Any]]]:
        return self.store.iter_results_table_rounds()

    def close(self) -> None:
        self.store.close()
        self._tmp.cleanup()

    def __enter__(self) -> DatabaseSource:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class ForgedResults(ImportFileError):
    """A file whose results the rules core does not confirm."""


def _when(stamp: str) -> datetime:
    when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


class ResultsCheck:
    """Replays a file's answers against the rules core and this database's exams (see the
    module's docstring). ``answers`` wraps the file's batches: it yields the answers to
    import and raises ``ForgedResults`` (inside the import's transaction, so nothing is
    added) at the end if any answer is not confirmed. ``flags`` are the warnings of an
    import that went ahead."""

    def __init__(self, store: Store, name: str, header: dict[str, Any]) -> None:
        from trainer.training.exams import ExamError, ExamSpec, exam_plan

        self.name = name
        self.problems: list[str] = []
        self.problem_count = 0
        self.flags: list[str] = []
        self.not_replayed = 0
        self.late = 0
        self.sessions = {s["id"]: s for s in header["sessions"]}
        self.exams: dict[str, tuple[Any, set[tuple[str, str, int]]]] = {}
        self._kinds: dict[str, dict[str, Any]] = {}
        self._exam_seen: dict[str, set[tuple[str, str, int]]] = {}
        file_exams = {e["id"]: e for e in header.get("exams", [])}
        for sess in header["sessions"]:
            exam_id = sess.get("exam_id")
            if exam_id is None or exam_id in self.exams:
                continue
            rows = store._rows("SELECT definition FROM exams WHERE id = ?", [exam_id])
            title = (file_exams.get(exam_id) or {}).get("title") or exam_id
            if not rows:
                raise ForgedResults(
                    f"{name} has an attempt at the exam {title!r}, which was not made in this database: an exam's "
                    "results are scored from the copy of the supervisor database that made it, so import this "
                    "file there. Nothing was imported from it.")
            try:
                spec = ExamSpec.from_dict(json.loads(rows[0]["definition"]))
                plan = {(q.game_id, q.kind, q.seed) for q in exam_plan(spec)}
            except (ExamError, ValueError) as e:
                raise ImportFileError(f"The exam {title!r} of {name} cannot be checked on this station ({e}). "
                                      "Nothing was imported from it.") from None
            self.exams[exam_id] = (spec, plan)
        for sess in header["sessions"]:
            exam = self.exams.get(sess.get("exam_id") or "")
            if exam is None:
                continue
            spec = exam[0]
            if sess["question_count"] != spec.question_count or sess["seed"] != spec.seed:
                self._problem(f"the attempt {sess['id'][:8]} at {spec.title!r} claims {sess['question_count']} "
                              f"questions of seed {sess['seed']}, but the exam has {spec.question_count} of seed "
                              f"{spec.seed}")

    def _problem(self, text: str) -> None:
        self.problem_count += 1
        if len(self.problems) < MAX_REASONS:
            self.problems.append(text)

    def _kind(self, game_id: str, kind: str) -> Any:
        from trainer.games import registry

        if game_id not in self._kinds:
            self._kinds[game_id] = ({k.id: k for k in registry.get_game(game_id).question_kinds()}
                                    if registry.is_available(game_id) else {})
        return self._kinds[game_id].get(kind)

    def check(self, n: int, a: dict[str, Any]) -> bool:
        """Whether to import answer ``n`` (False: a late exam answer, kept out and flagged)."""
        from trainer.training.session import make_question

        label = f"answer {n} ({a['kind']}, seed {a['seed']})"
        kind = self._kind(a["game_id"], a["kind"])
        session = self.sessions.get(a["session_id"])
        exam = self.exams.get((session or {}).get("exam_id") or "")
        if kind is None:
            # table mode's and the drills' steps: only in a drill session (as the app records
            # them), named for their own game; they are kept as graded, and counted
            step = a["kind"].startswith((f"{a['game_id']}.drill-", f"{a['game_id']}.table-"))
            in_drill = session is not None and session.get("mode") in ("drill", "table")
            if step and in_drill and exam is None:
                self.not_replayed += 1
                return True
            self._problem(f"{label} is of a kind of question this Dealer Trainer does not know")
            return True
        try:
            q = make_question(kind, a["seed"])
        except Exception as e:  # noqa: BLE001 - a seed the generator refuses is a problem of the file
            self._problem(f"{label}: its question cannot be made from its seed ({e})")
            return True
        if q.prompt != a["prompt"]:
            self._problem(f"{label}: its question text is not the one its seed gives")
            return True
        if q.form != a["form"]:
            if exam is not None:
                self._problem(f"{label}: it was asked in another form than the exam's")
            else:
                self.not_replayed += 1  # an older form of the question: kept as graded
            return True
        if q.answer != a["correct_answer"]:
            self._problem(f"{label}: its right answer is not the one of the rules")
            return True
        if q.is_correct(a["given"]) != bool(a["is_correct"]):
            self._problem(f"{label} is marked {'right' if a['is_correct'] else 'wrong'}, but the answer given is "
                          f"{'right' if q.is_correct(a['given']) else 'wrong'} by the rules")
            return True
        if exam is not None:
            spec, plan = exam
            key = (a["game_id"], a["kind"], a["seed"])
            seen = self._exam_seen.setdefault(a["session_id"], set())
            if key not in plan:
                self._problem(f"{label} is not a question of the exam {spec.title!r}")
                return True
            if key in seen:
                self._problem(f"{label} answers a question of the exam {spec.title!r} a second time")
                return True
            seen.add(key)
            try:
                late = (_when(a["answered_at"]) - _when(session["started_at"])).total_seconds()
            except ValueError:
                late = float("inf")
            if late > spec.time_limit_s + LATE_GRACE_S or late < -LATE_GRACE_S:
                self.late += 1
                return False
        return True

    def answers(self, batches: Iterable[list[dict[str, Any]]]) -> Iterator[list[dict[str, Any]]]:
        n = 0
        for batch in batches:
            keep = []
            for a in batch:
                n += 1
                a = check_answer(self.name, n, a)
                if self.check(n, a):
                    keep.append(a)
            yield keep
        self.finish()

    def rounds(self, batches: Iterable[list[dict[str, Any]]],
               known: Callable[[list[str]], set[str]] | None = None) -> Iterator[list[dict[str, Any]]]:
        """The table rounds to import, each replayed by ``round_check``: a round whose record
        is not what its replay gives is left out, with one line in ``flags`` naming it and
        what differs; the other rows import. ``known(ids)``: the ids already here (skipped
        by the import anyway, so not replayed again)."""
        from trainer.review.round_check import check_round

        refused: list[str] = []
        for batch in batches:
            here = known([r["id"] for r in batch]) if known is not None and batch else set()
            keep = []
            for r in batch:
                why = None if r["id"] in here else check_round(r)
                if why is None:
                    keep.append(r)
                else:
                    refused.append(why)
            yield keep
        self.flags.extend(refused[:MAX_REASONS])
        if len(refused) > MAX_REASONS:
            self.flags.append(f"{len(refused) - MAX_REASONS} more table round(s) were refused: their records are "
                              "not what their replays give")

    def finish(self) -> None:
        if self.problem_count:
            more = f" (and {self.problem_count - len(self.problems)} more)" if self.problem_count > len(
                self.problems) else ""
            raise ForgedResults(
                f"{self.name} was refused: its results are not what the rules give. "
                + "; ".join(self.problems) + more + ". Nothing was imported from it.")
        if self.late:
            self.flags.append(f"{self.late} exam answer(s) given after the exam's time limit were not imported")
        if self.not_replayed:
            self.flags.append(f"{self.not_replayed} answer(s) of table mode, drills or an older form of a question "
                              "cannot be replayed from a seed and were kept as the station graded them")


def is_database(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(16) == SQLITE_MAGIC
    except OSError:
        return False


def find_import_files(paths: list[str | Path]) -> list[Path]:
    """The files to import: files as given, and in folders (not their sub-folders) every
    results file and database file, by name."""
    found: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found += sorted(f for f in p.iterdir() if f.is_file() and f.suffix.lower() in IMPORT_SUFFIXES)
        else:
            found.append(p)
    return list(dict.fromkeys(found))


def _size_text(n: int) -> str:
    return f"{n / 1024 ** 2:,.0f} MB" if n >= 10 * 1024 ** 2 else f"{n:,} bytes"


def _size_check(path: Path) -> int:
    """The file's size, refused before anything of it is read if over the limit."""
    try:
        size = path.stat().st_size
    except OSError as e:
        raise ImportFileError(f"{path} cannot be read: {e.strerror or e}.") from e
    limit = MAX_DATABASE_BYTES if is_database(path) else MAX_FILE_BYTES
    if size > limit:
        what = "station database" if is_database(path) else "results file"
        raise ImportFileError(f"{path} is {_size_text(size)}, more than the {_size_text(limit)} a {what} may have "
                              "here: it was not read. Nothing was imported from it.")
    return size


def _refused(store: Store, by: Supervisor, path: Path, reason: str) -> None:
    """The audit log records a file refused for what its results claim (best effort)."""
    try:
        store.record_audit(by, "results.refused", str(path), {"reason": reason})
    except (StoreError, ValueError):
        pass


def import_file(store: Store, path: Path, *, by: Supervisor,
                progress: Callable[[int, int], None] | None = None, flags: list[str] | None = None) -> ImportSummary:
    """Import one results file or database file, replayed by ``ResultsCheck``;
    ``ImportFileError`` or ``StoreError``. ``flags`` receives the import's warnings."""
    if not path.exists():
        raise ImportFileError(f"{path} does not exist.")
    _size_check(path)

    def known(ids: list[str]) -> set[str]:
        return {r["id"] for r in store._rows(f"SELECT id FROM table_rounds WHERE id IN ({', '.join('?' * len(ids))})",
                                             ids)}
    try:
        if is_database(path):
            if path.resolve() == Path(store.path).resolve():
                raise ImportFileError(f"{path} is the database open here: its results are already in the review.")
            with DatabaseSource(path) as source:
                # the same checks as a results file (issue 14): the header's rows, then every answer
                header = check_header(str(path), {"format": FORMAT, "format_version": FORMAT_VERSION,
                                                  **source.header()})
                header["answer_count"] = source.store.results_header()["answer_count"]
                check = ResultsCheck(store, str(path), header)
                summary = store.import_results(header, check.answers(source.answers()), by=by, source=str(path),
                                               progress=progress, table_rounds=check.rounds(source.table_rounds(),
                                                                                            known),
                                               flags=check.flags)
        else:
            header, batches, rounds = read_results(path)
            check = ResultsCheck(store, str(path), header)
            summary = store.import_results(header, check.answers(batches), by=by, source=str(path),
                                           progress=progress, table_rounds=check.rounds(rounds, known),
                                           flags=check.flags)
    except ForgedResults as e:
        _refused(store, by, path, str(e))
        raise
    if flags is not None:
        flags.extend(check.flags)
    return summary


def import_paths(store: Store, paths: list[str | Path], *, by: Supervisor,
                 progress: ImportProgress | None = None) -> list[FileOutcome]:
    """Import every file (and every results or database file in every folder) given; one
    outcome per file, in order. A file that fails adds nothing and does not stop the rest,
    whatever the failure."""
    files = find_import_files(paths)
    outcomes = []
    for n, path in enumerate(files, start=1):
        name = path.name
        if progress is not None:
            progress(n, len(files), 0, 0, name)

        def step(done: int, total: int, n: int = n, name: str = name) -> None:
            if progress is not None:
                progress(n, len(files), done, total, name)

        flags: list[str] = []
        try:
            outcomes.append(FileOutcome(path, summary=import_file(store, path, by=by, progress=step, flags=flags),
                                        flags=tuple(flags)))
        except (ImportFileError, StoreError) as e:
            outcomes.append(FileOutcome(path, error=str(e)))
        except MemoryError:
            outcomes.append(FileOutcome(path, error=f"{path} is too large to import here. Nothing was imported "
                                                    "from it."))
        except Exception as e:  # noqa: BLE001 - one bad file never stops a folder (issue 14)
            outcomes.append(FileOutcome(path, error=f"{path} could not be imported ({type(e).__name__}: {e}). "
                                                    "Nothing was imported from it."))
    return outcomes
