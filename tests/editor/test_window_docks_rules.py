"""The saved dock layout across rule sets: a dock hidden because a rule set does without it is not
remembered as hidden for the rule sets that use it (motu/editor/window_docks.py)."""
import os

from editor_test_support import ROOT, make_window, settings_for

TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def _session(qtbot, tmp_path, source, before_quit=None):
    """Open `source` with the shared settings, look, and quit as File → Quit does (closing saves the layout)."""
    w = make_window(qtbot, tmp_path, source, settings=settings_for(tmp_path, "layout.ini"))
    seen = (not w.areas.isHidden(), w.areas.toggleViewAction().isChecked(), w.areas.toggleViewAction().isVisible())
    if before_quit:
        before_quit(w)
    assert w.close()
    w.settings_store.sync()
    return seen


def test_areas_come_back_for_tahiti_after_a_fern_session(qtbot, tmp_path):
    assert _session(qtbot, tmp_path, TAHITI) == (True, True, True)
    shown, _, offered = _session(qtbot, tmp_path, FERN)
    assert not shown and not offered  # Fire in the Fern has no areas: no dock, no View entry
    assert _session(qtbot, tmp_path, TAHITI) == (True, True, True)


def test_areas_come_back_in_their_tab(qtbot, tmp_path):
    _session(qtbot, tmp_path, TAHITI)
    _session(qtbot, tmp_path, FERN)
    w = make_window(qtbot, tmp_path, TAHITI, settings=settings_for(tmp_path, "layout.ini"))
    assert w.scenario_dock in w.tabifiedDockWidgets(w.areas)


def test_areas_the_user_hid_stay_hidden_after_a_fern_session(qtbot, tmp_path):
    _session(qtbot, tmp_path, TAHITI, before_quit=lambda w: w.areas.toggleViewAction().trigger())
    _session(qtbot, tmp_path, FERN)
    shown, ticked, offered = _session(qtbot, tmp_path, TAHITI)
    assert (shown, ticked, offered) == (False, False, True)


def test_two_fern_sessions_then_tahiti(qtbot, tmp_path):
    _session(qtbot, tmp_path, TAHITI)
    _session(qtbot, tmp_path, FERN)
    _session(qtbot, tmp_path, FERN)
    assert _session(qtbot, tmp_path, TAHITI)[0]
