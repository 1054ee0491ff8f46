"""What the playtest table shows of a Tahiti game, in the rulebook's words.

Scope: the game panel's fixed rows (`panel`), each die or random pick as the dice tray names it
(`dice`), which filter of the event log an action belongs to (`log_kind`), the result panel
(`result`), the victory track (`victory_track`) and the map's markers with their legend
(`map_markers`, `LEGEND`). Rule numbers are the advanced rules' and
docs/rules/tahiti.md's. Nothing here changes a game.
"""
from __future__ import annotations

from typing import Any

from ..constants import CURSED, FLIPPED, IN_MARAE, MOVED, PICK, STAYED, SULLEN
from ..queries import area_control, areas_held
from ..roll_causes import IN_A_RETREAT, panic_cause_of

PHASES = (("initiative", "Initiative Determination Phase"), ("movement", "Movement Phase"),
          ("forced_march", "Forced March (15.14)"), ("combat", "Combat Phase (9.2)"),
          ("construction", "Construction and Training Phase (6.1)"), ("area_control", "Area Control Phase (15.5)"),
          ("navigator_trades", "Navigator trades (15.5)"), ("advance", "Advance Game Turn"))
_PHASE_NAME = dict(PHASES)
_PER_PLAYER = {"movement", "forced_march", "construction"}

# What the player to move is asked to do, by the decision's handler.
ASK = {
    "on_move": "move your stacks",
    "on_group_move": "move the units picked, or leave them",
    "on_choose_units": "pick the units that move together",
    "on_continue": "move on, or stay in this hex",
    "on_attack_population": "attack the Population, or leave it in peace (7.5)",
    "on_enter_marae": "enter the Marae compound, or stay outside (15.8)",
    "on_forced_march": "choose a Leader to Forced March, or none (15.14)",
    "on_curse_stack": "choose a stack to curse, or nobody",
    "on_navigator_offer": "give the Navigator away, or keep him (15.5)",
    "on_choose_player": "choose a clan",
    "on_build": "build, grow or train (6.1)",
    "on_keep_unit": "choose the Combat Units to keep (44-45, truce and demobilization)",
    "on_counter_place": "place the counter drawn (15.5)",
    "on_retreat_target": "choose the hex to retreat toward",
    "on_arioi": "place or move the Arioi (15.6)",
    "on_variable_movement_leader": "choose the Leader who rolls for Variable Movement (15.13)",
}

# The dice and random picks: (tray group, words, rule).
ROLLS = {
    "on_event_first": ("Random event", "first die", "15.12"),
    "on_event_second": ("Random event", "second die", "15.12"),
    "on_event_third": ("Random event", "the event's own die", "15.12"),
    "on_rast_first": ("Random Area Selection", "first die", "15.12"),
    "on_rast_second": ("Random Area Selection", "second die", "15.12"),
    "on_rast_pick": ("Random Area Selection", "an area chosen at random", "15.12"),
    "on_first_die": ("First Die Roll Table", "die", "15.5"),
    "on_variable_movement": ("Variable Movement", "die", "15.13"),
    "on_forced_march_roll": ("Forced March", "die", "15.14"),
    "on_forced_march_panic_check": ("Forced March", "panic check", "15.14"),
    "on_attack_die": ("Combat", "attacker's die", "9.2"),
    "on_defence_die": ("Combat", "defender's die", "9.2"),
    "on_decisive_die": ("Combat", "decisive die", "9.2"),
    "on_panic": ("Panic", "die", ""),  # each named by its cause (panic_cause)
    "on_retreat_panic": ("Panic", "die", ""),
    "on_elder_roll": ("A Clan Elder for the area", "die", "15.5"),
    "on_elder_contest": ("A new Clan Elder", "die", "event 56"),
    "on_independence_die": ("Independence", "die", "15.5"),
    "on_plague": ("The Mauve Death", "die for a piece", "15.12, event 43"),
    "on_plague_village": ("The Mauve Death", "die for a Village", "15.12, event 43"),
    "on_draw_home": ("Home Villages", "drawn at random", "3.1"),
    "on_draw_counter": ("Neutral area counter", "drawn from the cup", "15.5"),
    "on_initiative": ("Initiative", "won at random", "Initiative Determination Phase"),
    "on_pick_unit": ("Random event", "a unit chosen at random", "15.12"),
    "on_fire": ("Random event", "a hex chosen at random", "15.12"),
    "on_stump": ("Neutral area event", "a Jungle hex chosen at random", "15.5"),
    "on_rot": ("Neutral area event", "a Big Log chosen at random", "15.5"),
}
ROLLER = {"on_elder_contest": 0, "on_elder_roll": 0, "on_independence_die": 1}  # the die's roller among its arguments
COMBAT_ROLLS = {"on_attack_die", "on_defence_die", "on_decisive_die", "on_panic", "on_retreat_panic"}
COMBAT_CHOICES = {"on_attack_population", "on_retreat_target", "on_keep_unit"}
MOVE_CHOICES = {"on_move", "on_group_move", "on_choose_units", "on_continue", "on_enter_marae", "on_forced_march",
                "on_variable_movement_leader"}


def _node_name(st) -> str:
    node = st.node
    if node is None:
        return ""
    if node[0] == "chance":
        return node[3][0] if node[2] == "_die_rolled" else node[2]
    return node[3]


def phase(st) -> str:
    """The phase of the turn the game stands in (docs/rules/tahiti.md, Sequence of Play)."""
    if st.result is not None:
        return "The game is over"
    names = [s[0] for s in st.todo]
    if _node_name(st) == "on_forced_march":
        return _PHASE_NAME["forced_march"]
    if "turn_body" in names or not any(n in _PHASE_NAME for n in names):
        return "Set-up (3.1)" if not st.order else _PHASE_NAME["initiative"]
    order = [k for k, _ in PHASES]
    first = next(n for n in names if n in _PHASE_NAME)
    if first in _PER_PLAYER and names.count(first) < len(st.live()):
        return _PHASE_NAME[first]
    i = order.index(first) - 1
    skip = {"forced_march"} if not (st.opts.get("rule_15_14_forced_march")
                                   and st.opts.get("rule_15_14_when") == "after_all") else set()
    if not st.opts.get("rule_15_5_neutral_events"):
        skip.add("navigator_trades")
    while i > 0 and order[i] in skip:
        i -= 1
    return _PHASE_NAME[order[max(i, 0)]]


def _stacks_moved(st, player: int) -> tuple[int, int]:
    cells: dict[int, bool] = {}
    for u in st.units:
        if u.player == player:
            cells[u.cell] = cells.get(u.cell, True) and bool(u.flags & (MOVED | STAYED))
    return sum(cells.values()), len(cells)


def asked(st) -> str:
    """Whose move and what they are asked to do: "Red clan: move your stacks — 3 of 7 moved"."""
    if st.result is not None:
        return st.result[2]
    node = st.node
    if node is None or node[0] == "chance":
        return "the dice are rolling"
    player, name = node[1], node[3]
    text = f"{st.player_name(player)}: {ASK.get(name, 'choose')}"
    if name == "on_move":
        moved, total = _stacks_moved(st, player)
        text += f" — {moved} of {total} moved"
    elif name == "on_keep_unit":  # 44-45-6: "each player selects any three Combat Units"
        _, keep, kept = node[4]
        text += f" — {len(kept)} of {keep} kept"
    return text


def conditions(st) -> str:
    """What the events make of this turn, in their words: weather and truce (14-15, 44-45, 52-53), a
    Shaman's combat value (22-25), famine (36), free builds (32)."""
    c = st.cond
    out = []
    storm = {"coastal": "storm: no sea movement except in coastal hexes (14-15)",
             "major": "major storm: no sea movement (14-15)", "hurricane": "hurricane: no sea movement (14-15)"}
    if c.get("storm"):
        out.append(storm.get(c["storm"], "storm (14-15)"))
    if c.get("rain"):
        out.append(f"rain: {c['rain']} movement points (52-53)")
    if c.get("truce"):
        out.append("truce: no combat, no moving into enemy areas (44-45)")
    for p, v in sorted(c.get("shaman_cv", {}).items()):
        out.append(f"{st.player_name(p)}'s Shaman at combat value {v}")
    if c.get("blight"):
        out.append("famine in " + ", ".join(st.b.area_names[a] for a in sorted(c["blight"])))
    if c.get("free"):
        out.append("free builds at " + ", ".join(st.b.labels[x] for x in sorted(c["free"])))
    return "; ".join(out) or "fair weather, no truce"


def panel(st, seat: int | None = None) -> list[tuple[str, str]]:
    """The game panel's rows, always the same labels in the same order, so the layout stays put."""
    limit = st.opts.get("turn_limit")
    held = areas_held(st)
    return [("Turn", f"{st.turn} of {limit}, Season {st.season()}" if limit else f"{st.turn}, Season {st.season()}"),
            ("Phase", phase(st)),
            ("To move", asked(st)),
            ("Initiative", st.player_name(st.initiative) + (
                " (order: " + ", ".join(st.player_name(p) for p in st.order) + ")" if st.order else "")),
            ("This turn", conditions(st)),
            ("Areas held", ", ".join(f"{st.player_name(p)} {held[p]}" + (" (out)" if st.out[p] else "")
                                     for p in range(len(st.players)))),
            ("Counters in the cup", f"{sum(st.cup)} left (15.5)")]


def dice(st, action: int) -> dict[str, Any] | None:
    """A chance outcome as the tray shows it: the roll's group, the face (None for a random pick)
    and the words with the rule."""
    node = st.node
    if node is None or node[0] != "chance":
        return None
    name = _node_name(st)
    group, what, rule = ROLLS.get(name, ("Roll", "die", ""))
    rule_text = f" ({rule})" if rule else ""
    if name == "on_panic":  # a Panic die by what made the unit roll (events, a Forced March; 15.9)
        args = node[3][1]
        return {"group": group, "face": int(action), "text": f"{panic_cause_of(st, args[0], args[-1])}: {action}"}
    if name == "on_retreat_panic":  # the unit first in line rolls (retreat.py)
        return {"group": group, "face": int(action),
                "text": f"{panic_cause_of(st, node[3][1][-1][0], IN_A_RETREAT)}: {action}"}
    if node[2] == "_die_rolled":
        if name in ROLLER:  # a player's own die: whose it is
            what = f"{st.player_name(node[3][1][ROLLER[name]])}'s {what}"
        return {"group": group, "face": int(action), "text": f"{group}, {what}: {action}{rule_text}"}
    if name == "on_draw_counter":  # a counter by its letter, as likely as its copies left in the cup
        letter = st.b.data.letters()[action - PICK]
        return {"group": group, "face": None,
                "text": f"{group}: {what}, counter {letter}, {st.b.data.counter(letter)['name']}{rule_text}"}
    n = len(node[1])
    drawn = _drawn(st, name, node[3], action - PICK)
    return {"group": group, "face": None,
            "text": f"{group}: {what}, number {action - PICK + 1} of {n}{f': {drawn}' if drawn else ''}{rule_text}"}


def _drawn(st, name: str, args: tuple, i: int) -> str:
    """What a random pick drew, in words ("Yellow clan's Clan Elder at 4222"; "" where it is not told)."""
    b = st.b
    try:
        if name == "on_pick_unit":
            u = st.unit(args[0][i])
            return f"{st.player_name(u.player)}'s {b.names.get(u.kind, u.kind)} at {b.labels[u.cell]}" if u else ""
        if name == "on_initiative":
            return st.player_name(st.live()[i])
        if name == "on_draw_home":
            cell = [c for c, _ in b.homes if c not in st.home][i]  # the sites still free, as sequence.py draws
            return f"{st.player_name(args[0])} draws {st.village_name(cell)}"
        if name in ("on_fire", "on_rot"):
            return st.village_name(args[0][i])
        if name == "on_stump":
            return f"the jungle at {b.labels[args[0][i]]}"
        if name == "on_rast_pick":
            return b.area_names[args[1][i]]
    except (IndexError, TypeError, KeyError):
        return ""
    return ""


def log_kind(st, action: int) -> str:
    """Which filter of the event log an action belongs to: moves, combat, events or dice."""
    name = _node_name(st)
    if st.node is not None and st.node[0] == "chance":
        return "combat" if name in COMBAT_ROLLS else "dice"
    if name in COMBAT_CHOICES:
        return "combat"
    if name in MOVE_CHOICES:
        return "moves"
    return "events"


def result(st) -> list[tuple[str, str]]:
    """The end-of-game panel: winner, victory level, areas held, losses."""
    if st.result is None:
        return []
    kind, returns, text = st.result
    held = areas_held(st)
    best = max(returns)
    winners = [st.player_name(p) for p, r in enumerate(returns) if r == best and r > 0]
    start = {p: 0 for p in range(len(st.players))}
    for u in st.units:
        start[u.player] = start.get(u.player, 0) + 1
    return [("Result", text[:1].upper() + text[1:]),
            ("Winner", " and ".join(winners) if winners else "nobody"),
            ("Victory level", kind[:1].upper() + kind[1:]),
            ("Areas held", ", ".join(f"{st.player_name(p)} {held[p]}" for p in range(len(st.players)))),
            ("Units on the map", ", ".join(f"{st.player_name(p)} {start[p]}" + (" (out)" if st.out[p] else "")
                                           for p in range(len(st.players)))),
            ("Turns played", str(st.turn))]


def victory_track(st) -> dict[str, Any]:
    """Each player's areas against the victory levels (victory.yaml): the lead that gives each level."""
    held = areas_held(st)
    levels = [(lv["level"], int(lv["lead"][0])) for lv in st.b.data.doc("victory")["levels"] if lv["level"] != "draw"]
    return {"players": [(st.player_name(p), st.players[p], held[p], bool(st.out[p])) for p in range(len(st.players))],
            "levels": levels, "areas": len(st.b.areas)}


# Map markers: (legend key, short text). The legend (motu/resources/rulesets/tahiti/legend.yaml) lists
# each key once, in the rulebook's words, and says how the map draws it.
def _legend_data() -> dict[str, dict[str, Any]]:
    from ..data.tables import load
    return {k: dict(v) for k, v in load("legend").items()}


LEGEND_STYLE = _legend_data()
LEGEND = {k: v["words"] for k, v in LEGEND_STYLE.items()}
_SYMBOL = {k: str(v.get("symbol", "")) for k, v in LEGEND_STYLE.items()}


def map_markers(st) -> list[tuple[int, str, str, str | None]]:
    """(cell, legend key, short text, side id or None) for everything on the map but the units,
    and this turn's weather and truce where they bite: a storm on the sea hexes it shuts (14-15),
    excessive rain on the hexes with a stream (52-53), a truce in every area a clan controls,
    in that clan's colour (44-45)."""
    out: list[tuple[int, str, str, str | None]] = []
    sym = _SYMBOL
    for cell, v in sorted(st.villages.items()):
        side = st.players[v[0]] if v[0] >= 0 else None
        key = "village" if v[1] else "part_village"
        out.append((cell, key, sym[key], side))
        if v[2]:
            out.append((cell, "log", f"{sym['log']}{v[2]}", None))
    for cell, built in sorted(st.maraes.items()):
        key = "marae" if built else "part_marae"
        out.append((cell, key, sym[key], None))
    for cell in sorted(st.stumps):
        out.append((cell, "stump", sym["stump"], None))
    if st.arioi >= 0:
        out.append((st.arioi, "arioi", sym["arioi"], None))
    middle = _area_middles(st.b)
    for area, letter in sorted(st.letters_left.items()):
        if area in middle:
            out.append((middle[area], "letter", letter, None))
    for area, p in sorted(st.control_markers.items()):
        if area in middle and 0 <= p < len(st.players):
            out.append((middle[area], "control", sym["control"], st.players[p]))
    out += weather_markers(st)
    return out


def weather_markers(st) -> list[tuple[int, str, str, str | None]]:
    """This turn's storm, rain and truce as map markers (empty in fair weather and without a truce)."""
    out: list[tuple[int, str, str, str | None]] = []
    c, b = st.cond, st.b
    storm = c.get("storm")
    if storm:
        out += [(cell, "storm", "", None) for cell in sorted((b.canoe_shut or {}).get(storm, ()))]
    if c.get("rain"):
        out += [(cell, "rain", "", None) for cell in sorted(b.streams)]
    if c.get("truce"):
        middle = _area_middles(b)
        for area, p in enumerate(area_control(st)):
            if area in middle and 0 <= p < len(st.players):
                out.append((middle[area], "truce", _SYMBOL["truce"], st.players[p]))
    return out


_MIDDLES: dict[int, dict[int, int]] = {}


def _area_middles(board) -> dict[int, int]:
    """Area index -> a cell in its middle (the area's cells in order, the middle one), once per board."""
    key = id(board)
    if key not in _MIDDLES:
        cells: dict[int, list[int]] = {}
        for c in range(board.size):
            if board.area[c] >= 0:
                cells.setdefault(board.area[c], []).append(c)
        _MIDDLES.clear()
        _MIDDLES[key] = {a: cs[len(cs) // 2] for a, cs in cells.items()}
    return _MIDDLES[key]


def unit_marks(flags: int, kind: str) -> list[str]:
    """The legend keys a unit's counter carries (flipped, sullen, cursed)."""
    marks = []
    if flags & FLIPPED:
        marks.append("flipped")
    if flags & SULLEN:
        marks.append("sullen")
    if flags & CURSED:
        marks.append("cursed")
    return marks


def area_owner(st) -> list[int]:
    """Area index -> the controlling player or -1, for the area-control overlay."""
    return area_control(st)


__all__ = ["panel", "dice", "log_kind", "events", "result", "victory_track", "map_markers", "weather_markers", "LEGEND",
           "LEGEND_STYLE", "unit_marks",
           "area_owner", "phase", "asked", "conditions", "pieces"]


def pieces(st) -> list:
    """Every unit as a piece of the catalogue's kind, where it stands, so the shared counter drawing
    shows it; marks (flipped, sullen, cursed, in the Marae compound) ride in its props."""
    from motu.engine.scenario.model import Piece
    out = []
    for u in st.units:
        marks = unit_marks(u.flags, u.kind) + (["in_marae"] if u.flags & IN_MARAE else [])
        out.append(Piece(f"u{u.uid}", u.kind, st.players[u.player], u.cell, props={"marks": ",".join(marks), "uid": u.uid}))
    return out
