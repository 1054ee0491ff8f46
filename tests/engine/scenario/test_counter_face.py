"""What a counter shows, from the catalogue's `counters:` section; what the map key says a rule set uses."""
import os

from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.counter_face import CounterFaces, ink_for
from motu.engine.scenario.map_key import map_key
from motu.engine.scenario.model import Piece

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def faces(name):
    s = load_path(os.path.join(ROOT, "scenarios", f"{name}.yaml"))
    return s, CounterFaces(s, get_ruleset(s.ruleset).catalogue)


def test_fern_leader_shows_his_name_and_figures_their_count():
    s, f = faces("fern-ambush")
    lt = f.face(s.pieces["lt-a"])
    assert lt.label == "Lt Carey" and lt.top == "Leader" and lt.fill == "#b22222"
    assert lt.short == "Carey"  # where the whole name does not fit: his own name, never the rank
    coy = f.face(s.pieces["a-coy"])
    assert (coy.label, coy.bottom, coy.shows_count) == ("Regulars", "10", True)  # "Regulars 10", not "Reg 10"
    one = f.face(Piece("x", "regulars", "british", 0, 1))
    assert one.bottom == "" and not one.shows_count  # a count of one says nothing


def test_counters_read_by_the_names_the_catalogue_declares():
    s, f = faces("fern-ambush")
    assert [f.face(Piece("x", k, "maori", 0, 8)).label for k in ("warriors", "constabulary", "naval_brigade")] \
        == ["Warriors", "Constabulary", "Naval Brigade"]  # the catalogue's `short`, never a symbol ("War")
    hone = f.face(s.pieces["hone"])
    assert (hone.label, hone.top, hone.short) == ("Hone the war chief", "Senior", "Hone")
    s, f = faces("tahiti")
    assert f.face(Piece("m", "marae", "red", 0)).label == "Marae"  # not "Marae (15.8)"
    assert f.face(Piece("w", "war_canoe", "red", 0)).label == "War Canoe"
    assert f.face(Piece("h", "head_chieftain", "red", 0)).label == "Head Chieftain"  # unnamed: his kind's name
    for rules in ("fern", "tahiti", "tiki", "pearls"):
        cat = get_ruleset(rules).catalogue
        faces_ = CounterFaces(s, cat)
        for kind in cat.pieces.values():
            label = faces_.face(Piece("p", kind.id, None, 0)).label
            assert label != kind.id and "(" not in label, (rules, kind.id, label)  # never an id, nor a rule reference


def test_tahiti_counter_factors_come_from_the_combat_table():
    s, f = faces("tahiti")
    hc = next(p for p in s.pieces.values() if p.kind == "head_chieftain")
    face = f.face(hc)
    assert face.label == hc.name and face.bottom == "2-4"  # combat value 2 (combat.yaml), 4 MP
    assert face.short == "Chieftain"
    fighters = f.face(Piece("f", "fighters", "red", 0))
    assert fighters.bottom == "3" and fighters.label == "Fighters"


def test_unknown_side_and_kind_still_make_a_face():
    s, f = faces("tahiti")
    face = f.face(Piece("q", "nonsense", "nobody", 0))
    assert face.label == "nonsense" and face.fill.startswith("#") and face.ink in ("#111111", "#ffffff")
    assert ink_for("#ffffff") == "#111111" and ink_for("#000000") == "#ffffff"


def test_map_key_says_what_each_rule_set_uses():
    fern = map_key(get_ruleset("fern").catalogue)
    assert not fern.uses["areas"] and not fern.uses["movement_points"] and fern.edge_style("palisade") == "wall"
    tahiti = map_key(get_ruleset("tahiti").catalogue)
    assert tahiti.uses["areas"] and tahiti.uses["movement_points"]
    assert tahiti.edge_style("reef") == "reef" and tahiti.feature_style("stream") == "stream"
    pearls = map_key(get_ruleset("pearls").catalogue)
    assert not pearls.uses["edges"] and not pearls.uses["features"]
