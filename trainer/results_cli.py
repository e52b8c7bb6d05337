"""``dealer-trainer results export|import``: stations' results on the command line, for a
lab's scripts (issue 14). Wired into ``trainer.cli``.

- ``results export FILE``: this station's results file (``.dtresults``), as File >
  Export this station's results writes it; no supervisor account is needed.
- ``results import --supervisor NAME PATH...``: files, station databases and folders of
  them into the database, as the supervisor's Import tab does (every answer replayed
  by the rules core, see ``trainer.review.importer``). The supervisor signs in with the
  password read from standard input (one line: ``--password-stdin``) or asked for on
  the terminal; the import is in the audit log under that name. One line per file;
  ``--json`` prints the outcomes as JSON.

Exit codes: 0 when every file was imported (or the export written), 1 when any file was
refused or the database cannot be opened, 2 for a command line that is not understood.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_commands(commands) -> None:
    results = commands.add_parser(
        "results", help="export this station's results or import stations' results (for scripts)",
        description="Export this station's results file, or import stations' results files, databases or "
                    "folders of them as a signed-in supervisor.")
    actions = results.add_subparsers(dest="results_command", metavar="ACTION", required=True)
    export = actions.add_parser("export", help="write this station's results file (no account needed)",
                                description="Write every result of this station to a results file.")
    export.add_argument("file", type=Path, metavar="FILE", help="the results file to write (.dtresults)")
    imp = actions.add_parser("import", help="import results files, station databases or folders of them",
                             description="Import results files, station databases or folders of them; every "
                                         "answer is replayed by the rules core and a forged file is refused.")
    imp.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="files or folders")
    imp.add_argument("--supervisor", required=True, metavar="NAME", help="the supervisor who imports")
    imp.add_argument("--password-stdin", action="store_true",
                     help="read the supervisor's password from the first line of standard input")
    imp.add_argument("--json", action="store_true", help="print the outcomes as JSON")


def run(args: argparse.Namespace, db_path: Path) -> int:
    from trainer.review import accounts, importer
    from trainer.store import Store, StoreError

    name = f"dealer-trainer results {args.results_command}"

    def fail(message: str) -> int:
        print(f"{name}: error: {message}", file=sys.stderr)
        return 1

    if args.results_command == "export":
        suffix = args.file.suffix.lower()
        if suffix not in (importer.FILE_SUFFIX, ".json"):
            return fail(f"{args.file} should end in {importer.FILE_SUFFIX}")
        try:
            with Store.open(db_path) as store:
                written = importer.write_results_file(store, args.file)
        except StoreError as e:
            return fail(str(e))
        except OSError as e:
            return fail(f"{args.file} cannot be written: {e.strerror or e}")
        print(f"Wrote {written:,} answers of {db_path} to {args.file}.")
        return 0

    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        import getpass

        try:
            password = getpass.getpass(f"Password for supervisor {args.supervisor}: ")
        except (EOFError, KeyboardInterrupt):
            return fail("no password given; nothing was imported")
    try:
        with Store.open(db_path) as store:
            try:
                by = accounts.sign_in(store, args.supervisor, password)
            except accounts.AccountError as e:
                return fail(str(e))
            outcomes = importer.import_paths(store, list(args.paths), by=by)
    except StoreError as e:
        return fail(str(e))
    if not outcomes:
        return fail("no results file or database found in " + ", ".join(map(str, args.paths)))
    if args.json:
        print(json.dumps([{
            "file": str(o.path), "imported": o.ok, "error": o.error, "flags": list(o.flags),
            **({"answers_added": o.summary.answers_added, "answers_skipped": o.summary.answers_skipped,
                "sessions_added": o.summary.sessions_added, "trainees_added": list(o.summary.new_trainees),
                "table_rounds_added": o.summary.table_rounds_added} if o.ok else {}),
        } for o in outcomes], indent=2, ensure_ascii=False))
    else:
        for o in outcomes:
            if o.ok:
                s = o.summary
                flags = f" ({'; '.join(o.flags)})" if o.flags else ""
                print(f"{o.path}: imported {s.answers_added:,} new answers, {s.answers_skipped:,} already here{flags}")
            else:
                print(f"{o.path}: not imported: {o.error}")
    return 0 if all(o.ok for o in outcomes) else 1
