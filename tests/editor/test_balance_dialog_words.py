"""Tools → Balance Report: where the report goes by default, and a stopped run's last words giving
the games the report holds."""
import json
import os


from editor_test_support import ROOT, make_window

TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")


def documents():
    from PySide6.QtCore import QStandardPaths
    return QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)


def test_a_shipped_scenario_reports_into_the_users_documents(qtbot, tmp_path):
    from motu.editor.balance_dialog import report_folder
    assert report_folder(TIKI) == os.path.join(documents(), "Motu", "tiki-balance")
    assert os.path.realpath(documents()).startswith(os.path.realpath(os.environ["HOME"]))  # test mode, our HOME
    w = make_window(qtbot, tmp_path, source=TIKI, copy=False, show=False)
    w.show_balance_report()
    assert w.balance_dialog.folder.text() == os.path.join(documents(), "Motu", "tiki-balance")
    w.balance_dialog.reject()


def test_the_users_own_writable_folder_gets_the_report_beside_the_scenario(tmp_path):
    from motu.editor.balance_dialog import report_folder
    mine = tmp_path / "maps" / "island.yaml"
    mine.parent.mkdir()
    mine.write_text("", encoding="utf-8")
    assert report_folder(str(mine)) == str(tmp_path / "maps" / "island-balance")


def test_a_read_only_folder_or_an_unsaved_map_reports_into_documents(tmp_path, monkeypatch):
    import motu.editor.balance_dialog as mod
    folder = tmp_path / "read-only"
    folder.mkdir()
    real = os.access
    monkeypatch.setattr(mod.os, "access", lambda p, mode: False if os.path.realpath(p) == str(folder.resolve())
                        else real(p, mode))
    assert mod.report_folder(str(folder / "island.yaml")) == os.path.join(documents(), "Motu", "island-balance")
    assert mod.report_folder(None, "Mo'orea: the west") == os.path.join(documents(), "Motu", "mo-orea-the-west-balance")
    assert mod.report_folder(None, "") == os.path.join(documents(), "Motu", "untitled-balance")


def test_a_stopped_run_gives_the_games_its_report_holds(qtbot, tmp_path, report_pages):
    w = make_window(qtbot, tmp_path, source=TIKI)
    w.show_balance_report()
    dlg = w.balance_dialog
    dlg.folder.setText(str(tmp_path / "report"))
    dlg.workers.setValue(1)
    dlg.games.setValue(5000)
    dlg.run_button.click()
    qtbot.waitUntil(lambda: dlg.bar.value() >= 3, timeout=60_000)
    dlg.cancel_button.click()
    qtbot.waitUntil(lambda: not dlg.running, timeout=60_000)
    report = json.load(open(tmp_path / "report" / "report.json"))
    games = report["games"]
    assert report["interrupted"] and 3 <= games < 5000
    assert dlg.state.text().startswith(f"Stopped after {games} games; the report covers them."), dlg.state.text()
    assert dlg.bar.value() == games
    assert "stopped early" in open(tmp_path / "report" / "report.html", encoding="utf-8").read()
