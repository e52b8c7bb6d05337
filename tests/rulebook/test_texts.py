"""The parser reads the school's texts into sections with the identifiers the app cites,
and the citation reader finds every form the app writes (issue 18)."""

from __future__ import annotations

import pytest

from trainer.rulebook.citations import PAYOUTS, RULINGS, Reference, find_references, references
from trainer.rulebook.texts import parse_regulation, parse_rulings, table_rows


def test_numbered_sections_letters_numbers_romans(library):
    four = library.texts["four-card"]
    assert [s.id for s in four.top] == [str(n) for n in range(1, 15)]
    assert four.get("11").title == "Payout Odds"
    assert four.get("11(a)(2)") is not None and four.get("11(a)(2)").parent is four.get("11(a)")
    assert [c.id for c in four.get("5(c)(1)").children] == ["5(c)(1)(i)", "5(c)(1)(ii)", "5(c)(1)(iii)",
                                                             "5(c)(1)(iv)"]
    # "(iv)" written inside the line of (iii) after "; and" is its own sub-section
    assert four.get("10(e)(1)(iv)").text.startswith("Collect all player hands")
    assert "Collect all player hands" not in four.get("10(e)(1)(iii)").text
    # "b." under (e): cited as "§7(e)b"
    assert four.get("7(e)b").text.startswith("If the count of the stub indicates that the number")
    # a wrapped line with no label stays with its section: (2) of §10(e) continues
    assert "counterclockwise around the table" in four.get("10(e)(2)").text


def test_letter_i_is_not_a_roman_numeral_after_h(library):
    """(i) after (h)(5): the next letter, since no (ii) follows it."""
    dj = library.texts["dj-wild"]
    assert dj.get("11(i)").parent is dj.get("11")
    assert dj.get("11(i)").text.startswith("If the dealer finds a higher hand")
    # ... while (i) followed by (ii) is a roman numeral
    assert dj.get("4(c)(1)(i)").parent is dj.get("4(c)(1)")


def test_markdown_headings_and_unindented_labels(library):
    dj = library.texts["dj-wild"]
    assert [s.id for s in dj.top] == [str(n) for n in range(1, 14)]
    assert dj.get("12").title == "Multi Game Link"
    # "(2) Players will ..." at the start of a line without a bullet: (c)(2) of §7
    assert dj.get("7(c)(2)").text.startswith("Players will then decide")
    # the pay tables stay in their sections
    assert "| Royal Flush" in dj.get("11(k)").text


def test_pokette_one_label_per_line(library):
    pk = library.texts["pokette"]
    assert [s.id for s in pk.top] == [f"({c})" for c in "abcdefghi"]
    assert pk.get("(h)").title.startswith("Procedures for Placing")
    assert [c.id for c in pk.get("(h)(4)(ii)").children] == ["(h)(4)(ii)(A)", "(h)(4)(ii)(B)"]
    assert pk.get("(h)(5)(iii)") is not None
    assert pk.get("(i)(1)(ii)").parent is pk.get("(i)(1)")
    assert pk.get("(g)(1)").text.startswith("Prior to spinning")


def test_rulings_and_pokette_payouts(library):
    assert sorted(int(n) for n in library.rulings.sections) == list(range(1, 40))
    assert library.rulings.get("25").group == "DJ Wild Poker"
    assert library.rulings.get("37").text.startswith("§(h)(5)(iii) is garbled")
    assert sorted(library.payouts.sections) == ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "table"]
    rows = table_rows(library.payouts.get("table"))
    assert rows[0] == ["wager", "payout odds"]
    assert ["Single card straight up", "50 to 1"] in rows and len(rows) == 22


def test_a_small_text_of_each_format():
    text = "1. Definitions\nWords.\n\n2. Wagers\n- (a) First.\n - (1) One;\n - (2) Two; and (3)Three.\n(b) Second.\n"
    t = parse_regulation(text, "x.txt")
    assert list(t.sections) == ["1", "2", "2(a)", "2(a)(1)", "2(a)(2)", "2(a)(3)", "2(b)"]
    assert t.get("2(a)(3)").text == "Three."
    # a cross-reference that starts a wrapped line is not a label
    t = parse_regulation("1. A\n- (a) See\n(c) above for this.\n- (b) Next.\n", "y.txt")
    assert list(t.sections) == ["1", "1(a)", "1(b)"]
    assert t.get("1(a)").text == "See\n(c) above for this."
    r = parse_rulings("## Game\n1. First\n   more.\n2. Second\n", "R.md")
    assert r.get("1").text == "First\nmore." and r.get("2").group == "Game"


@pytest.mark.parametrize("text, expected", [
    ("Two Card Joker Poker §10(d)", [Reference("two-card-joker", "10(d)")]),
    ("Four Card Poker §11(a)(2); trainer ruling 10", [Reference("four-card", "11(a)(2)"), Reference(RULINGS, "10")]),
    ("§10(d)(1)-(2)", [Reference("four-card", "10(d)(1)", also="10(d)(2)")]),
    ("§6(b)-(c)", [Reference("four-card", "6(b)", also="6(c)")]),
    ('§1 "Ante wager"', [Reference("four-card", "1", term="Ante wager")]),
    ("§7(e)b; §14(c)", [Reference("four-card", "7(e)b"), Reference("four-card", "14(c)")]),
    ("DJ Wild Poker §11(h)-(i), trainer rulings 23 and 39",
     [Reference("dj-wild", "11(h)", also="11(i)"), Reference(RULINGS, "23"), Reference(RULINGS, "39")]),
    ("Pokette §(h)(5)(iii), trainer ruling 37, P6",
     [Reference("pokette", "(h)(5)(iii)"), Reference(RULINGS, "37"), Reference(PAYOUTS, "P6")]),
    ("trainer ruling P3", [Reference(PAYOUTS, "P3")]),
    ("pokette-payouts.md (§(f)(2))", [Reference(PAYOUTS, "table"), Reference("four-card", "(f)(2)")]),
    ("refer to floor supervisor", []),
])
def test_citation_forms(text, expected):
    assert references(text, "four-card") == expected


def test_each_reference_has_its_own_span():
    text = "Winner's Pot Poker §9(c), trainer rulings 28 and 33"
    spans = [text[a:b] for a, b, _ in find_references(text)]
    assert spans == ["Winner's Pot Poker §9(c)", "trainer rulings 28", "33"]


def test_a_citation_that_resolves_nowhere_is_named(library):
    assert library.unresolved("Four Card Poker §11(a)(2)") == []
    assert library.unresolved("Four Card Poker §15(a)") == ["four-card 15(a): no such section in four-card-poker.txt"]
    assert library.unresolved("Four Card Poker §11(a)(9)") == [
        "four-card 11(a)(9): no such section in four-card-poker.txt"]
    assert library.unresolved("trainer ruling 40") == ["rulings 40: no such section in RULINGS.md"]
    assert library.unresolved("P8") == ["pokette-payouts P8: no such section in pokette-payouts.md"]
    assert library.unresolved('Four Card Poker §1 "Banana wager"') == ["four-card 1: does not define 'Banana wager'"]
    assert library.unresolved("see the rules") == ["'see the rules': cites no section or ruling"]
    # a note inside the citation's parentheses, holding a ";", is part of it
    assert library.unresolved("Two Card Joker Poker §10(a) (the cards stay hidden; no remedy is written)") == []
