"""The shipped rules data loads, matches the printed tables of the rules text, and a
malformed copy is refused with the exact place."""

import json
import re
import shutil
from pathlib import Path

import pytest

from trainer.core.rules_data import RulesDataError
from trainer.games.dj_wild.rules_data import TRIPS_TABLES, read_rules_data, rules_data
from trainer.paths import resource

SRC = resource("games", "dj-wild")
RULES = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "dj-wild-poker.txt"


def test_shipped_data_loads_and_cites():
    data = rules_data()
    assert data.deck_size == 53 and data.jokers == 1 and data.seats == 6
    assert [s.label for s in data.spots] == ["Ante", "Blind", "Play", "Trips", "Two Way Bad Beat", "Cover All"]
    assert data.option_table("trips_table", "06").citation == "DJ Wild Poker §9(d)(4)"
    assert str(data.pay_tables["blind"].row_for("pair").odds) == "Push"
    assert {"opening", "cut", "hand-deal", "automated-shoe", "round", "cover-all", "second-deck"} <= set(data.procedures)
    for proc in data.procedures.values():
        assert all(step.citation.startswith("DJ Wild Poker §") for step in proc.steps)
    for case in data.irregularities:
        assert case.citation.startswith("DJ Wild Poker §")
    for rule in data.wager_rules:
        assert rule.citation.startswith("DJ Wild Poker §")
    assert any(c.outcome == "Refer to floor supervisor" for c in data.irregularities)


def _cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _odds(cell):
    return cell.replace(",", "")


@pytest.mark.skipif(not RULES.exists(), reason="the rules texts are not beside the checkout")
def test_the_pay_tables_are_the_printed_ones():
    text = RULES.read_text(encoding="utf-8")
    data = rules_data()
    lines = text.splitlines()
    # §9(d)(4): the Trips table, natural and wild columns for 01..07.
    start = next(i for i, line in enumerate(lines) if line.startswith("| Hands"))
    keys = {"Five Wilds": "five-wilds", "Royal flush": "royal-flush", "Straight flush": "straight-flush",
            "5-of-a-Kind": "five-of-a-kind", "4-of-a-Kind": "four-of-a-kind", "Full house": "full-house",
            "Flush": "flush", "Straight": "straight", "Trips": "three-of-a-kind"}
    rows = 0
    for line in lines[start + 1:]:
        if not line.startswith("|"):
            break
        cells = _cells(line)
        key = keys[cells[0]]
        for i, table in enumerate(TRIPS_TABLES):
            natural, wild = cells[1 + 2 * i], cells[2 + 2 * i]
            pt = data.option_table("trips_table", table)
            assert str(pt.row_for(key).odds) == _odds(natural), (table, key)
            if wild:
                assert str(pt.row_for("wild-" + key).odds) == _odds(wild), (table, key)
            else:
                assert pt.row_for("wild-" + key) is None  # one printed payout (ruling 14)
        rows += 1
    assert rows == 9
    # §9(d)(3) blind and §10(c) bad beat.
    blind = {"Five Wilds": "five-wilds", "Royal Flush": "royal-flush", "Quints": "five-of-a-kind",
             "Straight Flush": "straight-flush", "Quads": "four-of-a-kind", "Full House": "full-house",
             "Flush": "flush", "Straight": "straight", "Others": "pair"}
    for label, key in blind.items():
        line = next(line for line in lines if re.match(rf"\| {re.escape(label)}\s+\|", line))
        assert str(data.pay_tables["blind"].row_for(key).odds) == _odds(_cells(line)[1])
    beat = {"Royal Flush": "royal-flush", "Five of a Kind": "five-of-a-kind", "Straight Flush": "straight-flush",
            "Four of a Kind": "four-of-a-kind", "Full House": "full-house", "Flush": "flush",
            "Straight": "straight", "Three of a Kind": "three-of-a-kind"}
    section = text[text.index("Hand Beaten"):]
    for label, key in beat.items():
        line = next(line for line in section.splitlines() if re.match(rf"\| {re.escape(label)}\s+\|", line))
        assert str(data.pay_tables["bad_beat"].row_for(key).odds) == _odds(_cells(line)[1])
    # §11(k): the Cover All matrix, columns 6 down to 1 players.
    matrix = text[text.index("(k) Below is the matrix"):]
    cover = {"5 Wilds": "five-wilds", "Royal Flush": "royal-flush", "Straight Flush": "straight-flush",
             "4 of a Kind": "four-of-a-kind", "Full House": "full-house"}
    for label, key in cover.items():
        line = next(line for line in matrix.splitlines() if re.match(rf"\| {re.escape(label)}\s+\|", line))
        for players, cell in zip((6, 5, 4, 3, 2, 1), _cells(line)[1:]):
            assert str(data.pay_tables[f"cover_all_{players}"].row_for(key).odds) == cell, (players, key)


def _copy_with(tmp_path, filename, mutate):
    folder = tmp_path / "dj"
    shutil.copytree(SRC, folder)
    path = folder / filename
    doc = json.loads(path.read_text())
    mutate(doc)
    path.write_text(json.dumps(doc))
    return folder


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["pay_tables"]["trips_03"]["rows"][2].update(odds="100 four 1"), r"pay_tables\.trips_03\.rows\[2\]\.odds"),
    (lambda d: d["pay_tables"]["trips_01"]["rows"][1].update(hands=["royal"]), r"unknown hand 'royal'"),
    (lambda d: d["pay_tables"]["bad_beat"]["rows"][0].update(hands=["wild-five-of-a-kind"]), r"unknown hand"),
    (lambda d: d["pay_tables"].pop("cover_all_1"), r"missing the 'cover_all_1' pay table"),
    (lambda d: d["house_options"]["trips_table"].update(default="08"), r"'08' is not one of the choices"),
    (lambda d: d["house_options"]["trips_table"]["choices"].update({"07": "trips_09"}), r"unknown pay table 'trips_09'"),
    (lambda d: d["deck"].update(jokers=2),
     r"game\.json: deck\.jokers: the data says 2, the code is written for 1 \(§2\(a\); trainer ruling 4\)$"),
    (lambda d: d["house_options"]["dealing_method"]["choices"].update({"manual-shoe": "Manual shoe"}),
     r"house_options\.dealing_method\.choices: the data says \[hand, automated-shoe, manual-shoe\], the code is "
     r"written for \[hand, automated-shoe\] \(§7-§8\)"),
    (lambda d: d.update(seats=7), r"seats: the data says 7, the code is written for 6 \(§11\(k\)"),
    (lambda d: d.pop("spots"), r"missing 'spots'"),
    (lambda d: d.update(game="four-card"), r"game: expected 'dj-wild'"),
])
def test_malformed_game_file(tmp_path, mutate, message):
    folder = _copy_with(tmp_path, "game.json", mutate)
    with pytest.raises(RulesDataError, match=message) as err:
        read_rules_data(folder)
    assert "game.json" in str(err.value)


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["procedures"][2]["steps"][1].pop("cite"), r"procedures\[2\]\.steps\[1\]: missing 'cite'"),
    (lambda d: d["order_drills"].append("deal"), r"order_drills: unknown procedure 'deal'"),
    (lambda d: d["irregularities"][1].update(id="dealer-exposed"), r"irregularities: two irregularities share an id"),
    (lambda d: d["wager_rules"][0].update(allowed="yes"), r"wager_rules\[0\]\.allowed: expected true or false"),
])
def test_malformed_procedures_file(tmp_path, mutate, message):
    folder = _copy_with(tmp_path, "procedures.json", mutate)
    with pytest.raises(RulesDataError, match=message) as err:
        read_rules_data(folder)
    assert "procedures.json" in str(err.value)


def test_not_json(tmp_path):
    folder = tmp_path / "dj"
    shutil.copytree(SRC, folder)
    (folder / "procedures.json").write_text("{ not json")
    with pytest.raises(RulesDataError, match="procedures.json: not valid JSON at line 1"):
        read_rules_data(folder)
