"""The effects of the 28 entries of the Random Events Table (15.12), one function each.

Scope: what each event of events.yaml does to a Tahiti game, with its third-die result.
Helpers (area selection, picks, the rolling player's choices) are in events.py.
docs/rules/tahiti.md "Random Events" gives Motu's reading of each.
"""
from __future__ import annotations

from .game_state import CELL, COMBAT, CURSED, PICK, SULLEN, TahitiState, handler, step
from .queries import area_control, areas_held, home_cell
from . import events as ev


def storm(st, entry, result, roller):
    st.cond["storm"] = result["storm"]
    if result.get("wreck"):
        ev.pick_units(st, ev.kind_uids(st, "war_canoe"), 1, "wreck_canoe")


@step
def wreck_canoe(st: TahitiState, uid: int) -> None:
    u = st.unit(uid)
    st.remove([uid])
    v = st.villages.get(u[2])
    if v is not None:  # "Replace it with a Part-built Canoe" (in a Village; at sea it is lost)
        v[3] += 1


def flood(st, entry, result, roller):
    ev.rast(st, "flood_area", "coastal", result["spread"])


@step
def flood_area(st: TahitiState, a: int, how: str) -> None:
    for x in ev.spread(st, a, how):
        for cell, v in sorted(st.villages.items()):
            if v[1] and st.b.area[cell] == x and st.b.coast[cell]:
                ev.reduce_village(st, cell, population=True)


def shaman_dies(st, entry, result, roller):
    ev.whom(st, result, roller, "kill_shaman")


@step
def kill_shaman(st: TahitiState, p: int) -> None:
    gone = [u[4] for u in st.units if u[1] == p and u[0] == "shaman"]
    if gone:
        st.remove(gone)
        st.shaman_due[p] = st.turn + 2  # "replaced (in two turns)"


def eclipse(st, entry, result, roller):
    ev.whom(st, result, roller, "shaman_value", 0)


@step
def shaman_value(st: TahitiState, p: int, value: int) -> None:
    st.cond.setdefault("shaman_cv", {})[p] = value


def shaman_cure(st, entry, result, roller):
    st.push(("shaman_value", roller, int(result["combat_value"])))


def recall(st, entry, result, roller):
    ev.whom(st, result, roller, "recall_piece", entry["piece"])


@step
def recall_piece(st: TahitiState, p: int, kind: str) -> None:
    st.recalled.add((p, kind))


def free_build(st, entry, result, roller):
    home = home_cell(st, roller)
    if home < 0:
        return
    free = st.cond.setdefault("free", {})
    cells = [home]
    if result["spread"] == "adjacent":
        near = st.b.area_adj[st.b.area[home]]
        cells += [c for c, v in st.villages.items() if v[0] == roller and v[1] and st.b.area[c] in near]
    for c in cells:
        free[c] = free.get(c, 0) + 1


def defection(st, entry, result, roller):
    eligible = []
    for u in st.units:
        if u[0] == "clan_elder" and not any(x[2] == u[2] and x[1] == u[1] and x[0] in ("head_chieftain", "shaman")
                                             for x in st.units):
            eligible.append(u[4])
    ev.pick_units(st, eligible, 1, "defect")


@step
def defect(st: TahitiState, uid: int) -> None:
    elder = st.unit(uid)
    owner = elder[1]
    enemies = [p for p in st.live() if p != owner]
    if not enemies:
        return
    count = {p: sum(1 for u in st.units if u[1] == p and u[0] == "clan_elder") for p in enemies}
    low = min(count.values())
    tied = [p for p in enemies if count[p] == low]
    if len(tied) == 1:
        st.push(("defect_to", tied[0], uid))
    else:  # "The rolling player picks when there is a tie."
        ev.choose_opponent(st, st.initiative, "defect_to", uid, among=tied)


@step
def defect_to(st: TahitiState, p: int, uid: int) -> None:
    elder = st.unit(uid)
    owner, cell = elder[1], elder[2]
    for u in st.units:
        if u[2] == cell and u[1] == owner:
            u[1] = p


def chief_dies(st, entry, result, roller):
    cands = [p for p in st.live() if any(u[1] == p and u[0] == "head_chieftain" for u in st.units)]
    ev.choose_opponent(st, roller, "heir", among=cands)


@step
def heir(st: TahitiState, p: int) -> None:
    home = home_cell(st, p)
    for u in st.units:
        if u[1] == p and u[0] == "head_chieftain" and home >= 0:
            u[2] = home
            st.recalled.discard((p, "head_chieftain"))


def canoe_sinks(st, entry, result, roller):
    ev.pick_units(st, ev.kind_uids(st, "war_canoe"), 1, "sink", bool(result["drown"]))


@step
def sink(st: TahitiState, uid: int, drown: bool) -> None:
    cell = st.unit(uid)[2]
    st.remove([uid])
    if drown:
        heavy = [u[4] for u in st.units if u[2] == cell and u[0] == "heavy_troops"]
        if heavy:
            st.remove(heavy[:1])
        else:
            ev.pick_units(st, [u[4] for u in st.units if u[2] == cell and u[0] in COMBAT], 1, "drown_unit")


@step
def drown_unit(st: TahitiState, uid: int) -> None:
    st.remove([uid])


def famine(st, entry, result, roller):
    ev.rast(st, "blight_area", "any", result["spread"])


@step
def blight_area(st: TahitiState, a: int, how: str) -> None:
    st.cond.setdefault("blight", set()).update(ev.spread(st, a, how))


def indecision(st, entry, result, roller):
    elders = ev.kind_uids(st, "clan_elder")
    k = len(elders) if result["elders"] == "all" else int(result["elders"])
    ev.pick_units(st, elders, k, "sullen")


@step
def sullen(st: TahitiState, uid: int) -> None:
    st.unit(uid)[3] |= SULLEN


def plague(st, entry, result, roller):
    ev.rast(st, "plague_area", "any", result["spread"])


@step
def plague_area(st: TahitiState, a: int, how: str) -> None:
    hit = set(ev.spread(st, a, how))
    steps = [("plague_roll", u[4], tuple(sorted(hit))) for u in st.units
             if st.b.area[u[2]] in hit and u[0] != "war_canoe"]
    steps += [("plague_village", c) for c, v in sorted(st.villages.items()) if v[1] and st.b.area[c] in hit]
    st.push(*steps)


@step
def plague_roll(st: TahitiState, uid: int, hit: tuple) -> None:
    if st.unit(uid) is not None:
        st.roll("on_plague", uid, hit)


@handler
def on_plague(st: TahitiState, face: int, uid: int, hit: tuple) -> None:
    if face != 1:
        return
    u = st.unit(uid)
    if u[0] != "head_chieftain":
        st.remove([uid])
        return
    if u[3] & 32:  # the heir, rolled for in his Home Village, rolled a 1 too: "you just lost"
        from .victory import eliminate
        eliminate(st, u[1], f"the {st.players[u[1]]} Head Chieftain and his heir die of the Mauve Death")
        return
    home = home_cell(st, u[1])
    if home < 0:
        return  # no Home Village to place an heir in: Motu lets the Head Chieftain live
    u[2] = home  # his heir, placed in his Home Village
    if st.b.area[home] in hit:
        u[3] |= 32
        st.push(("plague_roll", uid, hit))


@step
def plague_village(st: TahitiState, cell: int) -> None:
    st.roll("on_plague_village", cell)


@handler
def on_plague_village(st: TahitiState, face: int, cell: int) -> None:
    if face == 1 and cell in st.villages:
        ev.reduce_village(st, cell, population=False)


def truce(st, entry, result, roller):
    st.cond["truce"] = True
    if result["demobilize"]:
        from .rulesdata import combat_value
        for p in st.live():  # Motu keeps each player's strongest three (docs: a simplification)
            mine = sorted((u for u in st.units if u[1] == p and u[0] in COMBAT),
                          key=lambda u: (-combat_value(u[0]), u[4]))
            for u in mine[int(result["keep"]):]:
                u[0] = "population"


def more_events(st, entry, result, roller):
    st.push(("random_events", int(result["events"])))


def earthquake(st, entry, result, roller):
    ev.rast(st, "quake_area", "any", result["spread"])


@step
def quake_area(st: TahitiState, a: int, how: str) -> None:
    hit = ev.spread(st, a, how)
    for cell, v in sorted(st.villages.items()):
        if v[1] and st.b.area[cell] in hit:
            ev.reduce_village(st, cell, population=True)


def rain(st, entry, result, roller):
    from .data import rule_data
    st.cond["rain"] = int(rule_data()["rain_allowance"][result["rain"]])


def fertility(st, entry, result, roller):
    st.push(*[("fertility_one",) for _ in range(int(result["areas"]))])


@step
def fertility_one(st: TahitiState) -> None:
    ev.rast(st, "fertile_area", "any")


@step
def fertile_area(st: TahitiState, a: int) -> None:
    p = area_control(st)[a]
    if p >= 0:  # "If the area is neutral, ignore."
        ev.add_population(st, p, a)


def new_elders(st, entry, result, roller):
    k = len(st.players) if result["elders"] == "players" else int(result["elders"])
    st.push(*[("elder_contest", tuple(st.live()), ()) for _ in range(k)])


@step
def elder_contest(st: TahitiState, players: tuple, faces: tuple) -> None:
    if len(faces) < len(players):
        st.roll("on_elder_contest", players, faces, kind="elder")
        return
    score = [f - 2 * sum(1 for u in st.units if u[1] == p and u[0] == "clan_elder") for p, f in zip(players, faces)]
    top = max(score)
    tied = [p for p, s in zip(players, score) if s == top]
    if len(tied) == 1:
        st.push(("elder_to", tied[0]))
    else:  # ties: resolved by the rolling player
        ev.choose_opponent(st, st.initiative, "elder_to", among=tied)


@handler
def on_elder_contest(st: TahitiState, face: int, players: tuple, faces: tuple) -> None:
    st.push(("elder_contest", players, faces + (face,)))


@step
def elder_to(st: TahitiState, p: int) -> None:
    if home_cell(st, p) >= 0:
        st.add_unit("clan_elder", p, home_cell(st, p))


def nothing(st, entry, result, roller):
    return


def fire(st, entry, result, roller):
    st.push(("fire_pick", int(result["villages"])))


@step
def fire_pick(st: TahitiState, k: int) -> None:
    cells = [c for c, v in sorted(st.villages.items()) if v[1]]
    if k > 0 and cells:
        st.pick(len(cells), "on_fire", tuple(cells), k)


@handler
def on_fire(st: TahitiState, action: int, cells: tuple, k: int) -> None:
    cell = cells[action - PICK]
    v = st.villages[cell]
    v[1], v[2], v[3] = 0, 0, 0
    st.remove([u[4] for u in st.units if u[2] == cell and u[0] == "war_canoe"])
    from .combat import push_panic
    st.push(("fire_pick", k - 1))
    push_panic(st, [u[4] for u in st.units if u[2] == cell and u[0] not in ("head_chieftain", "war_canoe")],
               with_chieftain=False, second_kills=False)


def rotten_logs(st, entry, result, roller):
    total = sum(v[2] for v in st.villages.values())
    k = total if result["logs"] == "all" else min(total, int(result["logs"]))
    st.push(*[("rot_one",) for _ in range(k)])


@step
def rot_one(st: TahitiState) -> None:
    logs = [c for c, v in sorted(st.villages.items()) for _ in range(v[2])]
    if logs:
        st.pick(len(logs), "on_rot", tuple(logs))


@handler
def on_rot(st: TahitiState, action: int, logs: tuple) -> None:
    st.villages[logs[action - PICK]][2] -= 1


def curse(st, entry, result, roller):
    if result["target"] == "player":
        ev.choose_opponent(st, roller, "curse_player")
        return
    cells = sorted({u[2] for u in st.units if u[1] != roller and u[0] in COMBAT})
    if cells:
        st.decide(roller, [CELL + c for c in cells], "on_curse_stack", roller, result["target"])


@handler
def on_curse_stack(st: TahitiState, action: int, roller: int, target: str) -> None:
    from .rulesdata import combat_value
    units = [u for u in st.units if u[2] == action - CELL and u[1] != roller and u[0] in COMBAT]
    if target == "strongest_in_stack":
        units = [max(units, key=lambda u: (combat_value(u[0]), -u[4]))]
    for u in units:
        u[3] |= CURSED


@step
def curse_player(st: TahitiState, p: int) -> None:
    for u in st.units:
        if u[1] == p and u[0] in COMBAT:
            u[3] |= CURSED


def kevin(st, entry, result, roller):
    if "reroll" in result:
        st.tokens.append((roller, result["reroll"]))
    elif result["end"] == "decisive_battle":
        st.push(("decisive_battle",))
    elif result["end"] == "armageddon":
        from .victory import armageddon
        armageddon(st)
    else:  # divine intervention: the fewest areas; ties: the rolling player picks
        held = areas_held(st)
        low = min(held[p] for p in st.live())
        ev.choose_opponent(st, roller, "divine", among=[p for p in st.live() if held[p] == low])


@step
def divine(st: TahitiState, p: int) -> None:
    from .victory import total_victory
    total_victory(st, p, "Divine Intervention (event 66-5)")


EFFECTS = {f.__name__: f for f in (storm, flood, shaman_dies, eclipse, shaman_cure, recall, free_build, defection,
                                   chief_dies, canoe_sinks, famine, indecision, plague, truce, more_events,
                                   earthquake, rain, fertility, new_elders, nothing, fire, rotten_logs, curse, kevin)}
