"""Reshaping the order of battle (motu/engine/scenario/force_changes.py): putting pieces under others, links, props."""
import os
import sys

import pytest

from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.force_changes import Refused, reassign, relink, set_props
from motu.engine.scenario.model import Piece

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from forces_test_support import apply, scenario  # noqa: E402

FERN = get_ruleset("fern")


def test_a_unit_put_under_another_leader_takes_both_links_and_its_old_leader_loses_his():
    s = scenario("fern-ambush.yaml")
    before = s.copy()
    inverse = apply(s, reassign(FERN.piece_rules, s, "b-coy", "lt-a"))
    assert s.pieces["b-coy"].props["leader"] == "lt-a" and s.pieces["lt-a"].props["unit"] == "b-coy"
    assert "unit" not in s.pieces["lt-b"].props, "Lt Ferris leads nothing now"
    assert "leader" not in s.pieces["a-coy"].props, "A Company lost its leader to B Company"
    assert {f.code for f in FERN.validate(s)} == {"FERN_UNIT_NO_LEADER", "FERN_LEADER_NO_UNIT"}
    inverse.apply(s)
    assert s == before, "one edit, undone whole"


def test_a_leader_put_at_the_top_and_under_an_officer():
    s = scenario("fern-ambush.yaml")
    apply(s, reassign(FERN.piece_rules, s, "lt-a", None))
    assert "superior" not in s.pieces["lt-a"].props and s.pieces["lt-a"].props["unit"] == "a-coy", "he keeps his unit"
    assert reassign(FERN.piece_rules, s, "lt-a", None) is None, "nothing left to change"
    apply(s, reassign(FERN.piece_rules, s, "lt-a", "major"))
    assert s.pieces["lt-a"].props == {"unit": "a-coy", "superior": "major"}
    with pytest.raises(Refused, match="different sides"):
        reassign(FERN.piece_rules, s, "rawiri", "major")  # the ambush's kupapa stand on a side of their own


def test_a_unit_in_several_squares_moves_whole():
    s = scenario("fern-ambush.yaml")
    p = s.pieces["a-coy"]
    s.pieces["a-coy-2"] = Piece("a-coy-2", "regulars", "british", p.cell + 1, 4, p.name, {"unit": "a-coy", "leader": "lt-a"})
    apply(s, reassign(FERN.piece_rules, s, "a-coy-2", "lt-b"))
    assert s.pieces["a-coy"].props["leader"] == s.pieces["a-coy-2"].props["leader"] == "lt-b"


@pytest.mark.parametrize("child, target, words", [
    ("hapu-1", "lt-a", "different sides"),
    ("a-coy", "major", "cannot be put under"),
    ("major", "lt-a", "answers to"),
    ("lt-a", "lt-a", "itself"),
])
def test_what_the_order_of_battle_refuses_says_why(child, target, words):
    s = scenario("fern-ambush.yaml")
    with pytest.raises(Refused, match=words):
        reassign(FERN.piece_rules, s, child, target)


def test_set_props_edits_many_pieces_in_one_step():
    s = scenario("fern-ambush.yaml")
    e = set_props(s, ["hapu-1", "hapu-2"], {"hidden": False}, count=9)
    inverse = apply(s, e)
    assert s.pieces["hapu-1"].count == s.pieces["hapu-2"].count == 9
    assert s.pieces["hapu-2"].props["hidden"] is False
    inverse.apply(s)
    assert "hidden" not in s.pieces["hapu-2"].props
    assert set_props(s, ["hapu-1"], {"hidden": None}) is None


def test_a_link_set_in_a_form_keeps_both_ends_in_step():
    s = scenario("fern-ambush.yaml")
    leads = FERN.catalogue.pieces["leader"].spec_of("unit")
    apply(s, relink(FERN.piece_rules, s, ["lt-b"], leads, "militia"))
    assert s.pieces["lt-b"].props["unit"] == "militia" and s.pieces["militia"].props["leader"] == "lt-b"
    assert "unit" not in s.pieces["capt-m"].props and "leader" not in s.pieces["b-coy"].props
    apply(s, relink(FERN.piece_rules, s, ["lt-b"], leads, None))
    assert "unit" not in s.pieces["lt-b"].props and "leader" not in s.pieces["militia"].props
    with pytest.raises(Refused):
        relink(FERN.piece_rules, s, ["lt-b"], leads, "nobody")
    leader = FERN.catalogue.pieces["regulars"].spec_of("leader")
    apply(s, relink(FERN.piece_rules, s, ["a-coy", "b-coy"], leader, "lt-b"))
    assert s.pieces["b-coy"].props["leader"] == "lt-b" and s.pieces["lt-b"].props["unit"] == "b-coy", \
        "the last of several units put under one leader is his"
