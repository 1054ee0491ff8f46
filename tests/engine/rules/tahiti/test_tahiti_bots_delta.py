"""The heuristic bot's reading of a plain move from the position before it (bots_delta) gives
the very number bots.evaluate gives the position after the move, played on a copy: at every
Movement Phase decision of a seeded game, for every move it reads so."""
from __future__ import annotations

import os
import random

from motu.engine.ai.bot import RandomBot
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tahiti.bots.heuristic import evaluate
from motu.engine.rules.tahiti.bots.delta import Before, after_move, value_here
from motu.engine.session.session import sample_outcome

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))


def test_a_plain_move_read_from_before_equals_the_evaluation_after_it():
    st = get_ruleset("tahiti").new_initial_state(load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml")),
                                                 {"turn_limit": 4})
    rng = random.Random(3)
    bot = RandomBot(rng)
    read = 0
    while not st.is_terminal():
        if st.is_chance_node():
            st.apply_action(sample_outcome(st.chance_outcomes(), rng))
            continue
        me = st.current_player()
        before = Before(st, me)
        assert value_here(before) == evaluate(st, me)
        for a in st.legal_actions():
            move = before.movers(st.node, a)
            if move is None:
                continue
            after = st.clone()
            after.lookahead = True
            after.apply_action(a)
            assert after_move(before, *move) == evaluate(after, me), st.action_to_string(a)
            read += 1
        st.apply_action(bot.choose(st))
    assert read > 500  # the game offered many moves to read
