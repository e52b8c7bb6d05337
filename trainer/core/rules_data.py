"""Loading the rules data shipped in resources/: read once, validated, clear errors.

A malformed file raises ``RulesDataError`` naming the file and the place in it
("resources/games/two-card-joker/game.json: pay_tables.call.rows[2].odds: ...").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class RulesDataError(ValueError):
    """A rules data file that cannot be used as it is."""


def load_json(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise RulesDataError(f"{path}: cannot be read ({e.strerror or e})") from e
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RulesDataError(f"{path}: not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from e
    if not isinstance(data, dict):
        raise RulesDataError(f"{path}: the file must hold a JSON object")
    return data


class Reader:
    """Walks a JSON document and reports the exact place of anything missing or wrong."""

    def __init__(self, source: str, value: Any, where: str = ""):
        self.source = source
        self.value = value
        self.where = where

    def fail(self, message: str) -> RulesDataError:
        place = f"{self.source}: {self.where}" if self.where else self.source
        return RulesDataError(f"{place}: {message}")

    def _child_where(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def __getitem__(self, key: str) -> "Reader":
        if not isinstance(self.value, dict):
            raise self.fail("expected an object")
        if key not in self.value:
            raise self.fail(f"missing {key!r}")
        return Reader(self.source, self.value[key], self._child_where(key))

    def get(self, key: str, default: Any = None) -> "Reader":
        if self.has(key):
            return self[key]
        return Reader(self.source, default, self._child_where(key))

    def items(self) -> list[tuple[str, "Reader"]]:
        if not isinstance(self.value, dict):
            raise self.fail("expected an object")
        return [(k, Reader(self.source, v, self._child_where(k))) for k, v in self.value.items()]

    def list(self) -> list["Reader"]:
        if not isinstance(self.value, list):
            raise self.fail("expected a list")
        return [Reader(self.source, v, self._child_where(i)) for i, v in enumerate(self.value)]

    def str(self) -> str:
        if not isinstance(self.value, str) or not self.value.strip():
            raise self.fail("expected a non-empty text")
        return self.value

    def int(self) -> int:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise self.fail("expected a whole number")
        return self.value

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail("expected true or false")
        return self.value

    def strs(self) -> tuple[str, ...]:
        if isinstance(self.value, str):
            return (self.str(),)
        return tuple(r.str() for r in self.list())
