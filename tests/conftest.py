"""Test set-up: everything runs headless."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The app's settings (window place, text size, last trainee): a throw-away file, never the user's.
_SETTINGS_DIR = tempfile.mkdtemp(prefix="dealer-trainer-settings-")
atexit.register(shutil.rmtree, _SETTINGS_DIR, True)
os.environ["DEALER_TRAINER_SETTINGS"] = os.path.join(_SETTINGS_DIR, "settings.ini")
# The station's settings files (trainer.config): none, never the machine's or the user's.
os.environ["DEALER_TRAINER_CONFIG_DIRS"] = os.pathsep


@pytest.fixture
def fake_game():
    """The GUI tests' fake game (tests/gui/fake_game.py) as the only game in the registry,
    through the registry's own seam (``registry.register``); the module is the fixture's value."""
    from tests.gui import fake_game as game
    from trainer.games import registry

    with registry.register(game.SPEC, only=True):
        yield game


SCHOOL_RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"


@pytest.fixture(scope="session")
def rules_folder() -> Path:
    """The school's rule texts, ../shared/rules/ beside the checkout (the app carries none
    of them); a test that reads them is skipped with one line where they are not."""
    if not (SCHOOL_RULES / "RULINGS.md").is_file():
        pytest.skip(f"the rule texts are not at {SCHOOL_RULES} (a checkout beside shared/rules/; CI has them)")
    return SCHOOL_RULES
