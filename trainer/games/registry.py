"""The game registry: the one seam every screen and session goes through.

It holds one ``GameSpec`` per game (trainer/contracts/game.py): ``GAMES`` names each
game's spec, ``SPEC`` in its package's ``game`` module, in the order the home screen shows
them. Adding a game is its own package (and its rules data folder) and one line here.
``get_game`` gives the game as the ``Game`` protocol; ``register`` adds games for a while
(tests: a sixth game from a test folder, the GUI tests' fake game).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from trainer.contracts.game import Game, GameSpec

# One line per game: the module holding its ``SPEC``.
GAMES: tuple[str, ...] = (
    "trainer.games.two_card_joker.game",
    "trainer.games.four_card.game",
    "trainer.games.dj_wild.game",
    "trainer.games.winners_pot.game",
    "trainer.games.pokette.game",
)

_registered: list[GameSpec] = []  # added by ``register``, after the shipped games
_only: list[bool] = [False]  # ``register(only=True)``: the registered games alone


class UnknownGame(KeyError):
    pass


@cache
def shipped() -> tuple[GameSpec, ...]:
    """The specs of the games this trainer ships (``GAMES``), whatever ``register`` adds."""
    return tuple(importlib.import_module(name).SPEC for name in GAMES)


def specs() -> tuple[GameSpec, ...]:
    """Every game's spec, in the home screen's order."""
    registered = tuple(_registered)
    if _only[0]:
        return registered
    ids = {s.id for s in registered}
    return tuple(s for s in shipped() if s.id not in ids) + registered


def spec(game_id: str) -> GameSpec:
    for s in specs():
        if s.id == game_id:
            return s
    known = ", ".join(s.id for s in specs())
    raise UnknownGame(f"unknown game {game_id!r}; the games are: {known}")


def catalogue() -> tuple[GameSpec, ...]:
    """The games for a list of games (each has ``id``, ``title`` and ``blurb``)."""
    return specs()


def is_available(game_id: str) -> bool:
    return any(s.id == game_id for s in specs())


@cache
def _game(game_spec: GameSpec) -> Game:
    from trainer.games.packaged import PackagedGame

    return PackagedGame.of(game_spec)


def get_game(game_id: str) -> Game:
    return _game(spec(game_id))


def available_games() -> list[Game]:
    return [_game(s) for s in specs()]


def title_of(game_id: str) -> str:
    return spec(game_id).title if is_available(game_id) else game_id


def skill_title(skill_id: str) -> str:
    game_id = skill_id.split(".", 1)[0]
    if is_available(game_id):
        for s in get_game(game_id).skills():
            if s.id == skill_id:
                return s.title
    return skill_id


@contextmanager
def register(*game_specs: GameSpec, only: bool = False) -> Iterator[tuple[GameSpec, ...]]:
    """Add games to the registry inside a ``with`` block (a game with a shipped game's id
    stands in for it; ``only``: the shipped games are hidden). The registry is as it was
    after the block."""
    saved = (list(_registered), _only[0])
    _registered[:] = [s for s in _registered if s.id not in {g.id for g in game_specs}] + list(game_specs)
    _only[0] = only or _only[0]
    try:
        yield game_specs
    finally:
        _registered[:], _only[0] = saved


__all__ = [
    "GAMES", "UnknownGame", "available_games", "catalogue", "get_game", "is_available", "register", "shipped",
    "skill_title", "spec", "specs", "title_of",
]
