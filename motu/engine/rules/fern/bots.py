"""Bots for Fire in the Fern!: the random bot, and a heuristic bot that plays sensibly.

Scope: HeuristicBot motivates the whole unit most likely to be motivated
(leaders rejoin their units first), fires when an enemy it can see is in range
(the biggest target in the least cover), un-pins itself, rescues casualties
away from the enemy, moves toward the enemy it can see — preferring bush —
and, with none in sight, the British advance away from their base edge and
observe the bush beside them while hidden Maori lie in wait for reaction fire
and ambush. It always attempts reaction fire and retires when it has lost half
its figures. It does not cheat: it decides from its side's observation, in
which the enemy's hidden figures are not there at all (observation.py).
Its own randomness (ties) comes from the generator it is given.
"""
from __future__ import annotations

import math
import random

from motu.engine.ai.bot import RandomBot
from motu.engine.ai.mcts import MCTSBot

from . import firing, motivation
from .model import (
    BLOCK,
    BRITISH_PLAYER,
    DONE,
    END_TURN,
    FIRE,
    MOVE,
    OBSERVE,
    REACT,
    RESCUE,
    RETIRE,
    SEL_ALL,
    SEL_SELF,
    SEL_UNIT0,
    UNPIN,
)

__all__ = ["HeuristicBot", "RandomBot", "mcts_bot", "values"]


def _p_success(number: int) -> float:
    return max(0, 7 - max(2, number)) / 6


class HeuristicBot:
    name = "heuristic"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state) -> int:
        state = state.observation(state.current_player())  # what its side may see, and nothing more
        legal = state.legal_actions()
        task = state.stack[-1]
        if task[0] == "react_offer":
            return REACT
        if task[0] == "main":
            return self._main(state, task[1], legal)
        if task[0] == "act":
            return self._act(state, task, legal)
        return self.rng.choice(legal)

    # --- whom to motivate --------------------------------------------------------------------
    def _lost_half(self, s, p: int) -> bool:
        start = sum(u.start for u in s.b.units if u.player == p)
        return start > 0 and s.killed[p] * 2 >= start

    def _main(self, s, p: int, legal: list[int]) -> int:
        if RETIRE in legal and self._lost_half(s, p):
            return RETIRE
        ranked = self.motivations(s, p, legal)
        return ranked[0][1] if ranked else END_TURN

    def motivations(self, s, p: int, legal: list[int]) -> list[tuple[float, int]]:
        """The motivations worth an attempt (at least a 1/3 chance), best first, as (score, action):
        the chance of success times the figures it moves, doubled near the enemy."""
        b = s.b
        seen = s.enemy_cells_seen(p)
        out = []
        for a in legal:
            if a < motivation.MOTIVATE:
                continue
            leader, sel, cell = motivation.decode(b, a)
            units = len(b.units)
            if sel == SEL_ALL or sel >= SEL_UNIT0 + units:
                continue  # whole units only: splitting figures off is rarely worth an attempt
            number, _ = motivation.motivation_number(s, leader, sel, cell)
            chance = _p_success(number)
            if sel == SEL_SELF:
                own = b.leaders[leader].unit
                if own is None or any(g.unit == own and g.cell == cell for g in s.groups.values()):
                    continue
                value = 1.0  # a leader cut off from his unit walks back to it
            else:
                gids, _ = motivation.selected(s, leader, sel, cell)
                figures = sum(s.groups[g].n for g in gids)
                near = min((b.dist(cell, e) for e in seen), default=99)
                hidden = all(s.groups[g].hidden for g in gids)
                if p != BRITISH_PLAYER and hidden and near > b.t["range"]["long"]:
                    continue  # lie in wait: reaction fire from ambush is worth more
                value = figures * (2.0 if near <= b.t["range"]["long"] else 1.0)
            score = chance * value
            if chance >= 1 / 3 and score > 0:
                out.append((score, a))
        # Best first; among equals the first in the menu's order (a stable sort keeps it).
        out.sort(key=lambda sa: -sa[0])
        return out

    # --- what a motivated group does ----------------------------------------------------------
    def _act(self, s, task, legal: list[int]) -> int:
        _, p, gids, leaders = task[:4]
        b = s.b
        gids = [g for g in gids if g in s.groups]
        cell = s.party_cell(gids, [l for l in leaders if s.leaders[l].cell is not None])
        by_kind: dict[int, list[int]] = {}
        for a in legal:
            by_kind.setdefault(a - a % BLOCK, []).append(a % BLOCK)
        seen = s.enemy_cells_seen(p)
        if FIRE in by_kind:
            def target_score(t):
                mod, _ = firing.save_modifier(s, (p, cell, t, False))
                fails = sum(1 for f in range(1, 7) if not firing.saved(s, f, mod)) / 6
                return (s.figures_at(t, 1 - p) + len(s.leaders_at(t, 1 - p))) * fails, -b.dist(cell, t)
            return FIRE + max(by_kind[FIRE], key=target_score)
        if UNPIN in by_kind and cell in by_kind[UNPIN]:
            return UNPIN + cell
        if RESCUE in by_kind and not any(b.dist(cell, e) <= 2 for e in seen):
            return RESCUE + max(by_kind[RESCUE])
        in_range = [e for e in seen if b.dist(cell, e) <= b.t["range"]["long"] and b.sight.visible(cell, e)]
        if gids and in_range:
            return DONE  # in range but short of points to fire: hold here for next turn
        if seen:
            goal = lambda v: min(b.dist(v, e) for e in seen)
        elif p == BRITISH_PLAYER and b.depth is not None:
            if OBSERVE in by_kind:
                near = [t for t in by_kind[OBSERVE] if b.bush[t] and b.dist(cell, t) <= 2]
                if near and self.rng.random() < 0.5:
                    return OBSERVE + self.rng.choice(near)
            goal = lambda v: -b.depth[v]
        else:
            if b.bush[cell]:
                return DONE
            goal = lambda v: 0 if b.bush[v] else 1
        moves = [v for v in by_kind.get(MOVE, []) if goal(v) < goal(cell) and not self._bad_assault(s, p, gids, v)]
        if not moves:
            return DONE
        return MOVE + min(moves, key=lambda v: (goal(v), not b.bush[v], self.rng.random()))

    def _bad_assault(self, s, p: int, gids, v: int) -> bool:
        if v not in s.enemy_cells_seen(p):
            return False
        mine = sum(s.groups[g].n for g in gids)
        return mine < 1.5 * s.figures_at(v, 1 - p)


# --- the search bot ---------------------------------------------------------------------------
# A cut-off playout is scored by the victory points it points to (§11): casualties inflicted,
# a D6 (3.5 on average) for each enemy unit broken and leader killed, and the enemy casualties on
# the table for the side the scenario gives the field at the time limit; VALUE_SCALE points of
# lead make a game all but won.
UNIT_BROKEN, VALUE_SCALE = 3.5, 6.0


def lead(state, player: int) -> float:
    """Victory points `player` is ahead by, as the game stands (§11), the field counted as at the
    time limit (the scenario's `victory.field_at_time_limit`)."""
    b = state.b
    score = [float(state.killed[1 - p]) for p in (0, 1)]
    for u, info in enumerate(b.units):
        if state.unit_gone(u):
            score[1 - info.player] += UNIT_BROKEN
    for l in state.leaders_killed:
        score[1 - b.leaders[l].player] += UNIT_BROKEN
    held = b.field_at_time_limit
    if held is not None:  # the side holding the field at the time limit scores the casualties lying there
        score[held] += state.casualties_on_table(1 - held)
    return score[player] - score[1 - player]


def _d6_sums(n: int) -> dict[int, float]:
    """The distribution of the sum of n D6."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        dist = nxt
    return dist


def ending_value(state) -> list[float] | None:
    """Both sides' expected returns once the game has ended and only §11's victory dice are still
    to roll (a D6 for each enemy unit broken and leader killed), averaged over every face
    exactly; None while the game goes on. Searching a retirement (§11) this way weighs it by
    what it is sure to bring, not by a few lucky or unlucky dice."""
    stack = state.stack
    if not stack or stack[-1][0] != "r_vp":
        return None
    base = list(state.vp)
    dice = [0, 0]
    for task in stack:
        if task[0] == "r_vp":
            dice[task[1]] += 1
    if state.b.history_books:
        tie = [1.0, -1.0] if BRITISH_PLAYER == 0 else [-1.0, 1.0]
    else:
        tie = [0.0, 0.0]
    british, maori = _d6_sums(dice[0]), _d6_sums(dice[1])
    v0 = 0.0
    for x, px in british.items():
        for y, py in maori.items():
            d = base[0] + x - base[1] - y
            v0 += px * py * (1.0 if d > 0 else -1.0 if d < 0 else tie[0])
    return [v0, -v0]


def values(state) -> list[float]:
    """Both sides' values in (-1, 1) for MCTS playouts cut short; a finished game's returns."""
    if state.is_terminal():
        return state.returns()
    known = ending_value(state)
    if known is not None:
        return known
    v = math.tanh(lead(state, 0) / VALUE_SCALE)
    return [v, -v]


class SearchBot(MCTSBot):
    """UCT on the heuristic bot at the side's main decisions (whom to motivate, ending the turn,
    retiring), where a turn is won or lost; what a motivated group does is the heuristic's.
    It weighs only the moves worth weighing there: the heuristic's choice, its next
    `TOP - 1` motivations, ending the turn and retiring (§11). Playouts are the heuristic's,
    cut off after `rollout_limit` actions and scored by `values`; a retirement is scored by
    what it is sure to bring (`ending_value`). The heuristic's choice stands unless a move's
    mean return beats it by more than `margin`."""

    name = "mcts"
    TOP = 3

    def _worth_searching(self, observation) -> bool:
        return observation.stack[-1][0] == "main"

    def _root_actions(self, observation, legal: list[int], sound: int | None) -> list[int]:
        ranked = [a for _, a in HeuristicBot.motivations(self.anchor, observation, observation.stack[-1][1], legal)]
        keep = {a for a in (sound, END_TURN, RETIRE) if a in legal} | set(ranked[:self.TOP])
        return [a for a in legal if a in keep]

    def _leaf_value(self, state):
        return ending_value(state)


def mcts_bot(rng: random.Random, iterations: int = 30, rollout_limit: int = 60,
             margin: float | None = 0.1) -> MCTSBot:
    """The search bot; margin None: no heuristic anchor, the search alone decides, everywhere."""
    if margin is None:
        return MCTSBot(rng, iterations=iterations, rollout_limit=rollout_limit, evaluate=values,
                       rollout_policy=HeuristicBot)
    return SearchBot(rng, iterations=iterations, rollout_limit=rollout_limit, evaluate=values,
                     rollout_policy=HeuristicBot, anchor=HeuristicBot, margin=margin)


def bots_by_name(names: list[str], seed: int) -> list:
    kinds = {"random": RandomBot, "heuristic": HeuristicBot}
    return [kinds[n](random.Random(seed * 7919 + i)) for i, n in enumerate(names)]
