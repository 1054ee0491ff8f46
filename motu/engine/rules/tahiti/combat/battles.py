"""The Combat Phase of a Tahiti game: land battles (9.2) and their losses, Clan Elders captured (12.1).

Scope: Motu's reconstruction of 9.2 (docs/rules/tahiti.md "Combat (9.2)"), numbers in combat.yaml:
- a battle is fought in every hex holding units of two or more players (not in the Arioi's
  area, 15.6; not in rain, 52-53, or truce, 44-45), one battle at a time in cell order, until
  each hex holds one player. The attacker is the player who moved in last; he fights the
  strongest other player there (option `rule_9_2_several_players: one_at_a_time`) or all the
  others together (`together`). Attacking a hex of Population alone is optional (7.5);
- each side rolls a die and adds its combat values (queries.strength); the higher total wins,
  the defender wins ties; losses by the margin (combat.yaml `results`), weakest first
  (`loss_order`); a Clan Elder lost is captured (12.1), a Head Chieftain lost is killed: his
  player is out, a Shaman lost is replaced in two turns (event 21's normal rule; losses.py);
  every losing player's stack then retreats (the step `retreat`, retreat.py);
- event 66-4's decisive battle (the last three functions).
"""
from __future__ import annotations

from motu.engine.rules.events import Battle, BattleSide

from ..unit import Unit
from ..constants import CELL, COMBAT, DONE, IN_MARAE, LEADERS, MOVED
from ..game_state import TahitiState
from .losses import lose_unit
from ..machinery import handler, step
from ..queries import on_island, strength
from ..victory import total_victory


def fighting(st: TahitiState, cell: int, players=None) -> list[Unit]:
    """The units in a battle at `cell`: not War Canoes, not those within a Marae compound (15.8)."""
    return [u for u in st.units if u.cell == cell and u.kind != "war_canoe" and not u.flags & IN_MARAE
            and (players is None or u.player in players)]


def contested(st: TahitiState) -> list[int]:
    seen: dict[int, set[int]] = {}
    for u in st.units:
        if u.kind != "war_canoe" and not u.flags & IN_MARAE:
            seen.setdefault(u.cell, set()).add(u.player)
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
    st.push(("combat",))  # then the next battle, here or elsewhere
    here = fighting(st, c)
    players = {u.player for u in here}
    movers = [p for p in st.order if any(u.player == p and u.flags & MOVED for u in here)]
    attacker = movers[-1] if movers else next(p for p in st.order if p in players)
    others = [p for p in st.order if p in players and p != attacker]
    # The strongest first (a side with more than Population before one of Population alone at
    # equal strength), then turn order.
    others.sort(key=lambda p: (-strength(st, fighting(st, c, {p})),
                               all(u.kind == "population" for u in fighting(st, c, {p}))))
    defenders = tuple(others) if st.opts["rule_9_2_several_players"] == "together" else (others[0],)
    if all(u.kind == "population" for u in here if u.player != attacker):
        # 7.5: attacking Population is optional; declined, the hex stays at peace this phase.
        st.decide(attacker, [DONE, CELL + c], "on_attack_population", c, attacker, defenders)
    else:
        st.roll("on_attack_die", c, attacker, defenders)


@handler
def on_attack_population(st: TahitiState, action: int, cell: int, attacker: int, defenders: tuple) -> None:
    if action == DONE:
        st.cond.setdefault("peace", set()).add(cell)
    else:
        st.roll("on_attack_die", cell, attacker, defenders)


@handler
def on_attack_die(st: TahitiState, face: int, cell: int, attacker: int, defenders: tuple) -> None:
    st.roll("on_defence_die", cell, attacker, defenders, face)


@handler
def on_defence_die(st: TahitiState, face: int, cell: int, attacker: int, defenders: tuple, attack_die: int) -> None:
    a_total = strength(st, fighting(st, cell, {attacker}), attacking=True) + attack_die
    d_total = strength(st, fighting(st, cell, set(defenders))) + face
    lose_n, win_n = st.b.data.combat_losses(abs(a_total - d_total))
    if a_total > d_total:
        winners, losers, captor = (attacker,), defenders, attacker
    else:  # the defender wins ties
        winners, losers, captor = defenders, (attacker,), defenders[0]
    names = st.b.names
    order = {k: i for i, k in enumerate(names)}  # the catalogue's order: Leaders first, then Population, troops
    fought = [tuple(names.get(u.kind, u.kind) for u in sorted(fighting(st, cell, set(side)), key=lambda u: order.get(u.kind, 99)))
              for side in ((attacker,), defenders)]
    events = st._events  # None: nobody reads this state's events (a bot's look-ahead)
    mark = len(events) if events is not None else 0  # the battle is told before the losses it caused
    lost_w = take_losses(st, cell, winners, win_n, attacker if captor != attacker else defenders[0])
    lost_l = take_losses(st, cell, losers, lose_n, captor)
    lost = (lost_w, lost_l) if winners[0] == attacker else (lost_l, lost_w)
    elders = names.get("clan_elder", "clan_elder")
    if events is not None:
        margin = abs(a_total - d_total)
        result = f"by {margin:g}" if margin else "a tie: the defender wins ties"
        events.insert(mark, Battle(cell, st.b.labels[cell], tuple(
            BattleSide(players, fought[i], (a_total - attack_die, d_total - face)[i], ((attack_die, face)[i],),
                       (a_total, d_total)[i], lost[i], tuple(n for n in lost[1 - i] if n == elders))
            for i, players in enumerate(((attacker,), tuple(defenders)))), 0 if a_total > d_total else 1,
            result, "9.2"))
    st.push(*[("retreat", cell, p, captor) for p in losers
              if not st.out[p] and fighting(st, cell, {p})])


def take_losses(st: TahitiState, cell: int, side: tuple, n: int, captor: int) -> tuple[str, ...]:
    """`n` units of the side lost, weakest first across its players (loss_order, then combat
    value); the names of the units lost."""
    order = {k: i for i, k in enumerate(st.b.data.doc("combat")["loss_order"])}
    lost: list[str] = []
    for _ in range(n):
        units = [u for u in fighting(st, cell, set(side)) if u.kind in order and not st.out[u.player]]
        if not units:
            break
        u = min(units, key=lambda u: (order[u.kind], st.b.data.combat_value(u.kind), u.uid))
        lost.append(st.b.names.get(u.kind, u.kind))
        lose_unit(st, u, captor, "battle")
    return tuple(lost)


@step
def decisive_battle(st: TahitiState) -> None:
    """Event 66-4: "All players still on Tahiti gather their most powerful legal stacks for one
    decisive battle." Still on Tahiti: his Head Chieftain is on the island of the Home Villages
    (not away on an expedition; `home_island`). Motu has no stacking limit, so the most powerful
    legal stack is all his units on that island gathered (option rule_15_12_decisive_battle: or
    his strongest stack where it stands); each such player rolls a die and adds its combat
    value; the highest total wins (the tied re-roll)."""
    main = home_island(st)
    fighters = [p for p in st.live() if on_island(st, p) == main]
    if not fighters:
        return  # nobody is left on Tahiti to fight it: the event has no effect
    def on_tahiti(u):
        return st.b.area[u.cell] >= 0 and st.b.area_island[st.b.area[u.cell]] == main

    if st.opts.get("rule_15_12_decisive_battle", "gather_all") == "strongest_stack":
        power = tuple(max(strength(st, [u for u in st.units if u.player == p and u.cell == c])
                          for c in {u.cell for u in st.units if u.player == p and on_tahiti(u)}) for p in fighters)
    else:
        power = tuple(strength(st, [u for u in st.units if u.player == p and on_tahiti(u)]) for p in fighters)
    st.push(("decisive_roll", tuple(fighters), power, ()))


def home_island(st: TahitiState) -> str | None:
    """The game's "Tahiti": the island of the players' own Home Villages (not of a site no player
    took); on a map where they lie on several, the island of most of them, then of most areas."""
    b = st.b
    islands = [b.area_island[b.area[c]] for c in st.home if c >= 0 and b.area[c] >= 0]
    if not islands:
        return None
    return max(dict.fromkeys(islands), key=lambda i: (islands.count(i), b.area_island.count(i)))


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
    total_victory(st, tied[0], "the decisive battle (event 66-4)")


@handler
def on_decisive_die(st: TahitiState, face: int, fighters: tuple, power: tuple, faces: tuple) -> None:
    st.push(("decisive_roll", fighters, power, faces + (face,)))


COMBAT_KINDS = COMBAT + LEADERS
