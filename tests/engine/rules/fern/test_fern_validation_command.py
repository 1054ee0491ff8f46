"""Fire in the Fern! §1, §2 and §12 for designers: every chain-of-command mistake is a finding with
its code, words, cells and pieces; a sound order of battle is clean and plays as it reads."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import RULES, start, table, unit

from motu.engine.rules.fern.forces import FernPieceRules, attempts_allowed, starts_hidden
from motu.engine.scenario.model import Piece

OPEN6 = [". . . . . ."] * 6
BUSH_TOP = [". b b . . .", ". b . . . ."] + [". . . . . ."] * 4
MAJOR = ("major", "senior_officer", "british", "4,6", 1, {})
HONE = ("hone", "senior_officer", "maori", "4,2", 1, {})


def army(*extra, rows=OPEN6, **kw):
    pieces = ([MAJOR] + unit("a", "regulars", "british", "3,6", 8, superior="major")
              + [HONE] + unit("w", "warriors", "maori", "3,2", 8, superior="hone"))
    return table(rows, pieces + list(extra), **kw)


def found(s):
    return [f for f in RULES.validate(s)]


def codes(s):
    return sorted(f.code for f in found(s))


def with_props(s, pid, **props):
    p = s.pieces[pid]
    s.pieces[pid] = Piece(p.id, p.kind, p.side, p.cell, p.count, p.name, {**p.props, **props})
    s.cache.clear()  # as an Edit would
    return s


def test_a_sound_order_of_battle_is_clean():
    assert codes(army()) == []


def test_rule_1_a_british_lieutenant_named_leader_of_a_maori_hapu():
    s = army(("lt", "leader", "british", "4,6", 1, {"unit": "w", "superior": "major"}))
    s = with_props(s, "l-w", unit="nobody-else")
    f = [x for x in found(s) if x.code == "FERN_CROSS_FORCE"]
    assert len(f) == 1 and f[0].severity == "error"
    assert f[0].pieces == ("lt", "w") and "Maori" in f[0].message
    # The other way round: the hapu's figures name the lieutenant.
    s = army(("lt", "leader", "british", "4,6", 1, {"superior": "major"}))
    s = with_props(s, "w", leader="lt")
    assert "FERN_CROSS_FORCE" in codes(s)


def test_rule_2_a_leader_with_no_superior_though_his_side_has_a_senior_officer():
    s = army(*unit("b", "regulars", "british", "5,6", 8))
    [f] = [x for x in found(s) if x.code == "FERN_LEADER_NO_SUPERIOR"]
    assert f.pieces == ("l-b",) and f.cells == (s.grid.parse_label("5,6"),) and f.severity == "warning"


def test_rule_2_a_senior_officer_who_commands_nobody():
    s = army(("capt", "senior_officer", "british", "5,6", 1, {}))
    [f] = [x for x in found(s) if x.code == "FERN_IDLE_COMMANDER"]
    assert f.pieces == ("capt",)


def test_rule_1_a_leader_who_leads_nothing():
    s = army(("lt-x", "leader", "british", "5,6", 1, {"superior": "major"}))
    assert codes(s) == ["FERN_LEADER_NO_UNIT"]


def test_rule_1_two_units_naming_one_leader():
    s = army(("b", "regulars", "british", "5,6", 8, {"leader": "l-a"}))
    [f] = [x for x in found(s) if x.code == "FERN_LEADER_TWO_UNITS"]
    assert f.severity == "error" and set(f.pieces) == {"l-a", "a", "b"}


def test_rule_1_a_unit_with_two_leaders():
    s = army(("lt-2", "leader", "british", "3,6", 1, {"unit": "a", "superior": "major"}))
    assert "FERN_UNIT_TWO_LEADERS" in codes(s)


def test_rule_1_a_senior_officer_answering_to_a_leader_is_outside_the_chain():
    s = army(("capt", "senior_officer", "british", "5,6", 1, {"superior": "l-a"}))
    assert "FERN_NO_COMMAND" in codes(s)


def test_rule_12_a_maori_set_up_zone_within_rows_one_and_two():
    s = army()
    L = s.grid.parse_label
    s.setup_zones = {"maori": frozenset({L("3,2"), L("3,5")}), "british": frozenset({L("3,6"), L("4,6")})}
    [f] = [x for x in found(s) if x.code == "FERN_ZONE_NOT_12"]
    assert f.cells == (L("3,5"),) and "rows one and two" in f.message
    s.setup_zones["british"] = frozenset({L("3,6"), L("4,6"), L("4,5")})
    assert codes(s).count("FERN_ZONE_NOT_12") == 2, "a British zone off the base edge too"


def test_rule_12_hidden_yes_is_a_type_error():
    s = with_props(army(rows=BUSH_TOP), "w", hidden="yes")
    [f] = [x for x in found(s) if x.code == "PIECE_PROP_TYPE"]
    assert "'yes'" in f.message and f.pieces == ("w",)


def test_rule_5_an_unknown_weapon_is_named_by_its_declaration():
    s = with_props(army(), "a", weapon="crossbow")
    [f] = found(s)
    assert f.code == "FERN_BAD_WEAPON" and "crossbow" in f.message


def test_rule_1_too_many_attempts_counts_the_unit_it_leads():
    s = army(*unit("b", "regulars", "british", "5,6", 4, superior="major"))
    s = with_props(s, "l-b", attempts=3)
    [f] = [x for x in found(s) if x.code == "FERN_TOO_MANY_ATTEMPTS"]
    assert "4 in his unit" in f.message and attempts_allowed(s, RULES.catalogue, s.pieces["l-b"])[0] == 2


def test_rule_1_kupapa_answer_to_the_british_major_and_he_may_motivate_them():
    s = RULES.new_scenario("square", 6, 6)
    assert list(s.sides) == ["british", "maori"], "kupapa stand on the British side (§1)"
    s = army(*unit("k", "kupapa", "british", "2,6", 6, superior="major"))
    s = with_props(s, "l-k", nation="kupapa")
    assert codes(s) == []
    board = start(s).b
    k = board.unit_index["k"]
    assert board.leader_index["major"] in board.commanders[k], "§2: the Major is in the kupapa unit's chain"
    assert board.units[k].nation == "kupapa" and board.leaders[board.leader_index["l-k"]].nation == "kupapa"


def test_rule_12_the_computed_start_hidden_and_its_override():
    s = army(*unit("v", "warriors", "maori", "2,1", 8, superior="hone"), rows=BUSH_TOP)
    rules = FernPieceRules(RULES.catalogue)
    hidden = RULES.catalogue.piece_props["hidden"]
    c = rules.computed(s, s.pieces["v"], hidden)
    assert c.value is True and c.overridable and "bush" in c.why
    c = rules.computed(s, s.pieces["a"], hidden)
    assert c.value is False and not c.overridable
    assert not rules.computed(s, s.pieces["w"], hidden).overridable, "Maori in the open are in sight"
    # hidden: false on the unit sets the whole square up revealed, its leader too (§12).
    s = with_props(s, "v", hidden=False)
    assert codes(s) == []
    assert starts_hidden(s, RULES.catalogue, s.pieces["l-v"])[1:2] == (False,)
    st = start(s)
    groups = [g for g in st.groups.values() if g.unit == st.b.unit_index["v"]]
    assert groups and not any(g.hidden for g in groups)
    assert not st.leaders[st.b.leader_index["l-v"]].hidden
    assert "FERN_HIDDEN_IN_OPEN" in codes(with_props(army(), "w", hidden=True)), "never the other way"
