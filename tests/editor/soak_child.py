"""The GUI soak: the real main window driven by a seeded random sequence of user actions.

Run by tests/editor/test_editor_soak.py in a child process under a real X server:
    python tests/editor/soak_child.py SEED ACTIONS
Before each action it prints `ACTION <n> <what>` (flushed), so a crash names the action that
caused it. It exits 0 only when no Python exception was raised and Qt reported no failed
Python override; otherwise it prints the faults and exits 1. A segfault shows as a signal.
"""
from __future__ import annotations

import faulthandler
import glob
import os
import random
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
faulthandler.enable()

from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, QStandardPaths, Qt, QtMsgType, qInstallMessageHandler  # noqa: E402
from PySide6.QtGui import QMouseEvent, QWheelEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox  # noqa: E402

FAULTS: list[str] = []
CURRENT = ["start"]


def qt_messages(mode, context, message):
    if "override" in message.lower() or "Recursive repaint" in message or mode in (QtMsgType.QtCriticalMsg,
                                                                                    QtMsgType.QtFatalMsg):
        FAULTS.append(f"Qt during {CURRENT[0]}: {message}")


def hook(exc_type, exc, tb):
    FAULTS.append(f"exception during {CURRENT[0]}:\n" + "".join(traceback.format_exception(exc_type, exc, tb)))


class Driver:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.app = QApplication.instance() or QApplication([])
        from motu.editor.collector import collect_on_gui_thread
        collect_on_gui_thread(self.app)  # as the editor's start does
        QStandardPaths.setTestModeEnabled(True)
        os.environ["MOTU_NO_ERROR_DIALOG"] = "1"
        for name in ("critical", "warning", "information"):
            setattr(QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.Ok))
        QMessageBox.question = staticmethod(lambda *a, **k: QMessageBox.Yes)
        from motu.editor.dialogs import NewScenarioDialog
        from motu.editor.document import Document
        from motu.editor.main_window import MainWindow
        driver = self

        def new_dialog_exec(dialog):
            dialog.ruleset.setCurrentIndex(driver.rng.randrange(dialog.ruleset.count()))
            if dialog.grid.count():
                dialog.grid.setCurrentIndex(driver.rng.randrange(dialog.grid.count()))
            dialog.columns.setValue(driver.rng.choice([3, 8, 20, 40, 90]))
            dialog.rows.setValue(driver.rng.choice([2, 6, 16, 30, 70]))
            if driver.rng.random() < 0.25:
                dialog.shipped_choice.setChecked(True)
                dialog.shipped.setCurrentIndex(driver.rng.randrange(dialog.shipped.count()))
            return QDialog.Accepted

        NewScenarioDialog.exec = new_dialog_exec
        self.tmp = tempfile.mkdtemp(prefix="motu-soak-")
        self.maps = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))
        settings = QSettings(os.path.join(self.tmp, "soak.ini"), QSettings.IniFormat)
        self.w = MainWindow(Document.open(os.path.join(ROOT, "scenarios", "tahiti.yaml")), settings)
        self.w.ask_save_changes = lambda: "discard"
        self.w.ask_revert = lambda: True
        self.w.ask_playtest_warnings = lambda warnings: True
        self.w.choose_open_path = lambda: self.rng.choice(self.maps)
        self.w.show_error = lambda title, text: None
        self.coasts = [os.path.join(ROOT, "tests", "data", "huahine.geojson"),
                       os.path.join(ROOT, "tools", "maps", "moorea.geojson")]
        ops = self.w.map_ops
        ops.choose_coastline_path = lambda: self.rng.choice(self.coasts)
        ops.choose_merge_path = lambda: self.rng.choice(self.maps)
        ops.run_dialog = self.fill_dialog
        self.dialogs: dict[tuple[str, bool], int] = {}  # (dialog, accepted): how often
        self.w.resize(1280, 820)
        self.w.show()
        self.pump(0.3)

    def pump(self, seconds: float = 0.0) -> None:
        end = time.perf_counter() + seconds
        self.app.processEvents()
        while time.perf_counter() < end:
            self.app.processEvents()
            time.sleep(0.005)

    # --- input -----------------------------------------------------------------------------
    @property
    def vp(self):
        return self.w.view.viewport()

    def pos(self) -> QPointF:
        r = self.vp.rect()
        return QPointF(self.rng.uniform(0, max(1, r.width() - 1)), self.rng.uniform(0, max(1, r.height() - 1)))

    def mouse(self, kind, pos: QPointF, button=Qt.NoButton, buttons=Qt.NoButton, mods=Qt.NoModifier) -> None:
        glob = QPointF(self.vp.mapToGlobal(pos.toPoint()))
        QApplication.sendEvent(self.vp, QMouseEvent(kind, pos, glob, button, buttons, mods))

    def mods(self):
        return self.rng.choice([Qt.NoModifier] * 5 + [Qt.ShiftModifier, Qt.ControlModifier, Qt.AltModifier])

    # --- actions -----------------------------------------------------------------------------
    def hover(self):
        a, b = self.pos(), self.pos()
        for i in range(4):
            self.mouse(QEvent.MouseMove, a + (b - a) * (i / 3))
            self.app.processEvents()

    def click(self):
        p = self.pos()
        button = self.rng.choice([Qt.LeftButton] * 4 + [Qt.RightButton])
        mods = self.mods()
        self.mouse(QEvent.MouseMove, p)
        self.mouse(QEvent.MouseButtonPress, p, button, button, mods)
        self.mouse(QEvent.MouseButtonRelease, p, button, Qt.NoButton, mods)
        if self.rng.random() < 0.1:
            self.mouse(QEvent.MouseButtonDblClick, p, Qt.LeftButton, Qt.LeftButton, mods)
            self.mouse(QEvent.MouseButtonRelease, p, Qt.LeftButton, Qt.NoButton, mods)

    def drag(self, button=None):
        button = button or self.rng.choice([Qt.LeftButton] * 4 + [Qt.RightButton, Qt.MiddleButton])
        mods = self.mods()
        a, b = self.pos(), self.pos()
        self.mouse(QEvent.MouseButtonPress, a, button, button, mods)
        steps = self.rng.randint(2, 10)
        for i in range(1, steps + 1):
            self.mouse(QEvent.MouseMove, a + (b - a) * (i / steps), Qt.NoButton, button, mods)
            if i % 3 == 0:
                self.app.processEvents()
        self.mouse(QEvent.MouseButtonRelease, b, button, Qt.NoButton, mods)

    def wheel(self):
        p = self.pos()
        delta = self.rng.choice([120, -120, 240, -240, 60])
        mods = Qt.ControlModifier if self.rng.random() < 0.8 else Qt.NoModifier
        glob = QPointF(self.vp.mapToGlobal(p.toPoint()))
        ev = QWheelEvent(p, glob, QPoint(0, 0), QPoint(0, delta), Qt.NoButton, mods, Qt.NoScrollPhase, False)
        QApplication.sendEvent(self.vp, ev)

    def tool(self):
        names = [n for n, a in self.w.tool_actions.items() if a.isVisible()]
        self.w.tool_actions[self.rng.choice(names)].trigger()
        if self.rng.random() < 0.3:
            self.w.size_box.setValue(self.rng.randint(1, 4))

    def undo_redo(self):
        stack = self.w.document.undo_stack
        for _ in range(self.rng.randint(1, 4)):
            (stack.undo if self.rng.random() < 0.6 else stack.redo)()

    def new(self):
        self.w.file_new()

    def open(self):
        self.w.file_open()

    def revert(self):
        if self.w.document.path:
            self.w.file_revert()
        else:
            self.w.open_path(self.rng.choice(self.maps))

    def dock(self):
        acts = [a for a in self.w.findChildren(type(self.w.undo_action)) if a.objectName().startswith("toggle_")
                and a.isVisible()]
        self.rng.choice(acts).trigger()

    def view_action(self):
        choice = self.rng.choice(["fit", "reset", "in", "out", "all", "copy", "paste", "cut", "delete", "esc",
                                  "resize"])
        w = self.w
        if choice == "fit":
            w.view.fit()
        elif choice == "reset":
            w.view.reset_zoom()
        elif choice in ("in", "out"):
            w.view.zoom_at(1.25 if choice == "in" else 0.8, w._view_centre())
        elif choice == "all":
            w.select_all()
        elif choice == "copy":
            w.copy()
        elif choice == "paste":
            w.paste()
        elif choice == "cut":
            w.cut()
        elif choice == "delete":
            w.delete_selected()
        elif choice == "esc":
            w.select_tool("select")
        else:
            w.resize(self.rng.randint(900, 1500), self.rng.randint(600, 950))

    # --- the Map menu's operations: their dialogs filled at random, as a user might -----------------------
    def fill_dialog(self, d) -> bool:
        rng = self.rng
        name = type(d).__name__
        if name == "ResizeDialog":
            for side, box in d.sides.items():  # mostly what the hex layout allows, sometimes not
                step = box.singleStep() if rng.random() < 0.85 else 1
                box.setValue(step * rng.choice([0, 0, 0, 1, 2, 3, -1, -2]))
        elif name == "MergeDialog":
            if rng.random() < 0.5 or not d.at_real.isEnabled():
                d.at_offset.setChecked(True)
                d.dcol.setValue(rng.randint(-12, 70))
                d.drow.setValue(rng.randint(-12, 50))
        elif name == "CoastlineDialog":
            form = d.form
            form.margin.setValue(rng.choice([0, 1, 3, 4]))
            form.lagoon.setValue(rng.choice([0, 1, 1, 2]))
            form.land.setValue(rng.choice([5, 12, 12, 40]))
            form.areas.setCurrentIndex(rng.randrange(form.areas.count()))
            if d.mode == "add":
                how = rng.choice([b for b in (d.place_real, d.place_click, d.place_hex) if b.isEnabled()])
                how.setChecked(True)
                s = self.w.document.scenario
                d.at_hex.setText(s.grid.label(rng.randrange(s.grid.size)))
            self.wait(d.busy)
            if d.preview is not None and rng.random() < 0.3:
                d.toggle_pass(rng.randrange(d.preview.scenario.grid.size))
        d.accept()
        self.wait(lambda: getattr(d, "busy", lambda: False)())
        accepted = d.result() == QDialog.Accepted
        self.dialogs[(name, accepted)] = self.dialogs.get((name, accepted), 0) + 1
        d.deleteLater()
        return accepted

    def wait(self, busy, seconds: float = 10.0) -> None:
        end = time.perf_counter() + seconds
        while busy() and time.perf_counter() < end:
            self.app.processEvents()
            time.sleep(0.005)

    def small_map(self) -> bool:
        """Map operations grow maps: past about 20,000 cells the soak opens another map instead."""
        if self.w.document.scenario.grid.size > 20_000:
            self.w.open_path(self.rng.choice(self.maps))
            return False
        return True

    def map_resize(self):
        if self.small_map():
            self.w.map_ops.resize()

    def map_island(self):
        if self.small_map():
            self.w.map_ops.add_island()
            self.wait(self.w.map_ops.busy)

    def map_merge(self):
        if self.small_map():
            self.w.map_ops.merge()

    def map_import(self):
        self.w.map_ops.import_coastline()

    def playtest(self):
        win = self.w.start_playtest()
        self.pump(0.05)
        if win is not None:
            win.close()
            self.pump(0.02)

    ACTIONS = (("hover", 22), ("click", 20), ("drag", 18), ("wheel", 8), ("tool", 10), ("undo_redo", 6),
               ("view_action", 8), ("dock", 3), ("new", 1.2), ("open", 1.2), ("revert", 0.8), ("playtest", 0.6),
               ("map_resize", 1.2), ("map_island", 0.8), ("map_merge", 0.8), ("map_import", 0.15))

    def run(self, count: int) -> int:
        names = [n for n, _ in self.ACTIONS]
        weights = [wt for _, wt in self.ACTIONS]
        spent: dict[str, float] = {}
        for i in range(count):
            t0 = time.perf_counter()
            name = self.rng.choices(names, weights)[0]
            tool = self.w.view.tool.name if self.w.view.tool is not None else "-"
            CURRENT[0] = f"action {i} {name} (tool {tool}, map {self.w.document.title()})"
            print(f"ACTION {i} {name} tool={tool} map={self.w.document.title()}", flush=True)
            try:
                getattr(self, name)()
            except Exception:
                hook(*sys.exc_info())
            self.app.processEvents()
            if i % 25 == 0:
                self.w.view.viewport().repaint()
            spent[name] = spent.get(name, 0.0) + time.perf_counter() - t0
        print("DIALOGS " + ", ".join(f"{n} {'ok' if ok else 'refused'} {k}" for (n, ok), k in sorted(self.dialogs.items())),
              flush=True)
        print("TIME " + ", ".join(f"{k} {v:.1f}s" for k, v in sorted(spent.items(), key=lambda kv: -kv[1])), flush=True)
        self.pump(0.2)
        from PySide6.QtCore import QThreadPool
        QThreadPool.globalInstance().waitForDone(10_000)
        self.w.document.undo_stack.setClean()
        self.w.close()
        self.app.processEvents()
        return len(FAULTS)


def main() -> int:
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    qInstallMessageHandler(qt_messages)
    sys.excepthook = hook
    faults = Driver(seed).run(count)
    if faults:
        print(f"SOAK FAILED: seed {seed}, {faults} faults", flush=True)
        for f in FAULTS[:10]:
            print(f, flush=True)
        return 1
    print(f"SOAK OK: seed {seed}, {count} actions", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
