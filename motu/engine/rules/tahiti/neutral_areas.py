"""The Area Control Phase of a Tahiti game: captures, and neutral areas won with the 15.5 counters.

Scope (docs/rules/tahiti.md "Area Control"): Motu's reconstruction of the base rule, and 15.5.
- A Village (built or part-built) whose hex holds another player's Combat Units and none of
  its owner's units is captured by that player. Units inside a Marae compound take no part:
  15.8, they "are not counted for area control purposes".
- The requirements to take control count the units that act: not those in a Marae compound,
  and not a sullen Clan Elder (event 41-42 "refuses to act"; as `queries.has_leader`), who is
  neither the Leader needed nor part of `conquest_strength`.
- An area held by a Control marker, where one other player has a Leader and at least
  `conquest_strength` combat value and the marker's owner has no units, passes to him.
- A neutral area (no player's Village, no Control marker) where exactly one player has units,
  among them a Leader, and at least `conquest_strength` combat value: he meets the requirements
  to take control. 15.5: a counter is drawn from the cup (two each of A-K, no I;
  special_events.yaml); E and F need a special roll (two dice + his combat value in the area
  >= 11) and stay on the area when it fails; the Navigator (C) is kept; the others are used
  up. Control gained: a Control marker, the counter's Population (normally 3), its extras (D's
  War Canoe and J's Part-built Village where the player chooses, K's Stump at random) and a
  Clan Elder roll. Option 15.5 off, or the cup empty: the normal result.
- After the phase, a Navigator may be handed to another player (15.5 C "may be traded";
  option `rule_15_5_navigator_trade`).
"""
from __future__ import annotations

from motu.engine.rules.events import ControlChanged

from .unit import Unit
from .clan_events import NavigatorPassed
from .game_state import CELL, COMBAT, DONE, IN_MARAE, PICK, TahitiState, handler, step
from .queries import has_leader, strength


def _presence(st: TahitiState) -> list[dict[int, list]]:
    out: list[dict[int, list]] = [{} for _ in st.b.areas]
    for u in st.units:
        a = st.b.area[u.cell]
        if a >= 0 and u.kind != "war_canoe" and not u.flags & IN_MARAE:
            out[a].setdefault(u.player, []).append(u)
    return out


def _can_take(st: TahitiState, units: list[Unit]) -> bool:
    # A sullen Clan Elder (41-42) "refuses to act": taking an area is an act, so he counts as
    # he does in an attack (no Leader, no combat value).
    acting = strength(st, units, attacking=True)
    return has_leader(units) and acting >= int(st.opts["conquest_strength"])


@step
def area_control(st: TahitiState) -> None:
    for cell, v in st.villages.items():
        here = {u.player for u in st.units if u.cell == cell and u.kind != "war_canoe" and not u.flags & IN_MARAE}
        takers = {u.player for u in st.units if u.cell == cell and u.kind in COMBAT and not u.flags & IN_MARAE}
        if v[0] not in here and len(takers) == 1 and len(here) == 1:
            before, v[0] = v[0], next(iter(takers))
            label = st.b.labels[cell]
            st._emit(ControlChanged("village", label, f"the Village at {label}", before if before >= 0 else None, v[0]))
    pres = _presence(st)
    for a, p in list(st.control_markers.items()):
        others = [q for q in pres[a] if q != p]
        if p not in pres[a] and len(others) == 1 and _can_take(st, pres[a][others[0]]):
            st.control_markers[a] = others[0]
            st._emit(ControlChanged("area", str(st.b.areas[a]), st.b.area_names[a], p, others[0], "15.5"))
    held = _unconverted(st)
    todo = []
    for a in range(len(st.b.areas)):
        if held[a] and len(pres[a]) == 1:
            p = next(iter(pres[a]))
            if _can_take(st, pres[a][p]):
                todo.append(("convert", a, p))
    st.push(*todo)


def _unconverted(st: TahitiState) -> list[bool]:
    """Neutral for 15.5: no player's Village and no Control marker in the area. (Sole presence
    makes an area count as controlled, but it has not been won until it is converted.)"""
    out = [a not in st.control_markers for a in range(len(st.b.areas))]
    for cell, v in st.villages.items():
        if v[1] and v[0] >= 0 and st.b.area[cell] >= 0:
            out[st.b.area[cell]] = False
    return out


@step
def convert(st: TahitiState, a: int, p: int) -> None:
    if a in st.letters_left:
        st.push(("apply_counter", a, p, st.letters_left[a]))
        return
    total = sum(st.cup)
    if not st.opts["rule_15_5_neutral_events"] or total == 0:
        st.push(("settle", a, p, ""))
        return
    st.chance([(PICK + i, n / total) for i, n in enumerate(st.cup) if n], "on_draw_counter", a, p)


@handler
def on_draw_counter(st: TahitiState, action: int, a: int, p: int) -> None:
    i = action - PICK
    st.cup[i] -= 1
    st.push(("apply_counter", a, p, st.b.data.letters()[i]))


@step
def apply_counter(st: TahitiState, a: int, p: int, letter: str) -> None:
    c = st.b.data.counter(letter)
    if c.get("independent"):
        st.roll("on_independence_die", a, p, letter, 0)
    else:
        st.push(("settle", a, p, letter))


@handler
def on_independence_die(st: TahitiState, face: int, a: int, p: int, letter: str, first: int) -> None:
    """E, F: "area remains neutral unless you roll an 11 or greater on a special die roll. Add
    one to roll for each combat factor you have in area." *(choice)* The "special die roll" is
    two dice (option rule_15_5_special_roll: `two_dice`, so that 11 is within a roll's reach
    without combat factors), or one die (`one_die`: the player needs 5 combat factors or more)."""
    if not first and st.opts["rule_15_5_special_roll"] == "two_dice":
        st.roll("on_independence_die", a, p, letter, face)
        return
    units = _presence(st)[a].get(p, [])  # a Marae compound's units are not "in area" (15.8)
    if first + face + strength(st, units) >= int(st.b.data.counter(letter)["independent"]):
        st.push(("settle", a, p, letter))
    else:
        st.letters_left[a] = letter  # "will stay on the board if the player fails"
        st._emit(ControlChanged("area", str(st.b.areas[a]), st.b.area_names[a], None, None, f"15.5, counter {letter}"))


def _place_cell(st: TahitiState, a: int, p: int) -> int:
    cells = sorted(u.cell for u in st.units if u.player == p and st.b.area[u.cell] == a and u.kind != "war_canoe")
    return cells[0] if cells else st.b.area_cells[a][0]


@step
def settle(st: TahitiState, a: int, p: int, letter: str) -> None:
    b = st.b
    st.letters_left.pop(a, None)
    c = st.b.data.counter(letter) if letter else st.b.data.doc("special_events")["normal"]
    cell = _place_cell(st, a, p)
    st.control_markers[a] = p
    st._emit(ControlChanged("area", str(b.areas[a]), b.area_names[a], None, p, "15.5"))
    for kind in c.get("units", ()):
        st.add_unit(kind, p, cell)
    for _ in range(int(c.get("population", 0))):
        st.add_unit("population", p, cell)
    if c.get("navigator"):
        st.navigator[p] += 1
    # D and J: "any coastal hex" / "any eligible hex" of the area: the player's choice.
    then = []
    if c.get("war_canoe") and b.area_coast[a]:
        then += [("counter_place", a, p, "war_canoe")] * int(c["war_canoe"])
    if c.get("part_built_village") and village_hexes(st, a):
        then.append(("counter_place", a, p, "part_built_village"))
    if c.get("stump"):
        jungle = tuple(x for x in b.area_jungle[a] if x not in st.stumps)
        if jungle:  # "If there is no jungle in the area, now you know why."
            then.append(("stump_pick", jungle))
    st.push(*then, ("elder_roll", a, p, tuple(c.get("elder_on", ())), cell))


@step
def stump_pick(st: TahitiState, jungle: tuple) -> None:
    st.pick(len(jungle), "on_stump", jungle)


def village_hexes(st: TahitiState, a: int) -> list[int]:
    """Hexes of the area where a Village may stand (J's "eligible hex"): the terrains the
    catalogue allows a Village on (coast, clear, jungle), with no Village yet."""
    b = st.b
    return [x for x in b.area_cells[a] if b.terrain[x] in ("coast", "clear", "jungle") and x not in st.villages]


@step
def counter_place(st: TahitiState, a: int, p: int, what: str) -> None:
    cells = st.b.area_coast[a] if what == "war_canoe" else village_hexes(st, a)
    st.decide(p, [CELL + x for x in cells], "on_counter_place", p, what)


@handler
def on_counter_place(st: TahitiState, action: int, p: int, what: str) -> None:
    if what == "war_canoe":
        st.add_unit("war_canoe", p, action - CELL)
    else:
        st.villages[action - CELL] = [p, 0, 0, 0, -1]


@handler
def on_stump(st: TahitiState, action: int, jungle: tuple) -> None:
    st.stumps.add(jungle[action - PICK])


@step
def elder_roll(st: TahitiState, a: int, p: int, faces: tuple, cell: int) -> None:
    if faces:
        st.roll("on_elder_roll", p, faces, cell, kind="elder")


@handler
def on_elder_roll(st: TahitiState, face: int, p: int, faces: tuple, cell: int) -> None:
    if face in faces and not st.out[p]:
        st.add_unit("clan_elder", p, cell)


# --- trading the Navigator (15.5 C: "This counter may be traded") --------------------------------

@step
def navigator_trades(st: TahitiState) -> None:
    """Each holder in turn order may hand a Navigator counter to another player: with option
    `rule_15_5_navigator_trade` `meet` (the counter travels with the Head Chieftain) only to one
    whose Head Chieftain shares his Head Chieftain's hex; `anywhere`: to any player; `never`."""
    how = st.opts["rule_15_5_navigator_trade"]
    if how == "never":
        return
    todo = [("navigator_offer", p) for p in st.order if st.navigator[p] and not st.out[p]]
    st.push(*todo)


def trade_partners(st: TahitiState, p: int) -> list[int]:
    others = [q for q in st.live() if q != p]
    if st.opts["rule_15_5_navigator_trade"] == "anywhere":
        return others
    hc = {u.player: u.cell for u in st.units if u.kind == "head_chieftain"}
    return [q for q in others if p in hc and hc.get(q) == hc[p]]


@step
def navigator_offer(st: TahitiState, p: int) -> None:
    partners = trade_partners(st, p)
    if partners and st.navigator[p] and not st.out[p]:
        st.decide(p, [DONE] + [PICK + q for q in partners], "on_navigator_offer", p)


@handler
def on_navigator_offer(st: TahitiState, action: int, p: int) -> None:
    if action != DONE:
        q = action - PICK
        st.navigator[p] -= 1
        st.navigator[q] += 1
        st._emit(NavigatorPassed(st.turn, p, q))
