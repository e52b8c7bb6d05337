"""The screens of the main window, one module each.

Screens only show things and say what the trainee asked for (Qt signals); the main
window does the store work (through the worker) and moves between screens.
"""

from importlib import import_module

# Each screen's module is imported when the screen is first asked for (PEP 562), not when a
# module of this package is: the first window waits only for the screens it shows.
_MODULES = {"ExplorerScreen": "explorer_screen", "HomeScreen": "home_screen", "ProgressScreen": "progress_screen",
            "QuizScreen": "quiz_screen", "SettleScreen": "settle_screen", "SummaryScreen": "summary_screen",
            "TraineeScreen": "trainee_screen"}


def __getattr__(name: str):
    if name in _MODULES:
        return getattr(import_module(f"{__name__}.{_MODULES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["ExplorerScreen", "HomeScreen", "ProgressScreen", "QuizScreen", "SettleScreen", "SummaryScreen",
           "TraineeScreen"]
