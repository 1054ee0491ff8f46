"""The editor keeps a modeline the user wrote, on Save and on Save As; a new document gets Motu's."""
from editor.document import Document
from engine.io.modeline import motu_modeline
from engine.io.native import dumps
from engine.rules.registry import get_ruleset

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
