"""Citations: every rule the trainer applies names where it comes from."""

from __future__ import annotations


def section(game_title: str, sec: str) -> str:
    """section('Four Card Poker', '11(a)(2)') -> 'Four Card Poker §11(a)(2)'."""
    return f"{game_title} §{sec}"


def ruling(number: int | str) -> str:
    """A product ruling from RULINGS.md: 'trainer ruling 7'."""
    return f"trainer ruling {number}"


REFER = "refer to floor supervisor"
