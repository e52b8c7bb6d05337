"""High Card Duel's exact game math: every ordered pair of a player's card and the
dealer's card from one deck (52 x 51), the Ante's outcomes and expected value."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from trainer.core.cards import standard_deck
from trainer.core.settlement import LOSE, PUSH, WIN
from tests.sixth_game.duel import outcome, settle_ante

LABELS = {WIN: "higher card (wins)", PUSH: "same rank (push)", LOSE: "lower card (loses)"}


def analyze(table: str | None = None, progress: Callable[[float], None] | None = None) -> dict:
    if table is not None:
        raise ValueError("High Card Duel has one pay table; there is no table to choose")
    deck = standard_deck()
    counts = {WIN: 0, PUSH: 0, LOSE: 0}
    for i, player in enumerate(deck):
        for dealer in deck:
            if dealer != player:
                counts[outcome(player, dealer)] += 1
        if progress is not None:
            progress((i + 1) / len(deck))
    total = sum(counts.values())
    win = settle_ante(deck[0], deck[1], 100)  # the ace of spades against the king of spades: what a win pays
    ev = Fraction(counts[WIN] * win.net - counts[LOSE] * 100, total * 100)  # per unit of Ante
    pays = {WIN: win.odds, PUSH: "Push", LOSE: "loses"}
    outcomes = [{"hand": LABELS[k], "count": counts[k], "probability": counts[k] / total, "pays": pays[k]}
                for k in (WIN, PUSH, LOSE)]
    return {
        "game": "high-card-duel",
        "hands": [{"hand": LABELS[k], "count": counts[k]} for k in (WIN, PUSH, LOSE)],
        "bets": [{"name": "Ante", "table": None, "expected_value": float(ev), "house_edge": float(-ev),
                  "outcomes": outcomes}],
    }
