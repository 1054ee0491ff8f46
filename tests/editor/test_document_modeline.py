"""The editor keeps a modeline the user wrote, on Save and on Save As; a new document gets Motu's."""
from motu.editor.document import Document
from motu.engine.io.modeline import motu_modeline
from motu.engine.io.native import dumps
from motu.engine.rules.registry import get_ruleset

USERS = "# yaml-language-server: $schema=https://example.org/my-motu-schema.json"


def test_save_and_save_as_keep_the_users_modeline(qapp, tmp_path):
    s = get_ruleset("tahiti").new_scenario("hex", 3, 3)
    src = tmp_path / "mine.yaml"
    src.write_text(USERS + "\n" + dumps(s), encoding="utf-8")
    doc = Document.open(str(src))
    doc.save()
    assert src.read_text(encoding="utf-8").splitlines()[0] == USERS
    copy = tmp_path / "copy.yaml"
    doc.save(str(copy))
    assert copy.read_text(encoding="utf-8").splitlines()[0] == USERS
    fresh = Document(get_ruleset("tahiti").new_scenario("hex", 3, 3))
    fresh.save(str(tmp_path / "new.yaml"))
    assert (tmp_path / "new.yaml").read_text(encoding="utf-8").splitlines()[0] == motu_modeline(tmp_path / "new.yaml")



def test_new_and_saved_files_name_the_schema_alike_wherever_they_are(qtbot, tmp_path, monkeypatch):
    """File → New then Save As, Save As of a shipped scenario, and `motu new` write one and the same
    line in a folder: a path relative to the file where it shares a folder with the schema below the
    root, else the schema's file URI (the schema has no published id), each reaching the schema."""
    import os
    import shutil
    import tempfile
    from pathlib import Path

    import motu.engine.io.modeline as modeline
    from editor_test_support import ROOT, make_window
    from motu.cli import main

    def lines_in(folder: Path) -> str:
        w = make_window(qtbot, tmp_path, source=os.path.join(ROOT, "scenarios", "tiki.yaml"), copy=False, show=False)
        w.choose_save_path = lambda: str(folder / "saved.yaml")
        assert w.file_save_as()
        w.document.replace(get_ruleset("tahiti").new_scenario(), None)  # what File → New makes
        w.choose_save_path = lambda: str(folder / "new.yaml")
        assert w.file_save_as()
        assert main(["new", "--rules", "tahiti", str(folder / "cli.yaml")]) == 0
        lines = {modeline.find_modeline((folder / n).read_text(encoding="utf-8")) for n in ("saved.yaml", "new.yaml", "cli.yaml")}
        assert len(lines) == 1, lines
        ref = lines.pop().split("$schema=", 1)[1]
        target = Path(ref[len("file://"):]) if ref.startswith("file://") else folder / ref
        assert target.resolve() == modeline.schema_path().resolve()
        return ref

    # A folder that shares only the root with the schema (as /tmp does with a checkout in /work): the
    # schema is put, for this, under another top folder than tmp_path's, wherever the checkout is.
    top = next(t for t in (Path("/var/tmp"), Path("/tmp"), Path.home())
               if t.is_dir() and os.access(t, os.W_OK) and t.resolve().parts[1] != tmp_path.resolve().parts[1])
    elsewhere = Path(tempfile.mkdtemp(dir=top))
    real = modeline.schema_path
    try:
        apart = elsewhere / "resources" / "schema" / modeline.SCHEMA_FILE
        apart.parent.mkdir(parents=True)
        shutil.copy(modeline.schema_path(), apart)
        monkeypatch.setattr(modeline, "schema_path", lambda: apart)
        far = tmp_path / "far"
        far.mkdir()
        assert lines_in(far) == apart.resolve().as_uri()
    finally:
        monkeypatch.setattr(modeline, "schema_path", real)
        shutil.rmtree(elsewhere)
    # A copy of Motu beside the user's maps (a home, a checkout): the path from the file, which moves with both.
    schema = tmp_path / "motu" / "resources" / "schema" / modeline.SCHEMA_FILE
    schema.parent.mkdir(parents=True)
    shutil.copy(modeline.schema_path(), schema)
    monkeypatch.setattr(modeline, "schema_path", lambda: schema)
    near = tmp_path / "motu" / "maps"
    near.mkdir()
    assert lines_in(near) == "../resources/schema/" + modeline.SCHEMA_FILE
