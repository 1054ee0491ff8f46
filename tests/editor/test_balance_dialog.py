"""Tools → Balance Report: the run leaves the GUI thread free, shows progress, stops on Cancel, opens the page."""
import json
import os
import threading


from editor_test_support import make_window

from motu.engine.rules.registry import get_ruleset
from motu.engine.session.report import default_bot

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")


def dialog(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, source=TIKI)
    act = next(a for a in win.findChildren(type(win.actions()[0])) if a.objectName() == "actionBalanceReport")
    act.trigger()
    dlg = win.balance_dialog
    dlg.folder.setText(str(tmp_path / "report"))
    dlg.workers.setValue(1)
    return win, dlg


def test_the_menu_entry_runs_off_the_gui_thread_and_opens_the_page(qtbot, tmp_path, report_pages, monkeypatch):
    win, dlg = dialog(qtbot, tmp_path)
    balance = default_bot(get_ruleset("tiki"))
    assert [b.currentText() for b in dlg.bots] == [balance, balance]  # the balance bot by default
    dlg.bots[1].setCurrentText("random")
    dlg.games.setValue(6)
    import motu.editor.balance_dialog as mod
    threads, real = set(), mod.run_balance

    def spy(run, progress):
        threads.add(threading.current_thread() is threading.main_thread())
        return real(run, progress)

    monkeypatch.setattr(mod, "run_balance", spy)
    dlg.run_button.click()
    assert not dlg.run_button.isEnabled()
    qtbot.waitUntil(lambda: not dlg.running, timeout=60_000)
    assert threads == {False}, dlg.state.text()
    page = str(tmp_path / "report" / "report.html")
    assert report_pages == [page] and dlg.open_button.isEnabled(), dlg.state.text()
    report = json.load(open(tmp_path / "report" / "report.json"))
    assert report["games"] == 6 and [x["bot"] for x in report["sides"]] == [balance, "random"]
    assert dlg.bar.value() == dlg.bar.maximum() == 12  # six games and six seat games (the bots differ)


def test_cancel_stops_the_run_and_reports_the_games_finished(qtbot, tmp_path, report_pages):
    win, dlg = dialog(qtbot, tmp_path)
    dlg.games.setValue(5000)
    dlg.run_button.click()
    qtbot.waitUntil(lambda: dlg.bar.value() >= 3, timeout=60_000)
    dlg.cancel_button.click()
    qtbot.waitUntil(lambda: not dlg.running, timeout=60_000)
    report = json.load(open(tmp_path / "report" / "report.json"))
    assert 3 <= report["games"] < 5000 and report["interrupted"]
    assert "Stopped" in dlg.state.text() and report_pages
