"""Monte-Carlo tree search over the generic game API, and the head-to-head measure of a bot.

Scope: `MCTSBot`, a UCT search that works on any GameState: n players (each node keeps the
sum of every player's returns, and a decision node picks by its mover's share), chance nodes
(an outcome is sampled with its probability and becomes a child, so the tree stays
closed-loop), random rollouts (or an evaluation at the leaf, `rollout_limit=0`), an iteration
budget. It searches from its seat's observation: in a game with hidden information every
playout starts from a full state sampled consistent with that observation
(`GameState.sample_hidden`, determinization as in single-observer information-set MCTS: the
tree is over what the seat may see, and at each node only the children legal in the playout's
sample are weighed). It draws every random number from the generator it was given. `head_to_head` plays a bot against others over many seeded games and
reports its win rate with a 95% interval (used by bench/games_small.py and the tests).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from motu.engine.ai.bot import Bot, play_game
from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.chance import sample_outcome

Evaluate = Callable[[GameState], Sequence[float]]


class _Node:
    __slots__ = ("visits", "total", "children", "untried")

    def __init__(self, players: int):
        self.visits = 0
        self.total = [0.0] * players
        self.children: dict[int, _Node] = {}
        self.untried: list[int] | None = None


class MCTSBot:
    """UCT with random rollouts.

    iterations: playouts per move. exploration: UCT constant, for returns in [-1, 1].
    rollout_limit: stop a rollout after this many actions and score the state with `evaluate`
    (a function giving every player's value in [-1, 1]); None plays rollouts to the end, 0
    scores the leaf at once. rollout_policy: a bot (or a factory of one, given the search's
    generator) that plays the rollouts' moves instead of uniformly random ones; a game's
    heuristic bot makes playouts that look like real play. anchor: a bot (factory, as for
    rollout_policy) whose choice stands unless the search finds a move whose mean return beats
    it by more than `margin` (the search improves on a sound bot rather than replacing it);
    `_worth_searching(observation)` says at which decisions the search runs at all (every one
    by default; otherwise the anchor decides); `_root_actions(observation, legal, sound)` which
    of the legal moves the search weighs there (all by default; a game may prune the moves its
    heuristic ranks low, keeping the anchor's). `_leaf_value(state)` may score a rollout's
    state at once (None: play on), e.g. a game whose result only waits on dice.
    """

    name = "mcts"

    def __init__(self, rng: random.Random, iterations: int = 200, exploration: float = 2.0,
                 rollout_limit: int | None = None, evaluate: Evaluate | None = None,
                 rollout_policy: Callable[[random.Random], Bot] | None = None,
                 anchor: Callable[[random.Random], Bot] | None = None, margin: float = 0.1):
        if rollout_limit is not None and evaluate is None:
            raise ValueError("a rollout limit needs an evaluation for the states where rollouts stop")
        self.rng = rng
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.evaluate = evaluate
        self.policy = rollout_policy(rng) if rollout_policy is not None else None
        self.anchor = anchor(rng) if anchor is not None else None
        self.margin = margin
        self._allowed: set[int] | None = None  # the root's searched moves, when pruned

    def choose(self, state: GameState) -> int:
        me = state.current_player()
        obs = state.observation(me)  # what this seat may know, and nothing more
        legal = obs.legal_actions()
        if len(legal) == 1:  # nothing to think about
            return legal[0]
        sound = self.anchor.choose(state) if self.anchor is not None else None
        if sound is not None and not self._worth_searching(obs):
            return sound
        root = _Node(obs.num_players())
        allowed = self._root_actions(obs, legal, sound)
        if len(allowed) == 1:
            return allowed[0]
        self._allowed = set(allowed) if len(allowed) < len(legal) else None
        # A game that hides nothing from this seat returns the state itself as its observation:
        # every playout starts from a copy of it. Otherwise each starts from a fresh sample.
        hidden = obs is not state
        rng = self.rng
        for _ in range(self.iterations):
            self._iterate(obs.sample_hidden(me, rng) if hidden else obs.clone(), root, hidden)

        def mean(node: _Node) -> float:
            return node.total[me] / max(node.visits, 1)
        # The most visited move is the robust choice; ties go to the better average.
        action, best = max(root.children.items(), key=lambda kv: (kv[1].visits, mean(kv[1])))
        if sound is not None:
            held = root.children.get(sound)
            if held is not None and mean(best) <= mean(held) + self.margin:
                return sound
        return action

    def _worth_searching(self, observation: GameState) -> bool:
        return True

    def _root_actions(self, observation: GameState, legal: list[int], sound: int | None) -> list[int]:
        return legal

    def _leaf_value(self, state: GameState) -> Sequence[float] | None:
        return None

    def _iterate(self, s: GameState, root: _Node, sampled: bool = False) -> None:
        rng, c = self.rng, self.exploration
        players = len(root.total)
        node = root
        path = [root]
        while True:
            p = s.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                a = sample_outcome(s.chance_outcomes(), rng)
                child = node.children.get(a)
                if child is None:
                    child = _Node(players)
                    node.children[a] = child
                s.apply_action(a)
                node = child
                path.append(node)
                continue
            if sampled:  # samples differ below the root: what is legal here is this sample's
                legal = s.legal_actions()
                if node is root and self._allowed is not None:
                    legal = [a for a in legal if a in self._allowed]
                fresh = [a for a in legal if a not in node.children]
                new = rng.choice(fresh) if fresh else None
                candidates = [] if fresh else [(a, node.children[a]) for a in legal]
            else:
                if node.untried is None:
                    node.untried = s.legal_actions()
                    if node is root and self._allowed is not None:
                        node.untried = [a for a in node.untried if a in self._allowed]
                    rng.shuffle(node.untried)
                new = node.untried.pop() if node.untried else None
                candidates = node.children.items()
            if new is not None:  # expansion: one new child, then a rollout from it
                child = _Node(players)
                node.children[new] = child
                node = child
                s.apply_action(new)
                path.append(node)
                break
            log_n = math.log(node.visits)
            best_a, best_v = -1, -math.inf
            for a, ch in candidates:
                v = ch.total[p] / ch.visits + c * math.sqrt(log_n / ch.visits)
                if v > best_v:
                    best_a, best_v = a, v
            node = node.children[best_a]
            s.apply_action(best_a)
            path.append(node)
        values = self._rollout(s)
        for nd in path:
            nd.visits += 1
            tot = nd.total
            for i in range(players):
                tot[i] += values[i]

    def _rollout(self, s: GameState) -> Sequence[float]:
        rng, limit = self.rng, self.rollout_limit
        steps = 0
        while True:
            p = s.current_player()
            if p == TERMINAL:
                return s.returns()
            known = self._leaf_value(s)
            if known is not None:
                return known
            if limit is not None and steps >= limit:
                return self.evaluate(s)  # type: ignore[misc]
            if p == CHANCE:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            elif self.policy is not None:
                s.apply_action(self.policy.choose(s))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            steps += 1


# --- measuring a bot -------------------------------------------------------------------------
BotFactory = Callable[[random.Random], Bot]


@dataclass(frozen=True)
class MatchResult:
    games: int
    score: float          # the contender's wins; a win shared by k players counts 1/k
    baseline: float       # the share a bot as good as its opponents would expect (1 / players)

    @property
    def rate(self) -> float:
        return self.score / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval of the win rate (Wilson score interval)."""
        n, p, z = self.games, self.rate, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def __add__(self, other: "MatchResult") -> "MatchResult":
        return MatchResult(self.games + other.games, self.score + other.score, self.baseline)

    def report(self) -> str:
        lo, hi = self.interval
        return (f"{self.rate:.1%} won over {self.games} games (95% interval {lo:.1%}-{hi:.1%}; "
                f"an equal bot would win {self.baseline:.1%})")


def head_to_head(new_state: Callable[[], GameState], contender: BotFactory, opponent: BotFactory,
                 games: int, seed: int = 0, first_game: int = 0) -> MatchResult:
    """Play games first_game .. first_game+games-1; the contender takes seat (game mod players).

    Game g is reproducible on its own: its dice and every bot draw from generators seeded by
    (seed, g), so a run can be split across processes and added up (MatchResult supports +).
    """
    score = 0.0
    players = 2
    for g in range(first_game, first_game + games):
        state = new_state()
        players = state.num_players()
        seat = g % players
        base = seed * 1_000_003 + g * 101
        bots = [(contender if i == seat else opponent)(random.Random(base + 1 + i)) for i in range(players)]
        final = play_game(state, bots, random.Random(base))
        r = final.returns()
        best = max(r)
        if r[seat] == best and best > min(r):
            score += 1 / r.count(best)
    return MatchResult(games, score, 1 / players)


def default_mcts(rng: random.Random) -> MCTSBot:
    """The MCTS bot a rule set has unless it declares its own: 100 iterations of UCT with random playouts."""
    return MCTSBot(rng, iterations=100)
