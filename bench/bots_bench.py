"""Bots worth trusting (issue 18): their speed, and how often each beats the one below it.

Rows, all from one run:
- Tahiti game CPU seconds, four heuristic bots, scenarios/tahiti.yaml with its own options (the
  game a balance run plays), median of a few seeded games; beside it the same with every
  advanced rule 15.5-15.14 on;
- MCTS seconds a move at 1,000 playouts on Tahiti (median over moves of a seeded game);
- win rates: heuristic against random bots in every rule set (budget: at least 90 %), MCTS
  against heuristic bots in Tiki, pearls and Fire in the Fern (budget: at least 60 %) and on
  Tahiti (reported). A contender takes each seat in turn (motu.engine.ai.mcts.head_to_head); a draw
  is not a win; in pearls (three players) and Tahiti (four) the rate is against the field.
  Tahiti's heuristic row is read in the games play can decide: event 66-5 (Divine Intervention:
  the clan with the fewest areas wins) and 66-6 (Armageddon: everybody loses) end about one game
  in six whoever plays (motu/engine/rules/tahiti/events/odds.py works the share out from the table:
  17.6 % with tahiti.yaml's options), so over all games a clan that plays for areas wins at most
  the rest, 82.4 %, short of putting all three other clans out first. The budget holds the rate
  in the games those two events did not end; the rate over all games is printed above it, with
  that ceiling in its label.
Matchups run in two worker processes. Run one alone: `.venv/bin/python -m bench bots_bench`.
"""
from __future__ import annotations

import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from motu.engine.session.stats import wilson

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (rule set, scenario file or None for the rule set's own new scenario, contender, opponent,
#  games, budget as a win rate, contender options)
MATCHUPS = [
    ("tiki", "tiki.yaml", "heuristic", "random", 40, 0.9, {}),
    ("pearls", "pearls.yaml", "heuristic", "random", 30, 0.9, {}),
    ("fern", "fern-ambush.yaml", "heuristic", "random", 30, 0.9, {}),
    ("fern", "fern-pa-assault.yaml", "heuristic", "random", 30, 0.9, {}),
    ("tahiti", "tahiti.yaml", "heuristic", "random", 96, 0.9, {}),
    ("tiki", "tiki.yaml", "mcts", "heuristic", 30, 0.6, {}),
    ("pearls", "pearls.yaml", "mcts", "heuristic", 12, 0.6, {}),
    ("fern", "fern-ambush.yaml", "mcts", "heuristic", 20, 0.6, {}),
    ("fern", "fern-pa-assault.yaml", "mcts", "heuristic", 20, 0.6, {}),
    ("tahiti", "tahiti.yaml", "mcts", "heuristic", 8, None, {}),
]


def _cost(i: int) -> float:
    """A matchup's rough CPU seconds a game times its games, to start the longest first."""
    game, _, a, _, games, _, _ = MATCHUPS[i]
    return games * {"tahiti": 25.0 if a == "mcts" else 0.4}.get(game, 3.0 if a == "mcts" else 0.2)


def _match(spec) -> tuple[str, float, float, int, float, tuple | None]:
    """(label, rate, interval low, games, CPU seconds, Tahiti's games decided by play) of one
    matchup."""
    import functools
    from motu.engine.ai.mcts import head_to_head
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    game, scen, a, b, games, _, opts = spec
    rules = get_ruleset(game)
    scenario = load_path(os.path.join(ROOT, "scenarios", scen))
    f = rules.bot_factories()
    contender = functools.partial(f[a], **opts) if opts else f[a]
    played = []  # the games' states, as head_to_head plays them (in place)

    def new_state():
        played.append(rules.new_initial_state(scenario))
        return played[-1]

    t0 = time.process_time()
    r = head_to_head(new_state, contender, f[b], games, seed=18)
    secs = time.process_time() - t0
    return f"{game} ({scen}): {a} vs {b}", r.rate, r.interval[0], games, secs, \
        _tahiti_by_play(played) if game == "tahiti" else None


def _tahiti_by_play(played) -> tuple[int, float]:
    """(games, the contender's wins) among the Tahiti games of a head_to_head that no event
    ended against every player's play: Armageddon (66-6: everybody loses) and Divine
    Intervention (66-5: the clan with the fewest areas wins) end about one game in six
    (1 in 108 a turn over some 18 turns), whoever plays better."""
    n, won = 0, 0.0
    for g, st in enumerate(played):
        if st.result is not None and ("66-6" in st.result[2] or "66-5" in st.result[2]):  # (kind, returns, text)
            continue
        n += 1
        r, seat = st.returns(), g % st.num_players()
        if r[seat] == max(r) > min(r):
            won += 1 / r.count(max(r))  # a win shared by k players counts 1/k, as head_to_head
    return n, won


def _tahiti_ceiling() -> float:
    """The share of tahiti.yaml's games that no event ends against the clan leading on areas."""
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.rules.tahiti.events.odds import no_play_wins
    state = get_ruleset("tahiti").new_initial_state(load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml")))
    return 1.0 - no_play_wins(state.opts)


def tahiti_heuristic_cpu(seeds: int = 3, every_rule: bool = False) -> float:
    """Median CPU seconds of a whole Tahiti game of four heuristic bots."""
    from motu.engine.ai.bot import play_game
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    rules = get_ruleset("tahiti")
    scenario = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    opts = None
    if every_rule:
        from bench.tahiti_game import all_options_on
        opts = all_options_on()
    cpu = []
    for seed in range(seeds):
        state = rules.new_initial_state(scenario, opts)
        bots = [rules.bot_factories()["heuristic"](random.Random(seed * 10 + i)) for i in range(state.num_players())]
        t0 = time.process_time()
        play_game(state, bots, random.Random(seed))
        cpu.append(time.process_time() - t0)
    return statistics.median(cpu)


def tahiti_mcts_seconds(moves: int = 5, playouts: int = 1000) -> float:
    """Median CPU seconds of an MCTS move at `playouts` playouts, at decisions of a seeded game
    of heuristic bots (every third decision with a choice, from the start)."""
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.rules.tahiti.bots.heuristic import mcts_bot
    from motu.engine.session.session import sample_outcome
    rules = get_ruleset("tahiti")
    state = rules.new_initial_state(load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml")))
    rng = random.Random(7)
    heuristic = [rules.bot_factories()["heuristic"](random.Random(i)) for i in range(state.num_players())]
    times, k = [], 0
    while not state.is_terminal() and len(times) < moves:
        p = state.current_player()
        if p < 0:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        if len(state.legal_actions()) > 1:
            k += 1
            if k % 3 == 0:
                bot = mcts_bot(random.Random(k), iterations=playouts)
                t0 = time.process_time()
                bot.choose(state)
                times.append(time.process_time() - t0)
        state.apply_action(heuristic[p].choose(state))
    return statistics.median(times)


def run() -> list[dict]:
    rows = []
    with ProcessPoolExecutor(2) as pool:
        # the longest first (Tahiti's MCTS games), so both workers finish near the same time
        futures = {i: pool.submit(_match, MATCHUPS[i]) for i in sorted(range(len(MATCHUPS)), key=_cost, reverse=True)}
        results = [futures[i].result() for i in range(len(MATCHUPS))]
    cpu = tahiti_heuristic_cpu()
    rows.append({"issue": 18, "what": "Tahiti game CPU s, 4 heuristic bots (tahiti.yaml)", "median": cpu, "unit": "s",
                 "budget": 1.0})
    rows.append({"issue": 18, "what": "  the same, every advanced rule on", "median": tahiti_heuristic_cpu(every_rule=True),
                 "unit": "s"})
    rows.append({"issue": 18, "what": "Tahiti MCTS s a move, 1,000 playouts", "median": tahiti_mcts_seconds(),
                 "unit": "s", "budget": 1.0})
    for spec, (label, rate, low, games, secs, by_play) in zip(MATCHUPS, results):
        budget = spec[5]
        ceiling = f"; ceiling {100 * _tahiti_ceiling():.1f}%" if by_play is not None and spec[3] == "random" else ""
        row = {"issue": 18, "what": f"{label} won (95% low {100 * low:.0f}%, {games} games{ceiling})",
               "median": 100 * rate, "unit": "%", "cpu_s": secs}
        rows.append(row)
        if by_play is not None and by_play[0]:
            n, won = by_play
            row = {"issue": 18, "what": f"  the same, the {n} games not ended by 66-5 or 66-6 (95% low "
                                        f"{100 * wilson(won, n)[0]:.0f}%)", "median": 100 * won / n, "unit": "%"}
            rows.append(row)
        if budget is not None:
            row.update(budget=100 * budget, floor=True)  # a win rate is a floor
    return rows
