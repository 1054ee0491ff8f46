"""The editor always starts: a damaged recovery note, settings file or saved window layout is
set aside or left out, said in one line, and the window opens (the others still offered)."""
import json
import os

import pytest

from motu.editor.app import make_window
from motu.editor.autosave import RecoveryStore, recovery_dir
from motu.engine.io.native import dumps
from motu.engine.rules.registry import get_ruleset

DAMAGED_NOTES = {
    "saved-at-words": json.dumps({"saved_at": "yesterday"}),
    "null": "null",
    "list": "[1, 2]",
    "text": '"a note"',
    "deep": "[" * 100_000 + "]" * 100_000,
    "not-json": "{saved_at: 1",
    "not-utf8": b"\xff\xfe{}",
    "original-a-number": json.dumps({"saved_at": 1.0, "original": 7}),
    "saved-at-huge": json.dumps({"saved_at": 1e300}),
    "saved-at-negative": json.dumps({"saved_at": -5}),
    "title-a-list": json.dumps({"saved_at": 1.0, "title": ["x"]}),
    "empty": "",
    "huge": "[" + "1," * 100_000 + "1]",
}


def start(qtbot):
    """What `motu edit` does before the event loop: the window, shown, then the recovery offer."""
    window = make_window(None)
    qtbot.addWidget(window)
    window.show()
    window.view.open_map()
    offered = []
    window.ask_recover = lambda rec: offered.append(rec) or True
    window.offer_recovery()
    return window, offered


def put(name: str, note, with_work: bool = True) -> str:
    folder = recovery_dir()
    data = note if isinstance(note, bytes) else note.encode("utf-8")
    with open(os.path.join(folder, name + ".json"), "wb") as fh:
        fh.write(data)
    if with_work:
        s = get_ruleset("tahiti").new_scenario()
        s.title = f"work of {name}"
        with open(os.path.join(folder, name + ".yaml"), "w", encoding="utf-8") as fh:
            fh.write(dumps(s))
    return folder


@pytest.mark.parametrize("name", sorted(DAMAGED_NOTES))
def test_the_editor_opens_with_a_damaged_recovery_note_and_sets_it_aside(qtbot, name):
    folder = put("a" * 16, DAMAGED_NOTES[name])
    window, offered = start(qtbot)
    assert window.isVisible() and offered == []
    assert sorted(os.listdir(folder)) == ["a" * 16 + ".json.damaged", "a" * 16 + ".yaml.damaged"]
    said = window.statusBar().currentMessage()
    assert said.startswith("Set aside 1 damaged recovery note") and "\n" not in said
    window, offered = start(qtbot)  # the next start: nothing left to set aside or offer
    assert offered == [] and not window.statusBar().currentMessage().startswith("Set aside")


def test_the_other_notes_are_still_offered(qtbot):
    put("b" * 16, DAMAGED_NOTES["saved-at-words"])
    put("c" * 16, json.dumps({"original": None, "saved_at": 100.0, "title": "good"}))
    window, offered = start(qtbot)
    assert [r.title for r in offered] == ["good"]
    assert window.document.scenario.title == "work of " + "c" * 16
    assert window.statusBar().currentMessage() in ("Recovered unsaved work; save it to keep it.",)
    assert os.path.exists(os.path.join(recovery_dir(), "b" * 16 + ".json.damaged"))
    window.document.undo_stack.setClean()  # closing at teardown asks nothing


def test_a_damaged_recovery_file_beside_a_good_note_is_refused_in_one_message(qtbot, monkeypatch):
    folder = put("d" * 16, json.dumps({"saved_at": 100.0, "title": "t"}), with_work=False)
    with open(os.path.join(folder, "d" * 16 + ".yaml"), "wb") as fh:
        fh.write(b"\xff\xfe\x00 not a scenario")
    shown = []
    window = make_window(None)
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append(text))
    window.ask_recover = lambda rec: True
    assert not window.offer_recovery()
    assert len(shown) == 1 and "d" * 16 in shown[0]


SETTINGS = {
    "wrong-types": (b"[General]\nrecent=3\nautosave\\minutes=yesterday\nnew\\columns=99999999999999999999999\n"
                    b"new\\rows=-1e400\nview\\palette=@ByteArray(\xff\xfe)\nnew\\grid=@Variant(\\0\\0\\0\\x7f)\n"
                    b"[window]\ngeometry=not a geometry\nstate=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x5garbage)\n"
                    b"hiddenForRules=@Variant(\\0\\0\\0\\x2\\0\\0\\0\\x7)\n"),
    "garbage-layout": (b"[window]\ngeometry=@ByteArray(\x01\xd9\xd0\xcb\x00\x03\x00\x00garbage)\n"
                       b"state=@ByteArray(\x00\x00\x00\xff\x00\x00\x00\x00\xfd\x00\x00\x00\x01garbage)\n"),
    "binary": bytes(range(256)) * 40,
    "huge-recent": b"[General]\nrecent=" + b", ".join([b"/nowhere/x.yaml"] * 5000) + b"\n",
}


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_the_editor_opens_with_damaged_settings_and_layout(qtbot, tmp_path, name):
    (tmp_path / "default-settings.ini").write_bytes(SETTINGS[name])
    window, offered = start(qtbot)
    assert window.isVisible()
    qtbot.waitExposed(window)
    assert window.width() > 200 and window.height() > 200  # a layout Qt could not read is left out
    window.save_layout()  # and the next start reads what this one writes
    window.close()
    window, offered = start(qtbot)
    assert window.isVisible()
