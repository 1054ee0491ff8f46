"""The effects of the Random Events Table (15.12), events 41-66: indecision, the Mauve Death,
truce and demobilisation, more events, earthquake, rain, fertility, new Clan Elders, fire,
rotten logs, curses and Kevin's extras. One function per entry.

Scope: what each of these entries of events.yaml does to a Tahiti game, given its third-die
result (events 14-36: effects_14_36.py; 66-4's battle: combat.battles.decisive_battle). Helpers are
in picks.py. docs/rules/tahiti.md "Random Events" gives Motu's reading of each.
"""
from __future__ import annotations

from . import picks as ev
from ..constants import CELL, COMBAT, CURSED, DONE, PICK, SULLEN
from ..game_state import TahitiState
from ..combat.losses import panics, push_panic, shaman_lost
from ..machinery import handler, step
from ..queries import area_control, areas_held, home_cell
from ..roll_causes import in_a_fire
from ..effect_event import did
from ..victory import armageddon, eliminate, total_victory

def indecision(st, entry, result, roller):
    elders = ev.kind_uids(st, "clan_elder")
    if result["elders"] == "all":  # "all Clan Elders on the map": nothing to pick
        st.push(*[("sullen", uid) for uid in elders])
    else:
        ev.pick_units(st, elders, int(result["elders"]), "sullen")


@step
def sullen(st: TahitiState, uid: int) -> None:
    u = st.unit(uid)
    u.flags |= SULLEN
    did(st, "sullen", u.player, cell=u.cell)


def plague(st, entry, result, roller):
    ev.rast(st, "plague_area", "any", result["spread"])


@step
def plague_area(st: TahitiState, a: int, how: str) -> None:
    """43: a die for each Unit and Leader (the Shaman too; War Canoes are neither), then for
    each Village, in the affected areas."""
    hit = set(ev.spread(st, a, how))
    steps = [("plague_roll", u.uid, tuple(sorted(hit)), False) for u in st.units
             if st.b.area[u.cell] in hit and u.kind != "war_canoe"]
    steps += [("plague_village", c) for c, v in sorted(st.villages.items()) if v[1] and st.b.area[c] in hit]
    st.push(*steps)


@step
def plague_roll(st: TahitiState, uid: int, hit: tuple, heir: bool) -> None:
    """`heir`: this is the heir of a Head Chieftain who died in this same plague, rolled for in
    his Home Village (a later plague this turn rolls for him as for any Head Chieftain)."""
    if st.unit(uid) is not None:
        st.roll("on_plague", uid, hit, heir)


@handler
def on_plague(st: TahitiState, face: int, uid: int, hit: tuple, heir: bool) -> None:
    if face != 1:
        return
    u = st.unit(uid)
    if u.kind != "head_chieftain":
        did(st, "unit_plague", u.player, u.kind, u.cell)
        st.remove([uid])
        if u.kind == "shaman":  # a dead Shaman is replaced in two turns (as 21 gives the normal rule)
            shaman_lost(st, u)
        return
    if heir:  # the heir, rolled for in his Home Village, rolled a 1 too: "you just lost"
        eliminate(st, u.player, "the Head Chieftain and his heir die of the Mauve Death")
        return
    home = home_cell(st, u.player)
    if home < 0:
        return  # no Home Village to place an heir in: Motu lets the Head Chieftain live
    u.cell = home  # his heir, placed in his Home Village, fresh (no flag of the dead man's)
    u.flags = 0
    did(st, "chieftain_plague", u.player, cell=home)
    if st.b.area[home] in hit:  # "If the Home Village is in an affected area, roll for him as well."
        st.push(("plague_roll", uid, hit, True))


@step
def plague_village(st: TahitiState, cell: int) -> None:
    st.roll("on_plague_village", cell)


@handler
def on_plague_village(st: TahitiState, face: int, cell: int) -> None:
    if face == 1 and cell in st.villages:
        ev.reduce_village(st, cell, population=False, why="village_plague")


def truce(st, entry, result, roller):
    st.cond["truce"] = True
    if result["demobilize"]:  # each player in turn order, from the rolling player
        st.push(*[("demobilise", p, int(result["keep"]), ()) for p in st.order if p in st.live()])


@step
def demobilise(st: TahitiState, p: int, keep: int, kept: tuple) -> None:
    """44-45-6: "each player selects any three Combat Units. All other Combat Units are replaced
    with Population units." He picks them one at a time (an action: a kind of Combat Unit on a
    hex, CELL + kind * N + cell); with `keep` or fewer he keeps all and is not asked."""
    mine = [u for u in st.units if u.player == p and u.kind in COMBAT]
    if len(mine) <= keep:
        return
    if len(kept) < keep:
        n = st.b.size
        legal = sorted({CELL + COMBAT.index(u.kind) * n + u.cell for u in mine if u.uid not in kept})
        st.decide(p, legal, "on_keep_unit", p, keep, kept)
        return
    did(st, "demobilised", p, n=len(mine) - len(kept))
    for u in mine:
        if u.uid not in kept:
            u.kind = "population"
            u.flags &= ~CURSED


@handler
def on_keep_unit(st: TahitiState, action: int, p: int, keep: int, kept: tuple) -> None:
    k, cell = divmod(action - CELL, st.b.size)
    uid = min(u.uid for u in st.units if u.player == p and u.kind == COMBAT[k] and u.cell == cell and u.uid not in kept)
    st.push(("demobilise", p, keep, kept + (uid,)))


def more_events(st, entry, result, roller):
    st.push(("random_events", int(result["events"])))


def earthquake(st, entry, result, roller):
    ev.rast(st, "quake_area", "any", result["spread"])


@step
def quake_area(st: TahitiState, a: int, how: str) -> None:
    hit = ev.spread(st, a, how)
    for cell, v in sorted(st.villages.items()):
        if v[1] and st.b.area[cell] in hit:
            ev.reduce_village(st, cell, population=True, why="village_shaken")


def rain(st, entry, result, roller):
    st.cond["rain"] = int(st.b.data.rule("rain_allowance")[result["rain"]])


def fertility(st, entry, result, roller):
    st.push(("fertility_one", int(result["areas"]), ()))


@step
def fertility_one(st: TahitiState, left: int, chosen: tuple) -> None:
    """54-55: `left` more areas, each a different one ("two randomly selected areas")."""
    if left > 0:
        ev.rast(st, "fertile_area", "any", left, chosen, exclude=chosen)


@step
def fertile_area(st: TahitiState, a: int, left: int, chosen: tuple) -> None:
    p = area_control(st)[a]
    if p >= 0:  # "If the area is neutral, ignore."
        did(st, "fertile", p, cell=ev.add_population(st, p, a), place=st.b.area_names[a])
    else:
        did(st, "fertile_neutral", place=st.b.area_names[a])
    st.push(("fertility_one", left - 1, chosen + (a,)))


def new_elders(st, entry, result, roller):
    k = len(st.players) if result["elders"] == "players" else int(result["elders"])
    st.push(*[("elder_contest", (), ()) for _ in range(k)])


@step
def elder_contest(st: TahitiState, players: tuple, faces: tuple) -> None:
    """56: each player with a Home Village (where the Clan Elder would go) rolls, in turn order;
    less 2 for each Clan Elder he has on the map; the high roller receives one; ties: the
    rolling player picks among the tied."""
    if not players:
        players = tuple(p for p in st.order if p in st.live() and home_cell(st, p) >= 0)
        if not players:
            return
    if len(faces) < len(players):  # the next player's own die: his attempt (66-3)
        st.roll("on_elder_contest", players[len(faces)], players, faces, kind="elder")
        return
    less = int(st.b.data.events_by_number()[56]["less_per_elder"])
    score = [f - less * sum(1 for u in st.units if u.player == p and u.kind == "clan_elder") for p, f in zip(players, faces)]
    top = max(score)
    tied = [p for p, s in zip(players, score) if s == top]
    if len(tied) == 1:
        st.push(("elder_to", tied[0]))
    else:
        ev.choose_opponent(st, st.initiative, "elder_to", among=tied)


@handler
def on_elder_contest(st: TahitiState, face: int, roller: int, players: tuple, faces: tuple) -> None:
    st.push(("elder_contest", players, faces + (face,)))


@step
def elder_to(st: TahitiState, p: int) -> None:
    if home_cell(st, p) >= 0:
        st.add_unit("clan_elder", p, home_cell(st, p))
        did(st, "elder_received", p, cell=home_cell(st, p))


def nothing(st, entry, result, roller):
    return


def _fire_number(st: TahitiState) -> int:
    """The number of the fire event (62) in events.yaml, for the Panic dice it causes."""
    return min(n for n, e in st.b.data.events_by_number().items() if e["event"] == "fire")


def fire(st, entry, result, roller):
    st.push(("fire_pick", int(result["villages"])))


@step
def fire_pick(st: TahitiState, k: int) -> None:
    cells = [c for c, v in sorted(st.villages.items()) if v[1]]
    if k > 0 and cells:
        st.pick(len(cells), "on_fire", tuple(cells), k)


@handler
def on_fire(st: TahitiState, action: int, cells: tuple, k: int) -> None:
    """62: the Village becomes Part-built (no Population), its Big Logs and Canoes (Part-built
    and War Canoes) are gone; "All Units and Clan Elders roll for Panic" — every piece there
    that panics (retreat.panics: the Shaman too; Head Chieftains never), a Clan Elder with his
    Head Chieftain panicking only on 1 and 3 as in 15.9; no retreat, so a unit is flipped,
    never lost."""
    cell = cells[action - PICK]
    v = st.villages[cell]
    did(st, "village_fire", v[0] if v[0] >= 0 else None, cell=cell, place=st.village_name(cell))
    v[1], v[2], v[3] = 0, 0, 0
    st.remove([u.uid for u in st.units if u.cell == cell and u.kind == "war_canoe"])
    st.push(("fire_pick", k - 1))
    here = [u for u in st.units if u.cell == cell]
    for p in sorted({u.player for u in here}, reverse=True):
        with_hc = any(u.player == p and u.kind == "head_chieftain" for u in here)
        push_panic(st, [u.uid for u in here if u.player == p and panics(u)],
                   with_chieftain=with_hc, second_kills=False, why=in_a_fire(_fire_number(st)))


def rotten_logs(st, entry, result, roller):
    if result["logs"] == "all":  # "All Big Logs on the map must be discarded": nothing to pick
        for v in st.villages.values():
            v[2] = 0
        did(st, "logs_rotten")
        return
    total = sum(v[2] for v in st.villages.values())
    st.push(*[("rot_one",) for _ in range(min(total, int(result["logs"])))])


@step
def rot_one(st: TahitiState) -> None:
    logs = [c for c, v in sorted(st.villages.items()) for _ in range(v[2])]
    if logs:
        st.pick(len(logs), "on_rot", tuple(logs))


@handler
def on_rot(st: TahitiState, action: int, logs: tuple) -> None:
    cell = logs[action - PICK]
    did(st, "log_rotten", cell=cell, place=st.village_name(cell))
    st.villages[cell][2] -= 1


def curse(st, entry, result, roller):
    """65: "The rolling player may place a curse": he may decline (DONE)."""
    if result["target"] == "player":
        ev.choose_opponent(st, roller, "curse_player", optional=True)
        return
    cells = sorted({u.cell for u in st.units if u.player != roller and u.kind in COMBAT})
    if cells:
        st.decide(roller, [DONE] + [CELL + c for c in cells], "on_curse_stack", roller, result["target"])


@handler
def on_curse_stack(st: TahitiState, action: int, roller: int, target: str) -> None:
    if action == DONE:
        return
    units = [u for u in st.units if u.cell == action - CELL and u.player != roller and u.kind in COMBAT]
    if target == "strongest_in_stack":
        units = [max(units, key=lambda u: (st.b.data.combat_value(u.kind), -u.uid))]
    for u in units:
        u.flags |= CURSED
    if units:
        did(st, "stack_cursed", units[0].player, cell=units[0].cell,
            unit_kind=" and ".join(dict.fromkeys(st.b.names.get(u.kind, u.kind) for u in units)))


@step
def curse_player(st: TahitiState, p: int) -> None:
    did(st, "player_cursed", p)
    for u in st.units:
        if u.player == p and u.kind in COMBAT:
            u.flags |= CURSED


def kevin(st, entry, result, roller):
    if "reroll" in result:
        st.tokens.append((roller, result["reroll"]))
    elif result["end"] == "decisive_battle":
        st.push(("decisive_battle",))
    elif result["end"] == "armageddon":
        armageddon(st)
    else:  # divine intervention: the fewest areas; ties: the rolling player picks
        held = areas_held(st)
        low = min(held[p] for p in st.live())
        ev.choose_opponent(st, roller, "divine", among=[p for p in st.live() if held[p] == low])


@step
def divine(st: TahitiState, p: int) -> None:
    total_victory(st, p, "Divine Intervention (event 66-5)")


EFFECTS = {f.__name__: f for f in (indecision, plague, truce, more_events, earthquake, rain, fertility,
                                   new_elders, nothing, fire, rotten_logs, curse, kevin)}
