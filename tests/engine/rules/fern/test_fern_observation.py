"""What each side of Fire in the Fern! may know (§12): its observation, its words for each action,
and bots that decide from the observation alone."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, start, table, unit

from motu.engine.ai.bot import RandomBot
from motu.engine.io.native import load_path
from motu.engine.rules.api import CHANCE, TERMINAL
from motu.engine.rules.fern.bots import HeuristicBot
from motu.engine.rules.fern.model import BLOCK, BRITISH_PLAYER, DIE, HOLD, MAORI_PLAYER, MOVE, REACT, UNPIN
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import sample_outcome

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
AMBUSH = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")
RULES = get_ruleset("fern")
BUSH_COLUMN = [". . . . . .", ". b . . . .", ". b . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]


def _ambush(move_hapu_1_to=None):
    """The shipped ambush; optionally with Ngati Rua hapu and Wiremu hidden elsewhere in the bush."""
    s = load_path(AMBUSH)
    if move_hapu_1_to:
        for pid in ("hapu-1", "wiremu"):
            s.pieces[pid] = s.pieces[pid].__class__(**{**s.pieces[pid].__dict__,
                                                       "cell": s.grid.parse_label(move_hapu_1_to)})
    return RULES.new_initial_state(s)


def test_rule_12_the_british_observation_leaves_the_hidden_maori_out_and_the_maori_see_everything():
    st = _ambush()
    obs = st.observation(BRITISH_PLAYER)
    assert all(st.b.units[g.unit].player == BRITISH_PLAYER for g in obs.groups.values())
    assert {st.b.leaders[i].id for i, l in enumerate(obs.leaders) if l.cell is not None} == {
        "major", "lt-a", "lt-b", "capt-m", "rawiri"}
    assert obs.information()["units broken"] == [], "hidden hapu are out of sight, not broken"
    assert obs.legal_actions() == st.legal_actions()
    st.apply_action(st.legal_actions()[0])
    assert st.history() and st.observation(BRITISH_PLAYER).history() == [], "the record holds hidden moves"
    assert st.observation(MAORI_PLAYER) is st, "British figures are never hidden: the Maori see the whole game"
    assert len(st.groups) == 7, "observing changes nothing"


def test_rule_12_where_the_hidden_maori_stand_does_not_change_the_british_observation():
    a, b = _ambush(), _ambush(move_hapu_1_to="14,2")
    assert a != b and a.observation(BRITISH_PLAYER) == b.observation(BRITISH_PLAYER)
    assert a.observation(MAORI_PLAYER) != b.observation(MAORI_PLAYER)


def _lockstep(make_bot, seed):
    """Play the British turn of two ambushes that differ only in where a hapu hides, the same
    dice and the same bot seed in both, while the British observations stay equal; the number
    of British decisions taken, or the first that differed."""
    a, b = _ambush(), _ambush(move_hapu_1_to="14,2")
    bot_a, bot_b = make_bot(random.Random(seed)), make_bot(random.Random(seed))
    dice = random.Random(seed)
    decisions = 0
    while a.current_player() not in (TERMINAL, MAORI_PLAYER) and a.observation(0) == b.observation(0):
        if a.current_player() == CHANCE:
            roll = sample_outcome(a.chance_outcomes(), dice)
            if roll not in b.legal_actions():
                break
            a.apply_action(roll)
            b.apply_action(roll)
            continue
        x, y = bot_a.choose(a), bot_b.choose(b)
        if x != y:
            return decisions, (a.action_to_string(x), b.action_to_string(y))
        a.apply_action(x)
        b.apply_action(y)
        decisions += 1
    return decisions, None


def test_bots_choose_the_same_whatever_the_hidden_maori_positions():
    for make_bot in (RandomBot, HeuristicBot):
        total = 0
        for seed in range(3):
            decisions, differed = _lockstep(make_bot, seed)
            assert differed is None, f"{make_bot.__name__} chose differently: {differed}"
            total += decisions
        assert total >= 6, f"{make_bot.__name__} made too few British decisions to show anything"


class _PeekingBot(HeuristicBot):
    """A bot that cheats: it marches toward the nearest Maori, hidden or not."""

    def choose(self, state):
        legal = state.legal_actions()
        moves = [a for a in legal if a - a % BLOCK == MOVE]
        if not moves:
            return super().choose(state)
        maori = [g.cell for g in state.groups.values() if state.b.units[g.unit].player == MAORI_PLAYER]
        return min(moves, key=lambda a: (min(state.b.dist(a - MOVE, c) for c in maori), a))


def test_the_lockstep_catches_a_bot_that_reads_hidden_positions():
    assert any(_lockstep(_PeekingBot, seed)[1] is not None for seed in range(3))


def test_rule_12_the_british_are_told_nothing_of_a_hidden_move_and_see_them_come_out():
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "2,2", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces, options={"first_side": "maori"})))
    motivate = d.motivate_action("l-w", "w")
    assert d.s.action_to_string_for(motivate, BRITISH_PLAYER) is None
    assert d.s.action_to_string_for(motivate, MAORI_PLAYER).startswith("l-w tries to motivate w")
    d.do(motivate)
    assert d.s.action_to_string_for(DIE + 6, BRITISH_PLAYER) is None, "nor the dice of hidden figures"
    d.roll(6, 5)
    assert d.s.action_to_string_for(MOVE + d.cell("2,3"), BRITISH_PLAYER) is None
    d.move("2,3")
    assert d.s.action_to_string_for(MOVE + d.cell("2,4"), BRITISH_PLAYER) == \
        "w (6) with l-w: comes out of hiding at 2,4 (§12)", "stepping into the open gives them away, not where from"


def test_rule_6_and_12_the_british_are_not_asked_about_hidden_defenders_but_are_told_when_they_fire():
    pieces = unit("a", "regulars", "british", "2,5", 6) + unit("w", "warriors", "maori", "2,3", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.move("2,4")  # next to the hapu hidden at 2,3
    assert d.step() == "react_offer" and d.s.current_player() == MAORI_PLAYER
    obs = d.s.observation(BRITISH_PLAYER)
    assert obs.stack[-1] == ("unseen", MAORI_PLAYER) and obs.legal_actions() == [], \
        "the British know the Maori are deciding something, not what or where"
    assert d.s.action_to_string_for(REACT, BRITISH_PLAYER) is None
    assert d.s.action_to_string_for(HOLD, BRITISH_PLAYER) is None
    d.react()
    # +2 neither moved nor fired, +2 ambush: a 1 makes 5 and fires; no roll fails (needs 4).
    assert d.s.action_to_string_for(DIE + 1, BRITISH_PLAYER) == \
        "reaction fire by w, l-w at 2,3: needed 4, rolled 1+4 = 5 — 1 volley"
    assert d.groups("w")[0].hidden, "(until the volley is fired)"


def test_rule_6_and_12_a_failed_reaction_attempt_reveals_nobody_and_tells_nothing():
    pieces = unit("a", "regulars", "british", "2,5", 6) + unit("w", "warriors", "maori", "2,3", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces)))
    d.s.set_pinned(d.cell("2,3"), MAORI_PLAYER, True)  # -2 pinned: a 1 makes 3 and fails
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.move("2,4")
    d.react()
    assert d.s.action_to_string_for(DIE + 1, BRITISH_PLAYER) is None
    assert d.s.action_to_string_for(DIE + 1, MAORI_PLAYER).endswith("— failed, no fire")
    d.roll(1)
    assert d.groups("w")[0].hidden and d.s.observation(BRITISH_PLAYER).groups.keys() == {
        gid for gid, g in d.s.groups.items() if g.unit == d.b.unit_index["a"]}


def test_rule_12_one_figure_coming_out_of_hiding_is_seen_where_it_comes_out_not_where_the_rest_hide():
    pieces = unit("w", "warriors", "maori", "2,2", 6) + unit("a", "regulars", "british", "6,6", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces, options={"first_side": "maori"})))
    d.motivate("l-w", "w", single=True)
    d.roll(6, 5)
    told = d.s.action_to_string_for(MOVE + d.cell("1,2"), BRITISH_PLAYER)
    assert told == "w (1): comes out of hiding at 1,2 (§12)"
    assert d.s.action_to_string_for(MOVE + d.cell("1,2"), MAORI_PLAYER).startswith("w (1): move 2,2 → 1,2")
    d.move("1,2")
    seen = d.s.observation(BRITISH_PLAYER)
    assert {seen.b.label(g.cell) for g in seen.groups.values() if g.unit == d.b.unit_index["w"]} == {"1,2"}, \
        "the other five and their leader stay hidden at 2,2, which the British were never told"


def test_rule_2_and_12_a_hidden_leader_motivating_figures_in_sight_is_not_named_nor_placed():
    pieces = [("w", "warriors", "maori", "1,2", 6, {"unit": "w"}), ("l-w", "leader", "maori", "2,2", 1, {"unit": "w"})]
    pieces += unit("a", "regulars", "british", "6,6", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces, options={"first_side": "maori"})))
    assert d.leader("l-w").hidden and not d.groups("w")[0].hidden
    motivate = d.motivate_action("l-w", "w")
    assert d.s.action_to_string_for(motivate, BRITISH_PLAYER) == "a hidden leader tries to motivate w at 1,2 (§2)", \
        "neither his name nor the motivation number, which tells how far off he stands"
    assert d.s.action_to_string_for(motivate, MAORI_PLAYER).startswith("l-w tries to motivate w at 1,2 (needs 3: 2 squares, +1 bush)")
    d.do(motivate)
    assert d.s.action_to_string_for(DIE + 4, BRITISH_PLAYER) == "motivation of w at 1,2 by a hidden leader: rolled 4 — success"
    assert d.s.action_to_string_for(DIE + 1, BRITISH_PLAYER) == "motivation of w at 1,2 by a hidden leader: rolled 1 — failed"
    assert "l-w" in d.s.action_to_string_for(DIE + 4, MAORI_PLAYER)


def test_rule_9_and_12_a_hidden_officer_un_pinning_a_square_in_sight_is_seen_to_free_it_not_who_did():
    pieces = [("w", "warriors", "maori", "1,2", 6, {"unit": "w"}), ("l-w", "leader", "maori", "2,2", 1, {"unit": "w"})]
    pieces += unit("a", "regulars", "british", "6,6", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces, options={"first_side": "maori"})))
    d.s.set_pinned(d.cell("1,2"), MAORI_PLAYER, True)
    motivate = d.motivate_action("l-w")
    assert d.s.action_to_string_for(motivate, BRITISH_PLAYER) is None, "he motivates himself, hidden"
    d.do(motivate)
    d.roll(6, 5)
    assert d.s.action_to_string_for(UNPIN + d.cell("1,2"), BRITISH_PLAYER) == "w at 1,2: un-pinned by a hidden leader (§9)"
    assert d.s.action_to_string_for(UNPIN + d.cell("1,2"), MAORI_PLAYER).startswith("l-w: un-pin 1,2")
