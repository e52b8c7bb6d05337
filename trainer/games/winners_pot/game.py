"""The registry entry for Winner's Pot Poker."""

from trainer.games.packaged import PackagedGame
from trainer.games.winners_pot.hands import TITLE
from trainer.games.winners_pot.questions import KINDS, SKILLS
from trainer.games.winners_pot.rules_data import GAME_ID, rules_data

GAME = PackagedGame(GAME_ID, TITLE, "trainer.games.winners_pot", rules_data, SKILLS, KINDS)
