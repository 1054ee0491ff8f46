"""The Combat Phase of a Tahiti game: land combat (9.2), Panic on retreat, Clan Elders (12.1, 15.9).

Scope: Motu's reconstruction of 9.2 (docs/rules/tahiti.md "Combat"), numbers in combat.yaml:
- a battle is fought in every hex holding units of two players (not in the Arioi's area, 15.6;
  not in rain, 52-53, or truce, 44-45). The attacker is the player who moved in last; attacking
  a hex of Population alone is optional (7.5);
- each side rolls a die and adds its combat values; the higher total wins, the defender wins
  ties; losses by the margin (combat.yaml `results`), weakest first (`loss_order`); a Clan
  Elder lost is captured (12.1), a Head Chieftain lost is killed: his player is out;
- the loser retreats `retreat_hexes` hexes toward his Home Village, or toward a Marae he
  controls (15.8, his choice), rolling for Panic in every hex: odd panics; a unit that panics
  twice in one retreat is lost; 15.9: Clan Elders roll too (not on a one-hex retreat; with
  their Head Chieftain only 1 and 3 panic), a second panic is a capture, else they flip back.
  A loser with nowhere to go is lost with his stack.
"""
from __future__ import annotations

from collections import deque

from .game_state import CELL, COMBAT, DONE, FLIPPED, IN_MARAE, LEADERS, MOVED, TahitiState, handler, step
from .queries import home_cell, marae_control, area_control, strength
from .rulesdata import combat_losses, combat_value, load


def contested(st: TahitiState) -> list[int]:
    seen: dict[int, set[int]] = {}
    for u in st.units:
        if u[0] != "war_canoe" and not u[3] & IN_MARAE:
            seen.setdefault(u[2], set()).add(u[1])
    peace = st.cond.get("peace", set())
    arioi_area = st.b.area[st.arioi] if st.arioi >= 0 else -2
    return sorted(c for c, ps in seen.items() if len(ps) > 1 and c not in peace and st.b.area[c] != arioi_area)


@step
def combat(st: TahitiState) -> None:
    if st.cond.get("rain") or st.cond.get("truce"):
        return  # 52-53, 44-45: combat is prohibited
    cells = contested(st)
    if not cells:
        return
    c = cells[0]
    st.push(("combat",))
    here = [u for u in st.units if u[2] == c and u[0] != "war_canoe" and not u[3] & IN_MARAE]
    players = sorted({u[1] for u in here})
    movers = [p for p in st.order if any(u[1] == p and u[3] & MOVED for u in here)]
    attacker = movers[-1] if movers else next(p for p in st.order if p in players)
    others = [p for p in players if p != attacker]
    defender = max(others, key=lambda p: (strength(st, [u for u in here if u[1] == p]), -others.index(p)))
    if all(u[0] == "population" for u in here if u[1] == defender):
        # 7.5: attacking Population is optional.
        st.decide(attacker, [DONE, CELL + c], "on_attack_population", c, attacker, defender)
    else:
        st.roll("on_attack_die", c, attacker, defender)


@handler
def on_attack_population(st: TahitiState, action: int, cell: int, attacker: int, defender: int) -> None:
    if action == DONE:
        st.cond.setdefault("peace", set()).add(cell)
    else:
        st.roll("on_attack_die", cell, attacker, defender)


@handler
def on_attack_die(st: TahitiState, face: int, cell: int, attacker: int, defender: int) -> None:
    st.roll("on_defence_die", cell, attacker, defender, face)


@handler
def on_defence_die(st: TahitiState, face: int, cell: int, attacker: int, defender: int, attack_die: int) -> None:
    att = [u for u in st.units if u[2] == cell and u[1] == attacker and u[0] != "war_canoe"]
    dfn = [u for u in st.units if u[2] == cell and u[1] == defender and u[0] != "war_canoe" and not u[3] & IN_MARAE]
    a_total = strength(st, att, attacking=True) + attack_die
    d_total = strength(st, dfn) + face
    winner, loser = (attacker, defender) if a_total > d_total else (defender, attacker)
    lose_n, win_n = combat_losses(abs(a_total - d_total))
    st.log.append(f"turn {st.turn}: battle at {st.b.labels[cell]}: {st.players[attacker]} {a_total} "
                  f"against {st.players[defender]} {d_total}; {st.players[winner]} wins")
    take_losses(st, cell, winner, win_n, loser)
    take_losses(st, cell, loser, lose_n, winner)
    if any(u[2] == cell and u[1] == loser and u[0] != "war_canoe" for u in st.units) and not st.out[loser]:
        st.push(("retreat", cell, loser, winner))


def take_losses(st: TahitiState, cell: int, player: int, n: int, enemy: int) -> None:
    order = {k: i for i, k in enumerate(load("combat")["loss_order"])}
    for _ in range(n):
        units = [u for u in st.units if u[2] == cell and u[1] == player and u[0] in order and not u[3] & IN_MARAE]
        if not units or st.out[player]:
            return
        u = min(units, key=lambda u: (order[u[0]], combat_value(u[0]), u[4]))
        lose_unit(st, u, enemy)


def lose_unit(st: TahitiState, u: list, enemy: int) -> None:
    """A unit lost to `enemy`: removed; a Clan Elder captured (12.1); a Head Chieftain killed."""
    if u[0] == "head_chieftain":
        from .victory import eliminate
        eliminate(st, u[1], f"the {st.players[u[1]]} Head Chieftain is killed")
        return
    st.remove([u[4]])
    if u[0] == "clan_elder":
        capture_elder(st, enemy)


def capture_elder(st: TahitiState, captor: int) -> None:
    """12.1 (Motu's reading, option rule_12_1_capture): the captured Clan Elder is adopted by his
    captor and appears at the captor's Home Village; with `remove` he is simply out of play."""
    home = home_cell(st, captor)
    if st.opts["rule_12_1_capture"] == "adopt" and home >= 0 and not st.out[captor]:
        st.add_unit("clan_elder", captor, home)


@step
def retreat(st: TahitiState, cell: int, loser: int, winner: int) -> None:
    targets = []
    home = home_cell(st, loser)
    if home >= 0 and home != cell:
        targets.append(home)
    if st.opts["rule_15_8_maraes"]:
        held = area_control(st)
        targets += [m for m, p in sorted(marae_control(st, held).items()) if p == loser and m != cell]
    if len(targets) > 1:
        st.decide(loser, [CELL + t for t in targets], "on_retreat_target", cell, loser, winner)
    else:
        on_retreat_target(st, CELL + targets[0] if targets else -1, cell, loser, winner)


@handler
def on_retreat_target(st: TahitiState, action: int, cell: int, loser: int, winner: int) -> None:
    target = action - CELL if action >= CELL else -1
    uids = [u[4] for u in st.units if u[2] == cell and u[1] == loser and not u[3] & IN_MARAE]
    path = retreat_path(st, cell, loser, target)
    if not path:
        for uid in uids:  # nowhere to go: the stack is lost
            u = st.unit(uid)
            if u is not None and not st.out[loser]:
                if u[0] == "war_canoe":
                    st.remove([uid])
                else:
                    lose_unit(st, u, winner)
        return
    with_hc = any(st.unit(x)[0] == "head_chieftain" for x in uids)
    steps = [("retreat_hex", loser, winner, tuple(uids), c, with_hc, len(path)) for c in path]
    st.push(*steps, ("retreat_end", tuple(uids), path[-1] if path[-1] in st.maraes and path[-1] == target else -1))


def retreat_path(st: TahitiState, start: int, player: int, target: int) -> list[int]:
    """Up to retreat_hexes land hexes toward `target`, never into an enemy-held hex; without a
    target (no Home Village), away to the first free land hexes."""
    b = st.b
    n = int(load("combat")["retreat_hexes"])
    enemy = {u[2] for u in st.units if u[1] != player and u[0] != "war_canoe"}
    prev = {start: -1}
    queue = deque([start])
    found = -1
    while queue:
        c = queue.popleft()
        if c == target:
            found = c
            break
        for x in b.nb[c]:
            if x not in prev and b.land[x] and x not in enemy:
                prev[x] = c
                queue.append(x)
    if found < 0:
        far = [c for c in prev if c != start]
        if not far:
            return []
        found = far[min(len(far), n) - 1] if target < 0 else far[-1]
    path = []
    c = found
    while c != start:
        path.append(c)
        c = prev[c]
    return list(reversed(path))[:n]


@step
def retreat_hex(st: TahitiState, loser: int, winner: int, uids: tuple, cell: int, with_hc: bool, length: int) -> None:
    alive = [st.unit(x) for x in uids]
    alive = [u for u in alive if u is not None]
    for u in alive:
        u[2] = cell
    rolling = [u[4] for u in alive if u[0] not in ("head_chieftain", "war_canoe")
               and (u[0] != "clan_elder" or (st.opts["rule_15_9_elder_panic"] and length > 1))]
    push_panic(st, rolling, with_chieftain=with_hc, second_kills=True, enemy=winner)


def push_panic(st: TahitiState, uids: list[int], with_chieftain: bool, second_kills: bool, enemy: int = -1) -> None:
    st.push(*[("panic_roll", uid, with_chieftain, second_kills, enemy) for uid in uids])


@step
def panic_roll(st: TahitiState, uid: int, with_chieftain: bool, second_kills: bool, enemy: int) -> None:
    if st.unit(uid) is not None:
        st.roll("on_panic", uid, with_chieftain, second_kills, enemy)


@handler
def on_panic(st: TahitiState, face: int, uid: int, with_chieftain: bool, second_kills: bool, enemy: int) -> None:
    u = st.unit(uid)
    data = load("combat")
    faces = data["panic_on_with_chieftain"] if (u[0] == "clan_elder" and with_chieftain) else data["panic_on"]
    if face not in faces:
        return
    if u[3] & FLIPPED and second_kills:
        lose_unit(st, u, enemy)  # panicked twice in one retreat: lost (a Clan Elder captured, 15.9)
    else:
        u[3] |= FLIPPED


@step
def retreat_end(st: TahitiState, uids: tuple, marae: int) -> None:
    for uid in uids:
        u = st.unit(uid)
        if u is None:
            continue
        if u[0] == "clan_elder":
            u[3] &= ~FLIPPED  # 15.9: "flip him back right-side-up"
        if marae >= 0 and u[2] == marae and u[0] != "war_canoe":
            u[3] |= IN_MARAE  # 15.8: within the temple compound


@step
def decisive_battle(st: TahitiState) -> None:
    """Event 66-4: every player still on Tahiti brings his strongest stack; each rolls a die and
    adds its combat values; the highest total wins (re-roll among tied totals)."""
    from .queries import on_island
    main = st.b.area_island[st.b.area[st.b.homes[0][0]]]  # "still on Tahiti": the island of the Home Villages
    fighters = [p for p in st.live() if on_island(st, p) == main or main is None]
    if not fighters:
        fighters = st.live()
    best = {}
    for p in fighters:
        cells = {u[2] for u in st.units if u[1] == p}
        best[p] = max((strength(st, [u for u in st.units if u[1] == p and u[2] == c]) for c in cells), default=0)
    st.push(("decisive_roll", tuple(fighters), tuple(best[p] for p in fighters), ()))


@step
def decisive_roll(st: TahitiState, fighters: tuple, power: tuple, faces: tuple) -> None:
    if len(faces) < len(fighters):
        st.roll("on_decisive_die", fighters, power, faces)
        return
    totals = [a + b for a, b in zip(power, faces)]
    top = max(totals)
    tied = [p for p, t in zip(fighters, totals) if t == top]
    if len(tied) > 1:
        st.push(("decisive_roll", tuple(tied), tuple(power[fighters.index(p)] for p in tied), ()))
        return
    from .victory import total_victory
    total_victory(st, tied[0], "the decisive battle (event 66-4)")


@handler
def on_decisive_die(st: TahitiState, face: int, fighters: tuple, power: tuple, faces: tuple) -> None:
    st.push(("decisive_roll", fighters, power, faces + (face,)))


COMBAT_KINDS = COMBAT + LEADERS
