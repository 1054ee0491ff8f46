"""motu.editor.licences: the distributions Motu runs with, read from their metadata, and the
folder the installer build writes and the app reads back."""
from importlib import metadata

from motu.editor import licences


def test_motu_runs_with_its_requirements_and_theirs_but_not_its_extras():
    names = {licences.normalized(d.metadata["Name"]) for d in licences.runtime_distributions()}
    assert {"motu", "pyside6", "shiboken6", "numpy", "shapely", "networkx", "pyyaml", "scipy"} <= names
    assert "contourpy" in names  # matplotlib's own requirement: the walk is transitive
    assert not names & {"pytest", "hypothesis", "distributed", "pyinstaller"}  # extras only


def test_a_distributions_licence_texts_come_from_its_dist_info():
    n = licences.notice(metadata.distribution("PyYAML"))
    assert n.licence == "MIT" and n.texts and "Permission is hereby granted" in n.texts[0][1]
    numpy = licences.notice(metadata.distribution("numpy"))
    assert numpy.texts[0][0] == "LICENSE.txt" and len(numpy.texts) > 1  # the bundled parts' licences too


def test_the_folder_a_build_writes_reads_back(tmp_path):
    notices = [licences.Notice("PySide6_Essentials", "6.11.3", "LGPL-3.0-only", (("QT-LGPL.txt", "Qt under the LGPL"),
                                                                                   ("LGPL-3.0.txt", "GNU LESSER"))),
               licences.Notice("libx11-6 (Debian)", "2:1.8.4", "see the text", (("copyright", "X11 terms"),))]
    written = licences.write_folder(notices, str(tmp_path))
    assert sorted(p.rsplit("/", 1)[1] for p in written) == [
        "THIRD-PARTY-NOTICES.txt", "libx11-6-debian.txt", "pyside6-essentials.txt"]
    back = {n.name: n for n in licences.read_folder(str(tmp_path))}
    assert back["PySide6_Essentials"].version == "6.11.3" and back["PySide6_Essentials"].licence == "LGPL-3.0-only"
    text = back["PySide6_Essentials"].texts[0][1]
    assert "Qt under the LGPL" in text and "GNU LESSER" in text
    everything = (tmp_path / "THIRD-PARTY-NOTICES.txt").read_text()
    assert "Name: libx11-6 (Debian)" in everything and "X11 terms" in everything
