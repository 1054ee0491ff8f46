"""F5 writes the scenario out once (its text is the game's fingerprint and the bots' copy) and reads
it back once: every game at the table, a new game and every undo start from that one copy."""
import os

import motu.engine.io.native as native
from editor_test_support import make_window
from motu.engine.session.session import scenario_fingerprint

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_f5_serialises_and_parses_the_scenario_once_and_undo_and_new_games_never_again(qtbot, tmp_path, monkeypatch):
    import motu.editor.playtest.window as window  # Qt widgets: imported once the test's application exists
    win = make_window(qtbot, tmp_path, source=os.path.join(ROOT, "scenarios", "tiki.yaml"), show=False)
    calls = []
    real = {name: getattr(native, name) for name in ("loads", "dumps")}
    for module in (native, window):
        for name in ("loads", "dumps"):
            monkeypatch.setattr(module, name, lambda *a, _name=name, **k: (calls.append(_name), real[_name](*a, **k))[1])
    pt = win.start_playtest()
    qtbot.addWidget(pt)
    pt.stop_auto()  # the bot waits: only the table's own reading of the scenario is counted
    assert pt.human_action(pt.session.state.legal_actions()[0])
    pt.undo()
    assert pt.session.state.current_player() == 0 and pt.session.undo_point(pt.humans()) is None
    pt.new_game(3)
    assert sorted(calls) == ["dumps", "loads"]
    monkeypatch.undo()
    assert pt.fingerprint == scenario_fingerprint(native.dumps(win.document.scenario)), "the fingerprint of that text"
