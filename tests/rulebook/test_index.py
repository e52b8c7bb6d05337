"""The app's own index of each game's sections (rulebook.json beside game.json):
validated at load, every entry a section of the school's text, summaries in our words."""

from __future__ import annotations

import json

import pytest

from trainer.games import registry
from trainer.paths import resource
from trainer.rulebook.citations import Reference
from trainer.rulebook.library import IndexError_, game_index, index_entry, read_index

GAMES = [e.id for e in registry.catalogue() if registry.is_available(e.id)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_an_index_of_existing_sections(library, game_id):
    entries = game_index(game_id)
    top = [s.id for s in library.texts[game_id].top]
    assert [e.id for e in entries if e.id in top] == top, "every numbered section has an entry, in order"
    for e in entries:
        assert library.problems(Reference(game_id, e.id)) == [], e.id


@pytest.mark.parametrize("game_id", GAMES)
def test_summaries_are_our_words(library, game_id):
    """No summary copies the text: no run of eight words of it appears in the section."""
    for e in game_index(game_id):
        words = e.summary.lower().replace(",", "").split()
        official = " ".join(library.texts[game_id].get(e.id).full_text().lower().replace(",", "").split())
        for i in range(len(words) - 7):
            assert " ".join(words[i:i + 8]) not in official, (e.id, e.summary)


def test_the_nearest_indexed_section_stands_for_a_sub_section():
    assert index_entry("four-card", "11(a)(2)").title == "Ante bonus"
    assert index_entry("four-card", "10(e)(1)(iv)").id == "10(e)"
    assert index_entry("four-card", "7(e)b").id == "7(e)"
    assert index_entry("pokette", "(h)(5)(iii)").id == "(h)(5)"


@pytest.mark.parametrize("sections, message", [
    ([{"id": "10(d)", "title": "x"}], "needs exactly id, title and summary"),
    ([{"id": "§10(d)", "title": "x", "summary": "y"}], "is not a section as cited"),
    ([{"id": "1", "title": "x", "summary": "y"}, {"id": "1", "title": "z", "summary": "w"}], "1 is listed twice"),
    ([{"id": "1", "title": "x", "summary": "two\\nlines"}], "one line"),
    ([{"id": "1", "title": "", "summary": "y"}], "non-empty text"),
])
def test_an_index_that_is_not_accepted_says_why(tmp_path, sections, message):
    path = tmp_path / "rulebook.json"
    path.write_text(json.dumps({"game": "x", "sections": sections}).replace("\\\\n", "\\n"), encoding="utf-8")
    with pytest.raises(IndexError_, match=message):
        read_index(path)


def test_the_shipped_files_are_where_the_resources_are():
    for game_id in GAMES:
        assert resource("games", game_id, "rulebook.json").is_file()
