"""Reading one round entered as JSON (the settlement calculator's input), for any game.

Helpers that turn the loose JSON into checked values, each failure a SettlementError
that says exactly where and what is wrong ("seat 2: wagers: unknown wager 'pairup';
the wagers are ante, pair_up, super_flush").
"""

from __future__ import annotations

from typing import Any, Iterable

from trainer.core.cards import Card, CardError
from trainer.core.settlement import SettlementError, WagerResult, validate_amount


def obj(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise SettlementError(f"{where}: expected an object")
    return value


def known_keys(value: dict, allowed: Iterable[str], where: str, what: str = "key") -> None:
    allowed = list(allowed)
    for k in value:
        if k not in allowed:
            raise SettlementError(f"{where}: unknown {what} {k!r}; the {what}s are {', '.join(allowed)}")


def round_keys(doc: dict, allowed: Iterable[str]) -> None:
    """The round's own keys: a misspelt one ("option" for "options") is an error, never
    ignored (issue 14: it settled the round on the default table)."""
    known_keys(doc, allowed, "the round")


def dealer_cards(doc: dict, count: int | None) -> tuple[Card, ...]:
    """The ``dealer`` object's cards; any other key in it is an error."""
    dealer = obj(doc.get("dealer"), "dealer")
    known_keys(dealer, ("cards",), "dealer")
    return cards(dealer.get("cards"), "dealer: cards", count)


def cards(value: Any, where: str, count: int | None = None) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise SettlementError(f"{where}: cards are a list of texts such as [\"As\", \"JK\"]")
    try:
        parsed = tuple(Card.parse(c) for c in value)
    except CardError as e:
        raise SettlementError(f"{where}: {e}") from e
    if count is not None and len(parsed) != count:
        raise SettlementError(f"{where}: {count} cards are needed, not {len(parsed)}")
    return parsed


def amounts(value: Any, allowed: Iterable[str], where: str) -> dict[str, int]:
    w = obj(value, where)
    known_keys(w, allowed, where, "wager")
    return {k: validate_amount(f"{where}: {k}", v) for k, v in w.items()}


def wager_json(r: WagerResult) -> dict:
    return {"wager": r.wager, "amount": r.amount, "result": r.result, "net": r.net, "odds": r.odds, "rule": r.rule}
