"""Citations: every rule the trainer applies names where it comes from."""

from __future__ import annotations

from functools import partial
from typing import Callable


def section(game_title: str, sec: str) -> str:
    """section('Four Card Poker', '11(a)(2)') -> 'Four Card Poker §11(a)(2)'."""
    return f"{game_title} §{sec}"


def citer(game_title: str) -> Callable[[str], str]:
    """A game's ``cite``: citer('Four Card Poker')('11(a)(2)') -> 'Four Card Poker §11(a)(2)'."""
    return partial(section, game_title)


def ruling(number: int | str) -> str:
    """A product ruling from RULINGS.md: 'trainer ruling 7'."""
    return f"trainer ruling {number}"


REFER = "refer to floor supervisor"
