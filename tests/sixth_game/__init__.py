"""A sixth game, from a test folder: High Card Duel (high-card-duel.txt, made up for the
tests, never shipped). A package of the usual layout -- its spec (game.py), rules data
(game.json, procedures.json, rules_data.py), rules core (duel.py), quiz (questions.py),
settlement calculator (calculator.py), game math (analysis.py) and Table mode's round
(table_round.py) -- that a test registers
with ``trainer.games.registry.register`` and then finds on every screen and command that
lists games. Nothing in trainer/ names it."""

from tests.sixth_game.game import SPEC

__all__ = ["SPEC"]
