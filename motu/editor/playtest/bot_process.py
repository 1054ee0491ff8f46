"""Bots think in a process of their own: the playtest window's GUI thread is never kept waiting by them.

A bot thread would share Python's interpreter lock with the GUI thread, whose every return from a
Qt call then waits for the bot to let go; a frame of the map could take a tenth of a second while a
bot thinks. So one worker process holds a replica of the game (a Session): it is given the scenario
once, and with each question the whole list of actions so far, of which it applies only those it
has not seen (after an undo or a new game it replays from the start: `Session.replay`). The bot
then chooses from its seat's observation, as at the table. Nothing here imports Qt, so the
process starts quickly.
"""
from __future__ import annotations

import random
from typing import Any

_game: dict[str, Any] = {}


def start(scenario_text: str, options: dict) -> None:
    """The worker's initializer: the game's rule set and scenario (read once), and the replica."""
    from motu.engine.io.native import loads
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.session.session import Session
    scenario = loads(scenario_text, "<playtest>")
    rules = get_ruleset(scenario.ruleset)
    options = dict(options)
    _game.update(rules=rules, session=Session(lambda: rules.new_initial_state(scenario, options), texts=False))


def choose(actions: list[int], bot_name: str, rng_seed: str) -> int:
    """The move the named bot makes after `actions`, for the seat to move, from that seat's observation."""
    session = _game["session"]
    session.replay(actions)  # only the actions it has not seen, or from the start after an undo or a new game
    state = session.state
    player = state.current_player()
    bot = _game["rules"].bot_factories()[bot_name](random.Random(rng_seed))
    seen = state.observation(player)
    return int(bot.choose(seen.clone() if seen is state else seen))


def serve(conn, scenario_text: str, options: dict) -> None:
    """The worker process's loop: (ticket, actions, bot name, rng seed) in, (ticket, action, error) out;
    None ends it; so does the window's process dying, even while a bot thinks (parent_watch.py)."""
    from motu.engine.session.parent_watch import die_with_parent
    die_with_parent()
    start(scenario_text, options)
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg is None:
            return
        ticket, actions, name, seed = msg
        try:
            conn.send((ticket, choose(actions, name, seed), None))
        except Exception as exc:  # a bot's fault ends its move with a message, not the worker
            conn.send((ticket, None, f"{type(exc).__name__}: {exc}"))
