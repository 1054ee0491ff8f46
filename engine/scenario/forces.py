"""The order of battle: each side's pieces as a tree, and the Edits that reshape it.

Scope: who stands under whom, read from the catalogue's declarations (a reference marked
`parent` nests a piece under what it names, `parent_of` nests the named group under the
piece), with the headings and off-map heading the catalogue gives; putting a piece (with
its whole unit) under another, which sets the references on both sides and clears the old
ones; and formations, the pieces a designer makes in one step (Fire in the Fern!'s unit
and its leader, a Tahiti clan's set-up, a pearl player's start), placed and linked.
Nothing here knows a rule set: the declarations and `PieceRules` say it all.
"""
from __future__ import annotations

import re
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .declarations import Formation
from .edits import Compound, Edit, PieceEdits, PutRecord, SetField
from .model import Piece, Scenario
from .piece_props import PieceRules, accepts, group_of, groups, same_ok, value_of


class Refused(ValueError):
    """A change the order of battle cannot take; the message says why, in words."""


class ForceNode:
    """One row of the order of battle: a side, a heading, a piece or a side's cell feature."""

    __slots__ = ("kind", "key", "text", "side", "piece", "cell", "parent", "children")

    def __init__(self, kind: str, key: str, text: str, side: str | None = None, piece: str | None = None,
                 cell: int | None = None):
        self.kind, self.key, self.text, self.side, self.piece, self.cell = kind, key, text, side, piece, cell
        self.parent: ForceNode | None = None
        self.children: list[ForceNode] = []

    def add(self, node: "ForceNode") -> "ForceNode":
        node.parent = self
        self.children.append(node)
        return node

    def row(self) -> int:
        return 0 if self.parent is None else self.parent.children.index(self)

    def __repr__(self) -> str:
        return f"ForceNode({self.key!r})"


NO_SIDE = "(no side)"


def _name(p: Piece) -> str:
    return p.name or p.id


class _Links:
    """Per kind of a catalogue, the declarations that nest pieces: worked out once, used per piece."""

    def __init__(self, cat):
        self.ups = {k: [f for f in kind.fields if f.parent] for k, kind in cat.pieces.items()}
        self.downs = {k: [f for f in kind.fields if f.parent_of and f.type == "group_ref"]
                      for k, kind in cat.pieces.items()}
        self.accepts = {(f.id, k): accepts(cat, f, k) for f in cat.piece_props.values() for k in cat.pieces}


_LINKS: dict[int, tuple[Any, _Links]] = {}


def _links(cat) -> _Links:
    got = _LINKS.get(id(cat))
    if got is None or got[0] is not cat:
        got = _LINKS[id(cat)] = (cat, _Links(cat))
    return got[1]


def parents(rules: PieceRules, s: Scenario) -> dict[str, str | None]:
    """Each piece's parent piece in the order of battle (None: it stands at the top of its side)."""
    cat = rules.catalogue
    links = _links(cat)
    ok = links.accepts
    gs = groups(s, cat)
    pieces = s.pieces
    led: dict[str, list[tuple[Piece, Any]]] = {}
    for q in pieces.values():
        for spec in links.downs.get(q.kind, ()):
            v = q.props.get(spec.prop)
            if isinstance(v, str):
                led.setdefault(v, []).append((q, spec))
    out: dict[str, str | None] = {}
    for p in pieces.values():
        up: Piece | None = None
        for spec in links.ups.get(p.kind, ()):
            v = p.props.get(spec.prop)
            if spec.type == "piece":
                t = pieces.get(v) if isinstance(v, str) else None
                if t is not None and ok[(spec.id, t.kind)]:
                    up = t
            elif isinstance(v, str):
                up = next((q for q in gs.members.get(v, ()) if q.id != p.id and ok[(spec.id, q.kind)]), None)
            if up is not None:
                break
        if up is None and led:
            up = next((q for q, spec in led.get(gs.group[p.id], ()) if q.id != p.id and ok[(spec.id, p.kind)]),
                      None)
        out[p.id] = up.id if up is not None and up.side == p.side else None
    # A loop of references (A under B under A) is cut where it is found: the piece stands at the top.
    for pid in out:
        seen, at = {pid}, out[pid]
        while at is not None:
            if at in seen:
                out[pid] = None
                break
            seen.add(at)
            at = out.get(at)
    return out


class OrderOfBattle:
    """The tree the Forces dock shows: a root per side, headings, pieces under their parents."""

    def __init__(self, rules: PieceRules, s: Scenario):
        cat = rules.catalogue
        self.scenario = s
        self.parent_of = parents(rules, s)
        self.roots: list[ForceNode] = []
        self.by_piece: dict[str, ForceNode] = {}
        self.by_side: dict[str | None, ForceNode] = {}
        for sid, side in s.sides.items():
            self.by_side[sid] = self._root(ForceNode("side", f"side:{sid}", side.name, side=sid))
        headings: dict[tuple[str | None, str], ForceNode] = {}
        order = list(dict.fromkeys([*cat.forces.headings.values(), *cat.forces.features.values(),
                                    cat.forces.off_map]))
        for p in s.pieces.values():
            self.by_piece[p.id] = ForceNode("piece", f"piece:{p.id}", _name(p), side=p.side, piece=p.id)
        pending: dict[tuple[str | None, str], list[ForceNode]] = {}
        for p in s.pieces.values():
            node = self.by_piece[p.id]
            up = self.parent_of.get(p.id)
            if up is not None:
                self.by_piece[up].add(node)
                continue
            side = p.side if p.side in s.sides else None
            root = self.by_side.get(side)
            if root is None:
                root = self.by_side[None] = self._root(ForceNode("side", "side:", NO_SIDE))
            heading = (cat.forces.off_map if (p.cell is None and cat.forces.off_map)
                       else cat.forces.headings.get(p.kind, ""))
            if heading:
                pending.setdefault((side, heading), []).append(node)
            else:
                root.add(node)
        for i, f in enumerate(s.features):
            heading = cat.forces.features.get(f.kind)
            if heading and f.side in self.by_side:
                kind = cat.features.get(f.kind)
                pending.setdefault((f.side, heading), []).append(
                    ForceNode("feature", f"feature:{i}", f.name or (kind.name if kind else f.kind), side=f.side, cell=f.cell))
        for (side, heading), nodes in sorted(pending.items(), key=lambda kv: order.index(kv[0][1])):
            h = headings[(side, heading)] = self.by_side[side].add(
                ForceNode("heading", f"heading:{side or ''}:{heading}", heading, side=side))
            for n in nodes:
                h.add(n)

    def _root(self, node: ForceNode) -> ForceNode:
        self.roots.append(node)
        return node

    def ancestors(self, piece: str) -> list[str]:
        out, at = [], self.parent_of.get(piece)
        while at is not None and at not in out:
            out.append(at)
            at = self.parent_of.get(at)
        return out


def order_of_battle(rules: PieceRules, s: Scenario) -> OrderOfBattle:
    return s.cached(("order-of-battle", rules.catalogue.ruleset), lambda: OrderOfBattle(rules, s))


# --- changing it -------------------------------------------------------------------------------

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
        raise Refused(f"{_name(c)} is of a kind this rule set does not know")
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
            raise Refused(f"{_name(c)} cannot answer to itself")
        if child in order_of_battle(rules, s).ancestors(target):
            raise Refused(f"{_name(t)} answers to {_name(c)} already")
        if t.side != c.side:
            raise Refused(f"{_name(c)} and {_name(t)} are on different sides")
        ups = [f for f in ck.fields if f.parent and accepts(cat, f, t.kind)]
        downs = [f for f in (tk.fields if tk else ()) if f.parent_of and accepts(cat, f, c.kind)]
        if not ups and not downs:
            raise Refused(f"a {ck.name} cannot be put under a {tk.name if tk else t.kind}")
        for f in ups:
            if not same_ok(rules, s, f, c, t):
                raise Refused(f"{_name(c)} is of the {rules.force_of(s, c)} force, {_name(t)} of the "
                              f"{rules.force_of(s, t)}")
        for f in downs:
            if not same_ok(rules, s, f, t, c):
                raise Refused(f"{_name(t)} is of the {rules.force_of(s, t)} force, {_name(c)} of the "
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
    text = f"Put {_name(c)} under {_name(t)}" if t is not None else f"Put {_name(c)} at the top"
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


def slug(text: str) -> str:
    """An id made from a name: 'A Company, 65th' → 'a-company-65th'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:56]


def unique_id(taken, base: str) -> str:
    pid, n = base, 2
    while pid in taken:
        pid, n = f"{base}-{n}", n + 1
    return pid


@dataclass(frozen=True)
class PieceOrder:
    """What the designer chose for one piece of a formation."""

    kind: str
    count: int = 1
    name: str = ""
    props: dict = field(default_factory=dict)


def nearest(s: Scenario, cat, start: int, terrain_kind: str) -> int:
    """The nearest cell of a terrain kind (a coast) from `start`, walking over land and coast."""
    kind_of = {t: v.kind for t, v in cat.terrain.items()}
    seen, queue = {start}, deque([start])
    while queue:
        c = queue.popleft()
        if kind_of.get(s.terrain[c]) == terrain_kind:
            return c
        for n in s.grid.neighbours(c):
            if n not in seen and kind_of.get(s.terrain[n]) in ("land", "coast"):
                seen.add(n)
                queue.append(n)
    return start


def formation_cell(s: Scenario, formation: Formation, side: str | None, cell: int | None) -> int | None:
    if formation.at == "off_map":
        return None
    if formation.at.startswith("feature:"):
        fk = formation.at.split(":", 1)[1]
        sites = [f.cell for f in s.features if f.kind == fk and f.side == side]
        if not sites:
            who = s.sides[side].name if side in s.sides else "this side"
            raise Refused(f"{who} has no {fk.replace('_', ' ')} on the map: place one first")
        return cell if cell in sites else sites[0]
    return cell


def make_formation(rules: PieceRules, s: Scenario, formation: Formation, side: str | None, cell: int | None,
                   orders: list[PieceOrder], under: str | None = None) -> tuple[Edit, list[str]]:
    """The pieces of a formation as one Edit, linked to each other and put under `under` (or the
    nearest of its chiefs who can take them); returns the Edit and the new pieces' ids."""
    cat = rules.catalogue
    if len(orders) != len(formation.pieces):
        raise Refused("one choice per piece of the formation")
    here = formation_cell(s, formation, side, cell)
    scratch = s.copy()
    done: list[Edit] = []

    def do(e: Edit | None) -> None:
        if e is not None:
            e.apply(scratch)
            done.append(e)
    ids: list[str] = []
    side_name = s.sides[side].name if side in s.sides else ""
    for spec, order in zip(formation.pieces, orders):
        kind = cat.pieces.get(order.kind)
        if kind is None or (spec.kind and order.kind != spec.kind) or (spec.roles and kind.role not in spec.roles):
            raise Refused(f"{order.kind!r} is not a piece this formation makes")
        name = order.name or spec.name.format(side=side_name, kind=kind.name).strip()
        pid = unique_id(scratch.pieces, slug(name) or order.kind)
        count = int(s.options.get(spec.count_option, cat.options[spec.count_option].default)
                    if spec.count_option else order.count)
        count = kind.count.fixed if kind.count.fixed is not None else max(kind.count.min, min(kind.count.max, count))
        at = None if spec.place == "off_map" else here
        if spec.place.startswith("near:") and here is not None:
            at = nearest(scratch, cat, here, spec.place.split(":", 1)[1])
        props = {**spec.props, **{k: v for k, v in order.props.items() if v is not None}}
        do(PutRecord("pieces", pid, Piece(pid, order.kind, side, at, count, name, props)))
        ids.append(pid)
    first_kind = cat.pieces[orders[0].kind]
    for spec, pid in zip(formation.pieces, ids):
        if spec.link:
            if cat.piece_props.get(spec.link) not in first_kind.fields:
                raise Refused(f"the formation links by {spec.link!r}, which {first_kind.name} does not have")
            do(reassign(rules, scratch, ids[0], pid))
        inherited = {}
        for decl in spec.inherit:
            d = cat.piece_props.get(decl)
            if d is None or d not in cat.pieces[scratch.pieces[pid].kind].fields:
                continue
            first, me = scratch.pieces[ids[0]], scratch.pieces[pid]
            v = value_of(rules, scratch, first, d)
            if v != value_of(rules, scratch, me, d):
                inherited[d.prop] = v
        do(set_props(scratch, [pid], inherited) if inherited else None)
    if under is not None and under in scratch.pieces:
        tree = OrderOfBattle(rules, scratch)
        for pid in ids:
            if tree.parent_of.get(pid) in ids:
                continue
            for chief in [under] + tree.ancestors(under):
                try:
                    do(reassign(rules, scratch, pid, chief))
                    break
                except Refused:
                    continue
    if formation.options:
        options = {**s.options, **formation.options}
        if options != s.options:
            do(SetField("options", options))
    if all(isinstance(e, (PutRecord, PieceEdits)) for e in done):
        return PieceEdits(tuple(done), formation.text), ids
    return Compound(tuple(done), formation.text), ids


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


def problems_by_piece(findings) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in findings:
        for pid in getattr(f, "pieces", ()):
            out.setdefault(pid, []).append(f)
    return out
