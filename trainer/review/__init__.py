"""The supervisor's review, without a window: accounts (salted scrypt), the dashboard's
figures, importing station results, CSV exports and PDF reports.

Everything here works through ``trainer.store`` (which holds the SQL) and for every game
of the registry. Only ``report`` uses Qt (its PDF writer and text layout, no widgets).
"""
