"""Winner's Pot Poker as the registry gives it."""

import pytest

from trainer.games import registry


@pytest.fixture
def registered():
    return registry.get_game("winners-pot")
