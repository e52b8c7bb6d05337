"""The settlement calculator's form without a window (trainer.calculator_form): the form's
text to the JSON document and back, the problems of a field, the cards in use, where a
picked card goes, and a settlement read into rows. No Qt here: the module must import and
run without PySide6."""

from __future__ import annotations

import copy
import subprocess
import sys
from datetime import datetime

import pytest

from trainer.calculator import settle
from trainer.calculator_form import (
    FormError,
    FormValues,
    SeatValues,
    amount_problem,
    calculator_games,
    card_problem,
    dealer_line,
    default_file_name,
    document_from_values,
    free_seat,
    game_for_document,
    grouped_rule,
    may_pick,
    next_field,
    option_json,
    options_lines,
    parse_document_text,
    rule_lines,
    seat_results,
    short_rule,
    used_cards,
    values_from_document,
)
from trainer.games import registry

pytest.importorskip("trainer.games.two_card_joker")
GAME = "two-card-joker"
BOOK = "Two Card Joker Poker"
RULE = "Two Card Joker Poker §11(d); Two Card Joker Poker §10(c)(1); trainer ruling 8"


@pytest.fixture
def form():
    return registry.get_game(GAME).calculator_form()


def test_the_module_needs_no_qt():
    code = ("import sys; import trainer.calculator_form; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_every_game_with_a_form_is_offered_and_its_example_round_trips_exactly():
    games = calculator_games()
    expected = [g.id for g in registry.available_games()
                if hasattr(g, "calculator_form") and hasattr(g, "settle_document") and g.calculator_form() is not None]
    assert [g.id for g in games] == expected and GAME in expected
    for g in games:
        values = values_from_document(g.form, g.form.example)
        doc = document_from_values(g.form, values)
        assert values_from_document(g.form, doc) == values  # form -> JSON -> form: exact
        assert document_from_values(g.form, values_from_document(g.form, doc)) == doc
        settle(doc)  # and every example settles
    two = next(g for g in games if g.id == GAME)
    assert document_from_values(two.form, values_from_document(two.form, two.form.example)) == two.form.example


def test_the_document_is_built_from_the_typed_text(form):
    values = FormValues(GAME, {"pair_up_table": "3"}, "qs, 7D",
                        [SeatValues(2, "jk  as", {"ante": "$1,250.5", "pair_up": "5", "super_flush": " "}, "Fold")])
    assert document_from_values(form, values) == {
        "game": GAME, "options": {"pair_up_table": "3"}, "dealer": {"cards": ["Qs", "7d"]},
        "seats": [{"seat": 2, "cards": ["JK", "As"], "wagers": {"ante": 125050, "pair_up": 500},
                   "decision": "fold"}],
    }
    bad_card = FormValues(GAME, {}, "Qs 7d", [SeatValues(1, "JK Xz", {"ante": "10"}, "Call")])
    with pytest.raises(FormError, match=r"Seat 1 · cards: 'Xz' is not a card"):
        document_from_values(form, bad_card)
    bad_amount = FormValues(GAME, {}, "Qs 7d", [SeatValues(1, "JK As", {"ante": "ten"}, "Call")])
    with pytest.raises(FormError, match=r"Seat 1 · Ante: 'ten' is not an amount"):
        document_from_values(form, bad_amount)


def test_card_problems_while_typing_and_after():
    assert card_problem("As K", 2, typing=True) is None  # 'K' is on its way to 'Kd'
    assert "'K' is not a card" in card_problem("As K", 2)
    assert "'Xz' is not a card" in card_problem("As Xz", 2, typing=True)
    assert card_problem("As 10d", 2) is None
    assert card_problem("As Kd Qh", 2) == "3 cards typed; this hand has 2"
    assert card_problem("", 2) is None


def test_values_from_a_document_the_form_cannot_show(form):
    doc = copy.deepcopy(form.example)
    doc["seats"][0]["decision"] = "raise"
    with pytest.raises(FormError, match="decision \"raise\" is not one of this game's"):
        values_from_document(form, doc)
    doc = copy.deepcopy(form.example)
    doc["seats"][0]["wagers"]["pairup"] = 100
    with pytest.raises(FormError, match="unknown wager 'pairup'"):
        values_from_document(form, doc)
    with pytest.raises(FormError, match="not two-card-joker"):
        values_from_document(form, {"game": "four-card"})


def test_amount_problems():
    assert amount_problem("") is None and amount_problem("  ") is None  # no wager
    assert amount_problem("12.50") is None and amount_problem("$1,000") is None
    assert "'ten' is not an amount" in amount_problem("ten")


def test_house_options_take_the_type_of_the_example(form):
    assert option_json(form, "pair_up_table", "3") == "3"  # a choice is text in this game's example
    assert option_json(form, "no_such_option", "x") == "x"


def test_the_cards_in_use_and_what_the_deck_still_has():
    used = used_cards(["Qs 7d", "jk as", "JK, Xz", "", "qs"])
    assert used == {"Qs": 2, "7d": 1, "JK": 2, "As": 1}  # 'Xz' is not a card: not counted
    assert not may_pick("Qs", used) and may_pick("Kd", used)
    assert may_pick("JK", {"JK": 1}) and not may_pick("JK", used)  # two jokers in the deck


def test_a_new_seat_takes_the_lowest_free_number():
    assert free_seat([], 6) == 1
    assert free_seat([1, 2, 4], 6) == 3
    assert free_seat([2, 1, 3, 4, 5, 6], 6) == 1  # every seat taken: 1 (the screen stops at max_seats)


def test_a_picked_card_goes_to_the_next_field_with_room():
    assert next_field([False, False, False], 1) == 1
    assert next_field([True, True, False], 0) == 2
    assert next_field([False, True, True], 1) == 0  # round to the first
    assert next_field([True, True, True], 2) == 2  # all full: stays


def test_a_document_finds_its_game_and_its_form(form):
    games = calculator_games()
    game, values = game_for_document(games, form.example)
    assert game.id == GAME and values == values_from_document(form, form.example)
    with pytest.raises(FormError, match=r'"game" must be one of .*two-card-joker.*not \'poker\''):
        game_for_document(games, {"game": "poker"})
    with pytest.raises(FormError, match="must be a JSON object"):
        game_for_document(games, ["two-card-joker"])
    with pytest.raises(FormError, match="given twice"):
        parse_document_text('{"game": "two-card-joker", "game": "four-card"}')
    with pytest.raises(FormError, match="must be a JSON object"):
        parse_document_text("[1, 2]")


def test_file_names_say_the_game_and_the_minute():
    assert default_file_name(GAME, "pdf", datetime(2026, 3, 4, 9, 5)) == "settlement-two-card-joker-20260304-0905.pdf"


def test_citations_shortened_packed_and_grouped():
    assert short_rule(RULE, BOOK) == "§11(d), §10(c)(1); trainer ruling 8"
    assert short_rule(RULE, "") == RULE
    assert rule_lines(RULE, BOOK) == ["§11(d), §10(c)(1)", "trainer ruling 8"]
    assert rule_lines("Two Card Joker Poker §11(b)(2); Two Card Joker Poker §10(d)(2)(iii)", BOOK, width=20) == \
        ["§11(b)(2)", "§10(d)(2)(iii)"]  # too long for one line of 20
    assert grouped_rule(RULE) == "Two Card Joker Poker §11(d), §10(c)(1); trainer ruling 8"


def test_a_settlement_read_into_rows(form):
    result = {
        "options": {"pair_up_table": "2", "unknown": True},
        "dealer": {"cards": ["Qs", "7d"], "description": "Queen high", "qualifies": False},
        "seats": [
            {"seat": 3, "cards": ["JK", "Ah"], "description": "Pair of aces",
             "wagers": [{"wager": "ante", "amount": 1000, "result": "push", "net": 0, "odds": None, "rule": RULE},
                        {"wager": "pair_up", "amount": 500, "result": "win", "net": 2000, "odds": "4 to 1",
                         "rule": RULE}]},
            {"seat": 5, "cards": ["9c", "4d"], "description": "Nine high", "net": -1250,
             "wagers": [{"wager": "ante", "amount": 1250, "result": "lose", "net": -1250}]},
        ],
    }
    seat3, seat5 = seat_results(form, result, BOOK)
    assert (seat3.seat, seat3.cards, seat3.net, seat3.net_cents) == (3, ("JK", "Ah"), "+$20.00", 2000)
    ante, pair_up = seat3.rows
    assert (ante.wager, ante.amount, ante.result, ante.net, ante.odds) == ("Ante", "$10.00", "push", "$0.00", "—")
    assert (pair_up.wager, pair_up.net, pair_up.net_cents, pair_up.odds) == ("Pair Up", "+$20.00", 2000, "4 to 1")
    assert pair_up.rule == RULE and pair_up.rule_short == "§11(d), §10(c)(1); trainer ruling 8"
    assert (seat5.net, seat5.rows[0].net, seat5.rows[0].rule) == ("-$12.50", "-$12.50", "")
    assert dealer_line(result) == "Queen high · does not qualify"
    assert dealer_line({}) == ""
    (table, value, citation), unknown = options_lines(form, result)
    assert (table, value, unknown) == ("Pair Up pay table", "2", ("unknown", "true", ""))
    assert "§11(d)" in citation
