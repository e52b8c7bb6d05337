"""The PySide6 interface: main window, screens, table drawing and the store worker.

PySide6 6.12's abi3 wheels drop a reference to None/True/False on every void Qt call
on CPython < 3.12 (where those objects are not yet immortal), and Python aborts after
a few thousand calls. pyproject.toml excludes that combination; this check turns a
hand-installed one into a clear message instead of a crash minutes later.
"""

import sys


def _check_qt_binding() -> None:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    from PySide6 import __version_info__ as qt_version

    if tuple(qt_version[:2]) == (6, 12):
        raise ImportError(
            f"PySide6 {'.'.join(map(str, qt_version[:3]))} crashes on Python "
            f"{sys.version_info.major}.{sys.version_info.minor}; install the project's pinned version "
            "(make clean && make run) or use Python 3.12 or newer."
        )


_check_qt_binding()
