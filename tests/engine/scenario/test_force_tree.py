"""The order of battle read as a tree (motu/engine/scenario/force_tree.py): parents from the declarations."""
import os
import sys

from motu.engine.board.grids import SquareGrid
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.catalogue import catalogue_from_dict
from motu.engine.scenario.force_tree import OrderOfBattle, order_of_battle, parents
from motu.engine.scenario.model import Piece, Scenario, Side
from motu.engine.scenario.piece_props import PieceRules

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from forces_test_support import scenario, tree_text  # noqa: E402

FERN = get_ruleset("fern")


def test_a_fern_side_is_c_in_c_senior_officers_leaders_and_units():
    s = scenario("fern-pa-assault.yaml")
    tree = order_of_battle(FERN.piece_rules, s)
    assert tree_text(tree.by_side["british"])[:6] == [
        "British", "  General Cameron", "    Major Nixon", "      Lt Grey", "        Company of the 40th",
        "      Lt Glover"]
    assert tree_text(tree.by_side["kupapa"]) == ["Kupapa", "  Ropata", "    Kupapa of Ropata"]
    assert tree.ancestors("40th") == ["lt-40", "major", "general"]


def test_a_loop_of_references_is_cut_where_found():
    cat = catalogue_from_dict({"id": "x", "default_terrain": "t", "terrain": {"t": {"token": "."}},
                               "pieces": {"o": {"name": "Officer"}},
                               "piece_props": {"boss": {"type": "piece", "kinds": ["o"], "parent": True}},
                               "piece_fields": {"o": {"fields": ["boss"]}}})
    s = Scenario("x", SquareGrid(2, 2), ["t"] * 4, sides={"s": Side("s", "S")})
    s.pieces = {"a": Piece("a", "o", "s", props={"boss": "b"}), "b": Piece("b", "o", "s", props={"boss": "a"})}
    up = parents(PieceRules(cat), s)
    assert None in up.values() and sorted(v for v in up.values() if v) in (["a"], ["b"])
    tree = OrderOfBattle(PieceRules(cat), s)
    assert len(tree.by_side["s"].children) == 1


def test_a_piece_without_a_name_is_called_by_its_kind_and_side_not_its_id():
    from motu.engine.scenario.force_tree import piece_name
    tahiti = get_ruleset("tahiti")
    s = scenario("tahiti.yaml")
    canoe = s.pieces["red-canoe"]
    assert not canoe.name
    assert piece_name(canoe, s, tahiti.catalogue) == "War Canoe (Red clan)"
    assert piece_name(canoe) == "red-canoe"  # with nothing to name it by, the file's id
    named = next(p for p in scenario("fern-ambush.yaml").pieces.values() if p.name)
    assert piece_name(named, s, FERN.catalogue) == named.name
