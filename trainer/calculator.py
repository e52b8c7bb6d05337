"""The settlement calculator: one round as JSON in, every wager's result, odds and rule out.

Each game in the registry settles its own document (``Game.settle_document``); this
module reads the input, finds the game and prints the result as readable tables.
Amounts are integer cents throughout.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from trainer.core.money import format_cents
from trainer.core.settlement import SettlementError
from trainer.games.registry import UnknownGame, catalogue, get_game


@dataclass(frozen=True)
class OptionField:
    key: str  # the JSON key under "options"
    title: str
    choices: tuple[str, ...]
    default: str
    citation: str = ""


@dataclass(frozen=True)
class DecisionChoice:
    label: str  # shown to the user: "Call", "Fold", "Play 2x"
    value: object  # what goes into the seat's JSON "decision" (may depend on the ante: see play_multiple)
    play_multiple: int = 0  # for {"play": cents}: the multiple of the ante


@dataclass(frozen=True)
class CalculatorForm:
    """What the settlement calculator's screen asks for, per game: a game supplies one as
    ``Game.calculator_form()``; the screen builds the JSON document ``settle`` reads."""

    game_id: str
    options: tuple[OptionField, ...]
    dealer_cards: int  # 0 when the game has no dealer hand
    seat_cards: int
    wagers: tuple[tuple[str, str], ...]  # (JSON key, label)
    decisions: tuple[DecisionChoice, ...]  # empty when the game has no decision
    max_seats: int
    example: dict  # a complete, valid document to start from

    def decision_json(self, choice: DecisionChoice, wagers: dict[str, int]) -> object:
        if choice.play_multiple:
            return {"play": choice.play_multiple * wagers.get("ante", 0)}
        return choice.value


def settle(doc: object) -> dict:
    """Settle a parsed JSON document. Raises SettlementError with a clear message."""
    if not isinstance(doc, dict):
        raise SettlementError("the round must be a JSON object with \"game\", \"seats\" and the cards")
    game_id = doc.get("game")
    if not isinstance(game_id, str):
        ids = ", ".join(e.id for e in catalogue())
        raise SettlementError(f"\"game\" is missing; it is one of {ids}")
    try:
        game = get_game(game_id)
    except UnknownGame as e:
        raise SettlementError(str(e.args[0])) from e
    settle_document = getattr(game, "settle_document", None)
    if settle_document is None:
        raise SettlementError(f"{game.title} has no settlement calculator yet")
    return settle_document(doc)


def settle_text(text: str) -> dict:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise SettlementError(f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from e
    return settle(doc)


def _odds(w: dict) -> str:
    return w["odds"] or "—"


def format_result(result: dict) -> str:
    """Readable tables: the dealer, then each seat's wagers with odds and rule."""
    game = get_game(result["game"])
    lines = [f"{game.title}"]
    options = result.get("options") or {}
    if options:
        lines.append("House options: " + ", ".join(f"{k} = {v}" for k, v in options.items()))
    dealer = result.get("dealer")
    if dealer:
        q = dealer.get("qualifies")
        qual = "" if q is None else ("; qualifies" if q else "; does not qualify")
        lines.append(f"Dealer: {' '.join(dealer['cards'])}  {dealer['description']}{qual}")
    for seat in result["seats"]:
        lines.append("")
        lines.append(f"Seat {seat['seat']}: {' '.join(seat['cards'])}  {seat['description']}")
        rows = [("wager", "amount", "result", "net", "odds", "rule")]
        for w in seat["wagers"]:
            rows.append((w["wager"], format_cents(w["amount"]), w["result"], format_cents(w["net"], sign=True),
                         _odds(w), w["rule"]))
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        for r in rows:
            lines.append("  " + "  ".join(r[i].ljust(widths[i]) for i in range(5)) + "  " + r[5])
        lines.append(f"  seat net {format_cents(seat['net'], sign=True)}")
    cover_all = result.get("cover_all")
    if cover_all:
        lines.append("")
        text = cover_all.get("description") or (
            f"highest hand {cover_all['highest'].lower()}, {cover_all['players']} players"
            + (f": pays {cover_all['pays']}" if cover_all.get("pays") else ": no payout"))
        lines.append(f"Cover All: {text}  ({cover_all['rule']})")
    extra = getattr(game, "format_extra", None)
    if extra is not None:
        more = extra(result)
        while more and not more[0].strip():
            more = more[1:]
        if more:
            lines.append("")
            lines.extend(more)
    if "house_net" in result:
        lines.append("")
        lines.append(f"Table inventory net: {format_cents(result['house_net'], sign=True)}")
    return "\n".join(lines)
