"""``dealer-trainer-gui``: the application without a console window.

On Windows a GUI entry point (``[project.gui-scripts]``, and the bundle's
``dealer-trainer-gui.exe`` built with ``console=False``) opens no console behind the app.
Such a process has no standard output or error (``sys.stdout`` is ``None``), so whatever the
app would print goes to a log file in the user's log folder instead
(``%LOCALAPPDATA%\\dealer-trainer\\Logs\\dealer-trainer.log`` on Windows). The command line is
``dealer-trainer``'s (``[--db PATH] [--fullscreen]``; a command such as ``snapshot`` also
works, its messages going to the log).
"""

from __future__ import annotations

import sys
from pathlib import Path

LOG_NAME = "dealer-trainer.log"


def log_path() -> Path:
    import platformdirs

    from trainer.paths import APP_NAME

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)) / LOG_NAME


def _give_streams() -> None:
    """Standard output and error for a process started without a console."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        stream = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - lives as long as the process
    except OSError:
        import os

        stream = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream


def main(argv: list[str] | None = None) -> int:
    _give_streams()
    from trainer.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
