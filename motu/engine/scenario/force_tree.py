"""The order of battle as a tree: each side's pieces under their parents, with the catalogue's headings.

Scope: who stands under whom, read from the catalogue's declarations (a reference marked
`parent` nests a piece under what it names, `parent_of` nests the named group under the
piece), a loop of references cut where it is found; the tree the Forces dock shows, a root per
side with the headings and off-map heading the catalogue gives; findings sorted by piece.
Reading only: the Edits that reshape the tree are force_changes.py and formations.py.
Nothing here knows a rule set: the declarations and `PieceRules` say it all.
"""
from __future__ import annotations

from typing import Any

from .model import Piece, Scenario
from .piece_props import PieceRules, accepts, groups


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


def piece_name(p: Piece, s=None, catalogue=None) -> str:
    """What the order of battle calls a piece: its own name, else its kind's name in the
    catalogue's words with its side ("War Canoe (Red clan)") where the scenario and catalogue are
    given, else its id (which is only for the file)."""
    if p.name:
        return p.name
    kind = catalogue.pieces.get(p.kind) if catalogue is not None else None
    if kind is None:
        return p.id
    side = s.sides.get(p.side or "") if s is not None else None
    return f"{kind.name} ({side.name})" if side is not None else kind.name


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
            self.by_piece[p.id] = ForceNode("piece", f"piece:{p.id}", piece_name(p), side=p.side, piece=p.id)
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


def problems_by_piece(findings) -> dict[str, list]:
    out: dict[str, list] = {}
    for f in findings:
        for pid in getattr(f, "pieces", ()):
            out.setdefault(pid, []).append(f)
    return out
