"""The changing part of a Fire in the Fern! game, and the queries and changes every section uses.

Scope: where the figures, leaders and casualty markers are (§1, §8), who is
hidden or pinned (§9, §12), who has been killed or broken (§10, §11), and the
stack of pending steps. Procedures (motivation, firing, close combat…) are in
their own modules and act through the helpers here. Rules never draw random
numbers: every die is a step on the stack that the game's driver resolves.
"""
from __future__ import annotations

from motu.engine.rules.events import UnitLost

from .board import FernBoard
from .model import BRITISH, KUPAPA, Group, Leader


class FernCore:
    def __init__(self, board: FernBoard):
        self.b = board
        self.groups: dict[int, Group] = {}
        self.leaders: list[Leader] = []
        self.cas: dict[tuple[int, int], int] = {}   # (cell, owner) → markers; owner: unit, or -1-leader
        self.next_gid = 0
        self.turn = 1
        self.player = board.first_player
        self.reacted: frozenset[int] = frozenset()   # squares that fired reaction fire this turn (§6)
        self.killed = [0, 0]                         # figures of each player killed (casualties inflicted on them)
        self.broken: frozenset[int] = frozenset()    # units broken by morale (§10)
        self.leaders_killed: frozenset[int] = frozenset()
        self.retired: int | None = None
        self.holder: int | None = None
        self.vp = [0, 0]
        self.fresh = True                            # no motivation attempted yet this turn
        self.unseen: frozenset[int] = frozenset()    # in an observation: units with figures out of sight
        self.stack: list[tuple] = []
        self._history: list[int] = []
        # The volley being fired (firing.py), for its Volley event: not part of the state's key
        # (what it holds is told when the volley is over, and changes nothing of the rules).
        self.volley_note: tuple | None = None

    def copy_core_into(self, other: FernCore) -> None:
        other.groups = dict(self.groups)
        other.leaders = list(self.leaders)
        other.cas = dict(self.cas)
        other.next_gid = self.next_gid
        other.turn = self.turn
        other.player = self.player
        other.reacted = self.reacted
        other.killed = list(self.killed)
        other.broken = self.broken
        other.leaders_killed = self.leaders_killed
        other.retired = self.retired
        other.holder = self.holder
        other.vp = list(self.vp)
        other.fresh = self.fresh
        other.unseen = self.unseen
        other.stack = list(self.stack)
        other._history = list(self._history)
        other.volley_note = self.volley_note

    # --- queries -----------------------------------------------------------------------
    def unit_player(self, unit: int) -> int:
        return self.b.units[unit].player

    def group_player(self, g: Group) -> int:
        return self.b.units[g.unit].player

    def groups_at(self, cell: int, player: int) -> list[int]:
        units = self.b.units
        return [gid for gid, g in self.groups.items() if g.cell == cell and units[g.unit].player == player]

    def leaders_at(self, cell: int, player: int) -> list[int]:
        infos = self.b.leaders
        return [i for i, l in enumerate(self.leaders) if l.cell == cell and infos[i].player == player]

    def figures_at(self, cell: int, player: int) -> int:
        units = self.b.units
        return sum(g.n for g in self.groups.values() if g.cell == cell and units[g.unit].player == player)

    def occupied(self, cell: int, player: int) -> bool:
        """Does `player` have any figure (or leader) in the square?"""
        units = self.b.units
        if any(g.cell == cell and units[g.unit].player == player for g in self.groups.values()):
            return True
        infos = self.b.leaders
        return any(l.cell == cell and infos[i].player == player for i, l in enumerate(self.leaders))

    def seen_by(self, cell: int, player: int) -> bool:
        """Are there figures of `player`'s enemy in the square that `player` can see (not hidden)?"""
        enemy = 1 - player
        units = self.b.units
        for g in self.groups.values():
            if g.cell == cell and not g.hidden and units[g.unit].player == enemy:
                return True
        infos = self.b.leaders
        return any(l.cell == cell and not l.hidden and infos[i].player == enemy for i, l in enumerate(self.leaders))

    def enemy_cells_seen(self, player: int) -> set[int]:
        enemy = 1 - player
        units, infos = self.b.units, self.b.leaders
        out = {g.cell for g in self.groups.values() if not g.hidden and units[g.unit].player == enemy}
        out.update(l.cell for i, l in enumerate(self.leaders)
                   if l.cell is not None and not l.hidden and infos[i].player == enemy)
        return out

    def unit_figures(self, unit: int) -> int:
        return sum(g.n for g in self.groups.values() if g.unit == unit)

    def unit_gone(self, unit: int) -> bool:
        """§11: a unit broken by morale, or with no figure left on the table, counts as broken
        (in an observation, a unit whose figures are all out of sight is not gone)."""
        return unit in self.broken or (self.unit_figures(unit) == 0 and unit not in self.unseen)

    def casualties_on_table(self, player: int) -> int:
        return sum(n for (cell, owner), n in self.cas.items() if self.owner_player(owner) == player)

    def owner_player(self, owner: int) -> int:
        return self.b.units[owner].player if owner >= 0 else self.b.leaders[-1 - owner].player

    def nations(self, gids, leaders=()) -> set[str]:
        out = {self.b.units[self.groups[g].unit].nation for g in gids}
        out.update(self.b.leaders[l].nation for l in leaders)
        return out

    def party_cell(self, gids, leaders) -> int | None:
        for g in gids:
            if g in self.groups:
                return self.groups[g].cell
        for l in leaders:
            if self.leaders[l].cell is not None:
                return self.leaders[l].cell
        return None

    def cell_names(self, cell: int, player: int) -> str:
        names = []
        for gid in self.groups_at(cell, player):
            name = self.b.units[self.groups[gid].unit].name
            if name not in names:
                names.append(name)
        names += [self.b.leaders[l].name for l in self.leaders_at(cell, player)]
        return ", ".join(names) or "nobody"

    def party_name(self, gids, leaders=()) -> str:
        names = []
        for g in gids:
            if g in self.groups:
                grp = self.groups[g]
                names.append(f"{self.b.units[grp.unit].name} ({grp.n})")
        names += [self.b.leaders[l].name for l in leaders]
        return " with ".join(names) or "nobody"

    # --- changes -----------------------------------------------------------------------
    def add_group(self, g: Group) -> int:
        gid = self.next_gid
        self.next_gid += 1
        self.groups[gid] = g
        return gid

    def reveal(self, cell: int, player: int) -> bool:
        """§12: "if any figures in a square are revealed, all are revealed"; True if someone was hidden."""
        found = False
        for gid in self.groups_at(cell, player):
            g = self.groups[gid]
            if g.hidden:
                self.groups[gid] = g._replace(hidden=False)
                found = True
        for i in self.leaders_at(cell, player):
            if self.leaders[i].hidden:
                self.leaders[i] = self.leaders[i]._replace(hidden=False)
                found = True
        return found

    def set_pinned(self, cell: int, player: int, pinned: bool) -> None:
        """§9: pinning (and un-pinning) is done to a square: every figure of the side in it."""
        for gid in self.groups_at(cell, player):
            self.groups[gid] = self.groups[gid]._replace(pinned=pinned)
        for i in self.leaders_at(cell, player):
            self.leaders[i] = self.leaders[i]._replace(pinned=pinned)

    def kill_slot(self, slot: int, cause: str = "") -> str:
        """A figure is removed and replaced with a casualty (§5, §7). slot >= 0: a group; else -1-leader."""
        if slot >= 0:
            g = self.groups[slot]
            cell, owner = g.cell, g.unit
            if g.n > 1:
                self.groups[slot] = g._replace(n=g.n - 1)
            else:
                del self.groups[slot]
            name = self.b.units[owner].name
            player = self.b.units[owner].player
        else:
            li = -1 - slot
            cell = self.leaders[li].cell
            owner = slot
            self.leaders[li] = self.leaders[li]._replace(cell=None, dead=True)
            self.leaders_killed = self.leaders_killed | {li}
            name = self.b.leaders[li].name
            player = self.b.leaders[li].player
        self.cas[(cell, owner)] = self.cas.get((cell, owner), 0) + 1
        self.killed[player] += 1
        self._emit(UnitLost(player, name, cell, self.b.label(cell), cause))
        return name

    def remove_figure(self, gid: int) -> None:
        """A live figure leaves the table without becoming a casualty (§8 carrying one off)."""
        g = self.groups[gid]
        if g.n > 1:
            self.groups[gid] = g._replace(n=g.n - 1)
        else:
            del self.groups[gid]

    def slots(self, cell: int, player: int, only_gids=None, only_leaders=None) -> list[tuple[int, int]]:
        """Figures a hit may fall on, as (slot, figures): groups, then leaders (one figure each)."""
        gids = self.groups_at(cell, player) if only_gids is None else [g for g in only_gids if g in self.groups]
        out = [(g, self.groups[g].n) for g in sorted(gids)]
        ls = self.leaders_at(cell, player) if only_leaders is None else [
            l for l in only_leaders if self.leaders[l].cell == cell]
        out += [(-1 - l, 1) for l in sorted(ls)]
        return out

    def is_british(self, nations) -> bool:
        return BRITISH in nations

    def is_kupapa(self, nations) -> bool:
        return KUPAPA in nations
