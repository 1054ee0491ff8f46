"""Reshaping the order of battle: Edits that put pieces under others and set their properties.

Scope: putting a piece (with its whole unit) under another or at the top of its side, which
sets the references on both sides and clears the old ones; several such moves as one Edit;
a parent link set from a form kept in step at both ends; properties and fields set on many
pieces in one step. Refused says, in words, why the order of battle cannot take a change.
"""
from __future__ import annotations

from typing import Any

from .edits import Edit, PieceEdits, PutRecord
from .force_tree import order_of_battle, piece_name
from .model import Piece, Scenario
from .piece_props import PieceRules, accepts, group_of, groups, same_ok


class Refused(ValueError):
    """A change the order of battle cannot take; the message says why, in words."""


def _edits_for(s: Scenario, new_props: dict[str, dict]) -> list[Edit]:
    out: list[Edit] = []
    for pid, props in new_props.items():
        p = s.pieces[pid]
        if props != dict(p.props):
            out.append(PutRecord("pieces", pid, Piece(p.id, p.kind, p.side, p.cell, p.count, p.name, props)))
    return out


def reassign(rules: PieceRules, s: Scenario, child: str, target: str | None) -> Edit | None:
    """Put `child` (with the rest of its unit) under `target`, or at the top of its side (None).
    Returns None when nothing changes; Refused says why it cannot be done."""
    cat = rules.catalogue
    c = s.pieces[child]
    ck = cat.pieces.get(c.kind)
    if ck is None:
        raise Refused(f"{piece_name(c, s, cat)} is of a kind this rule set does not know")
    gs = groups(s, cat)
    g = group_of(cat, c)
    members = gs.of(g) if any(f.type == "group" for f in ck.fields) else [c]
    props: dict[str, dict] = {}

    def edit(p: Piece) -> dict:
        return props.setdefault(p.id, dict(p.props))

    ups, downs = [], []
    t = None
    if target is not None:
        t = s.pieces[target]
        tk = cat.pieces.get(t.kind)
        if t.id in {m.id for m in members}:
            raise Refused(f"{piece_name(c, s, cat)} cannot answer to itself")
        if child in order_of_battle(rules, s).ancestors(target):
            raise Refused(f"{piece_name(t, s, cat)} answers to {piece_name(c, s, cat)} already")
        if t.side != c.side:
            raise Refused(f"{piece_name(c, s, cat)} and {piece_name(t, s, cat)} are on different sides")
        ups = [f for f in ck.fields if f.parent and accepts(cat, f, t.kind)]
        downs = [f for f in (tk.fields if tk else ()) if f.parent_of and accepts(cat, f, c.kind)]
        if not ups and not downs:
            raise Refused(f"a {ck.name} cannot be put under a {tk.name if tk else t.kind}")
        for f in ups:
            if not same_ok(rules, s, f, c, t):
                raise Refused(f"{piece_name(c, s, cat)} is of the {rules.force_of(s, c)} force, "
                              f"{piece_name(t, s, cat)} of the "
                              f"{rules.force_of(s, t)}")
        for f in downs:
            if not same_ok(rules, s, f, t, c):
                raise Refused(f"{piece_name(t, s, cat)} is of the {rules.force_of(s, t)} force, "
                              f"{piece_name(c, s, cat)} of the "
                              f"{rules.force_of(s, c)}")
    # Its old links go: its own references upward, and whoever named its unit as theirs.
    for m in members:
        mk = cat.pieces.get(m.kind)
        for f in mk.fields if mk else ():
            if f.parent and f.prop in m.props and (t is None or f not in ups):
                edit(m).pop(f.prop)
    for q in s.pieces.values():
        qk = cat.pieces.get(q.kind)
        for f in qk.fields if qk else ():
            if f.parent_of and q.props.get(f.prop) == g and accepts(cat, f, c.kind) and (t is None or q.id != t.id):
                edit(q).pop(f.prop, None)
    if t is not None:
        for m in members:
            for f in ups:
                edit(m)[f.prop] = t.id if f.type == "piece" else group_of(cat, t)
        for f in downs:
            old = t.props.get(f.prop)
            if isinstance(old, str) and old != g:
                # He led another unit: it keeps no link to him (a leader leads one unit).
                for m2 in gs.of(old):
                    m2k = cat.pieces.get(m2.kind)
                    for f2 in m2k.fields if m2k else ():
                        if f2.parent and m2.props.get(f2.prop) == t.id:
                            edit(m2).pop(f2.prop)
            edit(t)[f.prop] = g
    edits = _edits_for(s, props)
    if not edits:
        return None
    who = piece_name(c, s, cat)
    text = f"Put {who} under {piece_name(t, s, cat)}" if t is not None else f"Put {who} at the top"
    return PieceEdits(tuple(edits), text)


def reassign_each(rules: PieceRules, s: Scenario, moves) -> Edit | None:
    """(child, target) moves made one after another, as one Edit; Refused stops them all."""
    moves = list(moves)
    scratch = s.copy() if len(moves) > 1 else s
    done: list[Edit] = []
    for child, target in moves:
        if child not in scratch.pieces or child == target:
            continue
        e = reassign(rules, scratch, child, target)
        if e is not None:
            if scratch is not s:
                e.apply(scratch)
            done.append(e)
    if not done:
        return None
    return done[0] if len(done) == 1 else PieceEdits(tuple(done), done[0].text)


def relink(rules: PieceRules, s: Scenario, ids, spec, value: Any) -> Edit | None:
    """Set a parent link (`parent` or `parent_of` reference) on pieces as the order of battle does,
    so both ends stay in step: a unit's leader set here is the leader's unit there. None unlinks."""
    if not spec.parent_of:
        target = value
        if spec.type == "group_ref" and value is not None:
            m = next(iter(groups(s, rules.catalogue).of(value, spec, rules.catalogue)), None)
            target = m.id if m else None
        return reassign_each(rules, s, [(pid, target) for pid in ids])
    # The piece takes the unit named as its own (its members are put under him), or lets go of his.
    cat = rules.catalogue
    gs = groups(s, cat)
    moves = []
    for pid in ids:
        if pid not in s.pieces:
            continue
        g = value if value is not None else s.pieces[pid].props.get(spec.prop)
        members = gs.of(g, spec if value is not None else None, cat) if isinstance(g, str) else []
        member = next((m for m in members if m.id != pid), None)
        if member is None and value is not None:
            raise Refused(f"there is no unit {value!r}")
        if member is not None:
            moves.append((member.id, pid if value is not None else None))
    return reassign_each(rules, s, moves)


def set_props(s: Scenario, ids, changes: dict[str, Any], **fields) -> Edit | None:
    """One Edit setting properties (None removes one) and fields (count, name, side, kind) on pieces."""
    edits = []
    for pid in ids:
        p = s.pieces.get(pid)
        if p is None:
            continue
        props = dict(p.props)
        for k, v in changes.items():
            if v is None:
                props.pop(k, None)
            else:
                props[k] = v
        f = {"kind": p.kind, "side": p.side, "count": p.count, "name": p.name, **fields}
        new = Piece(p.id, f["kind"], f["side"], p.cell, f["count"], f["name"], props)
        if new != p:
            edits.append(PutRecord("pieces", p.id, new))
    if not edits:
        return None
    return edits[0] if len(edits) == 1 else PieceEdits(tuple(edits), "Edit pieces")
