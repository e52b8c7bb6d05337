"""The command line: ``dealer-trainer [--db PATH] [--fullscreen]`` starts the app;
``dealer-trainer snapshot --screen NAME --out FILE.png`` renders one screen offscreen;
``dealer-trainer config show`` prints the station's settings (``trainer.config``), which
every command reads first.

``main`` returns the exit code (the console script passes it to ``sys.exit``):
0 on success, 1 when the database cannot be opened, the snapshot cannot be made or a
settings file is not accepted, 2 for a command line that is not understood.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import trainer
from trainer.rulebook import commands as rulebook_commands

SCREENS = ("trainee", "home", "quiz", "feedback", "summary", "progress", "settle", "explorer",
           # adaptive practice, exams and the supervisor's review (trainer.ui.screens.dashboard_snapshot)
           "daily", "mistakes", "learn", "speed", "exam", "exam-result", "supervisor", "dashboard",
           "trainee-review", "trainee-rounds", "tools", "report", "trainee-report",
           # a table-mode round in progress (trainer.ui.table_mode.screen)
           "table-deal", "table-watch")
DEFAULT_GAME = "two-card-joker"
DEFAULT_SEED = 7


def _size(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of pixels") from None
    if not 200 <= value <= 8000:
        raise argparse.ArgumentTypeError(f"{value} is out of range: use 200 to 8000 pixels")
    return value


# The app's own start (no command): the global options alone, each given in full with its value
# (``--db PATH`` or ``--db=PATH``). Such a command line needs no command's parser (issue 17).
_VALUED = ("--db", "--rules", "--server")
_FLAGS = ("--fullscreen",)


def starts_the_app(argv: list[str]) -> bool:
    """Whether ``argv`` plainly starts the app: global options only, none that prints and
    exits, every value present. Anything else (a command, --help, an abbreviation, an
    error) is left to the whole parser."""
    given = iter(argv)
    for token in given:
        if token in _FLAGS or any(token.startswith(option + "=") for option in _VALUED):
            continue
        if token not in _VALUED:
            return False
        value = next(given, None)
        if value is None or value.startswith("-"):
            return False
    return True


def build_parser(*, commands_too: bool = True) -> argparse.ArgumentParser:
    """The command line's parser; ``commands_too=False``: without the commands, for a line
    that names none (``starts_the_app``)."""
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description="Dealer Trainer: practise and test the procedures of regulated casino table games.",
    )
    parser.add_argument("--db", type=Path, metavar="PATH",
                        help="the trainee database (default: the settings file's, else a file in your user "
                             "data folder; see: dealer-trainer config show)")
    parser.add_argument("--fullscreen", action="store_true",
                        help="start full screen (classroom stations; F11 or View > Full screen leaves it)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {trainer.__version__}")
    rulebook_commands.add_global_option(parser)  # --rules FOLDER: the school's rule texts
    parser.add_argument("--server", metavar="URL",
                        help="the classroom server (PostgreSQL URL, no password): results are sent there and "
                             "exams taken from it (default: the settings file's [server] url)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    if not commands_too:
        return parser
    snap = commands.add_parser(
        "snapshot", help="render one screen to a PNG file, offscreen",
        description="Render one screen of the app to a PNG file without showing a window. Without --db "
                    "a temporary database with a demo trainee and seeded sessions is used.")
    snap.add_argument("--screen", required=True, metavar="NAME", help=f"one of: {', '.join(SCREENS)}")
    snap.add_argument("--out", required=True, type=Path, metavar="FILE.png", help="the PNG file to write")
    snap.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="N",
                      help=f"the seed of the demo sessions and of the quiz shown (default {DEFAULT_SEED})")
    snap.add_argument("--db", dest="snapshot_db", type=Path, metavar="PATH",
                      help="draw from this database instead of a demo one (the quiz screens write nothing)")
    snap.add_argument("--game", default=DEFAULT_GAME, metavar="ID", help=f"the game (default {DEFAULT_GAME})")
    snap.add_argument("--width", type=_size, default=1280, metavar="W", help="width in pixels (default 1280)")
    snap.add_argument("--height", type=_size, default=800, metavar="H", help="height in pixels (default 800)")
    analyze = commands.add_parser(
        "analyze", help="exact game math: hand counts, pay-table edges, the base game",
        description="Enumerate every possible hand of a game and print the exact category counts and, for "
                    "each bet settled on the player's own cards, its outcomes, expected value and house edge.")
    analyze.add_argument("game", metavar="GAME", help="a game id, e.g. two-card-joker")
    analyze.add_argument("--table", metavar="NAME", help="only this pay table (e.g. 2 for Pair Up Table 2)")
    analyze.add_argument("--json", action="store_true", help="print JSON instead of tables")
    settle = commands.add_parser(
        "settle", help="settle one round given as JSON: every wager's result, odds and rule",
        description="Read one round as JSON (a file, or - for standard input) and print every wager's "
                    "result with its odds and the section it comes from. Amounts are integer cents.")
    settle.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="the round (default: standard input)")
    settle.add_argument("--json", action="store_true", help="print JSON instead of tables")
    supervisor = commands.add_parser(
        "supervisor", help="set up the first supervisor account of a database (instructors)",
        description="Make the first supervisor account of the database (--db, or the default one), asking for "
                    "the password twice without showing it. The app never makes an account on its sign-in "
                    "screen; later accounts are added by a signed-in supervisor in the supervisor's tools.")
    supervisor_commands = supervisor.add_subparsers(dest="supervisor_command", metavar="ACTION", required=True)
    add = supervisor_commands.add_parser("add", help="make the first supervisor account",
                                         description="Make the first supervisor account of the database.")
    add.add_argument("name", metavar="NAME", help="the supervisor's name, as typed to sign in")
    cfg = commands.add_parser(
        "config", help="the station's settings: config show",
        description="The station's settings file (station.toml), read from the machine-wide config folder "
                    "and then the user's (the user's file wins; --db wins over both).")
    cfg_commands = cfg.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    cfg_commands.add_parser("show", help="print the settings in force and where each came from",
                            description="Print the settings in force and where each came from: default, "
                                        "machine file, user file or command line.")
    from trainer import results_cli

    results_cli.add_commands(commands)  # results export|import (issue 14)
    rulebook_commands.add_commands(commands)  # rules, questions (trainer.rulebook.commands)
    from trainer.server import cli as server_cli

    server_cli.add_commands(commands)  # server init|check|accept (issue 19)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(commands_too=not starts_the_app(sys.argv[1:] if argv is None else argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a command line argparse refused
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    station = _station_config(args)
    if isinstance(station, int):
        return station
    if args.command == "config":
        return _config(station)
    rulebook_commands.setup_rules_folder(args, station)
    if (code := rulebook_commands.run(args, write_worksheet=_write_worksheet)) is not None:
        return code
    if args.command == "snapshot":
        return _snapshot(args)
    if args.command == "analyze":
        return _analyze(args)
    if args.command == "settle":
        return _settle(args)
    if args.command == "supervisor":
        return _supervisor(args, station.database.value)
    if args.command == "results":
        from trainer import results_cli

        return results_cli.run(args, station.database.value)
    if args.command == "server":
        from trainer import config
        from trainer.server import cli as server_cli

        return server_cli.run(args, config.server_url(station))
    from trainer.display_check import problem

    if (message := problem()) is not None:  # before Qt aborts with a cryptic message
        print(f"dealer-trainer: {message}", file=sys.stderr)
        return 1
    from trainer.ui.app import run

    return run(station.database.value, full_screen=args.fullscreen)


def _station_config(args: argparse.Namespace):
    """The station's settings (trainer.config), made those of this run, with the rules
    folder they name; or 1 after one line saying which file and key are not accepted."""
    from trainer import config

    try:
        station = config.load(db=args.db, server_url=getattr(args, "server", None))
    except config.ConfigError as e:
        print(f"dealer-trainer: error: {e}", file=sys.stderr)
        if args.command is None:  # the app, perhaps started with no console to print to
            _settings_refused_box(str(e))
        return 1
    config.activate(station)
    return station


def _settings_refused_box(message: str) -> None:
    """Say in a window why the app does not start: a station's app runs without a console."""
    from trainer.display_check import problem

    if problem() is not None:
        return
    from PySide6.QtWidgets import QMessageBox

    from trainer.ui.app import ensure_app

    ensure_app()
    QMessageBox(QMessageBox.Icon.Critical, "Dealer Trainer cannot start",
                f"The station's settings file is not accepted:\n\n{message}\n\n"
                "Correct the file, then start Dealer Trainer again "
                "(dealer-trainer config show checks it).", QMessageBox.StandardButton.Close).exec()


def _config(station) -> int:
    from trainer.config import format_config

    print(format_config(station))
    return 0


def _write_worksheet(path, title: str, questions: list) -> None:
    """The PDF worksheet of `dealer-trainer questions --format pdf`, drawn with Qt (imported
    when asked for, offscreen)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from trainer.ui.worksheet import write_worksheet

    write_worksheet(path, title, questions)


def _snapshot(args: argparse.Namespace) -> int:
    if args.screen not in SCREENS:
        print(f"dealer-trainer snapshot: error: unknown screen {args.screen!r}; "
              f"the screens are: {', '.join(SCREENS)}", file=sys.stderr)
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists
    from trainer.games import registry

    if not registry.is_available(args.game):
        available = ", ".join(e.id for e in registry.catalogue() if registry.is_available(e.id)) or "none"
        print(f"dealer-trainer snapshot: error: the game {args.game!r} is not available; "
              f"available games: {available}", file=sys.stderr)
        return 2
    from trainer.ui.snapshot import main_snapshot

    db = args.snapshot_db if args.snapshot_db is not None else args.db
    return main_snapshot(args.screen, args.out, seed=args.seed, db=db, game_id=args.game,
                         width=args.width, height=args.height)


def _analyze(args: argparse.Namespace) -> int:
    import json

    from trainer.analysis_report import format_analysis
    from trainer.games.registry import UnknownGame, get_game

    try:
        game = get_game(args.game)
    except UnknownGame as e:
        print(f"dealer-trainer analyze: error: {e.args[0]}", file=sys.stderr)
        return 2
    try:
        result = game.analyze(args.table)
    except ValueError as e:
        print(f"dealer-trainer analyze: error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else format_analysis(result, game.title))
    return 0


def _settle(args: argparse.Namespace) -> int:
    import json

    from trainer.calculator import MAX_INPUT_BYTES, format_result, settle_text
    from trainer.core.settlement import SettlementError

    # Bytes, decoded by settle_text (strict UTF-8, one line if not); one byte more than the
    # limit is read so that a larger input is refused without reading it all.
    try:
        if args.file == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(MAX_INPUT_BYTES + 1) if stream is not None else sys.stdin.read(MAX_INPUT_BYTES + 1)
        else:
            with Path(args.file).open("rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except (OSError, UnicodeDecodeError) as e:
        print(f"dealer-trainer settle: error: cannot read {args.file}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        return 1
    try:
        result = settle_text(data)
    except SettlementError as e:
        message = " ".join(str(e).split())  # one line, whatever the input put in the message
        print(f"dealer-trainer settle: error: {message}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2) if args.json else format_result(result))
    return 0


def _supervisor(args: argparse.Namespace, path: Path) -> int:
    """``supervisor add NAME``: the first account, made at set-up by the instructor (issue 14:
    whoever first pressed Supervisor used to make it on the sign-in screen)."""
    import getpass

    from trainer.review import accounts
    from trainer.store import Store, StoreError

    def fail(message: str) -> int:
        print(f"dealer-trainer supervisor add: error: {message}", file=sys.stderr)
        return 1

    try:
        with Store.open(path) as store:
            if store.supervisor_count():
                return fail(f"{path} already has a supervisor account: a signed-in supervisor adds the others "
                            "(Supervisor, then Tools).")
            try:
                password = getpass.getpass(f"Password for supervisor {args.name}: ")
                repeat = getpass.getpass("The same password again: ")
            except (EOFError, KeyboardInterrupt):
                return fail("no password given; nothing was changed.")
            supervisor = accounts.create_supervisor(store, args.name, password, repeat)
    except (StoreError, accounts.AccountError) as e:
        return fail(str(e))
    print(f"Made the supervisor account {supervisor.name!r} in {path}. Sign in with it on the Supervisor screen.")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
