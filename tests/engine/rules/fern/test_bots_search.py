"""Fire in the Fern!'s search bot: its evaluation of a position, the exact worth of a game that
only waits on §11's victory dice, and the moves it weighs at a main decision (issue 18)."""
import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import RULES, Driver, start, table, unit

from motu.engine.io.native import load_path
from motu.engine.rules.api import CHANCE
from motu.engine.rules.fern.bots import HeuristicBot, SearchBot, ending_value, lead, mcts_bot, values
from motu.engine.rules.fern.model import BRITISH_PLAYER, DIE, END_TURN, MAORI_PLAYER, RETIRE

OPEN6 = [". . . . . ."] * 6
ROOT = Path(__file__).resolve().parents[4]


def _broken_hapu_then_retire():
    """test_rule_11's game: the British kill the chief and two of his hapu, the hapu breaks,
    and the Maori retire: two victory dice (chief killed, hapu broken) are still to roll."""
    pieces = (unit("a", "regulars", "british", "3,6", 6)
              + [("w", "warriors", "maori", "3,3", 4, {"unit": "w"}), ("l-w", "leader", "maori", "3,3", 1, {"unit": "w"})]
              + unit("v", "warriors", "maori", "1,1", 6))
    d = Driver(start(table(OPEN6, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.fire("3,3")
    d.roll(6, 6, 6, 1, 1, 1)
    d.roll(1, 1, 1)
    d.pick(1)
    d.roll(6)
    d.done()
    d.end_turn()
    d.roll(6, 6, 6)
    d.roll(4)
    d.do(RETIRE)
    return d.s


def _expected(state):
    """Expected returns by walking every die face (the slow way ending_value must agree with)."""
    if state.is_terminal():
        return state.returns()
    assert state.current_player() == CHANCE
    out = [0.0, 0.0]
    for a, p in state.chance_outcomes():
        nxt = state.clone()
        nxt.apply_action(a)
        r = _expected(nxt)
        out = [o + p * x for o, x in zip(out, r)]
    return out


def test_rule_11_a_game_waiting_on_victory_dice_is_worth_their_exact_average():
    s = _broken_hapu_then_retire()
    assert s.stack[-1][0] == "r_vp" and s.vp == [6, 0]
    assert ending_value(s)[0] == pytest.approx(1.0)  # 6 points and two dice against nothing: won whatever they roll
    for maori in (12, 14):  # close: the British need more than maori - 6 on their two dice
        s.vp = [6, maori]
        win = sum(1 for x in range(1, 7) for y in range(1, 7) if 6 + x + y > maori) / 36
        lose = sum(1 for x in range(1, 7) for y in range(1, 7) if 6 + x + y < maori) / 36
        assert 0 < win < 1 and 0 < lose < 1
        assert ending_value(s)[0] == pytest.approx(win - lose) == _expected(s)[0]
        assert ending_value(s)[1] == pytest.approx(-(win - lose))


def test_ending_value_is_none_while_the_game_goes_on():
    s = start(table(OPEN6, unit("a", "regulars", "british", "3,6", 6) + unit("w", "warriors", "maori", "3,1", 6)))
    assert ending_value(s) is None


def test_the_evaluation_prefers_more_enemy_casualties_and_broken_units():
    s = start(table(OPEN6, unit("a", "regulars", "british", "3,6", 6) + unit("w", "warriors", "maori", "3,1", 6)))
    level = values(s)
    assert level == [0.0, 0.0]
    s.killed = [0, 2]  # two Maori figures killed
    two = values(s)
    s.killed = [0, 4]
    four = values(s)
    assert 0 < two[0] < four[0] < 1 and two[1] == -two[0] and four[1] == -four[0]
    s.broken = frozenset({s.b.unit_index["w"]})
    assert values(s)[0] > four[0]  # a broken unit is worth a D6 more
    s.killed = [9, 4]
    assert values(s)[0] < values(s)[1]  # 4 + a D6 (3.5) against 9: now the Maori are ahead


def _in_the_fight(british_casualties_on_table: int, british: int = 6):
    """The British to move in their first turn, four Maori figures down to one British figure
    (the hapu, twelve strong, fights on);
    `british_casualties_on_table` British casualty markers lie on the table (away from any live
    figure, so §8 does not roll for them) — the Maori would score them if the British retired."""
    pieces = unit("a", "regulars", "british", "3,6", british) + unit("w", "warriors", "maori", "3,1", 12)
    if british_casualties_on_table:
        pieces += [("cas", "casualty", "british", "1,5", british_casualties_on_table, {"unit": "a"})]
    s = start(table(OPEN6, pieces))
    while s.current_player() == CHANCE:
        s.apply_action(DIE + 6)  # §10: the company passes its morale test
    s.killed = [1 + british_casualties_on_table, 4]
    assert s.current_player() == BRITISH_PLAYER and s.stack[-1][0] == "main" and RETIRE in s.legal_actions()
    return s


def test_rule_11_the_search_retires_when_retiring_wins_the_game_for_sure():
    s = _in_the_fight(0)
    # Retiring: the British keep 4 points, the Maori hold the field but have nothing to score.
    assert HeuristicBot(random.Random(0)).choose(s) != RETIRE  # the heuristic plays on
    for seed in range(3):
        assert mcts_bot(random.Random(seed)).choose(s) == RETIRE


def test_rule_11_the_search_does_not_retire_when_the_field_would_hand_the_game_over():
    s = _in_the_fight(4, british=12)
    assert HeuristicBot(random.Random(0)).choose(s) != RETIRE  # not half lost: the heuristic plays on
    # Retiring: 4 British points against 5 inflicted + 4 casualties on the table the Maori would hold.
    for seed in range(3):
        assert mcts_bot(random.Random(seed)).choose(s) != RETIRE


def test_the_search_weighs_the_heuristic_s_choice_its_best_motivations_and_ending_the_turn():
    s = RULES.new_initial_state(load_path(ROOT / "scenarios" / "fern-ambush.yaml"))
    bot = mcts_bot(random.Random(0))
    assert isinstance(bot, SearchBot)
    legal = s.legal_actions()
    sound = bot.anchor.choose(s)
    kept = bot._root_actions(s, legal, sound)
    ranked = [a for _, a in bot.anchor.motivations(s, BRITISH_PLAYER, legal)]
    assert sound == ranked[0] and END_TURN in kept and RETIRE not in legal
    assert set(ranked[:SearchBot.TOP]) <= set(kept) <= set(legal)
    assert len(kept) == SearchBot.TOP + 1 < len(legal)  # the column's other motivations are not weighed


def test_rule_11_the_evaluation_counts_the_field_as_the_scenario_gives_it_at_the_time_limit():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + unit("w", "warriors", "maori", "3,1", 12)
              + [("cas", "casualty", "british", "1,5", 2, {"unit": "a"})])
    none = start(table(OPEN6, pieces, victory={"turns": 12, "field_at_time_limit": "none"}))
    maori = start(table(OPEN6, pieces, victory={"turns": 12, "field_at_time_limit": "maori"}))
    assert lead(none, MAORI_PLAYER) == 0.0
    assert lead(maori, MAORI_PLAYER) == 2.0  # the two British casualties lying in the field they hold
    assert values(maori)[1] > values(none)[1] == 0.0
