"""Fire in the Fern! played whole: the shipped scenarios, conformance, bots, and the dice log."""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pytest
from fern_helpers import RULES

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.io.native import load_path
from motu.engine.rules.api import CHANCE
from motu.engine.rules.conformance import check_conformance, every_option_on
from motu.engine.rules.fern.bots import HeuristicBot
from motu.engine.rules.fern.state import FernState
from motu.engine.session.session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
SCENARIOS = ["fern-ambush.yaml", "fern-pa-assault.yaml"]


def scenario(name):
    return load_path(os.path.join(ROOT, "scenarios", name))


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_shipped_scenarios_validate_clean(name):
    assert RULES.validate(scenario(name)) == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_rule_set_passes_the_foundation_conformance_check(name):
    s = scenario(name)
    report = check_conformance(lambda: RULES.new_initial_state(s), games=3, seed=5)
    assert report.games == 3 and report.chance_nodes > 100


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_games_end_without_error(name):
    board = RULES.new_board(scenario(name))
    for g in range(25):
        rng = random.Random(g)
        state = play_game(FernState(board), [RandomBot(rng), RandomBot(rng)], rng)
        assert state.is_terminal() and len(state.returns()) == 2


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_option_on_plays_conformant_games(name):
    s = scenario(name)
    options = every_option_on(RULES.catalogue)
    assert options["diagonal_edges"] == "both" and options["kupapa_tupara"] and options["rifle_pit_bush_hiding"]
    report = check_conformance(lambda: RULES.new_initial_state(s, options), games=3, seed=9)
    assert report.games == 3


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_heuristic_bot_beats_the_random_bot(name):
    board = RULES.new_board(scenario(name))
    score = 0
    for g in range(4):
        rng = random.Random(g)
        bots = [HeuristicBot(random.Random(g)), RandomBot(rng)] if g % 2 == 0 else [RandomBot(rng),
                                                                                   HeuristicBot(random.Random(g))]
        heuristic = 0 if g % 2 == 0 else 1
        state = play_game(FernState(board), bots, rng)
        score += state.returns()[heuristic]
    assert score >= 2


def test_every_roll_is_logged_with_what_it_was_for_and_what_was_needed():
    s = scenario("fern-ambush.yaml")
    session = Session(lambda: RULES.new_initial_state(s), seed=3, fingerprint="0123456789abcdef" * 4)
    bots = [HeuristicBot(random.Random(1)), HeuristicBot(random.Random(2))]
    for _ in range(400):
        if session.state.is_terminal():
            break
        if session.state.current_player() == CHANCE:
            session.roll()
        else:
            session.apply(bots[session.state.current_player()].choose(session.state))
    dice = [e.text for e in session.log if e.player == CHANCE]
    assert any(t.startswith("motivation of ") and ", rolled " in t and ("— success" in t or "— failed" in t)
               for t in dice)
    assert all("rolled" in t or "falls at random" in t for t in dice)
    replay = Session.from_record(session.record(), lambda: RULES.new_initial_state(s), session.fingerprint)
    assert replay.state == session.state


def test_a_game_is_started_and_played_from_the_command_line(capsys):
    from motu.cli import main
    assert main(["play", os.path.join(ROOT, "scenarios", "fern-pa-assault.yaml"), "--log", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "\ndice: motivation of" in out and "\nresult: British " in out


def test_the_rule_set_is_playable_and_describes_its_options():
    d = RULES.describe()
    assert d["playable"] and {o["id"] for o in d["options"]} >= {"bush_blocks_sight", "activation_die",
                                                                 "long_range", "first_side", "history_books"}
