"""What a playtest window and a balance report show of a Fire in the Fern! game.

Scope: markers for the map (figure groups, leaders, casualty markers), the cell
an action targets so a click on the map can play it, the summary a balance
report maps (where casualty markers lie at the end, §8), and `FernPresentation`,
what `FernRules.presentation()` returns: the table's words and its volleys in words.
"""
from __future__ import annotations

from typing import Any

from motu.engine.rules.api import CHANCE
from motu.engine.rules.event_words import listed
from motu.engine.rules.events import Roll, UnitLost
from motu.engine.rules.presentation import Presentation

from .firing import hit_line, save_line
from .model import BLOCK, DIE, FIRE, MOVE, OBSERVE, RESCUE, UNPIN
from .volley_event import Volley

_TARGETED = (MOVE, FIRE, OBSERVE, UNPIN, RESCUE)


def markers(st) -> list[tuple[int, str, str | None]]:
    b = st.b
    out: list[tuple[int, str, str | None]] = []
    for g in st.groups.values():
        unit = b.units[g.unit]
        kind = b.scenario.pieces.get(unit.id)
        symbol = b.catalogue.pieces[kind.kind].symbol if kind is not None and kind.kind in b.catalogue.pieces else "U"
        flags = ("p" if g.pinned else "") + ("h" if g.hidden else "")
        out.append((g.cell, f"{symbol}{g.n}{flags}", unit.side or None))
    for i, lead in enumerate(st.leaders):
        if lead.cell is not None and not lead.dead:
            out.append((lead.cell, "Ldr", b.leaders[i].side or None))
    for (cell, _owner), n in st.cas.items():
        out.append((cell, f"+{n}", None))
    return out


def action_cells(action: int) -> tuple[int | None, int | None]:
    """Moves, volleys, observation, un-pinning and rescue name their target square."""
    for kind in _TARGETED:
        if kind <= action < kind + BLOCK:
            return None, action - kind
    return None, None


# --- the playtest table's words (the rule sections are the rules' own: §2 Motivation …) ---------
ROLLS = {"r_motivate": ("Motivation", "§2"), "r_activate": ("Activation", "§3"), "r_hit": ("Firing", "§5"),
         "r_save": ("Saving roll", "§5"), "r_alloc": ("Hits allocated", "§5"), "r_pin": ("Pinning", "§9"),
         "r_react": ("Reaction fire", "§6"), "r_carry": ("Casualties", "§8"), "r_rescue": ("Casualty removal", "§8"),
         "r_morale": ("Unit morale", "§10"), "r_cc": ("Close combat", "§7"), "r_observe": ("Observation", "§12"),
         "r_vp": ("Victory points", "§11")}
LINES = {"r_hit": hit_line, "r_save": save_line}  # dice told on one line per volley, by their shared words
COMBAT = {"r_hit", "r_save", "r_alloc", "r_pin", "r_react", "r_cc", "r_carry", "r_rescue", "r_morale"}
SIDES = ("British", "Maori")


def _task(st) -> tuple:
    return st.stack[-1] if st.stack else ("over",)


def asked(st) -> str:
    task = _task(st)
    kind = task[0]
    if kind == "over":
        return "the game is over"
    if kind in ROLLS:
        return "the dice are rolling"
    side = SIDES[task[1]] if isinstance(task[1], int) and task[1] in (0, 1) else SIDES[st.player]
    if kind == "main":
        return f"{side}: choose a leader to motivate a unit or a square, or end the turn (§2)"
    if kind == "act":
        return f"{side}: spend the activation points — {task[5]} left (§3)"
    if kind == "react_offer":
        return f"{side}: fire in reaction, or hold fire (§6)"
    if kind == "unseen":
        return f"{side}: choose where the hidden figures go (§12)"
    return f"{side}: choose"


def panel(st, seat: int | None = None) -> list[tuple[str, str]]:
    """The game panel's rows, always the same labels in the same order."""
    lost = [st.b.units[u].name for u in range(len(st.b.units)) if st.unit_gone(u)]
    return [("Turn", f"{st.turn} of {st.b.turns}"), ("Side", f"{SIDES[st.player]} turn"), ("To move", asked(st)),
            ("Casualties inflicted", f"British {st.killed[1]}, Maori {st.killed[0]}"),
            ("Victory points", f"British {st.vp[0]}, Maori {st.vp[1]} (§11)"),
            ("Units broken", ", ".join(lost) or "none")]


def dice(st, action: int, text: str | None = None) -> dict[str, Any] | None:
    """A die as the tray shows it, in `text` (a seat's own words for it) or the whole truth."""
    task = _task(st)
    if st.current_player() != CHANCE:
        return None
    group, rule = ROLLS.get(task[0], ("Roll", ""))
    face = None if task[0] == "r_alloc" else action - DIE  # hits are allocated by drawing, not a die
    whole = st.action_to_string(action)
    text = whole if text is None else text
    out = {"group": group, "face": face, "text": f"{group} ({rule}): {text}" if rule else text}
    if task[0] in LINES and text == whole:  # a volley's dice share a line in the tray: its words once, then the faces
        head, end = LINES[task[0]](st, task, action - DIE)
        out["line"] = (f"{group} ({rule}): {head}" if rule else head, end)
    return out


def log_kind(st, action: int) -> str:
    kind = _task(st)[0]
    if kind in ROLLS:
        return "combat" if kind in COMBAT else "dice"
    text = st.action_to_string(action)
    return "combat" if "fire at" in text or "volley" in text else "moves"


def result(st) -> list[tuple[str, str]]:
    if _task(st)[0] != "over":
        return []
    r = st.returns()
    winner = SIDES[0] if r[0] > r[1] else SIDES[1] if r[1] > r[0] else "nobody (a draw)"
    lost = [st.b.units[u].name for u in range(len(st.b.units)) if st.unit_gone(u)]
    field = SIDES[st.holder] if st.holder in (0, 1) else "neither side"
    return [("Winner", winner), ("Victory points", f"British {st.vp[0]}, Maori {st.vp[1]} (§11)"),
            ("Holding the field", field), ("Casualties inflicted", f"British {st.killed[1]}, Maori {st.killed[0]}"),
            ("Units broken", ", ".join(lost) or "none"), ("Turns played", f"{st.turn} of {st.b.turns}")]


def pieces(st) -> list:
    """The figures, leaders and casualty markers on the table as the scenario's pieces, each where it
    stands now and with its figures left, so the shared counter drawing shows them (a senior officer
    reads the same as in the editor). Marks: pinned, hidden (only ever one's own: an observation
    holds no hidden enemy)."""
    from dataclasses import replace

    from motu.engine.scenario.model import Piece
    b = st.b
    out = []
    for gid, g in sorted(st.groups.items()):
        unit = b.units[g.unit]
        base = b.scenario.pieces.get(unit.id) or Piece(unit.id, "unit", unit.side or None)
        marks = ",".join(m for m, on in (("pinned", g.pinned), ("hidden", g.hidden)) if on)
        out.append(replace(base, id=f"{unit.id}#{gid}", cell=g.cell, count=g.n, props={**base.props, "marks": marks}))
    for i, lead in enumerate(st.leaders):
        if lead.cell is None or lead.dead:
            continue
        info = b.leaders[i]
        base = b.scenario.pieces.get(info.id) or Piece(info.id, "leader", info.side or None, name=info.name)
        marks = ",".join(m for m, on in (("pinned", lead.pinned), ("hidden", lead.hidden)) if on)
        out.append(replace(base, cell=lead.cell, props={**base.props, "marks": marks}))
    for (cell, _owner), n in sorted(st.cas.items()):
        out.append(Piece(f"casualty@{cell}#{_owner}", "casualty", None, cell, n, props={"marks": "casualty"}))
    return out


def _legend_data() -> dict[str, dict[str, Any]]:
    """The marks' words and drawing: motu/resources/rulesets/fern/legend.yaml."""
    import yaml

    from motu.engine.resources import resource_path
    with open(resource_path("rulesets", "fern", "legend.yaml"), encoding="utf-8") as fh:
        return {k: dict(v) for k, v in yaml.load(fh, Loader=yaml.CSafeLoader).items()}


LEGEND_STYLE = _legend_data()
LEGEND = {k: v["words"] for k, v in LEGEND_STYLE.items()}


def volley_words(e: Volley, name) -> str:
    """"British's 2nd Company fires from C4 at E6 (reaction fire, §6): dice 1, 5, 6 — 2 hits, 1 saved;
    casualties: Te Rangi" (§5)."""
    how = [w for w, on in (("from hiding, §12", e.ambush), ("reaction fire, §6", e.reaction)) if on]
    text = f"{name(e.player)}'s {e.unit} fires from {e.label} at {e.target_label}"
    text += f" ({', '.join(how)})" if how else ""
    if e.dice:
        text += f": {'dice' if len(e.dice) > 1 else 'die'} {', '.join(str(d) for d in e.dice)}"
    text += f" — {e.hits} hit{'s' if e.hits != 1 else ''}" + (f", {e.saved} saved" if e.saved else "")
    if e.casualties:  # "Lt Ferris and 4 figures of B Company, 65th"
        count: dict[str, int] = {}
        for c in e.casualties:
            count[c] = count.get(c, 0) + 1
        text += f"; casualties: {listed(c if k == 1 else f'{k} figures of {c}' for c, k in count.items())}"
    return text + " (§5)"


class FernPresentation(Presentation):
    """Fire in the Fern! at the playtest table: the panel's rows, the dice by their sections, the
    figures as the scenario's counters, its marks' legend and its volleys in words."""

    board_kind = "map"

    def panel(self, state, seat=None):
        return panel(state, seat)

    def result(self, state):
        return result(state) or super().result(state)

    def dice(self, state, action, text):
        return dice(state, action, text) or super().dice(state, action, text)

    def log_kind(self, state, action):
        return log_kind(state, action)

    def event_words(self, event, seat, state):
        if isinstance(event, Volley):
            return volley_words(event, self.namer(state)) if event.visible_to(seat) else None
        if isinstance(event, Roll):
            return None  # every Fern die is a chance node whose own words say what it needed and did
        if isinstance(event, UnitLost) and event.cause == "fire":
            return None  # the volley's own line names its casualties, once
        return super().event_words(event, seat, state)

    def event_kind(self, event):
        return "combat" if isinstance(event, Volley) else super().event_kind(event)

    def cell_label(self, state, cell):
        return state.b.label(cell) if state is not None else None

    def pieces(self, state):
        return pieces(state)

    def legend_style(self):
        return LEGEND_STYLE
