"""GUI tests: the screens, the keyboard flow and the store behind them (pytest-qt)."""
