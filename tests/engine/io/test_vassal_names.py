"""The VASSAL module calls a piece by its name, or by its kind's name with its side's, as the Forces
dock does ("War Canoe (Red clan)"): never by its id."""
import dataclasses
import os
import re
import zipfile

from motu.engine.io.native import load_path
from motu.engine.io.vassal import piece_titles, write_vmod

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")

# A 1x1 PNG: the names are checked here; the pictures are tests/editor/export/test_vassal_export.py's.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")

def test_unnamed_pieces_take_their_side_and_kind():
    s = load_path(TAHITI)
    titles = piece_titles(s)
    assert titles["red-canoe"] == "War Canoe (Red clan)"
    assert titles["red-chieftain"] == "Red Head Chieftain"  # a name of its own wins
    assert not set(titles.values()) & set(s.pieces)

def test_a_piece_of_no_side_is_its_kind():
    s = load_path(TAHITI)
    s.pieces["red-canoe"] = dataclasses.replace(s.pieces["red-canoe"], side=None)
    assert piece_titles(s)["red-canoe"] == "War Canoe"

def test_the_module_sets_up_and_names_pieces_by_title(tmp_path):
    s = load_path(TAHITI)
    out = tmp_path / "t.vmod"
    write_vmod(s, str(out), lambda *a: PNG)
    build = zipfile.ZipFile(out).read("buildFile.xml").decode()
    setups = re.findall(r'<VASSAL\.build\.module\.map\.SetupStack name="([^"]*)"', build)
    assert "War Canoe (Red clan)" in setups and "War Canoe (Yellow clan)" in setups
    assert not set(setups) & set(s.pieces)  # no id as a name
    traits = re.findall(r"piece;;;piece-[^;]*\.png;([^/]*)/", build)
    assert "War Canoe (Blue clan)" in traits and not set(traits) & set(s.pieces)
