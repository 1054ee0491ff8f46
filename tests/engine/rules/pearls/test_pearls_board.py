"""Pearl-game boards: each validator on a board broken on purpose, the scenario file, conformance."""
import os

from motu.engine.io.native import load_path
from motu.engine.rules.conformance import check_conformance, every_option_on
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Side

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
RULES = get_ruleset("pearls")


def codes(s):
    return sorted(f.code for f in RULES.validate(s))


def test_the_shipped_board_and_scenario_file_are_clean():
    assert codes(RULES.new_scenario()) == []
    s = load_path(os.path.join(ROOT, "scenarios", "pearls.yaml"))
    assert s.ruleset == "pearls" and codes(s) == [] and len(s.sides) == 3


def test_a_map_without_the_island_is_refused():
    s = RULES.new_scenario()
    s.terrain[s.terrain.index("island")] = "water"
    assert codes(s) == ["PEARLS_NO_ISLAND"]


def test_a_track_not_covering_every_letter_is_refused():
    s = RULES.new_scenario()
    for c, props in list(s.cell_props.items()):
        if props.get("letter") == "A":
            s.cell_props[c] = {**props, "letter": "B"}
    found = RULES.validate(s)
    assert [f.code for f in found] == ["PEARLS_TRACK_LETTER_MISSING"] and "letter A" in found[0].message


def test_a_track_space_without_a_colour_is_refused():
    s = RULES.new_scenario()
    t1 = s.grid.parse_label("t1")
    s.cell_props[t1] = {"letter": "A", "colour": "red"}
    assert codes(s) == ["PEARLS_TRACK_SPACE"]


def test_a_letter_with_no_column_is_refused():
    s = RULES.new_scenario()
    s.tables["map_letters"]["columns"] = ["A", "B", "C", None, "D", "E", None]
    found = RULES.validate(s)
    assert [f.code for f in found] == ["PEARLS_LETTER_NO_LINE"] and "letter F has no column" in found[0].message


def test_a_map_not_seven_by_seven_is_refused():
    s = RULES.new_scenario()
    s.terrain[s.grid.parse_label("m11")] = "track"
    s.cell_props[s.grid.parse_label("m11")] = {"letter": "A", "colour": "green"}
    assert codes(s) == ["PEARLS_MAP_NOT_7X7"]


def test_one_side_is_not_enough():
    s = RULES.new_scenario()
    s.sides = {"p1": s.sides["p1"]}
    assert codes(s) == ["PEARLS_PLAYERS"]


def test_the_scenario_file_sets_the_track_and_the_players():
    s = load_path(os.path.join(ROOT, "scenarios", "pearls.yaml"))
    t5 = s.grid.parse_label("t5")
    s.cell_props[t5] = {"letter": "E", "colour": "blue"}
    s.sides["p4"] = Side("p4", "Player 4")
    st = RULES.new_initial_state(s)
    assert st.num_players() == 4 and st.board.track_colour[4] == 3


def test_conformance_with_two_three_and_four_players():
    for n in (2, 3, 4):
        s = RULES.new_scenario()
        s.sides = {f"p{i}": Side(f"p{i}", f"Player {i}") for i in range(1, n + 1)}
        report = check_conformance(lambda: RULES.new_initial_state(s), games=15, seed=n)
        assert report.games == 15 and report.chance_nodes > 0
        assert all(len(r) == n and abs(sum(r)) < 1e-9 for r in report.terminal_returns)


def test_conformance_with_every_option_on():
    options = every_option_on(RULES.catalogue)
    assert options == {"group_ties": "first", "sit_out_without_boats": True}
    report = check_conformance(lambda: RULES.new_initial_state(RULES.new_scenario(), options), games=15, seed=4)
    assert report.games == 15


def test_playtest_hooks_draw_boats_sailboats_and_letters():
    s = RULES.new_scenario()
    st = RULES.new_initial_state(s)
    t1 = s.grid.parse_label("t1")
    assert st.player_name(2) == "Player 3" and st.action_cells(0) == (None, t1)
    for a in (0, 4, 8, 16, 17, 18, 203, 101, 85, 85):  # sail; first pearls; a 3; player 0 buys for $1
        st.apply_action(a)
    m51 = s.grid.parse_label("m51")  # column 5 carries D; the sailboat reached t4, a D space
    assert st.action_cells(25 + 4) == (None, m51)
    st.apply_action(25 + 4)
    assert (m51, "g", "p1") in st.markers() and (s.grid.parse_label("t4"), "S", "p1") in st.markers()
    assert set(RULES.bot_factories()) == {"random", "greedy", "heuristic", "mcts"}


def test_a_letter_whose_row_and_column_are_all_island_has_no_sector():
    s = RULES.new_scenario()
    sector_a = {f"m1{r}" for r in range(1, 8)} | {f"m{c}1" for c in range(1, 8)}
    for label in sector_a:
        s.terrain[s.grid.parse_label(label)] = "island"
    [f] = RULES.validate(s)
    assert f.code == "PEARLS_SECTOR_EMPTY" and {s.grid.label(c) for c in f.cells} == sector_a


def test_a_track_letter_is_one_of_a_to_f_not_two_of_them():
    s = RULES.new_scenario()
    s.cell_props[s.grid.parse_label("t1")] = {"letter": "AB", "colour": "green"}
    assert "PEARLS_TRACK_SPACE" in codes(s)


def test_the_highest_bid_may_not_be_below_nought():
    s = RULES.new_scenario()
    s.options["max_bid"] = -1
    assert codes(s) == ["PEARLS_MAX_BID"]
    s.options["max_bid"] = 0
    assert codes(s) == []
