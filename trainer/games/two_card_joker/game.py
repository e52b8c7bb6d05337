"""The registry entry for Two Card Joker Poker."""

from trainer.games.two_card_joker.hands import TITLE
from trainer.games.two_card_joker.questions import KINDS, SKILLS
from trainer.games.two_card_joker.rules_data import GAME_ID, rules_data
from trainer.games.packaged import PackagedGame

GAME = PackagedGame(GAME_ID, TITLE, "trainer.games.two_card_joker", rules_data, SKILLS, KINDS)
