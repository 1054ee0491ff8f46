"""Whole games of Tahiti: the conformance check, random games to an end on both shipped maps
with every advanced rule on, 1 to 4 players, bots, and the recorded golden game."""
from __future__ import annotations

import json
import math
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.ai.bot import play_game  # noqa: E402
from motu.engine.rules.conformance import check_conformance  # noqa: E402
from motu.engine.rules.events import GameEnded  # noqa: E402
from motu.engine.rules.tahiti.bots.heuristic import VALUE_SCALE, _values, evaluate  # noqa: E402
from motu.engine.rules.tahiti.game_state import PICK  # noqa: E402
from motu.engine.rules.tahiti.data.tables import load  # noqa: E402

from test_tahiti_game_support import BLUE, GREEN, RED, ROOT, RULES, YELLOW, all_on, feed, game, scenario  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "golden", "tahiti_game.json")
MAPS = ("tahiti.yaml", "tahiti-moorea.yaml")


@pytest.mark.parametrize("name", MAPS)
def test_tahiti_game_conformance(name):
    report = check_conformance(lambda: RULES.new_initial_state(scenario(name), {**all_on(), "turn_limit": 12}),
                               games=2, seed=7)
    assert report.games == 2


@pytest.mark.parametrize("name", MAPS)
def test_tahiti_game_random_games_end_with_winner_or_rule_draw(name):
    bots = RULES.bot_factories()
    for g in range(8):
        rng = random.Random(g)
        st = RULES.new_initial_state(scenario(name), all_on())
        st = play_game(st, [bots["random"](rng)] * st.num_players(), rng)
        assert st.is_terminal() and st.result[0]
        assert isinstance(st.drain_events()[-1], GameEnded)  # the end is told last


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_tahiti_game_one_to_four_players(players):
    rng = random.Random(players)
    st = RULES.new_initial_state(scenario(), {"players": players, "turn_limit": 8})
    assert st.num_players() == players
    st = play_game(st, [RULES.bot_factories()["random"](rng)] * players, rng)
    assert len(st.returns()) == players and st.result[0] in result_kinds()
    # Solitaire is won or lost; with more, Armageddon loses for all, a draw shares 0 among the
    # tied (the rest -1), and otherwise one winner takes 1 and the rest -1.
    kind, top = st.result[0], sorted(st.returns(), reverse=True)
    if players == 1:
        assert kind in ("solitaire", "defeat") and top[0] in (1.0, -1.0)
    elif kind in ("armageddon", "nobody"):
        assert set(top) == {-1.0}
    elif kind == "draw":
        assert top[0] == top[1] == 0.0 and set(top) <= {0.0, -1.0}
    else:
        assert top[0] == 1.0 and set(top[1:]) == {-1.0}


def result_kinds() -> set[str]:
    """The ends victory.yaml and docs/rules/tahiti.md "Victory" give."""
    levels = {row["level"] for row in load("victory")["levels"]}
    return levels | {"last standing", "solitaire", "defeat", "nobody", "total victory", "armageddon"}


def legal_only(state, player, action):
    """play_game's hook: every bot's action is one the state offers."""
    if player >= 0:
        assert action in state.legal_actions(), (player, action)


def test_tahiti_game_heuristic_and_mcts_bots_play():
    rng = random.Random(3)
    f = RULES.bot_factories()
    st = RULES.new_initial_state(scenario(), {"players": 2, "turn_limit": 2})
    st = play_game(st, [f["heuristic"](rng), f["mcts"](rng)], rng, on_action=legal_only)
    assert st.is_terminal() and st.result[0] in result_kinds()


def test_tahiti_game_heuristic_bot_beats_random_bots():
    """Eight two-player games of 3 turns (no events), the heuristic bot in either seat: it wins
    most and loses none (on these seeds it wins 6 and draws 2)."""
    f = RULES.bot_factories()
    won = lost = 0
    for g in range(8):
        rng = random.Random(g)
        seat = g % 2
        bots = [f["random"](rng), f["random"](rng)]
        bots[seat] = f["heuristic"](rng)
        st = RULES.new_initial_state(scenario(), {"players": 2, "turn_limit": 3, "rule_15_12_random_events": False})
        st = play_game(st, bots, rng, on_action=legal_only)
        mine, theirs = st.returns()[seat], st.returns()[1 - seat]
        won += mine > theirs
        lost += mine < theirs
    assert won >= 5 and lost == 0


# --- the MCTS bot's cut-off values: a fixed scale, not the leader's score -------------------------
# At the start each player holds his Home area and has 11 units of combat value 10:
# evaluate = 10 * areas (8 each, 2 more for being held by a Village or a Control marker) - 5 * the
# best other's areas + 6 for a lead of one's own + 10 + 0.5 * 11.

def lead(extra_areas: int):
    """Red holds `extra_areas` more areas than his Home one (Control markers), the others one each."""
    st = game()
    feed(st, PICK + RED)
    homes = {st.b.area[h] for h in st.home}
    for a in [a for a in range(len(st.b.areas)) if a not in homes][:extra_areas]:
        st.control_markers[a] = RED
    return st


def test_bots_mcts_cutoff_value_narrow_lead_is_not_a_win():
    narrow, big = lead(1), lead(8)
    assert evaluate(narrow, RED) == 20 - 5 + 6 + 10 + 5.5 and evaluate(big, RED) == 90 - 5 + 6 + 10 + 5.5
    n, b = _values(narrow)[RED], _values(big)[RED]
    # tanh(36.5 / 40) = 0.722 and tanh(106.5 / 40) = 0.990: both short of a win's 1, and apart.
    assert n == math.tanh(36.5 / VALUE_SCALE) and b == math.tanh(106.5 / VALUE_SCALE)
    assert 0 < n < b < 1
    assert _values(narrow)[BLUE] == math.tanh((10 - 10 + 10 + 5.5) / VALUE_SCALE)  # behind Red: 15.5


def test_bots_mcts_cutoff_value_eliminated_player_does_not_change_the_others():
    st = lead(1)
    before = _values(st)
    st.out[YELLOW] = True  # Yellow's evaluation: -1000; the others' best rival is still Red or Blue
    after = _values(st)
    assert after[RED] == before[RED] and after[BLUE] == before[BLUE] and after[GREEN] == before[GREEN]
    assert -1 <= after[YELLOW] < before[YELLOW]


def test_bots_mcts_value_of_a_finished_game_is_its_returns():
    st = lead(1)
    st.result = ("marginal", (1.0, -1.0, -1.0, -1.0), "Red wins")
    assert _values(st) == [1.0, -1.0, -1.0, -1.0]


def record(seed: int = 42) -> dict:
    rng = random.Random(seed)
    st = RULES.new_initial_state(scenario(), all_on())
    bots = [RULES.bot_factories()["random"](rng)] * st.num_players()
    st = play_game(st, bots, rng)
    return {"scenario": "tahiti.yaml", "options": "all advanced rules on", "seed": seed,
            "actions": st.history(), "result": list(st.result[:2]), "text": st.result[2], "turn": st.turn}


def test_tahiti_game_golden_replay():
    if os.environ.get("MOTU_RECORD_GOLDEN"):  # a deliberate rules change: record the game anew
        with open(GOLDEN, "w") as fh:
            json.dump(record(), fh)
    with open(GOLDEN) as fh:
        gold = json.load(fh)
    st = RULES.new_initial_state(scenario(gold["scenario"]), all_on())
    for a in gold["actions"]:
        st.apply_action(a)
    assert st.is_terminal()
    assert [st.result[0], list(st.result[1])] == gold["result"] and st.result[2] == gold["text"]
    assert st.turn == gold["turn"]
