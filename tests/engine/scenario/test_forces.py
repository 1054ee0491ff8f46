"""The order of battle: trees per side from the declarations, putting pieces under others, formations."""
import os

import pytest

from engine.board.grids import SquareGrid
from engine.io.native import load_path
from engine.rules.registry import get_ruleset
from engine.scenario.catalogue import catalogue_from_dict
from engine.scenario.forces import (
    OrderOfBattle, PieceOrder, Refused, make_formation, order_of_battle, parents, reassign, set_props, slug,
)
from engine.scenario.model import CellFeature, Piece, Scenario, Side
from engine.scenario.piece_props import PieceRules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FERN = get_ruleset("fern")


def scenario(name):
    return load_path(os.path.join(ROOT, "scenarios", name))


def tree_text(node, depth=0):
    out = ["  " * depth + node.text]
    for c in node.children:
        out += tree_text(c, depth + 1)
    return out


def apply(s, edit):
    assert edit is not None
    inverse = edit.apply(s)
    return inverse


def test_a_fern_side_is_c_in_c_senior_officers_leaders_and_units():
    s = scenario("fern-pa-assault.yaml")
    tree = order_of_battle(FERN.piece_rules, s)
    assert tree_text(tree.by_side["british"])[:6] == [
        "British", "  General Cameron", "    Major Nixon", "      Lt Grey", "        Company of the 40th",
        "      Lt Glover"]
    assert tree_text(tree.by_side["kupapa"]) == ["Kupapa", "  Ropata", "    Kupapa of Ropata"]
    assert tree.ancestors("40th") == ["lt-40", "major", "general"]


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


def test_a_new_unit_and_its_leader_under_the_officer_chosen():
    s = FERN.new_scenario("square", 8, 6)
    unit_form = FERN.catalogue.forces.formation("unit")
    officer = FERN.catalogue.forces.formation("senior_officer")
    apply(s, make_formation(FERN.piece_rules, s, officer, "british", 45, [PieceOrder("senior_officer", name="Major Hartley")])[0])
    e, ids = make_formation(FERN.piece_rules, s, unit_form, "british", 44,
                            [PieceOrder("kupapa", 8, "Kupapa scouts"), PieceOrder("leader", name="Rāwiri")],
                            under="major-hartley")
    apply(s, e)
    assert ids == ["kupapa-scouts", "rawiri"]
    assert s.pieces["kupapa-scouts"] == Piece("kupapa-scouts", "kupapa", "british", 44, 8, "Kupapa scouts",
                                              {"leader": "rawiri"})
    assert s.pieces["rawiri"].props == {"unit": "kupapa-scouts", "nation": "kupapa", "superior": "major-hartley"}
    again = make_formation(FERN.piece_rules, s, unit_form, "british", 44,
                           [PieceOrder("regulars", 30, "Kupapa scouts"), PieceOrder("leader", name="")])[1]
    assert again == ["kupapa-scouts-2", "leader"], "ids made from names, never twice"
    with pytest.raises(Refused):
        make_formation(FERN.piece_rules, s, unit_form, "maori", 3, [PieceOrder("leader"), PieceOrder("leader")])


def test_slugs():
    assert slug("A Company, 65th") == "a-company-65th" and slug("Ngāti Rua hapū") == "ngati-rua-hapu"
    assert slug("!!!") == ""


def test_a_tahiti_clan_set_up_at_its_home_village_with_its_canoe_on_the_coast():
    tahiti = get_ruleset("tahiti")
    s = tahiti.new_scenario("hex", 6, 4)
    s.terrain = ["sea"] * 6 + ["coast"] * 6 + ["clear"] * 12
    home = 14  # an inland hex
    s.features = [CellFeature("home_village", home, "red")]
    form = tahiti.catalogue.forces.formation("clan")
    e, ids = make_formation(tahiti.piece_rules, s, form, "red", None, [PieceOrder(p.kind, p.count) for p in form.pieces])
    apply(s, e)
    made = {s.pieces[i].kind: s.pieces[i] for i in ids}
    assert {k: p.count for k, p in made.items()} == {"head_chieftain": 1, "clan_elder": 2, "shaman": 1, "population": 3,
                                                     "militia": 2, "fighters": 1, "war_canoe": 1}
    assert all(p.cell == home for k, p in made.items() if k != "war_canoe")
    assert s.terrain[made["war_canoe"].cell] == "coast" and s.options["start_from_position"] is True
    tree = tree_text(order_of_battle(tahiti.piece_rules, s).by_side["red"])
    assert tree[1:4] == ["  Red clan: Head Chieftain", "  Red clan: Clan Elder", "  Red clan: Shaman"]
    assert "  Units" in tree and "  Villages" in tree and "    Home Village" in tree
    with pytest.raises(Refused, match="no home village"):
        make_formation(tahiti.piece_rules, s, form, "blue", None, [PieceOrder(p.kind, p.count) for p in form.pieces])


def test_a_pearl_players_start_and_a_tiki_players_tokens():
    pearls = get_ruleset("pearls")
    s = scenario("pearls.yaml")
    track = next(c for c, t in enumerate(s.terrain) if t == "track")
    form = pearls.catalogue.forces.formation("player")
    apply(s, make_formation(pearls.piece_rules, s, form, "p2", track, [PieceOrder(p.kind, p.count) for p in form.pieces])[0])
    assert [(p.kind, p.count, p.cell) for p in s.pieces.values()] == [("sailboat", 1, track), ("boat", 15, None),
                                                                      ("money", 15, None)]
    assert tree_text(order_of_battle(pearls.piece_rules, s).by_side["p2"]) == [
        "Player 2", "  Player 2 sailboat", "  In front of the player", "    Player 2 boats", "    Player 2 dollars"]
    tiki = get_ruleset("tiki")
    s = scenario("tiki.yaml")
    s.options["tokens_per_player"] = 6
    form = tiki.catalogue.forces.formation("player")
    apply(s, make_formation(tiki.piece_rules, s, form, "second", None, [PieceOrder("tiki_token")])[0])
    [p] = s.pieces.values()
    assert (p.count, p.cell, p.name) == (6, None, "Second player Tiki tokens")


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
    from engine.scenario.forces import relink
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
