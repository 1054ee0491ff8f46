"""Authoring a Huahine-like island beside Tahiti entirely in the editor, as docs/authoring-moorea.md tells
it: Map → Resize (room east of Tahiti), Map → Add Island from Coastline dropped where the designer
clicks, a region named in the Areas dock, an area renamed, a Marae site with the Cell features tool,
the Random Area Selection Table extended in the Tables dock. The map validates clean (the Problems dock
says so), every step undoes, and a seeded expedition from Tahiti makes landfall on the new island."""
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor_test_support import ROOT, Mouse, make_window, wait_validation
from motu.engine.io.native import dumps, load_path
from motu.engine.rules.tahiti.clan_events import ExpeditionEnded
from motu.engine.rules.tahiti.game_state import EXPED
from motu.engine.session.session import Session

from test_editor_ids import typing
from test_editor_map_ops import answer

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
HUAHINE = os.path.join(ROOT, "tests", "data", "huahine.geojson")


def author(qtbot, tmp_path, monkeypatch):
    w = make_window(qtbot, tmp_path, TAHITI, zoom=0.5)
    mouse = Mouse(w)
    # 1. Room east of Tahiti.
    answer(w, monkeypatch, lambda d: d.sides["east"].setValue(20))
    assert w.map_ops.resize()
    # 2. Huahine's coastline, dropped with its centre on hex 5716.
    monkeypatch.setattr(w.map_ops, "choose_coastline_path", lambda: HUAHINE)
    answer(w, monkeypatch, lambda d: d.place_click.setChecked(True), qtbot)
    assert w.map_ops.add_island()
    s = w.document.scenario
    mouse.hover(s.grid.parse_label("5716"))
    mouse.click(s.grid.parse_label("5716"))
    qtbot.waitUntil(lambda: "huahine" in s.islands, timeout=10_000)
    QApplication.processEvents()
    assert [a.name for a in s.areas.values()][-5:] == ["Fare", "Maeva", "Faie", "Maroe", "Parea"]
    # 3. Huahine Iti: a region of its own for Maroe and Parea, named in the Areas dock.
    dock = w.areas
    dock._ask_name = lambda title, current, new=False: "Huahine Iti"
    assert dock.new_region() == "huahine_iti"
    QApplication.processEvents()
    dock.tree.clearSelection()
    for i in range(dock.tree.topLevelItemCount()):
        it = dock.tree.topLevelItem(i)
        it.setSelected(it.data(0, Qt.UserRole) in ("maroe", "parea"))
    i = dock.region.findText("Huahine Iti")
    dock.region.setCurrentIndex(i)
    dock.region.activated.emit(i)
    assert s.areas["maroe"].region == s.areas["parea"].region == "huahine_iti"
    # 4. Maroe takes its real name; the id it makes is the one it has.
    typing(monkeypatch, "Maro'e")
    dock.select_area("maroe")
    dock.rename()
    assert s.areas["maroe"].name == "Maro'e"
    # 5. A Marae site on Maeva's coast, with the Cell features tool.
    maeva = next(f.cell for f in s.features if f.name == "Maeva")
    coast = next(n for n in s.grid.neighbours(maeva) if s.cell_area[n] == "maeva" and s.terrain[n] == "coast")
    w.settings.feature = "marae_site"
    w.select_tool("feature")
    mouse.click(coast)
    assert any(f.kind == "marae_site" and f.cell == coast for f in s.features)
    # 6. The Random Area Selection Table: the first die's 6 reads Huahine's five areas.
    tables = w.tables
    tables.show()
    tables.raise_()
    QApplication.processEvents()
    assert "Not in the table: Fare, Maeva, Faie, Maro'e, Parea." in tables.note.text()
    assert tables.add_group()  # the 5-6 group gives up its 6
    QApplication.processEvents()
    assert tables.note.text() == "Every area is named once, and every first-die result has its group."
    return w


def test_huahine_authored_in_the_editor_validates_clean_and_undoes(qtbot, tmp_path, monkeypatch):
    w = author(qtbot, tmp_path, monkeypatch)
    shipped = open(TAHITI, encoding="utf-8").read()
    s = w.document.scenario
    assert [(f.code, f.message) for f in w.document.rules.validate(s)] == []
    wait_validation(qtbot, w)
    assert w.problems.summary.text().startswith("0 errors, 0 warnings")
    path = str(tmp_path / "tahiti-huahine.yaml")
    w.document.save(path)
    assert dumps(load_path(path)) == dumps(s)
    stack = w.document.undo_stack
    assert stack.count() == 7  # resize, island, region, assign, rename, site, group
    while stack.canUndo():
        stack.undo()
    assert dumps(s, TAHITI) == shipped  # undone, it is the shipped file byte for byte, modeline and all


def test_a_seeded_expedition_from_tahiti_lands_on_the_island_authored_in_the_editor(qtbot, tmp_path, monkeypatch):
    w = author(qtbot, tmp_path, monkeypatch)
    s = load_path(_saved(w, tmp_path))  # the file the editor saved
    rules = w.document.rules
    options = {"rule_3_1_random_homes": False, "rule_15_12_random_events": False, "rule_15_6_arioi": False}
    session = Session(lambda: rules.new_initial_state(s, options), seed=1)
    session.resolve_chance()
    st = session.state
    n = st.b.size
    to_huahine = [a for a in st.legal_actions() if EXPED <= a < EXPED + n * n
                  and st.b.area_island[st.b.area[(a - EXPED) % n]] == "huahine"]
    assert len(to_huahine) == 5  # a landing in each of its areas
    _, t = divmod(to_huahine[0] - EXPED, n)
    session.apply(to_huahine[0])
    session.resolve_chance()
    [landed] = [e for entry in session.log for e in entry.events if isinstance(e, ExpeditionEnded)]
    assert landed.result == "landfall" and landed.to == t
    assert {"head_chieftain", "war_canoe"} <= {u.kind for u in st.units if u.cell == t}
    assert s.areas[s.cell_area[t]].island == "huahine" and s.terrain[t] == "coast"


def _saved(w, tmp_path) -> str:
    path = str(tmp_path / "tahiti-huahine.yaml")
    w.document.save(path)
    return path
