"""A game of Fire in the Fern! in OpenSpiel's verbs: FernState.

Scope: the GameState API (players, legal actions, chance outcomes, apply,
clone, state key, returns, information) over FernCore's data, and the loop that
runs automatic steps until a die roll or a player's choice is due. The rules
themselves are in the section modules, which register their steps here.
Players: 0 is the British force (British and kupapa sides), 1 the Maori.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from motu.engine.rules.api import CHANCE, TERMINAL, GameState
from motu.engine.rules.events import TurnBegan

from . import (
    activation,
    casualties,
    combat,
    firing,
    hidden,
    morale,
    motivation,
    observation,
    reaction,
    spotting,
    turn,
    victory,
)
from . import presentation
from .board import FernBoard
from .core import FernCore
from .model import DIE, Group, Leader
from .steps import Auto, Choice, Roll

STEPS: dict[str, Any] = {}
for _module in (turn, motivation, activation, firing, reaction, combat, casualties, morale, spotting, victory,
                observation):
    STEPS.update(_module.STEPS)
PLAYER_NAMES = ("British", "Maori")


class FernState(FernCore, GameState):
    def __init__(self, board: FernBoard, _blank: bool = False):
        super().__init__(board)
        self._legal: list[int] | None = None
        if _blank:
            return
        self._set_up()
        self.stack = [("turn_start",)]
        self._emit(TurnBegan(self.turn))
        self._run()

    # --- set-up (§12) -----------------------------------------------------------------------
    def _set_up(self) -> None:
        b = self.b
        for p in b.figure_pieces:
            if p.cell is None or p.count <= 0:
                continue
            u = b.unit_index[str(p.props.get("unit", p.id))]
            self.add_group(Group(u, p.cell, p.count, hidden=spotting.set_up_hidden(b, b.units[u].nation, p.cell)))
        for i, p in enumerate(b.leader_pieces):
            self.leaders.append(Leader(p.cell, hidden=p.cell is not None
                                       and spotting.set_up_hidden(b, b.leaders[i].nation, p.cell)))
        for p in b.casualty_pieces:
            owner = p.props.get("unit")
            if p.cell is not None and owner in b.unit_index:
                key = (p.cell, b.unit_index[owner])
                self.cas[key] = self.cas.get(key, 0) + p.count

    # --- the step loop ------------------------------------------------------------------------
    def _run(self) -> None:
        stack = self.stack
        while stack:
            task = stack[-1]
            if task[0] == "over":
                return
            spec = STEPS[task[0]]
            if isinstance(spec, Auto):
                stack.pop()
                spec.run(self, task)
            elif isinstance(spec, Choice):
                if spec.valid is not None and not spec.valid(self, task):
                    stack.pop()
                    continue
                if task[0] == "main" and victory.finished(self):
                    stack.append(("check_end",))  # a side lost its last unit during the turn (§11)
                    continue
                if task[0] == "act":
                    self._legal = spec.legal(self, task)
                    if len(self._legal) <= 1:
                        self._legal = None
                        stack.pop()  # nothing left to spend the points on: the activation ends
                        continue
                return
            else:
                return

    def _top(self):
        return self.stack[-1] if self.stack else ("over",)

    # --- GameState ------------------------------------------------------------------------------
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        task = self._top()
        if task[0] == "over":
            return TERMINAL
        spec = STEPS[task[0]]
        if isinstance(spec, Roll):
            return CHANCE
        return task[1]

    def legal_actions(self) -> list[int]:
        # Kept until the next action: a driver asks, a bot asks, apply_action checks.
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def _legal_actions(self) -> list[int]:
        task = self._top()
        if task[0] == "over":
            return []
        spec = STEPS[task[0]]
        if isinstance(spec, Roll):
            return [a for a, _ in spec.outcomes(self, task)]
        return spec.legal(self, task)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        task = self._top()
        spec = STEPS.get(task[0])
        if not isinstance(spec, Roll):
            return []
        return spec.outcomes(self, task)

    def _apply_action(self, action: int) -> None:
        task = self.stack.pop()
        spec = STEPS[task[0]]
        spec.apply(self, task, action - DIE if isinstance(spec, Roll) and not spec.raw else action)
        self._legal = None
        self._run()
        if self.stack and self.stack[-1][0] == "over":
            victory.tell_end(self)

    def _action_to_string(self, action: int) -> str:
        task = self._top()
        spec = STEPS[task[0]]
        if isinstance(spec, Roll):
            return spec.text(self, task, action if spec.raw else action - DIE)
        return spec.text(self, task, action)

    def returns(self) -> list[float]:
        if self._top()[0] != "over":
            return [0.0, 0.0]
        return victory.returns(self)

    def clone(self) -> FernState:
        other = FernState(self.b, _blank=True)
        self.copy_core_into(other)
        other._legal = self._legal
        other._events = None  # a bot's lookahead: no event kept until its driver asks (GameState)
        return other

    def state_key(self) -> Hashable:
        return (self.turn, self.player, tuple(sorted(self.groups.items())), tuple(self.leaders),
                tuple(sorted(self.cas.items())), self.next_gid, tuple(sorted(self.reacted)), tuple(self.killed),
                tuple(sorted(self.broken)), tuple(sorted(self.leaders_killed)), self.retired, self.holder,
                tuple(self.vp), self.fresh, tuple(self.stack), tuple(sorted(self.unseen)))

    def information(self) -> dict[str, Any]:
        task = self._top()
        info: dict[str, Any] = {
            "turn": self.turn, "turns": self.b.turns, "side": PLAYER_NAMES[self.player], "step": task[0],
            "victory points": dict(zip(PLAYER_NAMES, self.vp)),
            "casualties inflicted": {PLAYER_NAMES[p]: self.killed[1 - p] for p in (0, 1)},
            "units broken": [self.b.units[u].name for u in range(len(self.b.units)) if self.unit_gone(u)],
        }
        if task[0] == "act":
            info["activation points"] = task[5]
        return info

    def observation(self, player: int) -> FernState:
        """What `player`'s side may see (§12): the other side's hidden figures and leaders left out,
        and the steps only they are taking masked (observation.py)."""
        return observation.observe(self, player)

    def sample_hidden(self, player: int, rng) -> FernState:
        """On `player`'s observation: the hidden figures it leaves out put back where they could
        be, drawn from `rng` (hidden.py); the state itself when nothing is hidden from that side."""
        if not self.unseen and not any(t[0] == "unseen" for t in self.stack) and not self._leaders_out_of_sight(player):
            return self.clone()
        return hidden.sample(self, player, rng)

    def _leaders_out_of_sight(self, player: int) -> bool:
        infos = self.b.leaders
        return any(l.cell is None and not l.dead and infos[i].player != player and self.b.leader_pieces[i].cell is not None
                   and i not in self.leaders_killed and (infos[i].unit is None or infos[i].unit not in self.broken)
                   for i, l in enumerate(self.leaders))

    def action_to_string_for(self, action: int, player: int) -> str | None:
        return observation.action_text_for(self, action, player)

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see (§12): his own pieces, and the enemy's that are not hidden."""
        b = self.b
        groups = [{"unit": b.units[g.unit].name, "square": b.label(g.cell), "figures": g.n, "pinned": g.pinned,
                   "hidden": g.hidden, "side": b.units[g.unit].side}
                  for g in self.groups.values() if b.units[g.unit].player == player or not g.hidden]
        leaders = [{"leader": b.leaders[i].name, "square": b.label(l.cell), "pinned": l.pinned, "hidden": l.hidden}
                   for i, l in enumerate(self.leaders)
                   if l.cell is not None and (b.leaders[i].player == player or not l.hidden)]
        casualties = [{"square": b.label(c), "owner": self._owner_name(o), "markers": n} for (c, o), n in self.cas.items()]
        return {"groups": groups, "leaders": leaders, "casualties": casualties}

    # --- for playtests and balance reports (presentation.py) ---------------------------------
    def player_name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    def markers(self):
        return presentation.markers(self)

    def action_cells(self, action: int):
        return presentation.action_cells(action)

    def _owner_name(self, owner: int) -> str:
        return self.b.units[owner].name if owner >= 0 else self.b.leaders[-1 - owner].name

    def __str__(self) -> str:
        return f"FernState(turn {self.turn}, {PLAYER_NAMES[self.player]}, {self._top()[0]})"


