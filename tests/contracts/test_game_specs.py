"""The game contract: every shipped spec's parts are modules with what their Protocols
ask for, its title and blurb are its game.json's, and the registry's seam
(``registry.register``) adds, stands in and hides games only for the length of a block."""

from __future__ import annotations

import importlib.util
import json

import pytest

from tests.gui import fake_game
from tests.sixth_game import SPEC as SIXTH
from trainer.contracts.game import (
    HIT_TESTS, AnalysisPart, CalculatorPart, GameSpec, QuestionsPart, RulesDataPart, TableRoundPart, ViewSpec,
)
from trainer.core.settlement import SettlementError
from trainer.games import registry

SHIPPED = ["two-card-joker", "four-card", "dj-wild", "winners-pot", "pokette"]
PARTS = {"calculator": CalculatorPart, "analysis": AnalysisPart, "table_round": TableRoundPart}


def test_the_shipped_games_in_order():
    assert [s.id for s in registry.shipped()] == SHIPPED == [s.id for s in registry.specs()]
    assert [g.id for g in registry.available_games()] == SHIPPED


@pytest.mark.parametrize("game_id", SHIPPED)
def test_each_part_is_what_its_protocol_asks(game_id):
    spec = registry.spec(game_id)
    assert isinstance(spec.module(spec.questions), QuestionsPart)
    assert isinstance(spec.module(spec.rules_data), RulesDataPart)
    for name, protocol in PARTS.items():
        module = spec.part(name)
        assert module is not None and isinstance(module, protocol), (game_id, name)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_title_and_blurb_are_the_game_json_s(game_id):
    spec = registry.spec(game_id)
    doc = json.loads((spec.folder / "game.json").read_text(encoding="utf-8"))
    game = registry.get_game(game_id)
    assert (spec.title, spec.blurb) == (doc["title"], doc["blurb"]) == (game.title, game.data().blurb)
    assert registry.title_of(game_id) == doc["title"] and doc["game"] == game_id == game.data().id


@pytest.mark.parametrize("game_id", SHIPPED)
def test_drill_screens_and_views_name_modules_that_exist(game_id):
    spec = registry.spec(game_id)
    for where in [d.screen for d in spec.drills] + [v.widget for v in spec.views]:
        module, _, attr = where.partition(":")
        assert attr and importlib.util.find_spec(module) is not None, where
    assert all(d.id.startswith(f"{game_id}.") for d in spec.drills)


def test_the_games_own_views_and_drills():
    views = {v.name: (v.hit_test, s.id) for s in registry.specs() for v in s.views}
    assert views == {"winners-pot": ("pot", "winners-pot"), "pokette": ("layout", "pokette")}
    assert [d.id for s in registry.specs() for d in s.drills] == ["winners-pot.run-the-round", "pokette.layout-drill"]
    with pytest.raises(ValueError, match="hit_test must be one of table, pot, layout"):
        ViewSpec("x", "m:W", "grid")
    assert HIT_TESTS == ("table", "pot", "layout")


def test_an_unknown_game_is_refused_with_the_games_listed():
    with pytest.raises(registry.UnknownGame, match="unknown game 'baccarat'; the games are: two-card-joker, "
                                                   "four-card, dj-wild, winners-pot, pokette"):
        registry.get_game("baccarat")
    assert not registry.is_available("baccarat") and registry.title_of("baccarat") == "baccarat"


def test_register_adds_for_a_block_and_nests():
    with registry.register(SIXTH):
        assert [s.id for s in registry.specs()] == SHIPPED + ["high-card-duel"]
        with registry.register(fake_game.SPEC, only=True):
            assert [s.id for s in registry.specs()] == ["high-card-duel", "fake-game"]
        assert [s.id for s in registry.specs()] == SHIPPED + ["high-card-duel"]
    assert [s.id for s in registry.specs()] == SHIPPED


def test_a_registered_spec_stands_in_for_a_shipped_game_of_its_id():
    stand_in = GameSpec("pokette", "tests.gui.fake_game", fake_game.FOLDER, questions="tests.gui.fake_game",
                        rules_data="tests.gui.fake_game")
    with registry.register(stand_in):
        assert [s.id for s in registry.specs()] == SHIPPED[:-1] + ["pokette"]
        assert registry.get_game("pokette").question_kinds() == fake_game.KINDS
    assert registry.get_game("pokette").title == "Pokette"


def test_a_game_without_a_part_says_so(fake_game):
    game = registry.get_game(fake_game.GAME_ID)
    assert (game.spec.calculator, game.spec.analysis, game.spec.table_round) == (None, None, None)
    with pytest.raises(SettlementError, match="Fake Card Poker has no settlement calculator yet"):
        game.settle_document({"game": fake_game.GAME_ID})
    with pytest.raises(ValueError, match="Fake Card Poker has no game math to analyze"):
        game.analyze()
