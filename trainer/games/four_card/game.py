"""The registry entry for Four Card Poker."""

from trainer.games.four_card.hands import TITLE
from trainer.games.four_card.questions import KINDS, SKILLS
from trainer.games.four_card.rules_data import GAME_ID, rules_data
from trainer.games.packaged import PackagedGame

GAME = PackagedGame(GAME_ID, TITLE, "trainer.games.four_card", rules_data, SKILLS, KINDS)
