"""Widgets of the Table mode screen: what the trainee points at on the table
(``hit_test``) and the payout built from the house's chips (``chip_builder``)."""

from trainer.ui.table_mode.chip_builder import ChipBuilder
from trainer.ui.table_mode.hit_test import Target, highlight, point_for, target_at, targets_for

__all__ = ["ChipBuilder", "Target", "highlight", "point_for", "target_at", "targets_for"]
