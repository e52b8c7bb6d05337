"""Pay tables as data: rows of hands and odds, each table citing its section."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.core.odds import Odds, OddsError
from trainer.core.rules_data import Reader


@dataclass(frozen=True)
class PayRow:
    label: str  # as printed: "Straight or less"
    hands: tuple[str, ...]  # hand keys this row pays
    odds: Odds
    extra_cite: tuple[str, ...] = ()


@dataclass(frozen=True)
class PayTable:
    id: str
    title: str
    citation: str  # "Two Card Joker Poker §11(d)"
    rows: tuple[PayRow, ...]

    def row_for(self, hand_key: str) -> PayRow | None:
        for row in self.rows:
            if hand_key in row.hands:
                return row
        return None


def read_pay_table(table_id: str, r: Reader, game_title: str, hand_keys: frozenset[str]) -> PayTable:
    rows = []
    seen: set[str] = set()
    for rr in r["rows"].list():
        hands = rr["hands"].strs()
        for h in hands:
            if h not in hand_keys:
                raise rr["hands"].fail(f"unknown hand {h!r}; known hands: {', '.join(sorted(hand_keys))}")
            if h in seen:
                raise rr["hands"].fail(f"hand {h!r} is paid by two rows")
            seen.add(h)
        try:
            odds = Odds.parse(rr["odds"].str())
        except OddsError as e:
            raise rr["odds"].fail(str(e)) from e
        extra = rr.get("cite", []).strs() if rr.has("cite") else ()
        rows.append(PayRow(rr["label"].str(), hands, odds, extra))
    if not rows:
        raise r["rows"].fail("a pay table needs at least one row")
    return PayTable(table_id, r["title"].str(), f"{game_title} §{r['section'].str()}", tuple(rows))
