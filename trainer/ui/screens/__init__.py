"""The screens of the main window, one module each.

Screens only show things and say what the trainee asked for (Qt signals); the main
window does the store work (through the worker) and moves between screens.
"""

from trainer.ui.screens.explorer_screen import ExplorerScreen
from trainer.ui.screens.home_screen import HomeScreen
from trainer.ui.screens.progress_screen import ProgressScreen
from trainer.ui.screens.quiz_screen import QuizScreen
from trainer.ui.screens.settle_screen import SettleScreen
from trainer.ui.screens.summary_screen import SummaryScreen
from trainer.ui.screens.trainee_screen import TraineeScreen

__all__ = ["ExplorerScreen", "HomeScreen", "ProgressScreen", "QuizScreen", "SettleScreen", "SummaryScreen",
           "TraineeScreen"]
