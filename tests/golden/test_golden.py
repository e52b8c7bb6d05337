"""``analyze``, ``settle``, every question kind and every table-mode round compute what they
computed before the game-contract refactor (issue 16): the same text, to the byte.

The digests in ``digests.json`` were captured at c522a35 by
``python -m tests.golden.capture --digests tests/golden/digests.json``. When a change of
behaviour is intended, capture both commits to folders (``python -m tests.golden.capture
DIR``), diff them, and say why in the commit that renews the digests.
"""

import json
from pathlib import Path

import pytest

from tests.golden.capture import GAMES, capture_all, digests

KEPT = json.loads((Path(__file__).parent / "digests.json").read_text())


@pytest.fixture(scope="module")
def texts():
    return capture_all()


@pytest.mark.parametrize("part", ["analyze", "analyze-json", "settle", "questions", "table"])
@pytest.mark.parametrize("game_id", GAMES)
def test_same_as_before(texts, game_id, part):
    name = f"{game_id}.{part}"
    now = digests(texts[name])
    changed = [f"{a.rsplit(' ', 1)[0]}" for a, b in zip(KEPT[name], now) if a != b]
    assert len(now) == len(KEPT[name]), f"{name}: {len(now)} sections, {len(KEPT[name])} before"
    assert not changed, f"{name} differs in: {', '.join(changed[:10])}"
