"""The Construction and Training Phase of a Tahiti game (6.1, 15.8), Motu's reconstruction.

Scope (docs/rules/tahiti.md "Construction and Training"; numbers in construction.yaml):
- a Part-built Village with a friendly Population unit on it becomes a Village (the unit is its
  inherent Population) at the start of its owner's phase;
- every built Village makes one build (event 32: one more): cut a Big Log from an unstumped
  jungle hex of its area (the hex gets a Stump); raise a Population unit; train Population to
  Militia, Militia to Slingers or Fighters, Fighters to Heavy Troops; spend a Big Log on a
  Part-built Village (where a friendly Population unit stands, in its area or an adjacent one)
  or on a Part-built Canoe (coastal Villages); finish a Part-built Canoe; or work on a Marae
  (15.8: 3 Population on the site at the start of the phase, in its controlled area;
  part-built, then full in a later turn, a site being worked once a turn; the Village does
  nothing else; part-built ones unlimited). How many full Maraes a region or island may hold
  is maraes.py's one rule;
- no building in, or Part-built Village placed into, the Arioi's area (15.6) or a blighted
  area (event 36).
"""
from __future__ import annotations

from ..unit import Unit
from ..constants import BUILDS, CELL, DONE
from ..game_state import TahitiState
from ..machinery import handler, step
from ..queries import area_control

# construction.yaml's builds (a training's unit kinds, a build's Big Logs) are the rule set
# instance's: the board's `data` (data/bound.py).


def idle_area(st: TahitiState, area: int) -> bool:
    arioi = st.b.area[st.arioi] if st.arioi >= 0 else -2
    return area == arioi or area in st.cond.get("blight", set())


@step
def construction(st: TahitiState, player: int) -> None:
    if st.out[player]:
        return
    b = st.b
    for cell, v in sorted(st.villages.items()):
        if v[0] == player and not v[1] and not idle_area(st, b.area[cell]):
            pop = next((u for u in st.units if u.cell == cell and u.player == player and u.kind == "population"), None)
            if pop is not None:
                st.remove([pop.uid])
                v[1] = 1
    cells = [c for c, v in sorted(st.villages.items()) if v[0] == player and v[1] and not idle_area(st, b.area[c])]
    if st.opts["rule_15_8_maraes"]:
        # 15.8: a Marae site counts its Population "at the start of" the phase, before any build.
        need = int(st.b.data.doc("construction")["marae_population"])
        pops = [u.cell for u in st.units if u.player == player and u.kind == "population"]
        ready = st.cond.setdefault("marae_ready", set())
        ready.update((player, c) for c in set(pops) if pops.count(c) >= need)
    st.push(*[("build", player, c, 1 + st.cond.get("free", {}).get(c, 0), True) for c in cells])


def _has(st: TahitiState, cell: int, player: int, kind: str) -> Unit | None:
    return next((u for u in st.units if u.cell == cell and u.player == player and u.kind == kind), None)


def _jungle(st: TahitiState, area: int) -> list[int]:
    return [c for c in st.b.area_jungle[area] if c not in st.stumps]


def _marae_sites(st: TahitiState, player: int, cell: int) -> list[int]:
    """Hexes the Village at `cell` may work on as a Marae this phase (15.8, maraes.py): any hex
    of its area, controlled by the player, where his 3 Population stood at the start of the
    phase; a Part-built Marae becomes full only while its region (or island) has room."""
    b = st.b
    a = b.area[cell]
    if not st.opts["rule_15_8_maraes"] or area_control(st)[a] != player:
        return []
    ready = st.cond.get("marae_ready", set())
    worked = st.cond.get("marae_worked", set())
    out = []
    for c in b.area_cells[a]:
        # A site is worked once a turn: the full Marae needs the conditions "for another turn".
        if (player, c) in ready and c not in worked and st.maraes.get(c) != 1:
            if st.maraes.get(c) == 0 and not _room(st, b.areas[a]):
                continue
            out.append(c)
    return out


def _room(st: TahitiState, area: str) -> bool:
    """Whether the group of `area` (its region, or its island) may hold one more full Marae."""
    b = st.b
    rule = b.marae_rule
    group = rule.group(area)
    full = sum(1 for m, built in st.maraes.items() if built and b.area[m] >= 0 and rule.group(b.areas[b.area[m]]) == group)
    return full < rule.limit(group, st.opts["rule_15_11_moorea_marae"])


def build_actions(st: TahitiState, player: int, cell: int, first: bool) -> list[int]:
    b = st.b
    n = b.size
    v = st.villages[cell]
    a = b.area[cell]
    acts = [DONE, CELL + BUILDS.index("grow") * n + cell]
    if _jungle(st, a):
        acts.append(CELL + BUILDS.index("cut_log") * n + cell)
    for name, (frm, _) in b.data.training().items():
        if _has(st, cell, player, frm):
            acts.append(CELL + BUILDS.index(name) * n + cell)
    if v[2] >= b.data.logs()["part_village"]:
        near = {a} | set(b.area_adj[a])
        taken = set(st.villages)
        sites = sorted({u.cell for u in st.units if u.player == player and u.kind == "population" and b.area[u.cell] in near
                        and u.cell not in taken and b.terrain[u.cell] in ("coast", "clear", "jungle")
                        and not idle_area(st, b.area[u.cell])})  # no building in the Arioi's or a blighted area
        acts += [CELL + BUILDS.index("part_village") * n + c for c in sites]
    if v[2] >= b.data.logs()["part_canoe"] and b.coast[cell]:
        acts.append(CELL + BUILDS.index("part_canoe") * n + cell)
    if v[3] > 0:
        acts.append(CELL + BUILDS.index("finish_canoe") * n + cell)
    if first:
        acts += [CELL + BUILDS.index("marae") * n + c for c in _marae_sites(st, player, cell)]
    return acts


@step
def build(st: TahitiState, player: int, cell: int, left: int, first: bool) -> None:
    v = st.villages.get(cell)
    if v is None or v[0] != player or not v[1] or left <= 0:
        return
    st.decide(player, build_actions(st, player, cell, first), "on_build", player, cell, left)


@handler
def on_build(st: TahitiState, action: int, player: int, cell: int, left: int) -> None:
    if action == DONE:
        return
    n = st.b.size
    k, target = divmod(action - CELL, n)
    name = BUILDS[k]
    v = st.villages[cell]
    if name == "cut_log":
        st.stumps.add(_jungle(st, st.b.area[cell])[0])
        v[2] += 1
    elif name == "grow":
        st.add_unit("population", player, cell)
    elif name in st.b.data.training():
        frm, to = st.b.data.training()[name]
        _has(st, cell, player, frm).kind = to
    elif name == "part_village":
        v[2] -= st.b.data.logs()[name]
        st.villages[target] = [player, 0, 0, 0, -1]
    elif name == "part_canoe":
        v[2] -= st.b.data.logs()[name]
        v[3] += 1
    elif name == "finish_canoe":
        v[3] -= 1
        st.add_unit("war_canoe", player, cell)
    elif name == "marae":
        st.maraes[target] = 1 if st.maraes.get(target) == 0 else 0
        st.cond.setdefault("marae_worked", set()).add(target)
        return  # 15.8: the Village does no other construction or training
    if left > 1:
        st.push(("build", player, cell, left - 1, False))
