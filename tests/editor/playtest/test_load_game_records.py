"""Load Game at the table: a version-1 saved game loads; a sealed one changed after saving does not."""
import json
import os

from editor_test_support import ROOT, make_window
from motu.editor.playtest.game_files import record_key
from motu.engine.rules.api import CHANCE
from motu.engine.session.session import Session



def table(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, source=os.path.join(ROOT, "scenarios", "pearls.yaml"))
    pt = win.start_playtest()
    qtbot.addWidget(pt)
    return pt


def some_moves(pt, n=12):
    s = Session(pt._new_state, 9, pt.fingerprint, options=pt.options)
    while not s.state.is_terminal() and len(s.log) < n:
        if s.state.current_player() == CHANCE:
            s.roll()
        else:
            s.apply(s.state.legal_actions()[-1])
    return s


def test_a_version_1_saved_game_loads_at_the_table(qtbot, tmp_path):
    pt = table(qtbot, tmp_path)
    s = some_moves(pt)
    path = tmp_path / "old.motugame.json"
    path.write_text(json.dumps({"format": "motu-game/1", "fingerprint": pt.fingerprint[:16], "seed": 9,
                                "actions": s.actions}))
    assert pt.load_game(str(path))
    assert pt.session.actions == s.actions and pt.session.state.state_key() == s.state.state_key()


def test_a_saved_game_names_a_drawn_seed_and_a_changed_one_is_refused(qtbot, tmp_path, monkeypatch):
    pt = table(qtbot, tmp_path)
    pt.new_game(None)
    path = tmp_path / "game.motugame.json"
    assert pt.save_game(str(path))
    record = json.loads(path.read_text())
    assert record["seed_from"] == "drawn" and record["seed"] == pt.seed and len(record["seal"]) == 64
    assert pt.load_game(str(path))
    s = some_moves(pt)
    record = s.record(record_key())
    record["seed_from"] = "drawn"  # claimed after the fact: the seal was made over "given"
    path.write_text(json.dumps(record))
    shown = []
    import motu.editor.playtest.game_files as module
    monkeypatch.setattr(module.QMessageBox, "warning", staticmethod(lambda *a: shown.append(a[2])))
    assert not pt.load_game(str(path))
    assert "seal does not match" in shown[0]
