"""Helpers for the Tahiti game tests (no tests here): a game on the shipped map with fixed homes,
hand-fed dice, and reading a position (the pending node, the units where they stand).
Named cells and unit ids of the shipped map: tahiti_positions.py."""
from __future__ import annotations

import os
import random
from functools import lru_cache

from motu.engine.ai.bot import RandomBot, play_game
from motu.engine.io.native import load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tahiti.game_state import FLIPPED, IN_MARAE, PICK
from motu.engine.rules.tahiti.queries import strength

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
RULES = get_ruleset("tahiti")
RED, BLUE, GREEN, YELLOW = range(4)   # seat order: the scenario's sides


@lru_cache(maxsize=None)
def scenario(name: str = "tahiti.yaml"):
    return load_path(os.path.join(ROOT, "scenarios", name))


def all_on() -> dict:
    cat = RULES.catalogue
    return {k: True for k, o in cat.options.items() if o.type == "bool" and k.startswith(("rule_", "expeditions"))}


# The rule tests read the shipped map at the game's own scale (a hex a game hex: costs, zones and
# retreats as the text gives them), so their hand-worked positions count hexes as the text does;
# the map's real scale (one mile a hex, four to a game hex) is test_tahiti_game_scale.py's.
GAME_SCALE = {"miles_per_hex": 4}


def game(name: str = "tahiti.yaml", **opts):
    """A game with the Home Villages of the scenario (3.1 off), no events or Arioi unless asked,
    waiting for the initiative pick; the map read at the game's scale (GAME_SCALE)."""
    base = {"rule_3_1_random_homes": False, "rule_15_12_random_events": False, "rule_15_6_arioi": False,
            **GAME_SCALE}
    return RULES.new_initial_state(scenario(name), {**base, **opts})


def feed(st, *actions):
    for a in actions:
        st.apply_action(a)
    return st


def at_step(st, *steps):
    """Drop the pending node and run these steps next (then the rest of the turn)."""
    st.node = None
    st.push(*steps)
    st._advance()
    return st


def run_only(st, *steps):
    """Run just these steps (dropping the rest of the turn): the next node is their first
    question, or the next turn's initiative pick (node "on_initiative") if they ask none."""
    st.node = None
    st.todo = []
    st.push(*steps)
    st._advance()
    return st


def node_name(st) -> str:
    """The pending node's own handler name ("_die_rolled" for any die); "" when none."""
    if st.node is None:
        return ""
    return st.node[2] if st.node[0] == "chance" else st.node[3]


def pending(st) -> str:
    """The handler the next action goes to: for a die, the rule that rolls it (unlike
    node_name); for a random pick or a decision, its handler; "" when none."""
    if st.node is None:
        return ""
    if st.node[0] == "chance":
        return st.node[3][0] if st.node[2] == "_die_rolled" else st.node[2]
    return st.node[3]


# --- counting units ---------------------------------------------------------------------------

def kinds(st, player, cell=None) -> list[str]:
    """The kinds of the player's units (on `cell`, or anywhere), sorted."""
    return sorted(u.kind for u in st.units if u.player == player and (cell is None or u.cell == cell))


def count(st, player, kind, cell=None) -> int:
    """How many of the player's units of `kind` stand on `cell` (or anywhere)."""
    return sum(1 for u in st.units if u.player == player and u.kind == kind and (cell is None or u.cell == cell))


def positions(st, player) -> list[tuple]:
    """(kind, cell, flipped) of each of the player's units, sorted."""
    return sorted((u.kind, u.cell, bool(u.flags & FLIPPED)) for u in st.units if u.player == player)


def in_compound(st, player) -> list[tuple]:
    """(kind, cell) of each of the player's units inside a Marae compound (15.8), sorted."""
    return sorted((u.kind, u.cell) for u in st.units if u.player == player and u.flags & IN_MARAE)


def stack_value(st, player, cell) -> int:
    """The combat value of the player's units on `cell` (queries.strength)."""
    return strength(st, [u for u in st.units if u.player == player and u.cell == cell])


def clear_board(st):
    st.units = []
    return st


def finish(st, seed: int = 0):
    rng = random.Random(seed)
    return play_game(st, [RandomBot(rng)] * st.num_players(), rng)


def first_pick():
    return PICK


def finish_turn(st, seed: int = 0):
    """Random bots to the end of the current turn (or of the game)."""
    rng = random.Random(seed)
    turn = st.turn
    bots = [RandomBot(rng)] * st.num_players()
    from motu.engine.session.session import sample_outcome
    while not st.is_terminal() and st.turn == turn:
        p = st.current_player()
        st.apply_action(sample_outcome(st.chance_outcomes(), rng) if p == -1 else bots[p].choose(st))
    return st
