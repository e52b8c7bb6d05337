"""``dealer-trainer server init|check|accept [URL]`` (issue 19). Without URL, the
station's ``[server] url`` (or ``--server``) is used. psycopg is imported only when a
command runs, so the rest of the command line works without the ``server`` extra.

- ``init``: create the schema, or bring it up to date (as the database's owner); a newer
  schema is refused, nothing changed;
- ``check``: what the server is, who we are there, the schema's version and what it holds;
- ``accept``: the supervisor's checker: re-grade every answer that arrived since the last
  run with the rules core (``--watch SECONDS``: again and again, until interrupted).

Exit codes: 0 done, 1 the server cannot be used (one line says why), 2 no URL.
"""

from __future__ import annotations

import argparse
import sys


ACTIONS = {  # name: (help, description)
    "init": ("create the schema or bring it up to date (the database's owner)",
             "Create the server's schema, or migrate it to this version; a newer schema is refused and left "
             "untouched."),
    "check": ("report the server, your role there, its schema and what it holds",
              "Connect and report what the server is and holds."),
    "accept": ("re-grade the answers and table rounds that arrived (a supervisor)",
               "Re-grade every answer that arrived and is not yet checked, with the rules core, as a file import "
               "does, and replay every table round not yet checked; accepted answers and rounds reach the "
               "dashboard."),
}


def add_commands(commands) -> None:
    server = commands.add_parser(
        "server", help="the classroom server (PostgreSQL): server init|check|accept [URL]",
        description="The classroom server: a PostgreSQL database that stations send their results to and take "
                    "exams from. URL is a PostgreSQL URL (postgresql://user@host/database); without it, the "
                    "station's [server] url.")
    actions = server.add_subparsers(dest="server_command", metavar="ACTION", required=True)
    for name, (short, long) in ACTIONS.items():
        action = actions.add_parser(name, help=short, description=long)
        action.add_argument("url", nargs="?", metavar="URL", help="the server (default: [server] url)")
    actions.choices["accept"].add_argument("--watch", type=float, metavar="SECONDS",
                                           help="check again every SECONDS until interrupted (Ctrl+C)")
    # the instructor's commands (a supervisor's URL): URL first, then what to do
    for name, short, arguments in (
            ("login", "make a login role a station (or with --supervisor, a supervisor)", ("ROLE",)),
            ("trainee", "add a trainee, asking for the PIN twice", ("NAME",)),
            ("class", "make a class of trainees (their names)", ("NAME", "TRAINEE...")),
            ("publish", "publish an exam file to a class between two times (ISO, with time zone)",
             ("EXAM_FILE", "CLASS", "OPENS", "CLOSES")),
            ("release", "release an exam window's results to its trainees now", ("WINDOW",)),
            ("live", "the class of an exam window: who started, answered, finished", ("WINDOW",))):
        action = actions.add_parser(name, help=short, description=short[0].upper() + short[1:] + ".")
        action.add_argument("url", metavar="URL", help="the server, as a supervisor")
        for argument in arguments:
            many = argument.endswith("...")
            action.add_argument(argument.strip(".").lower(), metavar=argument.strip("."), nargs="+" if many else None)
    actions.choices["login"].add_argument("--supervisor", action="store_true", help="a supervisor, not a station")
    actions.choices["publish"].add_argument("--code", metavar="CODE", help="the start code of a sealed exam file")


def run(args: argparse.Namespace, url: str | None) -> int:
    name = f"dealer-trainer server {args.server_command}"
    url = args.url or url
    if not url:
        print(f"{name}: error: give the server's URL, or set [server] url in station.toml", file=sys.stderr)
        return 2
    try:
        import psycopg
    except ImportError:
        print(f"{name}: error: the server's driver is not installed: pip install 'dealer-trainer[server]'",
              file=sys.stderr)
        return 1
    from trainer.server import schema
    from trainer.server.connection import ServerError, check, connect, one_line

    try:
        with connect(url) as conn:
            if args.server_command == "init":
                before = schema.read_version(conn)
                applied = schema.migrate(conn)
                if applied:
                    print(f"Schema version {before} -> {applied[-1]} (applied {', '.join(map(str, applied))}).")
                else:
                    print(f"Schema version {before}: up to date.")
                roles = schema.Roles.for_database(conn.execute("SELECT current_database()").fetchone()[0])
                print(f"Roles: stations are members of {roles.station}, supervisors of {roles.supervisor}.")
                return 0
            if args.server_command == "check":
                print("\n".join(check(conn).lines()))
                return 0
            schema.check_version(conn)
            if args.server_command in INSTRUCTOR:
                return INSTRUCTOR[args.server_command](conn, args)
            from trainer.server.checker import check_forever, check_pending

            if args.watch:
                check_forever(conn, args.watch, report=print)
                return 0
            outcome = check_pending(conn)
            print(outcome.text())
            return 0
    except (ServerError, schema.SchemaError, ValueError) as e:
        print(f"{name}: error: {e}", file=sys.stderr)
        return 1
    except psycopg.Error as e:
        print(f"{name}: error: {one_line(e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


# -- the instructor's commands ------------------------------------------------------------
def _login(conn, args) -> int:
    from trainer.server import accounts

    accounts.add_login(conn, args.role, supervisor=args.supervisor)
    print(f"{args.role} is a {'supervisor' if args.supervisor else 'station'} of this database.")
    return 0


def _trainee(conn, args) -> int:
    import getpass

    from trainer.server import accounts

    pin = getpass.getpass(f"PIN for {args.name} (4 to 8 digits): ")
    if getpass.getpass("The same PIN again: ") != pin:
        raise ValueError("the two PINs differ; nothing was changed")
    trainee_id = accounts.add_trainee(conn, args.name, pin)
    print(f"Added {args.name} (id {trainee_id}).")
    return 0


def _trainee_ids(conn, names: list[str]) -> list[int]:
    from trainer.server.station import roster

    known = roster(conn)
    missing = [n for n in names if n.lower() not in known]
    if missing:
        raise ValueError(f"no trainee named {', '.join(missing)} on the server")
    return [known[n.lower()] for n in names]


def _class(conn, args) -> int:
    from trainer.server import accounts

    class_id = accounts.add_class(conn, args.name, _trainee_ids(conn, args.trainee))
    print(f"Made the class {args.name} (id {class_id}) of {len(args.trainee)} trainees.")
    return 0


def _publish(conn, args) -> int:
    from datetime import datetime
    from pathlib import Path

    from trainer.server import accounts
    from trainer.training.exams import read_exam_file

    spec, fingerprint = read_exam_file(Path(args.exam_file).read_bytes(), args.exam_file, start_code=args.code)
    opens, closes = (datetime.fromisoformat(args.opens), datetime.fromisoformat(args.closes))
    class_name = getattr(args, "class")
    row = conn.execute("SELECT id FROM dealer.classes WHERE lower(name) = lower(%s)", [class_name]).fetchone()
    if row is None:
        raise ValueError(f"no class named {class_name} on the server")
    if conn.execute("SELECT 1 FROM dealer.exams WHERE id = %s", [spec.id]).fetchone() is None:
        accounts.save_exam(conn, spec.to_dict(), fingerprint)
    window = accounts.publish_exam(conn, spec.id, row[0], opens, closes)
    print(f"Published {spec.title!r} to {class_name} from {opens.isoformat()} to {closes.isoformat()} "
          f"(window {window}).")
    return 0


def _release(conn, args) -> int:
    from trainer.server import accounts

    accounts.release_results(conn, int(args.window))
    print(f"Released the results of window {args.window}.")
    return 0


def _live(conn, args) -> int:
    from trainer.server.checker import check_pending
    from trainer.server.dashboard import live_class

    check_pending(conn)
    rows = live_class(conn, int(args.window))
    if not rows:
        raise ValueError(f"no exam window {args.window}, or its class is empty")
    width = max(len(r.trainee) for r in rows)
    for r in rows:
        print(f"{r.trainee:<{width}}  {r.state:<24}  accepted {r.accepted}, right {r.correct}")
    return 0


INSTRUCTOR = {"login": _login, "trainee": _trainee, "class": _class, "publish": _publish, "release": _release,
              "live": _live}
