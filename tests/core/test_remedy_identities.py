"""The remedy identities of the irregularities (procedures.json "remedy" and "parts"),
checked when a game's rules data is loaded: unknown ids are refused naming the place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from trainer.core.rules_data import RulesDataError
from trainer.games.four_card.rules_data import read_rules_data as read_four_card
from trainer.games.two_card_joker.rules_data import read_rules_data as read_tcj
from trainer.paths import resource


def _copy(tmp_path: Path, game_id: str) -> tuple[Path, dict]:
    folder = tmp_path / game_id
    shutil.copytree(resource("games", game_id), folder)
    return folder, json.loads((folder / "procedures.json").read_text("utf-8"))


def _write(folder: Path, data: dict) -> None:
    (folder / "procedures.json").write_text(json.dumps(data), "utf-8")


def _index(data: dict, irregularity_id: str) -> int:
    return next(n for n, i in enumerate(data["irregularities"]) if i["id"] == irregularity_id)


def test_the_shipped_remedies_and_their_parts_closed_transitively():
    d = read_four_card(resource("games", "four-card"))
    by_id = {i.id: i for i in d.irregularities}
    assert by_id["stub-missing"].remedy == "void-all-remove-deck"
    assert by_id["stub-missing"].parts == ("remove-deck",)
    assert by_id["shoe-jam"].parts == ("void-all-reshuffle",)
    # the void round contains the void-and-reshuffle, which contains the reshuffle
    assert d.remedy_parts["void-round-reshuffle-dealt"] == {"void-all-reshuffle", "reshuffle-approved"}
    assert not d.remedies_differ("reshuffle-approved", "void-round-reshuffle-dealt")
    assert not d.remedies_differ("void-round-reshuffle-dealt", "reshuffle-approved")
    assert not d.remedies_differ("remove-deck", "remove-deck")
    assert d.remedies_differ("remove-deck", "remove-device")
    assert d.remedies_differ("refer", "remove-deck")
    wordings = d.remedy_wordings()
    assert wordings["refer"] == "Refer to floor supervisor"
    assert wordings["void-all-reshuffle"] == "All hands are void; reshuffle the cards"
    # the same, for outcome texts (table mode's remedy options)
    assert not d.wordings_differ("All hands are void; reshuffle the cards",
                                 "Reshuffle the cards by the procedures approved by the Commission")
    assert d.wordings_differ("Remove the deck from the table", "Refer to floor supervisor")
    assert d.wordings_differ("Hold the round", "Refer to floor supervisor")  # a text not in the data: by its words
    assert not d.wordings_differ("Hold the round", "Hold the round")


def test_an_unknown_part_is_refused_naming_its_place(tmp_path):
    folder, data = _copy(tmp_path, "two-card-joker")
    n = _index(data, "stub-missing")
    data["irregularities"][n]["parts"] = ["remove-the-deck"]
    _write(folder, data)
    with pytest.raises(RulesDataError) as e:
        read_tcj(folder)
    assert f"procedures.json: irregularities[{n}].parts[0]: unknown remedy 'remove-the-deck'" in str(e.value)


def test_a_missing_remedy_is_refused_naming_its_place(tmp_path):
    folder, data = _copy(tmp_path, "two-card-joker")
    del data["irregularities"][2]["remedy"]
    _write(folder, data)
    with pytest.raises(RulesDataError, match=r"irregularities\[2\]: missing 'remedy'"):
        read_tcj(folder)


def test_a_remedy_that_is_a_part_of_itself_is_refused(tmp_path):
    folder, data = _copy(tmp_path, "two-card-joker")
    for i in data["irregularities"]:
        if i["remedy"] == "reshuffle-approved":
            i["parts"] = ["void-round-reshuffle-dealt"]  # which contains void-all-reshuffle, which contains it
    _write(folder, data)
    with pytest.raises(RulesDataError, match=r"irregularities\[\d+\].parts: the remedy '[a-z-]+' is a part of itself"):
        read_tcj(folder)


def test_one_remedy_with_different_parts_in_two_places_is_refused(tmp_path):
    folder, data = _copy(tmp_path, "two-card-joker")
    n = _index(data, "dealer-exposed")
    data["irregularities"][n]["parts"] = []
    _write(folder, data)
    with pytest.raises(RulesDataError, match=rf"irregularities\[{n}\].parts: the remedy 'void-all-reshuffle' has"):
        read_tcj(folder)


def test_one_wording_under_two_identities_is_refused(tmp_path):
    folder, data = _copy(tmp_path, "two-card-joker")
    n = _index(data, "dealer-exposed")
    data["irregularities"][n]["remedy"] = "void-everything"
    data["irregularities"][n]["parts"] = []
    _write(folder, data)
    with pytest.raises(RulesDataError, match="already the remedy 'void-all-reshuffle'"):
        read_tcj(folder)


def test_the_floor_supervisor_has_one_identity(tmp_path):
    folder, data = _copy(tmp_path, "two-card-joker")
    n = _index(data, "player-shows-hand")
    data["irregularities"][n]["remedy"] = "call-the-floor"
    _write(folder, data)
    with pytest.raises(RulesDataError, match=rf"irregularities\[{n}\].remedy: 'Refer to floor supervisor' is the"):
        read_tcj(folder)
    data["irregularities"][n]["remedy"] = "refer"
    m = _index(data, "dealt-in-error")
    data["irregularities"][m]["remedy"] = "refer"
    _write(folder, data)
    with pytest.raises(RulesDataError, match=rf"irregularities\[{m}\].remedy"):
        read_tcj(folder)
