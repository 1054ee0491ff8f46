"""What a Fire in the Fern! scenario designer is told: each check, and exactly the finding it deserves."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import RULES, table, unit

OPEN6 = [". . . . . ."] * 6
BASE = unit("a", "regulars", "british", "3,6", 8) + unit("w", "warriors", "maori", "3,2", 8)


def codes(s):
    return sorted(f.code for f in RULES.validate(s))


def test_a_sound_skirmish_is_clean():
    assert codes(table(OPEN6, BASE)) == []


def test_rule_1_a_unit_without_a_leader():
    s = table(OPEN6, BASE + [("x", "regulars", "british", "4,6", 8, {"unit": "x"})])
    assert codes(s) == ["FERN_UNIT_NO_LEADER"]


def test_rule_1_a_unit_outside_any_chain_of_command():
    s = table(OPEN6, BASE + unit("b", "regulars", "british", "4,6", 8, superior="nobody"))
    assert codes(s) == ["FERN_NO_COMMAND"]
    s = table(OPEN6, BASE + [("c", "regulars", "british", "4,6", 8, {"unit": "c", "leader": "ghost"})])
    assert "FERN_NO_COMMAND" in codes(s)


def test_rule_1_a_unit_whose_chain_does_not_reach_the_c_in_c():
    s = table(OPEN6, BASE + [("gen", "c_in_c", "british", "5,6", 1, {})])
    assert codes(s) == ["FERN_IDLE_COMMANDER", "FERN_NOT_UNDER_C_IN_C"], "and the C-in-C commands nobody"


def test_rule_1_a_leader_with_more_attempts_than_allowed():
    s = table(OPEN6, unit("a", "regulars", "british", "3,6", 4) + unit("w", "warriors", "maori", "3,2", 8))
    s.pieces["l-a"] = s.pieces["l-a"].__class__(**{**s.pieces["l-a"].__dict__, "props": {"unit": "a", "attempts": 3}})
    assert "FERN_TOO_MANY_ATTEMPTS" in codes(s), "four figures: two attempts at most"
    s = table(OPEN6, BASE + [("maj", "senior_officer", "british", "4,6", 1, {"attempts": 3})])
    assert "FERN_TOO_MANY_ATTEMPTS" in codes(s)


def test_rule_1_unit_sizes_outside_six_to_twelve_warn():
    s = table(OPEN6, unit("a", "regulars", "british", "3,6", 14) + unit("w", "warriors", "maori", "3,2", 5))
    found = [f for f in RULES.validate(s) if f.code == "FERN_UNIT_SIZE"]
    assert len(found) == 2 and all(f.severity == "warning" for f in found)


def test_rule_12_set_up_outside_the_zones():
    s = table(OPEN6, unit("a", "regulars", "british", "3,5", 8) + unit("w", "warriors", "maori", "4,5", 8))
    assert codes(s) == ["FERN_SETUP_ZONE"] * 4, "British off the base edge; Maori within rows one and two"
    rows = [". . . . . ."] * 5 + [". . b . . ."]
    assert "FERN_SETUP_ZONE" in codes(table(rows, BASE)), "the base-edge square must be clear"


def test_rule_12_hidden_units_in_open_squares():
    s = table(OPEN6, unit("a", "regulars", "british", "3,6", 8) + unit("w", "warriors", "maori", "3,2", 8, hidden=True))
    assert codes(s) == ["FERN_HIDDEN_IN_OPEN"]
    s = table(OPEN6, unit("a", "regulars", "british", "3,6", 8) + unit("w", "warriors", "maori", "3,2", 8, hidden=True),
              pits=["3,2"])
    assert codes(s) == [], "a rifle pit dug in the open hides them"


def test_a_palisade_on_a_bush_square_warns():
    rows = [". . . . . .", ". . b . . ."] + [". . . . . ."] * 4
    s = table(rows, BASE, palisades=[("3,2", "3,3")])
    assert codes(s) == ["FERN_PALISADE_IN_BUSH"]


def test_rule_12_no_british_base_edge():
    s = table(OPEN6, BASE)
    s.features = [f for f in s.features if f.kind != "base_edge"]
    assert codes(s) == ["FERN_NO_BASE_EDGE"]


def test_rule_11_no_victory_conditions_warns():
    s = table(OPEN6, BASE)
    s.victory = {}
    [f] = RULES.validate(s)
    assert f.code == "FERN_NO_VICTORY" and f.severity == "warning"


def test_rule_5_an_unknown_weapon_and_a_missing_force():
    s = table(OPEN6, unit("a", "regulars", "british", "3,6", 8, weapon="crossbow"))
    assert codes(s) == ["FERN_BAD_WEAPON", "FERN_FORCE_MISSING"]


def test_a_blank_table_has_no_errors():
    s = RULES.new_scenario("square", 12, 8)
    assert [f for f in RULES.validate(s) if f.severity == "error"] == []


def test_rule_11_a_force_whose_figures_are_all_off_the_table_is_missing():
    s = table(OPEN6, BASE)
    s.pieces["w"] = s.pieces["w"].__class__(**{**s.pieces["w"].__dict__, "cell": None})
    [f] = [f for f in RULES.validate(s) if f.code == "FERN_FORCE_MISSING"]
    assert f.severity == "error" and "on the table" in f.message


def test_players_a_side_naming_no_player_is_an_error_on_its_pieces():
    s = table(OPEN6, BASE)
    s.sides["maori"] = s.sides["maori"].__class__("maori", "Maori", None, {"player": "two"})
    [f] = RULES.validate(s)
    assert f.code == "FERN_BAD_PLAYER" and set(f.cells) == {s.grid.parse_label("3,2")}
    s.sides["maori"] = s.sides["maori"].__class__("maori", "Maori", None, {"player": 1})
    assert codes(s) == []


def test_rule_11_victory_turns_must_be_a_whole_number_and_the_field_a_side():
    s = table(OPEN6, BASE, victory={"turns": "ten", "field_at_time_limit": "french"})
    assert codes(s) == ["FERN_BAD_VICTORY", "FERN_BAD_VICTORY"]
    s = table(OPEN6, BASE, victory={"turns": 0})
    assert codes(s) == ["FERN_BAD_VICTORY"]
    s = table(OPEN6, BASE, victory={"turns": 3, "field_at_time_limit": "maori"})
    assert codes(s) == []


def test_rules_6_and_7_both_forces_may_not_set_up_in_one_square():
    s = table(OPEN6, BASE + unit("v", "warriors", "maori", "3,6", 6))
    s.setup_zones = {"british": frozenset(range(36)), "maori": frozenset(range(36))}
    found = [f for f in RULES.validate(s) if f.code == "FERN_SHARED_SQUARE"]
    assert [f.cells for f in found] == [(s.grid.parse_label("3,6"),)]
