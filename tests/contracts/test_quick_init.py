"""``quick_init`` (issue 17): a frozen dataclass given the faster ``__init__`` makes the same
instances as its own: the same fields, defaults, equality, hash, repr, frozen-ness and
errors; a class it cannot serve is refused."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from trainer.contracts.measures import Level, quick_init


def record_class(name: str, quick: bool) -> type:
    """The same frozen dataclass, named ``name``, with ``quick_init``'s ``__init__`` or its own."""

    @dataclass(frozen=True)
    class Record:
        trainee_id: int
        skill: str
        level: Level
        last: str = ""
        table: tuple | None = None

    Record.__name__ = Record.__qualname__ = name  # found by pickle under this module's name
    return quick_init(Record) if quick else Record


Plain, Quick = record_class("Plain", False), record_class("Quick", True)


def fields_of(x) -> tuple:
    return tuple(getattr(x, f.name) for f in dataclasses.fields(x))


@pytest.mark.parametrize("args, kwargs", [
    ((1, "a.b", Level.MASTERED), {}),
    ((2, "a.c", Level.LEARNING, "2025-01-01T00:00:00.000Z"), {}),
    ((3,), {"skill": "a.d", "level": Level.FAMILIAR, "table": (1, 2)}),
    ((), {"table": None, "last": "x", "level": Level.NOT_STARTED, "skill": "s", "trainee_id": 4}),
])
def test_the_same_instances_as_the_frozen_dataclass_s_own(args, kwargs) -> None:
    plain, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)
    assert fields_of(quick) == fields_of(plain)
    assert vars(quick) == vars(plain)
    assert repr(quick) == repr(plain).replace("Plain(", "Quick(", 1)
    assert quick == Quick(*args, **kwargs) and hash(quick) == hash(Quick(*args, **kwargs))
    assert quick != Quick(99, "other", Level.MASTERED)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.skill = "changed"  # type: ignore[misc]
    changed = dataclasses.replace(quick, last="later")
    assert (changed.last, changed.skill, quick.last) == ("later", quick.skill, plain.last)
    assert pickle.loads(pickle.dumps(quick)) == quick
    assert dataclasses.asdict(quick) == dataclasses.asdict(plain)


def test_the_same_errors_for_wrong_arguments() -> None:
    for cls in (Plain, Quick):
        with pytest.raises(TypeError, match="missing 1 required positional argument: 'level'"):
            cls(1, "a.b")
        with pytest.raises(TypeError, match="unexpected keyword argument 'nope'"):
            cls(1, "a.b", Level.MASTERED, nope=1)
        with pytest.raises(TypeError, match="multiple values for argument 'skill'"):
            cls(1, "a.b", Level.MASTERED, skill="x")


def test_what_it_cannot_serve_is_refused() -> None:
    @dataclass
    class NotFrozen:
        a: int

    @dataclass(frozen=True, slots=True)
    class Slots:
        a: int

    @dataclass(frozen=True)
    class PostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Factory:
        a: list = field(default_factory=list)

    @dataclass(frozen=True)
    class Hidden:
        a: int
        b: int = field(default=0, init=False)

    class NoDataclass:
        pass

    for cls in (NotFrozen, Slots, PostInit, Factory, Hidden, NoDataclass):
        with pytest.raises(TypeError, match="quick_init is for a plain frozen dataclass"):
            quick_init(cls)
