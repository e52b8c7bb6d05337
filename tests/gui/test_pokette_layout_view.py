"""The Pokette layout view: any scene renders at any size, the question scenes show in the
shared SceneView, and clicks find the card or chip under the pointer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from trainer.games.registry import get_game
from trainer.games.pokette.settlement import place
from trainer.games.pokette.table import COLLECTED, PAID, ChipView, PoketteScene
from trainer.training.session import make_question
from trainer.ui.pokette.layout_view import PoketteLayoutView, describe, render_scene
from trainer.ui.scene_view import SceneView

GAME = get_game("pokette")

SCENE = PoketteScene(
    chips=(ChipView(1, place("split", cards=["7s", "7c"]), 500, tag="A"),
           ChipView(2, place("red"), 2500),
           ChipView(3, place("corner", cards=["Ks", "Kc", "Qs", "Qc"]), 100, state=PAID, paid=1200),
           ChipView(4, place("jacer"), 500, state=COLLECTED),
           ChipView(5, place("open straight"), 1000, highlight=True),
           ChipView(6, place("double rank", ranks=["9", "8"]), 1500),
           ChipView(7, place("single rank", ranks=["2"]), 200)),
    stand=("7h", "8h"), marker="8h", offered=("pair in three", "flush"), caption="Spin 3 of 6",
)


@pytest.mark.parametrize("size", [(360, 320), (720, 680), (1600, 1000)])
@pytest.mark.parametrize("scene", [None, SCENE, PoketteScene(selected=("JK1", "Ac"))])
def test_scenes_render_at_every_size(qapp, scene, size):
    img = render_scene(scene, *size)
    assert img.width() == size[0] and not img.isNull()


def test_every_question_scene_shows_in_the_scene_view(qtbot):
    view = SceneView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    for kind in GAME.question_kinds():
        q = make_question(kind, 3)
        if q.scene is None:
            continue
        view.set_scene(q.scene)
        assert isinstance(view.current_view(), PoketteLayoutView)
        view.current_view().grab()


def test_cells_and_chips_are_found_under_the_pointer(qtbot):
    view = PoketteLayoutView()
    qtbot.addWidget(view)
    view.resize(900, 800)
    view.show()
    view.set_scene(SCENE)
    for s in ("As", "JK1", "JK2", "2h", "7d"):
        assert view.section_at(view.cell_rect(s).center()) == s
    for i in range(len(SCENE.chips)):
        if SCENE.chips[i].state != COLLECTED:
            assert view.chip_at(view.chip_centre(i)) == i
    assert view.chip_at(view.chip_centre(3)) is None  # a collected chip is gone
    assert view.section_at(QPointF(2, 2)) is None


def test_clicks_emit_only_when_interactive(qtbot):
    view = PoketteLayoutView()
    qtbot.addWidget(view)
    view.resize(900, 800)
    view.show()
    view.set_scene(SCENE)
    cell = view.cell_rect("9d").center().toPoint()
    with qtbot.assertNotEmitted(view.section_clicked):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=cell)
    view.set_interactive(cells=True, chips=True)
    with qtbot.waitSignal(view.section_clicked) as got:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=cell)
    assert got.args == ["9d"]
    with qtbot.waitSignal(view.chip_clicked) as got:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.chip_centre(1).toPoint())
    assert got.args == [1]


def test_the_description_reads_the_scene():
    text = describe(SCENE)
    assert "card stand: 7♥ 8♥" in text and "seat 1: Split 7♠-7♣ $5" in text and "Jacer" not in text
    assert "marker on 8♥" in text
