"""The editor saves as the command line does: through a symbolic link, and without leaving
a killed command-line save's temporary file behind (motu/engine/io/atomic.py says why)."""
import os

from motu.editor.document import Document
from motu.engine.io.native import load_path
from motu.engine.io.registry import save_scenario


def test_the_editor_writes_through_a_symlink_as_the_command_line_does(tmp_path, example_hex):
    for who in ("editor", "cli"):
        real = tmp_path / f"{who}-real.yaml"
        save_scenario(example_hex, str(real))
        link = tmp_path / f"{who}-link.yaml"
        link.symlink_to(real)
        example_hex.title = f"saved by the {who}"
        if who == "editor":
            doc = Document.open(str(link))
            doc.scenario.title = example_hex.title
            doc.save()
        else:
            save_scenario(example_hex, str(link))
        assert link.is_symlink(), f"the {who} keeps the link a link"
        assert load_path(str(real)).title == f"saved by the {who}", f"the {who} writes the file it points to"


def test_the_editors_save_removes_a_killed_saves_leftover(tmp_path, example_hex):
    target = tmp_path / "s.yaml"
    save_scenario(example_hex, str(target))
    stale = tmp_path / ".~s.yaml.k1ll3d.tmp"
    stale.write_text("half")
    os.utime(stale, (1, 1))
    Document.open(str(target)).save()
    assert not stale.exists()
