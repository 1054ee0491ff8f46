"""What a player reads in the playtest window for each Tahiti decision (presentation.py):
every decision of whole games, with every option on, says what it does in words."""
from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))

from motu.engine.ai.bot import RandomBot  # noqa: E402
from motu.engine.rules.tahiti.game_state import CELL, DONE  # noqa: E402
from motu.engine.session.session import sample_outcome  # noqa: E402

from test_tahiti_game_support import BLUE, RED, RULES, all_on, feed, game, scenario  # noqa: E402


def decisions_of_games(seeds, name="tahiti-moorea.yaml"):
    """(handler name, action, text) of every decision met in random games."""
    seen = []
    for seed in seeds:
        rng = random.Random(seed)
        st = RULES.new_initial_state(scenario(name), all_on())
        bot = RandomBot(rng)
        while not st.is_terminal():
            if st.current_player() == -1:
                st.apply_action(sample_outcome(st.chance_outcomes(), rng))
                continue
            handler = st.node[3]
            seen += [(handler, a, st.action_to_string(a)) for a in st.legal_actions()]
            st.apply_action(bot.choose(st))
    return seen


def test_every_decision_says_what_it_does_in_words():
    seen = decisions_of_games(range(3))
    handlers = {h for h, _, _ in seen}
    assert {"on_move", "on_build", "on_variable_movement_leader", "on_forced_march", "on_choose_units",
            "on_group_move"} <= handlers
    for handler, action, text in seen:
        assert handler not in text and handler.removeprefix("on_").replace("_", " ") + ":" not in text, text
        assert "#" not in text, text  # no "choose #2": a player or a thing by name


def test_done_and_hexes_named_for_the_decision():
    st = game(rule_15_14_forced_march=True, rule_15_14_when="after_own")
    feed(st, 100 + RED)  # Red holds the initiative; Red's Movement Phase
    assert st.node[3] == "on_move" and st.action_to_string(DONE) == "end movement"
    feed(st, DONE)  # no move: the Forced March offer for Red's Leaders' hex
    assert st.node[3] == "on_forced_march"
    home = st.home[RED]
    assert st.action_to_string(CELL + home) == f"Forced March with the Leader at {st.b.labels[home]}"
    assert st.action_to_string(DONE) == "no Forced March"


def test_game_panel_information_is_plain_text():
    st = game(rule_15_14_forced_march=True, rule_15_14_when="after_own")
    feed(st, 100 + RED, DONE)  # Red holds the initiative, makes no move: the Forced March offer
    info = st.information()
    assert all(isinstance(v, str) for v in info.values())
    assert info["step"] == "Forced March (15.14)" and info["turn"] == "1 (Season 1)"
    assert info["order"] == "Red clan, Blue clan, Green clan, Yellow clan"
    assert info["areas"] == "Red clan 1, Blue clan 1, Green clan 1, Yellow clan 1"
    assert info["out"] == "nobody" and info["result"] == "playing"


def test_conditions_and_dice_in_words():
    st = game()
    feed(st, 100 + RED)
    st.cond.update({"rain": 2, "shaman_cv": {BLUE: 0}, "truce": True, "marae_ready": {(RED, 1)}})
    assert st.information()["conditions"] == ("rain: 2 movement points (52-53); truce: no combat, no moving into "
                                              "enemy areas (44-45); Blue clan's Shaman at combat value 0")
    st = game(rule_15_12_random_events=True)
    feed(st, 100 + RED)
    assert st.action_to_string(3) == "Random event, first die: 3 (15.12)"
    assert game().action_to_string(100) == "Initiative: won at random, number 1 of 4: Red clan (Initiative Determination Phase)"
