"""Dealer Trainer: teaches and tests casino table-game dealers.

Layers (each importable on its own):
- ``trainer.core`` and ``trainer.games``: the rules core, pure Python;
- ``trainer.training``: question generators, grading, sessions;
- ``trainer.store``: the SQLite store (sqlite-utils);
- ``trainer.ui``: the PySide6 interface.
"""

__version__ = "0.1.0"
