"""The generic presentation (motu/engine/rules/presentation.py): what any game says through the game API
alone, and what each shipped rule set's presentation() declares."""
import random

import pytest

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.presentation import KINDS, Presentation, plain, words
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.ruleset import RuleSet


def tiki_state():
    rules = get_ruleset("tiki")
    return rules.new_initial_state(rules.new_scenario(), {"shuffle_tiles": False})


def test_a_rule_set_without_words_of_its_own_presents_generically_on_the_map():
    p = RuleSet().presentation()
    assert type(p) is Presentation and p.board_kind == "map"


@pytest.mark.parametrize("ruleset, board", [("tahiti", "map"), ("fern", "map"), ("tiki", "tiki"), ("pearls", "pearls")])
def test_each_shipped_rule_set_declares_its_board_kind(ruleset, board):
    p = get_ruleset(ruleset).presentation()
    assert isinstance(p, Presentation) and type(p) is not Presentation and p.board_kind == board


def test_the_generic_panel_puts_information_into_words_with_the_player_to_move_first():
    st = tiki_state()
    rows = Presentation().panel(st, None)
    assert rows[0] == ("To move", "First player")
    labels = [label for label, _ in rows]
    assert labels.count("To move") == 1, "the information's own 'to move' is not a second row"
    assert ("Tie-break", "no") in rows and ("Shaman", "—") in rows
    assert not any("_" in label or "{" in text or "[" in text for label, text in rows)


def test_identifiers_and_values_become_words():
    assert words("tie_break and to_win") == "tie break and to win"
    assert plain({"fruit_supply": [1, 2], "over": False, "left": 2.5, "who": None}) == \
        "fruit supply 1, 2; over no; left 2.5; who —"
    assert plain([]) == "none"


def test_the_generic_result_names_the_winner_by_side_and_keeps_the_panels_rows():
    st = tiki_state()
    rng = random.Random(3)
    while not st.is_terminal():
        outcomes = st.chance_outcomes() if st.current_player() == CHANCE else None
        st.apply_action(rng.choice([a for a, _ in outcomes]) if outcomes else rng.choice(st.legal_actions()))
    rows = Presentation().result(st)
    returns = st.returns()
    assert rows[0] == ("Winner", st.player_name(returns.index(max(returns))))
    assert rows[1:] == [r for r in Presentation().panel(st, None) if r[0] != "Winner"]


class HiddenCoin(GameState):
    """A one-move game: the first player hides a coin in the left or right hand; the second is told
    only that a coin was hidden."""

    def __init__(self):
        self.hand = None

    def num_players(self):
        return 2

    def current_player(self):
        return 0 if self.hand is None else TERMINAL

    def _legal_actions(self):
        return [0, 1] if self.hand is None else []

    def _apply_action(self, action):
        self.hand = action

    def chance_outcomes(self):
        return []

    def returns(self):
        return [0.0, 0.0]

    def clone(self):
        c = HiddenCoin()
        c.hand = self.hand
        return c

    def action_to_string(self, action):
        return f"hide the coin in the {('left', 'right')[action]} hand"

    def action_to_string_for(self, action, player):
        return self.action_to_string(action) if player == 0 else "hide the coin"

    def state_key(self):
        return self.hand

    def player_name(self, player):
        return ("Hider", "Seeker")[player]


class Worded(Presentation):
    def action_words(self, state, action, seat=None):
        return "Hide the coin in your " + ("left", "right")[action] + " hand"


def test_an_action_is_told_to_a_seat_as_the_game_lets_that_seat_know_it():
    st = HiddenCoin()
    assert Presentation().action_text(st, 1, 1) == "hide the coin", "the seeker is told only that a coin was hidden"
    assert Presentation().action_text(st, 1, 0) == "hide the coin in the right hand"
    assert Worded().action_text(st, 1, 0) == "Hide the coin in your right hand", "the rulebook's words where all is told"
    assert Worded().action_text(st, 1, 1) == "hide the coin"
    assert Worded().action_text(st, 0) == "Hide the coin in your left hand"


def test_the_generic_result_of_a_draw():
    st = HiddenCoin()
    st.apply_action(0)
    assert Presentation().result(st)[0] == ("Winner", "nobody (a draw)")


def test_the_generic_presentation_answers_the_tables_questions_with_nothing():
    st = tiki_state()
    p = Presentation()
    assert p.pieces(st) is None and p.map_markers(st) == [] and p.legend() == {} and p.legend_style() == {}
    assert p.conditions(st) == set() and p.area_of_cells(st) is None and p.area_holders(st) == {}
    assert p.stack_units(st, 0) is None and p.stack_choice(st) is None and p.victory_track(st) is None
    assert p.narrative(st) == [] and p.cell_label(st, 0) is None
    assert p.log_kind(st, st.legal_actions()[0]) in KINDS
    assert p.dice(st, 0, "the_tile turned") == {"group": "Roll", "face": None, "text": "the tile turned"}
