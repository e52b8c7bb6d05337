"""The registry's entry for High Card Duel: its package, its rules data folder (this
folder) and the parts it brings, Table mode's round among them."""

from pathlib import Path

from trainer.contracts.game import GameSpec

SPEC = GameSpec("high-card-duel", "tests.sixth_game", Path(__file__).resolve().parent,
                calculator=".calculator", analysis=".analysis", table_round=".table_round")
