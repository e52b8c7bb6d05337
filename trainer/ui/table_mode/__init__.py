"""Table mode's screen (``screen.TableModeScreen``: the set-up page, dealing the round,
spotting the error, the summary) and its widgets: what the trainee points at on the
table (``hit_test``) and the payout built from the house's chips (``chip_builder``).
The rounds themselves are trainer/training/table_mode."""

from trainer.ui.table_mode.chip_builder import ChipBuilder
from trainer.ui.table_mode.hit_test import Target, highlight, point_for, target_at, targets_for

__all__ = ["ChipBuilder", "Target", "highlight", "point_for", "target_at", "targets_for"]
