"""High Card Duel's rules core: one Ante against the dealer's card (§4), paid from the
pay table of game.json (§5). Amounts in integer cents."""

from __future__ import annotations

from trainer.core.cards import Card
from trainer.core.settlement import LOSE, PUSH, WIN, WagerResult
from tests.sixth_game.rules_data import rules_data


def cite(section: str) -> str:
    return f"{rules_data().title} §{section}"


def outcome(player: Card, dealer: Card) -> str:
    """§4: the higher rank wins, the same rank ties; suits do not rank (§1)."""
    if player.rank > dealer.rank:
        return WIN
    return PUSH if player.rank == dealer.rank else LOSE


def settle_ante(player: Card, dealer: Card, ante: int) -> WagerResult:
    result = outcome(player, dealer)
    if result == WIN:
        odds = rules_data().pay_tables["ante"].rows[0].odds
        return WagerResult("ante", "Ante", ante, WIN, odds.win_cents(ante), str(odds), (cite("5"),))
    if result == PUSH:
        return WagerResult("ante", "Ante", ante, PUSH, 0, "Push", (cite("4"),))
    return WagerResult("ante", "Ante", ante, LOSE, -ante, "", (cite("4"),))
