"""Tiki boards: each validator on a board broken on purpose, the scenario file, conformance, speed."""
import os
import random

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.board.grids import Space, SpacesGrid
from motu.engine.io.native import dumps, load_path, loads
from motu.engine.rules.api import CHANCE
from motu.engine.rules.events import ControlChanged
from motu.engine.rules.conformance import check_conformance, every_option_on
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Scenario

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
RULES = get_ruleset("tiki")
AS_DRAWN = {"shuffle_tiles": False}  # the board's layout, not a shuffle


def codes(s):
    return sorted(f.code for f in RULES.validate(s))


def test_the_shipped_board_and_scenario_file_are_clean():
    assert codes(RULES.new_scenario()) == []
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    assert s.ruleset == "tiki" and codes(s) == []


def test_a_board_of_eight_villages_is_not_three_by_three():
    s = RULES.new_scenario()
    spaces = [Space(sp.id, sp.x, sp.y) for sp in s.grid.spaces][:8]
    grid = SpacesGrid(spaces, [(a, b) for a, b in s.grid.links if a != "v33" and b != "v33"])
    broken = Scenario(ruleset="tiki", grid=grid, terrain=["village"] * 8,
                      cell_props={c: {"value": 1} for c in range(8)}, sides=dict(s.sides))
    assert codes(broken) == ["TIKI_NOT_3X3"]


def test_villages_in_one_row_are_not_three_by_three():
    s = RULES.new_scenario()
    grid = SpacesGrid([Space(sp.id, i * 1.25, 0) for i, sp in enumerate(s.grid.spaces)], s.grid.links)
    broken = Scenario(ruleset="tiki", grid=grid, terrain=["village"] * 9, cell_props=dict(s.cell_props),
                      sides=dict(s.sides))
    assert codes(broken) == ["TIKI_NOT_3X3"]


def test_a_value_outside_minus_one_to_two_is_refused():
    s = RULES.new_scenario()
    s.cell_props[4] = {"value": 3}
    s.cell_props[5] = {}
    found = RULES.validate(s)
    assert [f.code for f in found] == ["TIKI_BAD_VALUE"] and set(found[0].cells) == {4, 5}


def test_a_shaman_between_villages_that_are_not_side_by_side_is_refused():
    s = RULES.new_scenario()
    grid = SpacesGrid(s.grid.spaces, list(s.grid.links) + [("v11", "v33")])  # a drawn link across the square
    text = dumps(s).replace("    - v32/v33\n", "    - v32/v33\n    - v11/v33\n")
    text += "\n" if not text.endswith("\n") else ""
    broken = loads(text.replace("  cells:\n", "  edges:\n    shaman: [v11/v33]\n  cells:\n", 1))
    assert broken.grid == grid
    found = RULES.validate(broken)
    assert [f.code for f in found] == ["TIKI_SHAMAN_NOT_ADJACENT"]
    assert found[0].edges == ((0, 8),)


def test_two_shamans_are_refused():
    s = RULES.new_scenario()
    s.edges[(0, 1)] = ("shaman",)
    s.edges[(4, 5)] = ("shaman",)
    assert codes(s) == ["TIKI_SHAMAN_TWICE"]


def test_the_scenario_file_sets_the_values_and_the_shaman_rule():
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    assert s.options.get("shaman_rule") is False and s.options.get("shuffle_tiles") is True
    s.options["shaman_rule"] = True
    s.options["shuffle_tiles"] = False  # the layout as drawn
    s.cell_props[0] = {"value": 2}
    st = RULES.new_initial_state(s)
    assert st.values[0] == 2 and st.shaman_due
    st.apply_action(0)
    assert st.legal_actions()[0] == 45  # the second player places the Shaman


def test_conformance_plain_shaman_and_shuffled():
    s = RULES.new_scenario()
    assert every_option_on(RULES.catalogue) == {"shaman_rule": True, "shuffle_tiles": True}
    for options in ({}, {"shaman_rule": True, "shuffle_tiles": False}, every_option_on(RULES.catalogue)):
        report = check_conformance(lambda: RULES.new_initial_state(s, options), games=40, seed=6)
        assert report.games == 40
        assert all(sorted(r) == [-1.0, 1.0] for r in report.terminal_returns)


def test_random_games_all_end_with_a_winner():
    """Speed is make bench's business (budget: 1,000 games a second); here, 300 games simply end."""
    s = RULES.new_scenario()
    rng = random.Random(3)
    bots = [RandomBot(rng), RandomBot(rng)]
    for _ in range(300):
        final = play_game(RULES.new_initial_state(s), bots, rng)
        assert sorted(final.returns()) == [-1.0, 1.0]


def test_playtest_hooks_name_the_cells_of_moves_and_draw_the_totems():
    s = RULES.new_scenario()
    st = RULES.new_initial_state(s, AS_DRAWN)
    v12, v22, v32 = (s.grid.parse_label(x) for x in ("v12", "v22", "v32"))
    assert st.player_name(1) == "Second player" and st.action_cells(1) == (None, v12)
    for a in (1, 0, 8, 9 + 4 * 0 + 1, 6):  # v12, v11, v33, v11 right onto v12, v31
        st.apply_action(a)
    assert (v12, "12", "second") in st.markers()
    assert st.action_cells(9 + 4 * 1 + 2) == (v12, v32)  # two tokens: two villages down
    assert set(RULES.bot_factories()) == {"random", "greedy", "heuristic", "mcts"}


def test_a_village_influenced_is_told_as_controlled_by_the_top_tokens_owner():
    st = RULES.new_initial_state(RULES.new_scenario(), AS_DRAWN)
    for a in (2, 1, 5, 9 + 4 * 1 + 1, 9 + 4 * 5 + 0):  # v13 gets 0, 1, 0: the first player's token on top
        st.apply_action(a)
    influenced = [e for e in st.drain_events() if isinstance(e, ControlChanged)]
    assert influenced == [ControlChanged("village", "v13", "the top-right village", None, 0, "influence")]
    assert st.drain_events() == []  # taken once


def test_setup_shuffle_the_nine_village_tiles_by_default():
    """"To set up, shuffle the nine village tiles": a new board and the shipped one deal their tiles
    by chance; option shuffle_tiles off plays the layout as drawn."""
    for s in (RULES.new_scenario(), load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))):
        st = RULES.new_initial_state(s)
        assert st.current_player() == CHANCE and len(st.values) == 0
        left = sorted(s.cell_props[c]["value"] for c in range(9))
        assert {a - 61: p for a, p in st.chance_outcomes()} == {v: left.count(v) / 9 for v in set(left)}
        fixed = RULES.new_initial_state(s, {"shuffle_tiles": False})
        assert fixed.current_player() == 0 and sorted(fixed.values) == left


def test_a_board_with_no_village_worth_fruit_could_never_end():
    s = RULES.new_scenario()
    for c in range(9):
        s.cell_props[c] = {"value": -1 if c == 4 else 0}
    [f] = RULES.validate(s)
    assert f.code == "TIKI_NO_FRUIT" and f.severity == "error" and len(f.cells) == 9


def test_set_up_numbers_too_small_to_play_are_errors():
    s = RULES.new_scenario()
    s.options = {"fruit_supply": 0, "tokens_per_player": 1, "fruits_to_win": 0}
    assert codes(s) == ["TIKI_SET_UP_NUMBER"] * 3
    s.options = {"fruit_supply": 1, "tokens_per_player": 2, "fruits_to_win": 1}
    assert codes(s) == []
