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


def add_commands(commands) -> None:
    server = commands.add_parser(
        "server", help="the classroom server (PostgreSQL): server init|check|accept [URL]",
        description="The classroom server: a PostgreSQL database that stations send their results to and take "
                    "exams from. URL is a PostgreSQL URL (postgresql://user@host/database); without it, the "
                    "station's [server] url.")
    actions = server.add_subparsers(dest="server_command", metavar="ACTION", required=True)
    init = actions.add_parser("init", help="create the schema or bring it up to date (the database's owner)",
                              description="Create the server's schema, or migrate it to this version; a newer "
                                          "schema is refused and left untouched.")
    check = actions.add_parser("check", help="report the server, your role there, its schema and what it holds",
                               description="Connect and report what the server is and holds.")
    accept = actions.add_parser("accept", help="re-grade the answers that arrived (a supervisor)",
                                description="Re-grade every answer that arrived and is not yet checked, with the "
                                            "rules core, as a file import does; accepted answers reach the "
                                            "dashboard.")
    accept.add_argument("--watch", type=float, metavar="SECONDS",
                        help="check again every SECONDS until interrupted (Ctrl+C)")
    for parser in (init, check, accept):
        parser.add_argument("url", nargs="?", metavar="URL", help="the server (default: [server] url)")


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
            from trainer.server.checker import check_forever, check_pending

            schema.check_version(conn)
            if args.watch:
                check_forever(conn, args.watch, report=print)
                return 0
            outcome = check_pending(conn)
            print(outcome.text())
            return 0
    except (ServerError, schema.SchemaError) as e:
        print(f"{name}: error: {e}", file=sys.stderr)
        return 1
    except psycopg.Error as e:
        print(f"{name}: error: {one_line(e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
