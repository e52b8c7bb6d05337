"""The settlement calculator: one round as JSON in, every wager's result, odds and rule out.

Each game in the registry settles its own document (``Game.settle_document``); this
module reads the input, finds the game and prints the result as readable tables.
Amounts are integer cents throughout.
"""

from __future__ import annotations

import json
import re

from trainer.core.money import format_cents
from trainer.core.settlement import SettlementError
from trainer.games.registry import UnknownGame, catalogue, get_game


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


# Limits of the JSON a round is read from (issue 14): a round is a few kilobytes, a few
# levels deep, its numbers cents and small counts. Anything beyond is refused with one line
# before it can exhaust the recursion limit, Python's int conversion or the memory.
MAX_INPUT_BYTES = 1_000_000
MAX_DEPTH = 32
MAX_NUMBER_DIGITS = 30  # more than any amount in cents the trainer accepts (10**8)


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise SettlementError(f"the key {key!r} is given twice in one object; give it once")
        out[key] = value
    return out


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise SettlementError(f"a number with {digits} digits is too long (at most {MAX_NUMBER_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS + 10:
        raise SettlementError(f"a number with {len(text)} digits and signs is too long")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise SettlementError(f"{text} is not a finite number")
    return value


def _constant(name: str) -> object:
    raise SettlementError(f"{name} is not JSON: give a number")


def _depth(text: str) -> int:
    """How deep arrays and objects nest, strings aside."""
    bare = re.sub(r'"(?:[^"\\]|\\.)*+"', '""', text)
    depth = deepest = 0
    for m in re.finditer(r"[\[\]{}]", bare):
        depth += 1 if m.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def read_json(data: str | bytes) -> object:
    """The JSON value of ``data`` (UTF-8 bytes, a byte order mark allowed, or text), strictly:
    ``SettlementError`` with one line for text that is not UTF-8, JSON nested more than
    ``MAX_DEPTH`` levels, numbers of more than ``MAX_NUMBER_DIGITS`` digits, NaN or
    Infinity, and a key given twice in one object (never "the last one wins")."""
    if isinstance(data, bytes):
        if len(data) > MAX_INPUT_BYTES:
            raise SettlementError(f"the input has {len(data):,} bytes; a round has at most {MAX_INPUT_BYTES:,}")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SettlementError(f"the input is not UTF-8 text (byte {e.start + 1} is 0x{data[e.start]:02x}); "
                                  "save it as UTF-8") from None
    elif len(data) > MAX_INPUT_BYTES:
        raise SettlementError(f"the input has {len(data):,} characters; a round has at most {MAX_INPUT_BYTES:,}")
    text = data.removeprefix("\ufeff")
    if (depth := _depth(text)) > MAX_DEPTH:
        raise SettlementError(f"the JSON is nested more than {MAX_DEPTH} levels deep ({depth}); a round is not")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int, parse_float=_float,
                          parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise SettlementError(f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except RecursionError:  # the depth check above makes this unreachable; kept as a guard
        raise SettlementError(f"the JSON is nested more than {MAX_DEPTH} levels deep") from None


def settle_text(text: str | bytes) -> dict:
    return settle(read_json(text))


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
