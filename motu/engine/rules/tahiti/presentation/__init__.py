"""What a Tahiti game shows: action texts, action cells, map markers, information, summary.

Scope: the playtest window's and balance reports' view of a TahitiState (motu/engine/rules/api.py's
optional verbs), and `TahitiPresentation`, what `TahitiRules.presentation()` returns: the
table's words (table.py) and its own events in words (event_words.py). Nothing here changes a game.
"""
from __future__ import annotations

from typing import Any

from motu.engine.rules.events import Roll, UnitLost
from motu.engine.rules.presentation import Presentation

from ..unit import Unit
from ..constants import (BUILDS, CELL, COMBAT, CURSED, DONE, EXPED, FLIPPED, IN_MARAE, LAND, MOVED, PICK, REROLL, SEA,
                         SPLIT, STAYED, SULLEN, TAKE, UNIT_CLASSES, first_of_class, unit_class)
from . import table
from ..data.tables import load
from ..queries import area_control, areas_held
from ..clan_events import ClanOut, ExpeditionEnded, RecallEnded
from ..retreat_event import Retreat
from .event_words import tahiti_event_words
from ..roll_causes import IN_A_RETREAT

SYMBOL = {"head_chieftain": "HC", "clan_elder": "CE", "shaman": "Sh", "population": "P", "militia": "Mi",
          "slingers": "Sl", "fighters": "F", "heavy_troops": "HT", "war_canoe": "WC"}


# What "done" (action 0) means at each decision, and what a hex chosen there does.
DONE_TEXT = {
    "on_move": "end movement",
    "on_continue": "stay here",
    "on_attack_population": "leave the Population in peace (7.5)",
    "on_enter_marae": "stay outside the Marae compound",
    "on_forced_march": "no Forced March",
    "on_curse_stack": "curse nobody",
    "on_navigator_offer": "keep the Navigator",
    "on_choose_player": "choose nobody",
    "on_build": "build nothing more this phase",
    "on_keep_unit": "keep no more units",
}
# DONE while picking units, by what the units are picked for (the step that follows).
CHOOSE_DONE = {"group_move": "these units move together: {units}",
               "roll_leader": "the Leader rolls with {units}",
               "march_leaders": "Forced March by {units}",
               "march": "march with {units}"}
CELL_TEXT = {
    "on_attack_population": "attack the Population at {hex}",
    "on_variable_movement_leader": "Variable Movement roll for the Leader at {hex}",
    "on_enter_marae": "enter the Marae compound at {hex}",
    "on_forced_march": "Forced March with the Leader at {hex}",
    "on_curse_stack": "curse the stack at {hex}",
    "on_retreat_target": "retreat toward {hex}",
    "on_arioi": "the Arioi to {hex}",
}


def _node_name(st) -> str:
    node = st.node
    if node is None:
        return ""
    return node[2] if node[0] == "chance" else node[3]


def action_to_string(st, a: int) -> str:
    b = st.b
    n = b.size
    lab = b.labels
    name = _node_name(st)
    if st.node is not None and st.node[0] == "chance":
        return table.dice(st, a)["text"]
    if name == "on_choose_units":
        return _choose_text(st, a)
    if name == "on_group_move":
        return _group_move_text(st, a)
    if a == DONE:
        return DONE_TEXT.get(name, "pass")
    if a == REROLL:
        return "re-roll the die (event 66)"
    if SPLIT <= a < TAKE:
        return f"choose which units on {lab[a - SPLIT]} move together"
    if PICK <= a < LAND:
        if name == "on_choose_player":  # an opponent (or a tied player) chosen by the rolling player: what for
            who = st.player_name(st.node[4][1][a - PICK])
            then, _, args = st.node[4]
            unit = b.names.get(args[0], "piece") if args and isinstance(args[0], str) else "piece"
            return load("words")["choose_for"].get(then, "choose {player}").format(player=who, unit=unit)
        if name == "on_navigator_offer":
            return f"give the Navigator to {st.player_name(a - PICK)}"
        return f"choose number {a - PICK + 1} ({table.ASK.get(name, 'a choice')})"
    if a < SEA:
        f, t = divmod(a - LAND, n)
        if f == t:
            return f"step out of the Marae compound at {lab[f]}"
        return f"move the stack on {lab[f]} to {lab[t]}"
    if a < EXPED:
        f, t = divmod(a - SEA, n)
        return f"paddle the stack on {lab[f]} to {lab[t]}"
    if a < CELL:
        f, t = divmod(a - EXPED, n)
        return f"expedition from {lab[f]} to {lab[t]} ({b.area_names[b.area[t]]})"
    k, c = divmod(a - CELL, n)
    if name == "on_build":  # construction.yaml's words for each build, the Village building named
        return build_words()[BUILDS[k]].format(village=st.village_name(st.node[4][1]), hex=lab[c])
    if name == "on_keep_unit":  # 44-45-6: a kind of Combat Unit on a hex
        return f"keep {b.names.get(COMBAT[k], 'a Combat Unit')} at {lab[c]} (44-45)"
    if name == "on_counter_place":  # 15.5 D and J: where the War Canoe or Part-built Village goes
        return f"place the {b.names.get(st.node[4][1], 'counter')} at {lab[c]} (15.5)"
    if name in CELL_TEXT:
        return CELL_TEXT[name].format(hex=lab[c])
    return f"{table.ASK.get(name, 'choose')}: {lab[c]}"


def build_words() -> dict[str, str]:
    """Each build (6.1) as players read it: construction.yaml's `build_words`."""
    return load("construction")["build_words"]


def unit_text(st, kind: str, flags: int = 0, n: int = 1) -> str:
    """A unit's name as the catalogue gives it ("2 Fighters (flipped)")."""
    name = st.b.names.get(kind, kind)
    marks = [m for m, f in (("flipped", FLIPPED), ("cursed", CURSED)) if flags & f]
    return (f"{n} " if n > 1 else "") + name + (f" ({', '.join(marks)})" if marks else "")


def units_text(st, units: list[Unit]) -> str:
    """Units counted by class, in the order of UNIT_CLASSES: "Head Chieftain, 2 Militia"."""
    count: dict[int, int] = {}
    for u in units:
        count[unit_class(u)] = count.get(unit_class(u), 0) + 1
    parts = []
    for k in sorted(count):
        kind, flipped, cursed = UNIT_CLASSES[k]
        parts.append(unit_text(st, kind, (FLIPPED if flipped else 0) | (CURSED if cursed else 0), count[k]))
    return ", ".join(parts) or "nobody"


def _alive(st, uids) -> list[Unit]:
    return [u for u in st.units if u.uid in uids]


def _choose_text(st, a: int) -> str:
    _, pool, picked, _, then, _ = st.node[4]
    if a == DONE:
        return CHOOSE_DONE.get(then, "{units}").format(units=units_text(st, _alive(st, picked)) if picked else "nobody else")
    kind, flipped, cursed = UNIT_CLASSES[a - TAKE]
    return "take a " + unit_text(st, kind, (FLIPPED if flipped else 0) | (CURSED if cursed else 0))


def _group_move_text(st, a: int) -> str:
    _, cell, _, picked = st.node[4]
    who = units_text(st, _alive(st, picked))
    lab = st.b.labels
    if a == DONE:
        return f"{who} stay on {lab[cell]} this phase"
    n = st.b.size
    kind = a // 30_000_000
    f, t = divmod(a - (LAND, SEA, EXPED)[kind], n)
    if kind == 0:
        return f"{who}: step out of the Marae compound at {lab[f]}" if f == t else f"move {who} from {lab[f]} to {lab[t]}"
    if kind == 1:
        return f"paddle {who} from {lab[f]} to {lab[t]}"
    return f"expedition of {who} from {lab[f]} to {lab[t]} ({st.b.area_names[st.b.area[t]]})"


def stack_units(st, cell: int) -> list[dict[str, Any]]:
    """Every unit on `cell`: what a stack panel lists (kinds and names from the catalogue)."""
    choice = stack_choice(st)
    picked = set(choice["picked"]) if choice else set()
    out = []
    for u in st.units:
        if u.cell != cell:
            continue
        f = u.flags
        out.append({"uid": u.uid, "kind": u.kind, "name": st.b.names.get(u.kind, u.kind), "player": u.player,
                    "side": st.players[u.player], "moved": bool(f & MOVED), "stayed": bool(f & STAYED),
                    "flipped": bool(f & FLIPPED), "sullen": bool(f & SULLEN), "cursed": bool(f & CURSED),
                    "in_marae": bool(f & IN_MARAE), "picked": u.uid in picked})
    return out


def stack_choice(st) -> dict[str, Any] | None:
    """While units are being picked (splitting a stack, who moves with a Leader, who marches):
    the hex, the units picked, the units still to pick from, and for each legal pick action the
    unit it takes."""
    if st.node is None or st.node[0] != "decide" or st.node[3] != "on_choose_units":
        return None
    player, pool, picked, _, then, _ = st.node[4]
    units = _alive(st, pool)
    take = {a: first_of_class(units, a - TAKE, picked).uid for a in st.node[2] if a >= TAKE}
    cells = {u.cell for u in units}
    return {"player": player, "cell": min(cells) if cells else None, "for": then, "picked": list(picked),
            "pool": [u.uid for u in units if u.uid not in picked], "take": take}


def action_cells(st, a: int) -> tuple[int | None, int | None]:
    n = st.b.size
    if st.node is not None and st.node[0] == "chance":
        return None, None
    if SPLIT <= a < TAKE:
        return a - SPLIT, None
    for base in (LAND, SEA, EXPED):
        if base <= a < base + n * n:
            return divmod(a - base, n)
    if a >= CELL:
        return None, (a - CELL) % n
    return None, None


def markers(st) -> list[tuple[int, str, str | None]]:
    out: list[tuple[int, str, str | None]] = []
    stacks: dict[tuple[int, int], list[str]] = {}
    for u in st.units:
        stacks.setdefault((u.cell, u.player), []).append(SYMBOL[u.kind] + ("*" if u.flags & IN_MARAE else ""))
    for (cell, p), syms in sorted(stacks.items()):
        out.append((cell, " ".join(sorted(syms)), st.players[p]))
    for cell, v in sorted(st.villages.items()):
        text = ("V" if v[1] else "pV") + (f" L{v[2]}" if v[2] else "") + (f" pC{v[3]}" if v[3] else "")
        out.append((cell, text, st.players[v[0]] if v[0] >= 0 else None))
    for cell, built in sorted(st.maraes.items()):
        out.append((cell, "M" if built else "pM", None))
    for cell in sorted(st.stumps):
        out.append((cell, "stump", None))
    if st.arioi >= 0:
        out.append((st.arioi, "Arioi", None))
    return out


def information(st) -> dict[str, Any]:
    """Plain text for the playtest window's game panel (a dict of short strings)."""
    held = areas_held(st)
    out = [st.player_name(p) for p in range(len(st.players)) if st.out[p]]
    return {"turn": f"{st.turn} (Season {st.season()})", "initiative": st.player_name(st.initiative),
            "order": ", ".join(st.player_name(p) for p in st.order), "step": table.phase(st),
            "areas": ", ".join(f"{st.player_name(p)} {held[p]}" for p in range(len(st.players))),
            "out": ", ".join(out) or "nobody",
            "conditions": table.conditions(st),
            "counters left in the cup": str(sum(st.cup)),
            "result": st.result[2] if st.result else "playing"}


class TahitiPresentation(Presentation):
    """Tahiti at the playtest table: the panel's fixed rows, the dice by their rules, the map's
    markers and legend, the areas washed in their holders' colours, the stack panel's units."""

    board_kind = "map"

    def panel(self, state, seat=None):
        return table.panel(state, seat)

    def result(self, state):
        return table.result(state) or super().result(state)

    def victory_track(self, state):
        return table.victory_track(state)

    def dice(self, state, action, text):
        return table.dice(state, action) or super().dice(state, action, text)

    def log_kind(self, state, action):
        return table.log_kind(state, action)

    def event_words(self, event, seat, state):
        if not event.visible_to(seat):
            return None
        if isinstance(event, UnitLost) and event.cause == "battle":
            return None  # the battle's own line says what each side lost
        return tahiti_event_words(event, self.namer(state)) or super().event_words(event, seat, state)

    def event_kind(self, event):
        if isinstance(event, (Retreat, ClanOut)):
            return "combat"
        if isinstance(event, Roll) and IN_A_RETREAT in event.cause:  # a retreat's Panic: the battle's sequel
            return "combat"
        if isinstance(event, (ExpeditionEnded, RecallEnded)):
            return "moves"
        return super().event_kind(event)

    def cell_label(self, state, cell):
        labels = state.b.labels if state is not None else ()
        return labels[cell] if 0 <= cell < len(labels) else None

    def pieces(self, state):
        return table.pieces(state)

    def map_markers(self, state):
        return table.map_markers(state)

    def legend_style(self):
        return table.LEGEND_STYLE

    def conditions(self, state):
        """This turn's truce, rain and storm (14-15, 44-45, 52-53), as the legend's keys."""
        return {k for k in ("truce", "rain", "storm") if state.cond.get(k)}

    def area_of_cells(self, state):
        return state.b.area

    def area_holders(self, state):
        players = state.players
        return {a: players[p] for a, p in enumerate(area_control(state)) if 0 <= p < len(players)}

    def stack_units(self, state, cell):
        return stack_units(state, cell)

    def stack_choice(self, state):
        return stack_choice(state)
