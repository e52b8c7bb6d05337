"""Names (issue 14): "José" typed precomposed on one station and decomposed (NFD) on another
is one trainee, in the store and in the import of another station's results; zero-width and
control characters are refused with a message naming the character."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from trainer.core import names
from trainer.store import Store, StoreError

NFC = "Jos\u00e9 Rivera"
NFD = unicodedata.normalize("NFD", NFC)


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(tmp_path / "t.sqlite3") as s:
        yield s


def test_the_two_forms_of_an_accent_are_one_name():
    assert NFC != NFD and len(NFD) == len(NFC) + 1
    assert names.clean(NFD) == NFC
    assert names.fold(NFD) == names.fold("  JOSÉ   rivera ") == names.fold(NFC)
    assert names.same("Stra\u00dfe", "STRASSE")  # case folding, not lower()


def test_a_decomposed_name_is_the_same_trainee(store):
    first = store.add_trainee(NFC)
    with pytest.raises(StoreError, match="already a trainee named 'José Rivera'"):
        store.add_trainee(NFD)
    with pytest.raises(StoreError, match="already a trainee"):
        store.add_trainee("josé  RIVERA")
    stored = store.add_trainee(unicodedata.normalize("NFD", "Zoë"))
    assert stored.name == "Zo\u00eb"  # kept composed (NFC)
    assert [t.name for t in store.trainees()] == [first.name, "Zo\u00eb"]


@pytest.mark.parametrize("name,shown", [
    ("Jos\u200be", "U+200B ZERO WIDTH SPACE at position 4"),
    ("\u200dAnn", "U+200D ZERO WIDTH JOINER at position 1"),
    ("Ann\u202eeoJ", "U+202E RIGHT-TO-LEFT OVERRIDE at position 4"),
    ("Ann\x00", "U+0000 at position 4"),
    ("Ann\x07Lee", "U+0007 at position 4"),
    ("Ann\u2028Lee", "U+2028 LINE SEPARATOR at position 4"),
    ("\ufeffAnn", "U+FEFF ZERO WIDTH NO-BREAK SPACE at position 1"),
    ("Ann\ue000", "U+E000 at position 4"),
])
def test_invisible_and_control_characters_are_refused_with_a_clear_message(store, name, shown):
    with pytest.raises(StoreError) as e:
        store.add_trainee(name)
    message = str(e.value)
    assert message.startswith("A trainee's name cannot contain invisible or control characters: ")
    assert shown in message and "Type the name again." in message
    assert store.trainees() == []


def test_tabs_and_newlines_are_refused_not_folded_into_spaces(store):
    for name in ("Ann\tLee", "Ann\nLee", "Ann\rLee"):
        with pytest.raises(StoreError, match="invisible or control characters"):
            store.add_trainee(name)


def test_a_station_s_decomposed_name_joins_the_same_trainee_at_import(tmp_path):
    from tests.review.test_import import station
    from trainer.review.accounts import create_supervisor
    from trainer.review.importer import import_file, write_results_file

    db = station(tmp_path / "station.sqlite3", ["placeholder"], seed=3)
    with Store.open(db) as st:  # a station that stored the name decomposed (an older version, a Mac)
        st.db.execute("UPDATE trainees SET name = ?", [NFD])
        out = tmp_path / "station.dtresults"
        answers = write_results_file(st, out)
    with Store.open(tmp_path / "review.sqlite3") as s:
        lee = create_supervisor(s, "Ms Lee", "supervisor-password")
        ours = s.add_trainee(NFC)
        summary = import_file(s, out, by=lee)
        assert summary.trainees_added == 0 and summary.answers_added == answers > 0
        assert [t.id for t in s.trainees()] == [ours.id]
        assert {a.trainee_id for a in s.answers(ours.id)} == {ours.id}


def test_an_import_matches_names_by_their_folded_form(tmp_path):
    """The import's trainee matching (trainer.store.exchange.normal_name) uses names.fold."""
    from trainer.store.exchange import normal_name

    assert normal_name(NFD) == normal_name(NFC) == normal_name(" JOSÉ\u200b RIVERA ")
