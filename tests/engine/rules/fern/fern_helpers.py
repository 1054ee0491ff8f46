"""Small Fire in the Fern! tables for tests, and a driver feeding hand-worked dice.

A table is given as rows of '.' (open) and 'b' (bush); the bottom row is the
British base edge. Pieces are (id, kind, side, 'c,r', count, props).
"""
from __future__ import annotations

from motu.engine.board.grids import SquareGrid
from motu.engine.rules.api import CHANCE
from motu.engine.rules.fern import motivation
from motu.engine.rules.fern.model import (
    BLOCK,
    DIE,
    DONE,
    END_TURN,
    FIRE,
    HOLD,
    MOVE,
    OBSERVE,
    REACT,
    RESCUE,
    SEL_ALL,
    SEL_SELF,
    SEL_UNIT0,
    SLOT,
    UNPIN,
)
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import CellFeature, Piece, Scenario, Side

RULES = get_ruleset("fern")


def table(rows, pieces, *, streams=(), palisades=(), pits=(), options=None, victory=None):
    rows = [r.split() for r in rows]
    grid = SquareGrid(len(rows[0]), len(rows))
    s = Scenario(ruleset="fern", grid=grid, terrain=["bush" if t == "b" else "open" for r in rows for t in r])
    L = grid.parse_label
    s.sides = {k: Side(k, k.title()) for k in ("british", "kupapa", "maori")}
    bottom = grid.rows - 1
    s.features = [CellFeature("base_edge", bottom * grid.columns + c, "british") for c in range(grid.columns)]
    s.features += [CellFeature("rifle_pit", L(c)) for c in pits]

    def key(a, b):
        x, y = L(a), L(b)
        return (x, y) if x < y else (y, x)
    for a, b in streams:
        s.edges[key(a, b)] = ("stream",)
    for a, b in palisades:
        s.edges[key(a, b)] = s.edges.get(key(a, b), ()) + ("palisade",)
    for p in pieces:
        pid, kind, side, cell, count, props = (list(p) + [{}])[:6] if len(p) == 5 else p
        s.pieces[pid] = Piece(pid, kind, side, L(cell), count, pid, dict(props))
    s.options = dict(options or {})
    s.victory = dict(victory or {"turns": 12})
    return s


def unit(uid, kind, side, cell, n, leader=None, **props):
    """A unit and its leader (id `leader`, default 'l-' + uid) in one square."""
    lid = leader or f"l-{uid}"
    lprops = {"unit": uid}
    if "superior" in props:
        lprops["superior"] = props.pop("superior")
    return [(uid, kind, side, cell, n, {"unit": uid, **props}), (lid, "leader", side, cell, 1, lprops)]


def start(scenario, **options):
    return RULES.new_initial_state(scenario, options or None)


class Driver:
    """Feeds a state player actions and dice, keeping the text of every step."""

    def __init__(self, state):
        self.s = state
        self.log: list[str] = []

    @property
    def b(self):
        return self.s.b

    def cell(self, label: str) -> int:
        return self.b.grid.parse_label(label)

    def do(self, action: int) -> str:
        assert self.s.current_player() != CHANCE, f"a die is due: {self.s.stack[-1]}"
        assert action in self.s.legal_actions(), f"{action} not legal at {self.s.stack[-1][:1]}"
        text = self.s.action_to_string(action)
        self.s.apply_action(action)
        self.log.append(text)
        return text

    def roll(self, *faces: int) -> list[str]:
        out = []
        for f in faces:
            assert self.s.current_player() == CHANCE, f"no die due: {self.s.stack[-1]}"
            text = self.s.action_to_string(DIE + f)
            self.s.apply_action(DIE + f)
            self.log.append(text)
            out.append(text)
        return out

    def pick(self, k: int) -> str:
        """Random allocation: the k-th figure slot."""
        text = self.s.action_to_string(SLOT + k)
        self.s.apply_action(SLOT + k)
        self.log.append(text)
        return text

    # --- action builders ----------------------------------------------------------------
    def motivate_action(self, leader: str, target: str | None = None, cell: str | None = None,
                        single: bool = False) -> int:
        b = self.b
        li = b.leader_index[leader]
        if target is None:
            sel, at = SEL_SELF, self.s.leaders[li].cell
        elif target == "all":
            sel, at = SEL_ALL, self.cell(cell)
        else:
            u = b.unit_index[target]
            sel = SEL_UNIT0 + (len(b.units) if single else 0) + u
            at = self.cell(cell) if cell else next(g.cell for g in self.s.groups.values() if g.unit == u)
        return motivation.encode(b, li, sel, at)

    def motivate(self, leader, target=None, cell=None, single=False) -> str:
        return self.do(self.motivate_action(leader, target, cell, single))

    def move(self, label):
        return self.do(MOVE + self.cell(label))

    def fire(self, label):
        return self.do(FIRE + self.cell(label))

    def observe(self, label):
        return self.do(OBSERVE + self.cell(label))

    def unpin(self, label):
        return self.do(UNPIN + self.cell(label))

    def rescue(self, k):
        return self.do(RESCUE + k)

    def done(self):
        return self.do(DONE)

    def end_turn(self):
        return self.do(END_TURN)

    def react(self):
        return self.do(REACT)

    def hold(self):
        return self.do(HOLD)

    # --- reading the state ----------------------------------------------------------------
    def step(self) -> str:
        return self.s.stack[-1][0] if self.s.stack else "over"

    def points(self) -> int:
        assert self.step() == "act"
        return self.s.stack[-1][5]

    def figures(self, uid: str, label: str | None = None) -> int:
        u = self.b.unit_index[uid]
        return sum(g.n for g in self.s.groups.values() if g.unit == u and (label is None or g.cell == self.cell(label)))

    def groups(self, uid: str):
        u = self.b.unit_index[uid]
        return [g for g in self.s.groups.values() if g.unit == u]

    def where(self, uid: str) -> set[str]:
        return {self.b.label(g.cell) for g in self.groups(uid)}

    def leader(self, lid: str):
        return self.s.leaders[self.b.leader_index[lid]]

    def casualties(self, label: str) -> int:
        c = self.cell(label)
        return sum(n for (cell, _), n in self.s.cas.items() if cell == c)

    def kinds(self) -> set[int]:
        return {a - a % BLOCK for a in self.s.legal_actions()}


def volley_dice(d: Driver) -> int:
    """Roll 1s for every die of the volley on the stack; how many dice it had."""
    n = 0
    while d.step() == "r_hit":
        d.roll(1)
        n += 1
    return n


def pin(d: Driver, label: str, player: int) -> None:
    """Set up a position with a pinned square (as §9's roll would leave it)."""
    d.s.set_pinned(d.cell(label), player, True)
    d.s._legal = None
