"""The registry entry for DJ Wild Poker."""

from trainer.games.dj_wild.hands import TITLE
from trainer.games.dj_wild.questions import KINDS, SKILLS
from trainer.games.dj_wild.rules_data import GAME_ID, rules_data
from trainer.games.packaged import PackagedGame

GAME = PackagedGame(GAME_ID, TITLE, "trainer.games.dj_wild", rules_data, SKILLS, KINDS)
