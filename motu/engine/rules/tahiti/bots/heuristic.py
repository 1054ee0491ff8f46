"""Tahiti bots: the heuristic bot (its evaluation, its moves and splits), and the factories.

Scope: `evaluate(state, player)` scores a game for a player: areas held weigh most, counted as
the next Area Control Phase will leave them (outlook.py: Villages captured, Control markers
passed on, neutral areas converted; Maraes counting, 15.8), for a game ends by areas only after
that phase; an area held by a Village or a Control marker counts more than one held by
presence alone, and a lead of one's own more than a share of the top (a draw). Then combat value
and units on the map, the battles a move brings on (`battle_prospects`: the margin in each
shared hex) and the Head Chieftain's safety (being out is the worst). `HeuristicBot` looks one
action ahead with it (the shared greedy bot), but of the hexes a move may end on it weighs one
for each area and every hex a battle or a Village makes different (the evaluation tells no
other hexes of an area apart), and it splits stacks: a Leader with the escort that takes an
area (`conquest_strength`) may go one way while the rest go another or stay (`_plans`). Random
and MCTS are the shared bots (the MCTS bot scores each leaf of its tree with this evaluation on
a fixed scale, `_values`, instead of playing on at random).
"""
from __future__ import annotations

import math

from motu.engine.ai.greedy import GreedyBot
from motu.engine.ai.mcts import MCTSBot

from ..constants import COMBAT, DONE, EXPED, IN_MARAE, LAND, LEADERS, SEA, SPLIT, TAKE, unit_class
from .delta import Before, after_move, value_here
from .outlook import projected_held, survey
from .weights import AREA, BATTLE_WEIGHT, CHIEFTAIN_RISK, FIRM, LEAD, MARGIN_CAP  # noqa: F401
from ..queries import strength
from ..data.tables import combat_value
from ..movement.stacks import pickable


def evaluate(state, player: int) -> float:
    if state.result is not None:
        return 1000.0 * state.returns()[player]
    if state.out[player]:
        return -1000.0
    control, secure, contested, own_strength, own_count = survey(state, player)
    held, firm = projected_held(state, player, control, secure)
    best_other = max((held[p] for p in state.live() if p != player), default=0)
    prospects = 0.0
    if contested and not (state.cond.get("rain") or state.cond.get("truce")):  # 52-53, 44-45: no combat
        mine: dict[int, list] = {}
        theirs: dict[int, list] = {}
        for u in state.units:
            if u.cell in contested and u.kind != "war_canoe" and not u.flags & IN_MARAE:
                (mine if u.player == player else theirs).setdefault(u.cell, []).append(u)
        prospects = _prospects(state, mine, theirs)
    lead = LEAD if held[player] > best_other else 0.0
    return (AREA * held[player] + FIRM * firm - 5.0 * best_other + lead
            + own_strength + 0.5 * own_count + prospects)


def battle_prospects(state, player: int) -> float:
    """The player's outlook in every hex he shares with another player's fighting units."""
    if state.cond.get("rain") or state.cond.get("truce"):
        return 0.0  # 52-53, 44-45: no combat this turn
    mine: dict[int, list] = {}
    theirs: dict[int, list] = {}
    for u in state.units:
        if u.kind == "war_canoe" or u.flags & IN_MARAE:
            continue
        (mine if u.player == player else theirs).setdefault(u.cell, []).append(u)
    return _prospects(state, mine, theirs)


def _prospects(state, mine: dict[int, list], theirs: dict[int, list]) -> float:
    score = 0.0
    for cell, units in mine.items():
        if cell not in theirs:
            continue
        margin = strength(state, units) - strength(state, theirs[cell])
        score += BATTLE_WEIGHT * max(-MARGIN_CAP, min(MARGIN_CAP, margin))
        if margin < MARGIN_CAP and any(u.kind == "head_chieftain" for u in units):
            score -= CHIEFTAIN_RISK
    return score


# The evaluation a cut-off rollout maps to tanh(score / VALUE_SCALE): about four areas' worth
# (10 each) of score gives 0.76, so a narrow lead stays well short of a win's 1.
VALUE_SCALE = 40.0


def _values(state):
    """MCTS returns in (-1, 1) at a rollout cut-off, on a fixed scale: a player's value depends
    on his own position only (an eliminated player, -1000, does not shrink the others'), and
    only a finished game gives its real returns (a win's 1, a loss's -1)."""
    if state.result is not None:
        return state.returns()
    return [math.tanh(evaluate(state, p) / VALUE_SCALE) for p in range(state.num_players())]


MOVES = ("on_move", "on_group_move", "on_continue")


class HeuristicBot(GreedyBot):
    """The greedy bot on `evaluate`, with the Tahiti moves it weighs and the splits it makes."""

    name = "heuristic"

    def __init__(self, rng):
        super().__init__(evaluate, rng)
        self.plan: tuple | None = None  # (hex, classes still to take, the move) of a split under way
        self.before: Before | None = None  # the position being decided, grouped (delta.py)

    def choose(self, state) -> int:
        state = state.observation(state.current_player())  # Tahiti hides nothing: the state itself
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        node = state.node[3]
        planned = self._follow(state, node, legal)
        if planned is not None:
            return planned
        if node == "on_choose_units":  # who goes with a Leader, who marches: everyone
            takes = [a for a in legal if a >= TAKE]
            return takes[0] if takes else DONE
        actions = _pruned(state, legal, self.rng) if node in MOVES else legal
        me = state.current_player()
        scored = [(self._score(state, a, me), a) for a in actions]
        if node == "on_move":
            scored += [(v + 0.5, plan) for v, plan in self._plans(state, legal, me)]  # splits win ties
        top = max(v for v, _ in scored)
        choice = self.rng.choice([a for v, a in scored if v == top])
        if isinstance(choice, tuple):  # a split: start it
            self.plan = choice
            return SPLIT + choice[0]
        return choice

    def _score(self, state, action: int, me: int) -> float:
        before = self.before
        if before is None or not before.fresh(state) or before.player != me:
            before = self.before = Before(state, me)
        move = before.movers(state.node, action)
        if move is not None:  # a plain move: read from the position before it (delta.py)
            return after_move(before, *move)
        if SPLIT <= action < TAKE and state.node[3] == "on_move":
            return self._unchanged(before)  # choosing who goes together moves nobody yet
        s = state.clone()
        s.lookahead = True  # the position is scored, not played on: no need to list the next moves
        s.apply_action(action)
        if before.same(s):  # a decision later, nothing the evaluation reads has changed
            return self._unchanged(before)
        return self._value(s, me, chance_depth=1)

    def _unchanged(self, before: Before) -> float:
        if before.value is None:
            before.value = value_here(before)
        return before.value

    def _follow(self, state, node: str, legal: list[int]) -> int | None:
        """The next action of the split under way, if the game is where the plan expects."""
        if self.plan is None:
            return None
        cell, take, move = self.plan
        choice = state.stack_choice()
        if node == "on_choose_units" and choice and choice["for"] == "group_move" and choice["cell"] == cell:
            if take and TAKE + take[0] in legal:
                self.plan = (cell, take[1:], move)
                return TAKE + take[0]
            return DONE if DONE in legal else None
        self.plan = None
        if node == "on_group_move" and move in legal:
            return move
        return None

    def _plans(self, state, legal: list[int], me: int) -> list[tuple[float, tuple]]:
        """Splits worth weighing: from each hex where a split may start, each Leader with the
        weakest Combat Units that make up `conquest_strength` goes to the best of his hexes
        (the rest stay, or move later). (value, (hex, classes to take, move))."""
        out = []
        need = int(state.opts["conquest_strength"])
        for a in legal:
            if not SPLIT <= a < TAKE:
                continue
            cell = a - SPLIT
            here = pickable(state, me, cell)
            troops = sorted((u for u in here if u.kind in COMBAT), key=lambda u: (combat_value(u.kind), u.uid))
            for leader in [u for u in here if u.kind in LEADERS]:
                group, value = [leader], combat_value(leader.kind)
                for u in troops:
                    if value >= need:
                        break
                    group.append(u)
                    value += combat_value(u.kind)
                if len(group) == len(here):
                    continue  # that is the whole stack: its moves are weighed already
                plan = _split_value(self, state, a, [unit_class(u) for u in group], me)
                if plan is not None:
                    out.append((plan[0], (cell, tuple(unit_class(u) for u in group), plan[1])))
        return out


def _split_value(bot: HeuristicBot, state, split: int, take: list[int], me: int) -> tuple[float, int] | None:
    """(value, move) of the best move of the group made of these classes, or None."""
    s = state.clone()  # played on (its group's moves are listed), then each move scored ahead
    s.apply_action(split)
    for k in take:
        if s.node is None or s.node[3] != "on_choose_units":
            break
        if TAKE + k not in s.legal_actions():
            return None
        s.apply_action(TAKE + k)
    if s.node is not None and s.node[3] == "on_choose_units":
        s.apply_action(DONE)
    if s.node is None or s.node[3] != "on_group_move":
        return None
    moves = [a for a in _pruned(s, s.legal_actions(), bot.rng) if a != DONE]
    if not moves:
        return None
    return max((bot._score(s, a, me), a) for a in moves)


def _pruned(state, legal: list[int], rng) -> list[int]:
    """Of the moves from each hex (by land, by sea), one ending in each area, and every one
    ending where another player's units, a Village or a Marae make the hex count for itself:
    the evaluation tells no other two hexes of an area apart."""
    b = state.b
    n = b.size
    area = b.area
    me = state.current_player()
    special = {u.cell for u in state.units if u.player != me} | set(state.villages) | set(state.maraes)
    keep, groups = [], {}
    for a in legal:
        if a < LAND or a >= EXPED:
            keep.append(a)
            continue
        r = a - (LAND if a < SEA else SEA)  # f * n + t
        t = r % n
        if t in special or r // n == t:
            keep.append(a)
            continue
        key = (a - t, area[t])  # a - t: the kind of move and its hex of departure
        g = groups.get(key)
        if g is None:
            groups[key] = [a]
        else:
            g.append(a)
    return keep + [rng.choice(g) for g in groups.values()]


def mcts_bot(rng, iterations: int = 200, rollout_limit: int = 0) -> MCTSBot:
    """UCT scoring each new leaf with the evaluation (`_values`; rollout_limit 0): a Tahiti
    playout of random moves says little and costs much, the evaluation says more at once."""
    return MCTSBot(rng, iterations=iterations, rollout_limit=rollout_limit, evaluate=_values)
