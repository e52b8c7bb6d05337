"""Procedures as data: ordered steps a dealer performs, each citing its section."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.core.rules_data import Reader


@dataclass(frozen=True)
class Step:
    text: str
    citation: str


@dataclass(frozen=True)
class Procedure:
    id: str
    title: str
    citation: str
    steps: tuple[Step, ...]
    kind: str = "sequence"  # "sequence": order matters; "conditions": all must hold


def _cite(game_title: str, text: str) -> str:
    return f"{game_title} {text}" if text.startswith("§") else text


def read_procedures(r: Reader, game_title: str) -> dict[str, Procedure]:
    out: dict[str, Procedure] = {}
    for pr in r.list():
        pid = pr["id"].str()
        if pid in out:
            raise pr["id"].fail(f"procedure {pid!r} is listed twice")
        steps = tuple(Step(s["text"].str(), _cite(game_title, s["cite"].str())) for s in pr["steps"].list())
        if len(steps) < 2:
            raise pr["steps"].fail("a procedure needs at least two steps")
        if len({s.text for s in steps}) != len(steps):
            raise pr["steps"].fail("two steps have the same text")
        out[pid] = Procedure(pid, pr["title"].str(), f"{game_title} §{pr['section'].str()}", steps,
                             pr.get("kind", "sequence").str())
    return out


def cite_in(game_title: str, text: str) -> str:
    """'§6(b)' -> 'Two Card Joker Poker §6(b)'; other texts are kept as written."""
    return _cite(game_title, text)
