"""Reading one round entered as JSON (the settlement calculator's input), for any game.

Helpers that turn the loose JSON into checked values, each failure a SettlementError
that says exactly where and what is wrong ("seat 2: wagers: unknown wager 'pairup';
the wagers are ante, pair_up, super_flush").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, TypeVar

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


def options(doc: dict, allowed: Iterable[str]) -> dict:
    """The round's ``options`` object (none given: {}), with no key but ``allowed``."""
    given = obj(doc.get("options", {}), "options")
    known_keys(given, allowed, "options", "option")
    return given


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


@dataclass(frozen=True)
class SeatEntry:
    """One object of the round's ``seats`` list, its keys and seat number checked."""

    number: int
    fields: dict

    @property
    def where(self) -> str:
        """'seat 3': how an error names the seat."""
        return f"seat {self.number}"

    def amounts(self, allowed: Iterable[str]) -> dict[str, int]:
        """The seat's ``wagers`` object: cents by wager, each checked."""
        return amounts(self.fields.get("wagers", {}), allowed, f"{self.where}: wagers")


def seat_entries(doc: dict, keys: Iterable[str]) -> Iterator[SeatEntry]:
    """The round's ``seats``, one at a time (a game checks the rest of a seat before the
    next is read, so the first error is the one reported): at least one seat, each an
    object with only ``keys`` and a whole seat number."""
    seats_in = doc.get("seats")
    if not isinstance(seats_in, list) or not seats_in:
        raise SettlementError("seats: a list of at least one seat is needed")
    keys = tuple(keys)
    for n, s in enumerate(seats_in):
        s = obj(s, f"seats[{n}]")
        known_keys(s, keys, f"seats[{n}]")
        number = s.get("seat")
        if not isinstance(number, int) or isinstance(number, bool):
            raise SettlementError(f"seats[{n}]: 'seat' must be a seat number")
        yield SeatEntry(number, s)


T = TypeVar("T")


def seat_hands(doc: dict, count: int, wagers: tuple[str, ...], decisions: tuple[str, ...], decision_text: str,
               make: Callable[..., T]) -> list[T]:
    """The seats of a game where each holds ``count`` cards, the ``wagers`` and a decision
    (one of ``decisions``, or none): ``make(number, cards, decision=..., **wagers)`` each,
    in the order entered."""
    out = []
    for seat in seat_entries(doc, ("seat", "cards", "wagers", "decision")):
        amounts_in = seat.amounts(wagers)
        decision = seat.fields.get("decision")
        if decision not in (None, *decisions):
            raise SettlementError(f"{seat.where}: decision must be {decision_text}, not {decision!r}")
        out.append(make(seat.number, cards(seat.fields.get("cards"), f"{seat.where}: cards", count),
                        decision=decision, **{k: amounts_in.get(k, 0) for k in wagers}))
    return out


def seat_json(s: Any, **extra: Any) -> dict:
    """A settled seat (``seat``, ``hand``, ``results``, ``net``) as the calculator prints it."""
    return {"seat": s.seat, "hand": s.hand.category.hand_name, "cards": [str(c) for c in s.hand.cards],
            "description": s.hand.describe(), "wagers": [wager_json(r) for r in s.results], "net": s.net, **extra}


def settled(settle: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``settle(*args, **kwargs)``, a rule's ValueError said as the SettlementError it is."""
    try:
        return settle(*args, **kwargs)
    except ValueError as e:
        raise SettlementError(str(e)) from e


def wager_json(r: WagerResult) -> dict:
    return {"wager": r.wager, "amount": r.amount, "result": r.result, "net": r.net, "odds": r.odds, "rule": r.rule}
