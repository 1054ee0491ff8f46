"""What one side may know of a game of Fire in the Fern! (§12 hidden movement).

Scope: a side's observation — the game without the other side's hidden figures and leaders,
and with the pending steps that concern only them masked — and which actions and dice a side
learns of. The order of battle (which units and leaders there are, and how strong each was at
the start) is known to both sides; where hidden figures stand, how many of them a square holds,
and what they do while hidden is not. A hidden side's rolls and choices are kept from the other
side unless they give the figures away (firing, a successful reaction fire, coming out into the
open), and then the enemy is told what it sees happen: figures coming out of hiding are seen
where they come out, never where they came from (the square they left may still hide others).
A hidden leader motivating figures in sight is "a hidden leader": his name, and the motivation
number that tells how far away he stands, stay his side's.
"""
from __future__ import annotations

from .hiding import party_hidden, square_hidden
from .model import BLOCK, DIE, MOTIVATE, MOVE, UNPIN
from .motivation import decode, motivated_party as _motivated_party, target_name
from .steps import Choice, verdict


def concealed(s, task: tuple, viewer: int) -> bool:
    """Is this pending step something only the other side's hidden figures are doing?"""
    kind = task[0]
    if kind in ("act", "r_activate"):
        return task[1] != viewer and party_hidden(s, task[2], task[3])
    if kind == "r_motivate":
        _, leader, sel, cell, _ = task
        return s.b.leaders[leader].player != viewer and party_hidden(s, *_motivated_party(s, leader, sel, cell))
    if kind in ("react_offer", "r_react"):
        return task[1] != viewer and square_hidden(s, task[2], task[1])
    if kind == "r_carry":
        side = s.owner_player(task[2])
        return side != viewer and square_hidden(s, task[1], side)
    if kind == "r_rescue":
        return task[1] != viewer and square_hidden(s, task[2], task[1])
    return False


def _hidden_motivation(s, task: tuple, action: int, viewer: int) -> bool:
    if task[0] != "main" or task[1] == viewer or action < MOTIVATE:
        return False
    return party_hidden(s, *_motivated_party(s, *decode(s.b, action)))


def hidden_from(s, viewer: int) -> tuple[list[int], list[int]]:
    """The other side's hidden groups (ids) and leaders (indexes) on the table."""
    units, infos = s.b.units, s.b.leaders
    gids = [gid for gid, g in s.groups.items() if g.hidden and units[g.unit].player != viewer]
    leaders = [i for i, l in enumerate(s.leaders)
               if l.hidden and l.cell is not None and infos[i].player != viewer]
    return gids, leaders


def observe(s, viewer: int):
    """The game as `viewer` sees it: the state itself when nothing is hidden from that side."""
    gids, leaders = hidden_from(s, viewer)
    masked = [("unseen", 1 - viewer) if concealed(s, task, viewer) else task for task in s.stack]
    if not gids and not leaders and masked == s.stack:
        return s
    o = s.clone()
    o.unseen = frozenset(s.groups[g].unit for g in gids) | frozenset(
        s.b.leaders[i].unit for i in leaders if s.b.leaders[i].unit is not None)
    for g in gids:
        del o.groups[g]
    for i in leaders:
        o.leaders[i] = o.leaders[i]._replace(cell=None)
    o.stack = masked
    o._legal = None
    o._history = []  # the action record holds the hidden moves: it is the game's, not the seat's
    return o


def action_text_for(s, action: int, viewer: int) -> str | None:
    """The text of `action` for `viewer`: the whole text when nothing hidden from `viewer` is
    concerned; None when only the other side's hidden figures are and the action does not give
    them away; otherwise what `viewer` sees happen (`_seen_happen`)."""
    task = s.stack[-1] if s.stack else ("over",)
    unseen_leader = _unseen_motivator(s, task, action, viewer)
    if unseen_leader is not None:
        return unseen_leader
    if not concealed(s, task, viewer) and not _hidden_motivation(s, task, action, viewer):
        return s.action_to_string(action)
    after = s.clone()
    after.apply_action(action)
    # It gave hidden figures away if the viewer now sees more of some enemy unit or leader.
    before_seen, after_seen = _seen(s, viewer), _seen(after, viewer)
    revealed = any(after_seen.get(k, 0) > n for k, n in before_seen.items()) or any(
        k not in before_seen for k in after_seen)
    return _seen_happen(s, after, task, action, viewer) if revealed else _unseen_unpin(s, task, action, viewer)


def _seen_happen(s, after, task: tuple, action: int, viewer: int) -> str:
    """An action of hidden figures that gives them away, as the enemy sees it: a step out of hiding
    (into the open, or among figures in sight) is seen where it ends, not where it began, unless
    that square is in sight now; firing and assaulting reveal the square they start from."""
    if task[0] == "act" and action - action % BLOCK == MOVE:
        gids = [g for g in task[2] if g in s.groups]
        leaders = [l for l in task[3] if s.leaders[l].cell is not None]
        origin = s.party_cell(gids, leaders)
        if origin not in after.enemy_cells_seen(viewer):
            gids = [g for g in gids if g in after.groups]
            return f"{after.party_name(gids, leaders)}: comes out of hiding at {s.b.label(action - MOVE)} (§12)"
    return s.action_to_string(action)


def _unseen_unpin(s, task: tuple, action: int, viewer: int) -> str | None:
    """A hidden officer un-pinning a square in sight: the enemy sees its figures freed, not by whom."""
    if task[0] != "act" or action - action % BLOCK != UNPIN or not s.seen_by(action - UNPIN, viewer):
        return None
    return f"{s.cell_names(action - UNPIN, task[1])} at {s.b.label(action - UNPIN)}: un-pinned by a hidden leader (§9)"


def _unseen_motivator(s, task: tuple, action: int, viewer: int) -> str | None:
    """A hidden leader's attempt to motivate figures in sight, and its roll, as the enemy sees them:
    the figures and the die, not the leader (nor the motivation number, which says how far off he
    stands). None for any other action."""
    if task[0] == "main" and task[1] != viewer and action >= MOTIVATE:
        leader, sel, cell = decode(s.b, action)
        if _leader_unseen(s, leader) and not party_hidden(s, *_motivated_party(s, leader, sel, cell)):
            return f"a hidden leader tries to motivate {target_name(s, leader, sel, cell)} (§2)"
    elif task[0] == "r_motivate" and s.b.leaders[task[1]].player != viewer:
        _, leader, sel, cell, number = task
        if _leader_unseen(s, leader) and not party_hidden(s, *_motivated_party(s, leader, sel, cell)):
            face = action - DIE
            fails = s.b.t["motivation"]["always_fails"]
            ok = face != fails and face >= number
            return f"motivation of {target_name(s, leader, sel, cell)} by a hidden leader: rolled {face} — {verdict(ok)}"
    return None


def _leader_unseen(s, leader: int) -> bool:
    l = s.leaders[leader]
    return l.hidden and l.cell is not None


def _seen(s, viewer: int) -> dict[tuple[str, int], int]:
    """Figures of each enemy unit, and enemy leaders, that `viewer` sees on the table."""
    out: dict[tuple[str, int], int] = {}
    units, infos = s.b.units, s.b.leaders
    for g in s.groups.values():
        if not g.hidden and units[g.unit].player != viewer:
            out[("unit", g.unit)] = out.get(("unit", g.unit), 0) + g.n
    for i, l in enumerate(s.leaders):
        if not l.hidden and l.cell is not None and infos[i].player != viewer:
            out[("leader", i)] = 1
    return out


def _unseen_legal(s, task) -> list[int]:
    return []


def _unseen_apply(s, task, action) -> None:
    raise ValueError("this step is hidden from the side observing the game")


def _unseen_text(s, task, action) -> str:
    return "out of sight"


# An observation's stand-in for a step of the other side's hidden figures: that side is to act.
STEPS = {"unseen": Choice(_unseen_legal, _unseen_apply, _unseen_text)}
