"""The command line: ``dealer-trainer [--db PATH]`` starts the app;
``dealer-trainer snapshot --screen NAME --out FILE.png`` renders one screen offscreen.

``main`` returns the exit code (the console script passes it to ``sys.exit``):
0 on success, 1 when the database cannot be opened or the snapshot cannot be made,
2 for a command line that is not understood.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import trainer

SCREENS = ("trainee", "home", "quiz", "feedback", "summary", "progress")
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-trainer",
        description="Dealer Trainer: practise and test the procedures of regulated casino table games.",
    )
    parser.add_argument("--db", type=Path, metavar="PATH",
                        help="the trainee database (default: a file in your user data folder)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {trainer.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
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
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a command line argparse refused
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    if args.command == "snapshot":
        return _snapshot(args)
    from trainer.paths import default_db_path
    from trainer.ui.app import run

    return run(args.db if args.db is not None else default_db_path())


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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
