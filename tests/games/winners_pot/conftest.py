"""Winner's Pot Poker is registered for these tests even before the lead adds it to
``GAME_PACKAGES`` (the registry is not this package's to edit)."""

import pytest

from trainer.games import registry


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(registry.GAME_PACKAGES, "winners-pot", "trainer.games.winners_pot")
    registry.get_game.cache_clear()
    yield registry.get_game("winners-pot")
    registry.get_game.cache_clear()
