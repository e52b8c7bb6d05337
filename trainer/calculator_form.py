"""The settlement calculator's form without a window: what the settle screen shows, as text,
and the JSON document ``settle`` reads.

A floor supervisor (or an instructor writing a worksheet) types the dealer's cards and each
seat's cards, wagers and decision; ``document_from_values`` turns what was typed into the
document ``dealer-trainer settle`` reads, and ``values_from_document`` is its inverse (so a
round can be opened, saved, copied and printed). ``seat_results`` reads a settlement into
rows for the screen and the printed page. Pure Python: the screen
(``trainer.ui.screens.settle_screen``) keeps only the widgets and their wiring.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from trainer.calculator import read_json
from trainer.contracts.game import CalculatorForm
from trainer.core.cards import JOKER_TEXT, RANK_CHARS, Card, CardError
from trainer.core.money import AmountError, format_cents, parse_cents
from trainer.core.settlement import SettlementError
from trainer.games import registry

NO_DECISION = "—"
CARD_SPLIT = re.compile(r"[\s,;]+")
JOKERS_IN_DECK = 2


class FormError(ValueError):
    """Something typed in the form that is not a card, an amount or a choice; the
    message says where ("Seat 3 · Ante: ...")."""


# ------------------------------------------------------------------ the form's values
@dataclass
class SeatValues:
    seat: int
    cards: str = ""
    wagers: dict[str, str] = field(default_factory=dict)  # wager key -> the amount as typed
    decision: str = ""  # a DecisionChoice label; "" when none is chosen
    extra: dict = field(default_factory=dict)  # seat keys the form does not show, kept as they came


@dataclass
class FormValues:
    """Everything the screen shows for one game, as text, exactly as typed."""

    game_id: str
    options: dict[str, str]
    dealer: str
    seats: list[SeatValues]
    extra_options: dict = field(default_factory=dict)  # options the form does not show, kept
    extra: dict = field(default_factory=dict)  # top-level keys the form does not show, kept


def split_cards(text: str) -> list[str]:
    return [t for t in CARD_SPLIT.split(text.strip()) if t]


def _could_become_card(token: str) -> bool:
    """A card being typed: 'A', 'T', '1', '10', 'J' (the start of 'JK' or a jack)."""
    t = token.upper()
    return (len(t) == 1 and (t in RANK_CHARS or t == "1")) or t == "10"


def card_problem(text: str, count: int | None = None, *, typing: bool = False) -> str | None:
    """What is wrong with a cards field, or None. While ``typing``, a last card still being
    typed ('A' on the way to 'As') is not a problem yet."""
    tokens = split_cards(text)
    still_typing = typing and text and not CARD_SPLIT.match(text[-1])
    for n, token in enumerate(tokens):
        try:
            Card.parse(token)
        except CardError as e:
            if still_typing and n == len(tokens) - 1 and _could_become_card(token):
                continue
            return str(e)
    if count is not None and len(tokens) > count:
        return f"{len(tokens)} cards typed; this hand has {count}"
    return None


def parse_cards(text: str, where: str) -> list[str]:
    """The cards of a field as the JSON writes them ('as' -> 'As'); FormError if one is not a card."""
    try:
        return [str(Card.parse(t)) for t in split_cards(text)]
    except CardError as e:
        raise FormError(f"{where}: {e}") from e


def amount_problem(text: str) -> str | None:
    if not text.strip():
        return None
    try:
        parse_cents(text)
    except AmountError as e:
        return str(e)
    return None


def amount_text(cents: int) -> str:
    return format_cents(cents)


def wager_label(form: CalculatorForm, key: str) -> str:
    labels = dict(form.wagers)
    return labels.get(key) or key.replace("_", " ").capitalize()


def _example_option(form: CalculatorForm, key: str) -> object:
    options = form.example.get("options") if isinstance(form.example, dict) else None
    return options.get(key) if isinstance(options, dict) else None


def option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_json(form: CalculatorForm, key: str, text: str) -> object:
    """The option's value as the game reads it: of the same type as in the form's example
    (a flag true/false, whole cents), text otherwise."""
    sample = _example_option(form, key)
    if isinstance(sample, bool):
        return text.strip().lower() in ("true", "yes", "on", "1")
    if isinstance(sample, int):
        try:
            return int(text.strip())
        except ValueError:
            raise FormError(f"House option {key}: {text!r} is not a whole number") from None
    return text


def document_from_values(form: CalculatorForm, values: FormValues) -> dict:
    """The JSON document ``settle`` reads, from what the form shows. Raises FormError for a
    card or an amount that is not one (the rest is checked by the game's settlement)."""
    options = dict(values.extra_options)
    for opt in form.options:
        options[opt.key] = option_json(form, opt.key, values.options.get(opt.key, opt.default))
    doc: dict = {"game": form.game_id, "options": options}
    if form.dealer_cards:
        doc["dealer"] = {"cards": parse_cards(values.dealer, "Dealer's cards")}
    labels = {c.label: c for c in form.decisions}
    seats = []
    for s in values.seats:
        where = f"Seat {s.seat}"
        wagers: dict[str, int] = {}
        for key, _label in form.wagers:
            text = s.wagers.get(key, "").strip()
            if not text:
                continue
            try:
                wagers[key] = parse_cents(text)
            except AmountError as e:
                raise FormError(f"{where} · {wager_label(form, key)}: {e}") from e
        seat: dict = {"seat": s.seat, "cards": parse_cards(s.cards, f"{where} · cards"), "wagers": wagers}
        if s.decision and s.decision != NO_DECISION:
            choice = labels.get(s.decision)
            if choice is None:
                raise FormError(f"{where}: {s.decision!r} is not a decision of this game")
            seat["decision"] = form.decision_json(choice, wagers)
        seat.update({k: v for k, v in s.extra.items() if k not in seat})
        seats.append(seat)
    doc["seats"] = seats
    doc.update({k: v for k, v in values.extra.items() if k not in doc})
    return doc


def _decision_label(form: CalculatorForm, decision: object, wagers: dict[str, int], where: str) -> str:
    if decision is None:
        return ""
    for choice in form.decisions:
        if form.decision_json(choice, wagers) == decision:
            return choice.label
    for choice in form.decisions:
        if not choice.play_multiple and choice.value == decision:
            return choice.label
    shown = ", ".join(c.label for c in form.decisions) or "none"
    raise FormError(f"{where}: the decision {json.dumps(decision)} is not one of this game's ({shown})")


def values_from_document(form: CalculatorForm, doc: object) -> FormValues:
    """What the form shows for a document (the inverse of ``document_from_values``).
    Raises FormError for a document the form cannot show."""
    if not isinstance(doc, dict):
        raise FormError("the round must be a JSON object with \"game\", \"seats\" and the cards")
    if doc.get("game") != form.game_id:
        raise FormError(f"this round is for {doc.get('game')!r}, not {form.game_id}")
    given = doc.get("options", {})
    if not isinstance(given, dict):
        raise FormError("options: expected an object")
    shown = {o.key for o in form.options}
    options = {o.key: option_text(given.get(o.key, o.default)) for o in form.options}
    extra_options = {k: v for k, v in given.items() if k not in shown}
    dealer = ""
    if form.dealer_cards:
        d = doc.get("dealer", {})
        cards = d.get("cards", []) if isinstance(d, dict) else None
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise FormError("dealer: cards are a list of texts such as [\"As\", \"JK\"]")
        dealer = " ".join(cards)
    seats_in = doc.get("seats", [])
    if not isinstance(seats_in, list):
        raise FormError("seats: expected a list of seats")
    seats = []
    for n, s in enumerate(seats_in):
        if not isinstance(s, dict):
            raise FormError(f"seats[{n}]: expected an object")
        number = s.get("seat")
        if not isinstance(number, int) or isinstance(number, bool):
            raise FormError(f"seats[{n}]: 'seat' must be a seat number")
        where = f"Seat {number}"
        cards = s.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise FormError(f"{where}: cards are a list of texts such as [\"As\", \"JK\"]")
        wagers_in = s.get("wagers", {})
        if not isinstance(wagers_in, dict):
            raise FormError(f"{where}: wagers: expected an object")
        keys = [k for k, _ in form.wagers]
        for k, v in wagers_in.items():
            if k not in keys:
                raise FormError(f"{where}: unknown wager {k!r}; the wagers are {', '.join(keys)}")
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise FormError(f"{where}: {k} must be a whole number of cents, not {v!r}")
        decision = _decision_label(form, s.get("decision"), wagers_in, where) if "decision" in s else ""
        extra = {k: v for k, v in s.items() if k not in ("seat", "cards", "wagers", "decision")}
        seats.append(SeatValues(number, " ".join(cards), {k: amount_text(v) for k, v in wagers_in.items()},
                                decision, extra))
    extra = {k: v for k, v in doc.items() if k not in ("game", "options", "dealer", "seats")}
    return FormValues(form.game_id, options, dealer, seats, extra_options, extra)


def document_json(doc: dict) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def parse_document_text(text: str) -> dict:
    try:  # as strictly as `dealer-trainer settle` (issue 14): depth, digits, NaN, a key twice
        doc = read_json(text)
    except SettlementError as e:
        raise FormError(str(e)) from None
    if not isinstance(doc, dict):
        raise FormError("the round must be a JSON object with \"game\", \"seats\" and the cards")
    return doc


# ---------------------------------------------------------------- games with a form
@dataclass(frozen=True)
class CalculatorGame:
    id: str
    title: str
    form: CalculatorForm


def calculator_games() -> list[CalculatorGame]:
    """Every available game whose Game supplies ``calculator_form`` (a game that fails to
    load or to make its form is left out, never taking the screen down)."""
    games = []
    for entry in registry.catalogue():
        if entry.calculator is None:  # the game's spec names no calculator
            continue
        try:
            game = registry.get_game(entry.id)
            form = game.calculator_form()
            if form is None:  # the game settles from JSON only (see its calculator_form)
                continue
        except Exception as exc:  # noqa: BLE001 - a broken game package is not offered, and says why
            print(f"dealer-trainer: {entry.title} is left out of the calculator: {exc}", file=sys.stderr)
            continue
        games.append(CalculatorGame(entry.id, getattr(game, "title", entry.title), form))
    return games


# ------------------------------------------------------------------- showing results
@dataclass(frozen=True)
class WagerRow:
    wager: str  # the label: "Ante", "Pair Up", "Call"
    amount: str
    result: str  # win, lose, push, refer, ...
    net: str  # signed: "+$10.00"
    net_cents: int
    odds: str
    rule: str  # as cited
    rule_short: str  # the game's own rule book left implicit: "§11(b)(2); §10(d)(2)(iii)"


@dataclass(frozen=True)
class SeatResult:
    seat: int
    cards: tuple[str, ...]
    description: str
    net: str
    net_cents: int
    rows: tuple[WagerRow, ...]


def short_rule(rule: str, book: str) -> str:
    """'Two Card Joker Poker §11(d); Two Card Joker Poker §10(c)(1); trainer ruling 8' ->
    '§11(d), §10(c)(1); trainer ruling 8' when the book is the game's own."""
    parts = [p.strip() for p in rule.split(";") if p.strip()]
    sections, others = [], []
    for p in parts:
        if book and p.startswith(book + " §"):
            sections.append(p[len(book) + 1:])
        else:
            others.append(p)
    head = ", ".join(sections)
    return "; ".join([head] + others if head else others)


def rule_lines(rule: str, book: str, width: int = 22) -> list[str]:
    """The citations of a rule, the game's own book left implicit, packed into short lines:
    ['§11(b)(2), §10(d)(2)(iii)'] or ['§11(d), §10(c)(1)', 'trainer ruling 8']."""
    parts = [p.strip() for p in rule.split(";") if p.strip()]
    cites = [p[len(book) + 1:] if book and p.startswith(book + " §") else p for p in parts]
    lines: list[str] = []
    for c in cites:
        if lines and c.startswith("§") and lines[-1].startswith("§") and len(lines[-1]) + 2 + len(c) <= width:
            lines[-1] += ", " + c
        else:
            lines.append(c)
    return lines


def grouped_rule(rule: str) -> str:
    """'Two Card Joker Poker §11(d); Two Card Joker Poker §10(c)(1); trainer ruling 8' ->
    'Two Card Joker Poker §11(d), §10(c)(1); trainer ruling 8'."""
    groups: dict[str, list[str]] = {}
    for part in (p.strip() for p in rule.split(";")):
        if not part:
            continue
        book, sep, section = part.partition(" §")
        groups.setdefault(book if sep else part, [])
        if sep:
            groups[book].append("§" + section)
    return "; ".join(f"{book} {', '.join(sections)}" if sections else book for book, sections in groups.items())


def seat_results(form: CalculatorForm, result: dict, book: str = "") -> list[SeatResult]:
    seats = []
    for s in result.get("seats", []):
        rows = []
        for w in s.get("wagers", []):
            rows.append(WagerRow(wager_label(form, w["wager"]), format_cents(w["amount"]), str(w["result"]),
                                 format_cents(w["net"], sign=True), w["net"], w.get("odds") or "—",
                                 w.get("rule", ""), short_rule(w.get("rule", ""), book)))
        net = s.get("net", sum(r.net_cents for r in rows))
        seats.append(SeatResult(s["seat"], tuple(s.get("cards", ())), s.get("description", ""),
                                format_cents(net, sign=True), net, tuple(rows)))
    return seats


def dealer_line(result: dict) -> str:
    dealer = result.get("dealer")
    if not dealer:
        return ""
    q = dealer.get("qualifies")
    qual = "" if q is None else (" · qualifies" if q else " · does not qualify")
    return f"{dealer.get('description', '')}{qual}"


def options_lines(form: CalculatorForm, result: dict) -> list[tuple[str, str, str]]:
    """(title, value, citation) of each house option of the settlement."""
    options = result.get("options") or {}
    titles = {o.key: (o.title, o.citation) for o in form.options}
    return [(titles.get(k, (k, ""))[0], option_text(v), titles.get(k, ("", ""))[1]) for k, v in options.items()]


# ------------------------------------------------------------------- the form's state
def used_cards(fields: Iterable[str]) -> dict[str, int]:
    """How many times each card is typed in the cards fields ('as' and 'As' alike);
    what is not a card is not counted."""
    used: dict[str, int] = {}
    for text in fields:
        for token in split_cards(text):
            try:
                card = str(Card.parse(token))
            except CardError:
                continue
            used[card] = used.get(card, 0) + 1
    return used


def may_pick(card: str, used: dict[str, int]) -> bool:
    """Whether the deck still has ``card`` (one of each, two jokers) after ``used``."""
    limit = JOKERS_IN_DECK if card == JOKER_TEXT else 1
    return used.get(card, 0) < limit


def free_seat(taken: Iterable[int], max_seats: int) -> int:
    """The lowest seat number not yet in the round (1 when every seat is)."""
    taken = set(taken)
    return next((n for n in range(1, max_seats + 1) if n not in taken), 1)


def next_field(full: Sequence[bool], target: int) -> int:
    """The cards field a picked card goes to: ``target``, or when it is full the next one
    that is not, going round (``target`` again when all are full)."""
    if not full[target]:
        return target
    later = [(target + k) % len(full) for k in range(1, len(full))]
    return next((n for n in later if not full[n]), target)


def game_for_document(games: Sequence[CalculatorGame], doc: object) -> tuple[CalculatorGame, FormValues]:
    """The game of a parsed document among ``games``, and what its form shows for it.
    Raises FormError when the document is not a round of one of them."""
    if not isinstance(doc, dict):
        raise FormError("the round must be a JSON object with \"game\", \"seats\" and the cards")
    game = next((g for g in games if g.id == doc.get("game")), None)
    if game is None:
        ids = ", ".join(g.id for g in games)
        raise FormError(f"\"game\" must be one of {ids}, not {doc.get('game')!r}")
    return game, values_from_document(game.form, doc)


def default_file_name(game_id: str, suffix: str, now: datetime) -> str:
    return f"settlement-{game_id}-{now:%Y%m%d-%H%M}.{suffix}"
