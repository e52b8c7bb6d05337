"""The shipped rules data loads, and a malformed copy is refused with the exact place."""

import json
import shutil

import pytest

from trainer.core.rules_data import RulesDataError
from trainer.games.four_card.rules_data import read_rules_data, read_side_bets, rules_data, side_bets
from trainer.paths import resource

SRC = resource("games", "four-card")


def test_shipped_data_loads_and_cites():
    data = rules_data()
    assert data.deck_size == 52 and data.jokers == 0 and data.seats == 7
    assert [s.label for s in data.spots] == ["Ante", "Play", "Aces Up", "Cover All", "Progressive"]
    assert data.option_table("aces_up_table", "VII").citation == "Four Card Poker §11(a)(3)"
    assert str(data.option_table("aces_up_table", "V").row_for("two-pair").odds) == "3 to 1"
    assert str(data.pay_tables["ante_bonus"].row_for("straight-flush").odds) == "20 to 1"
    assert str(data.option_table("progressive_table", "B").row_for("three-of-a-kind").odds) == "15 for 1"
    assert {"opening", "cut", "round", "automated-deal", "settle-e1", "settle-e2", "cover-all", "second-deck"} <= set(
        data.procedures)
    for drill in data.order_drills:
        assert 2 <= len(data.procedures[drill].steps) <= 9  # an order question shows at most 9 items
    for proc in data.procedures.values():
        assert all(step.citation.startswith("Four Card Poker §") for step in proc.steps)
    for case in data.irregularities:
        assert case.citation.startswith("Four Card Poker §")
    for rule in data.wager_rules:
        assert rule.citation.startswith("Four Card Poker §")
    assert any(c.outcome == "Refer to floor supervisor" for c in data.irregularities)


def test_side_bet_sections():
    sb = side_bets()
    assert sorted(sb.cover_all.columns) == [2, 3, 4, 5, 6, 7]
    assert str(sb.cover_all.columns[6].row_for("three-of-a-kind").odds) == "4 to 1"  # the matrix, not §12(f)
    assert str(sb.cover_all.columns[7].row_for("four-aces").odds) == "100 to 1"
    p = sb.progressive
    assert p.wagers == (100, 500) and p.meter_pays == "100% of meter"
    assert p.tables["A"].minimum_reset == 500_000 and p.tables["B"].minimum_reset == 100_000
    assert p.tables["A"].envy_row(500, "straight-flush").amount == 2500
    assert p.tables["B"].envy_row(100, "straight-flush") is None
    assert p.tables["B"].envy_row(500, "four-of-a-kind").amount == 12_500


def _copy_with(tmp_path, filename, mutate):
    folder = tmp_path / "fc"
    shutil.copytree(SRC, folder)
    path = folder / filename
    doc = json.loads(path.read_text())
    mutate(doc)
    path.write_text(json.dumps(doc))
    return folder


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["pay_tables"]["aces_up_3"]["rows"][1].update(odds="30 too 1"), r"pay_tables\.aces_up_3\.rows\[1\]\.odds"),
    (lambda d: d["pay_tables"]["aces_up_1"]["rows"][6].update(hands=["aces"]), r"unknown hand 'aces'"),
    (lambda d: d["pay_tables"].pop("ante_bonus"), r"missing the 'ante_bonus' pay table"),
    (lambda d: d["house_options"]["aces_up_table"].update(default="VIII"), r"'VIII' is not one of the choices"),
    (lambda d: d["house_options"]["aces_up_table"]["choices"].update(VIII="aces_up_8"),
     r"house_options\.aces_up_table: choice 'VIII' names the unknown pay table 'aces_up_8'"),
    (lambda d: d["cover_all"]["columns"].update({"5": "cover_all_9"}), r"cover_all\.columns\.5: names the unknown pay table"),
    (lambda d: d["cover_all"]["columns"].update({"8": "cover_all_7"}), r"cover_all\.columns: '8' is not a number of players"),
    (lambda d: d["progressive"]["tables"]["A"].update(minimum_reset="5000"), r"progressive\.tables\.A\.minimum_reset: expected a whole number"),
    (lambda d: d["progressive"]["tables"]["B"]["envy"].update({"200": []}), r"progressive\.tables\.B\.envy: '200' is not one of"),
    (lambda d: d["progressive"]["tables"]["A"]["envy"]["100"][0].update(hands=["quads"]),
     r"progressive\.tables\.A\.envy\.100\[0\]\.hands: unknown hand 'quads'"),
    (lambda d: d["progressive"]["tables"].pop("B"), r"progressive\.tables: missing paytable 'B'"),
    (lambda d: d.pop("progressive"), r"missing 'progressive'"),
    (lambda d: d.update(format=2), r"format 1"),
    (lambda d: d["deck"].update(jokers=1), r"deck\.jokers: the data says 1, the code is written for 0 \(§2\(a\); trainer ruling 4\)"),
    (lambda d: d["house_options"]["settlement_alternative"].update(default="2"),
     r"house_options\.settlement_alternative\.default: the data says 2, the code is written for 1"),
    (lambda d: d["house_options"].pop("dealing_method"),
     r"house_options\.dealing_method\.choices: the data says \[\], the code is written for "
     r"\[manual-shoe, hand, automated-shoe\] \(§7-§9\)"),
])
def test_malformed_game_file(tmp_path, mutate, message):
    folder = _copy_with(tmp_path, "game.json", mutate)
    with pytest.raises(RulesDataError, match=message) as err:
        read_rules_data(folder)
    assert "game.json" in str(err.value)


def test_malformed_procedures_file(tmp_path):
    folder = _copy_with(tmp_path, "procedures.json", lambda d: d["procedures"][2]["steps"][4].pop("cite"))
    with pytest.raises(RulesDataError, match=r"procedures\.json: procedures\[2\]\.steps\[4\]: missing 'cite'"):
        read_rules_data(folder)


def test_duplicate_irregularity(tmp_path):
    folder = _copy_with(tmp_path, "procedures.json",
                        lambda d: d["irregularities"].append(dict(d["irregularities"][0])))
    with pytest.raises(RulesDataError, match="two irregularities share an id"):
        read_rules_data(folder)


def test_not_json(tmp_path):
    folder = tmp_path / "fc"
    shutil.copytree(SRC, folder)
    (folder / "game.json").write_text("{ not json")
    with pytest.raises(RulesDataError, match="not valid JSON at line 1"):
        read_rules_data(folder)


def test_side_bets_read_from_a_folder_agree_with_the_cache():
    assert read_side_bets(SRC, rules_data()) == side_bets()


def test_the_opening_cites_the_inspection_where_the_text_has_it():
    """§4(a) receives the deck; the dealer's inspection, the floorperson's verification and the
    spread for the first player are §4(b); the wash, stacking and shuffle §4(c)."""
    steps = [(s.text, s.citation) for s in rules_data().procedures["opening"].steps]
    assert steps == [
        ("Receive the deck at the table", "Four Card Poker §4(a)"),
        ("Inspect the cards", "Four Card Poker §4(b)"),
        ("The floorperson assigned to the table verifies the inspection", "Four Card Poker §4(b)"),
        ("Spread the cards face up according to suit and in sequence", "Four Card Poker §4(b)"),
        ("Let the first player to arrive inspect the cards", "Four Card Poker §4(b)"),
        ("Turn the cards face down and mix them by a wash (chemmy shuffle)", "Four Card Poker §4(c)"),
        ("Stack the cards", "Four Card Poker §4(c)"),
        ("Shuffle the cards as Section 5 requires", "Four Card Poker §4(c)"),
    ]


def test_the_cover_all_drill_cites_only_the_highest_hand_pays_to_12g():
    """§12(g): only the highest hand pays; §12(j): the Cover All bets are reconciled once all
    player bets are."""
    steps = rules_data().procedures["cover-all"].steps
    highest = [s for s in steps if "highest hand" in s.text]
    assert highest and all("§12(g)" in s.citation for s in highest)
    last = steps[-1]
    assert "all player bets" in last.text and last.citation.startswith("Four Card Poker §12(j)")


def test_a_bad_cut_is_called_to_the_floor_supervisor():
    """§5(d) lets the supervisor require a recut; it is not automatic (trainer ruling 24)."""
    (case,) = [i for i in rules_data().irregularities if i.id == "bad-cut"]
    assert case.outcome == "Refer to floor supervisor"
    assert case.citation == "Four Card Poker §5(d); trainer ruling 24"
    assert "recut" not in case.outcome.lower()


def test_the_settlement_drills_collect_every_losing_wager_before_paying():
    """§10(d) collects all losing ante, play and Aces Up wagers before §10(e) settles the
    wagers remaining; the round drill, (e)(1) and (e)(2) teach that one order."""
    procs = rules_data().procedures
    for drill in ("round", "settle-e1", "settle-e2"):
        texts = [s.text.lower() for s in procs[drill].steps]
        collect = [i for i, t in enumerate(texts) if "losing" in t]
        pay = [i for i, t in enumerate(texts) if "pay" in t or "settle the remaining" in t]
        assert collect and pay and max(collect) < min(pay), drill
    e2 = procs["settle-e2"].steps
    losing = next(s for s in e2 if "losing" in s.text)
    assert losing.citation == "Four Card Poker §10(d)" and "or pay" not in losing.text
    assert [s.citation for s in e2].index("Four Card Poker §10(e)(2)(ii)") > [s.citation for s in e2].index(
        "Four Card Poker §10(d)")
