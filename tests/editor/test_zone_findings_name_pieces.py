"""Set-up zone findings name pieces by their names, never their ids: what the Problems dock shows for a
Fire in the Fern skirmish built in the Forces dock ("Senior officer hone-the-war-chief", "lt-carey")."""
import os

from editor_test_support import ROOT, make_window, wait_validation
from motu.engine.scenario import edits as E

SKIRMISH = os.path.join(ROOT, "tests", "editor", "data", "build-a-skirmish.yaml")


def _messages(w, code):
    return [f.message for f in w.problems.findings if f.code == code]


def test_set_up_zone_findings_in_the_problems_dock_name_pieces(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, SKIRMISH)
    s = w.document.scenario
    wait_validation(qtbot, w)
    hone, carey = s.pieces["hone-the-war-chief"], s.pieces["lt-carey"]
    # Zones that leave Hone and Lt Carey outside them: the common check (PIECE_OUTSIDE_ZONE).
    far = s.grid.parse_label("1,1")
    assert w.push(E.SetSetupZone("maori", frozenset({far})))
    assert w.push(E.SetSetupZone("british", frozenset({far})))
    wait_validation(qtbot, w)
    outside = _messages(w, "PIECE_OUTSIDE_ZONE")
    assert f"Hone the war chief (Senior officer) at {s.label(hone.cell)} is outside the set-up zone of Maori" in outside
    assert f"Lt Carey (Leader) at {s.label(carey.cell)} is outside the set-up zone of British" in outside
    shown = [w.problems.model.data(w.problems.model.index(r, 3)) for r in range(w.problems.model.rowCount())]
    for text in outside + shown:
        for p in s.pieces.values():
            assert p.id not in text.split() and p.id + "'s" not in text, (p.id, text)


def test_fern_set_up_findings_name_pieces_without_a_name_by_their_kind(qtbot, tmp_path):
    w = make_window(qtbot, tmp_path, SKIRMISH)
    s = w.document.scenario
    # Lt Carey loses his name and walks off the base edge: §12's finding names his kind, not "lt-carey".
    carey = s.pieces["lt-carey"]
    inland = s.grid.parse_label("6,5")
    from dataclasses import replace
    assert w.push(E.PutRecord("pieces", carey.id, replace(carey, name="", cell=inland)))
    wait_validation(qtbot, w)
    zone = _messages(w, "FERN_SETUP_ZONE")
    assert zone == [f"Leader (officer or chief) at {s.label(inland)} is not in a clear square of the British base edge"], zone
