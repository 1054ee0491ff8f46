"""Formations (motu/engine/scenario/formations.py): the pieces a designer makes in one step, placed and linked."""
import os
import sys

import pytest

from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.force_changes import Refused
from motu.engine.scenario.force_tree import order_of_battle
from motu.engine.scenario.formations import PieceOrder, make_formation, slug
from motu.engine.scenario.model import CellFeature, Piece

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from forces_test_support import apply, scenario, tree_text  # noqa: E402

FERN = get_ruleset("fern")


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
