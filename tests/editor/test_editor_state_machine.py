"""Random edits, undos, redos and saves through the real window, checked against a shadow model.

The shadow is a list of scenarios, one per undo-stack index, each made by
changing a copy of the previous one directly (not through the editor's
Edits). After every step the document must equal the shadow at the stack's
index, and the window's unsaved mark must say whether that index is the one
last saved.
"""
import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test
from PySide6.QtCore import Qt

from editor_test_support import EXAMPLE_HEX, Mouse, copy_example, edge_point, make_window, set_zoom
from motu.engine.io.native import load_path
from motu.engine.scenario.model import Piece

EXAMPLE = load_path(EXAMPLE_HEX)
GRID = EXAMPLE.grid
TERRAIN = ["sea", "lagoon", "coast", "clear", "jungle", "mountain"]
AREAS = list(EXAMPLE.areas) + [None]
PIECES = ["fighters", "militia", "war_canoe", "village"]
SIDES = list(EXAMPLE.sides)
cells = st.integers(0, GRID.size - 1)


class EditorMachine(RuleBasedStateMachine):
    window = None  # set by the test: one window serves every example
    folder = None

    @initialize()
    def open_fresh(self):
        w = self.window
        w.ask_save_changes = lambda: "discard"
        assert w.open_path(self.source)
        set_zoom(w, 1.0)
        w.size_box.setValue(1)
        self.mouse = Mouse(w)
        self.shadow = [w.document.scenario.copy()]
        self.clean = 0
        self.saves = 0

    # --- helpers ------------------------------------------------------------------------------
    @property
    def stack(self):
        return self.window.document.undo_stack

    @property
    def current(self):
        return self.shadow[self.stack.index()]

    def expect(self, expected, stepped: bool) -> None:
        """Record what the action just done should have made (a new undo step, or none)."""
        index = self._index_before
        if stepped:
            self.shadow = self.shadow[:index + 1] + [expected]
            if self.clean > index:
                self.clean = -1  # the saved state was undone and then replaced: unreachable
            assert self.stack.index() == index + 1
        else:
            assert self.stack.index() == index

    def begin(self):
        self._index_before = self.stack.index()
        return self.current.copy()

    def use(self, tool):
        self.window.select_tool(tool)

    # --- rules --------------------------------------------------------------------------------
    @rule(cell=cells, nb=st.integers(0, 5), terrain=st.sampled_from(TERRAIN))
    def brush_stroke(self, cell, nb, terrain):
        """A drag over a cell and one of its neighbours: one stroke, at most one undo step."""
        neighbours = sorted(GRID.neighbours(cell))
        other = neighbours[nb % len(neighbours)]
        expected = self.begin()
        changed = False
        for c in (cell, other):
            if expected.terrain[c] != terrain:
                expected.terrain[c] = terrain
                changed = True
        self.use("brush")
        self.window.pick_terrain(terrain)
        self.mouse.drag([cell, other])
        self.expect(expected, changed)

    @rule(cell=cells, area=st.sampled_from(AREAS))
    def paint_area(self, cell, area):
        expected = self.begin()
        changed = expected.cell_area[cell] != area
        expected.cell_area[cell] = area
        self.use("area")
        if area is None:
            self.mouse.click(cell, Qt.RightButton)
        else:
            self.window.settings.area = area
            self.mouse.click(cell)
        self.expect(expected, changed)

    @rule(cell=cells, kind=st.sampled_from(PIECES), side=st.sampled_from(SIDES))
    def add_piece(self, cell, kind, side):
        expected = self.begin()
        n = 1
        while f"{kind}-{n}" in expected.pieces:
            n += 1
        pid = f"{kind}-{n}"
        expected.pieces[pid] = Piece(pid, kind, side, cell)
        self.use("piece")
        self.window.settings.piece = kind
        self.window.settings.side = side
        self.mouse.click(cell)
        self.expect(expected, True)

    @rule(cell=cells, nb=st.integers(0, 5))
    def toggle_reef(self, cell, nb):
        neighbours = sorted(GRID.neighbours(cell))
        other = neighbours[nb % len(neighbours)]
        key = (min(cell, other), max(cell, other))
        expected = self.begin()
        feats = set(expected.edges.get(key, ()))
        had = "reef" in feats
        feats ^= {"reef"}
        if feats:
            expected.edges[key] = tuple(sorted(feats))
        else:
            expected.edges.pop(key, None)
        self.use("edge")
        self.window.settings.edge_feature = "reef"
        # A click adds the reef; Alt+click takes it off (a plain click on a reef changes nothing).
        self.mouse.click(edge_point(self.window, cell, other), mods=Qt.AltModifier if had else Qt.NoModifier)
        self.expect(expected, True)

    @rule(title=st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12))
    def set_title(self, title):
        from motu.engine.scenario import edits as E
        expected = self.begin()
        expected.title = title
        assert self.window.push(E.SetField("title", title), "Edit title")
        self.expect(expected, True)

    @precondition(lambda self: self.stack.canUndo())
    @rule()
    def undo(self):
        index = self.stack.index()
        self.window.undo_action.trigger()
        assert self.stack.index() == index - 1

    @precondition(lambda self: self.stack.canRedo())
    @rule()
    def redo(self):
        index = self.stack.index()
        self.window.redo_action.trigger()
        assert self.stack.index() == index + 1

    @rule()
    def save(self):
        self.saves += 1
        path = os.path.join(self.folder, f"saved-{self.saves}.yaml")
        self.window.choose_save_path = lambda: path
        assert self.window.file_save_as()
        self.clean = self.stack.index()
        assert load_path(path) == self.current

    # --- invariants -----------------------------------------------------------------------------
    @invariant()
    def matches_the_shadow(self):
        assert self.stack.count() == len(self.shadow) - 1
        assert self.window.document.scenario == self.current

    @invariant()
    def unsaved_mark_follows_the_clean_index(self):
        modified = self.stack.index() != self.clean
        assert self.window.isWindowModified() == modified
        assert self.window.document.is_modified() == modified


def test_random_edits_undos_redos_and_saves(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    source = copy_example(tmp_path, EXAMPLE_HEX, "machine.yaml")

    class Machine(EditorMachine):
        pass

    Machine.window = window
    Machine.folder = str(tmp_path)
    Machine.source = source
    run_state_machine_as_test(Machine, settings=settings(
        max_examples=15, stateful_step_count=20, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]))
