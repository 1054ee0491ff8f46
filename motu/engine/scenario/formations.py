"""Formations: the pieces a designer makes in one step, placed and linked, as one Edit.

Scope: a formation as the catalogue declares it (Fire in the Fern!'s unit and its leader, a
Tahiti clan's set-up, a pearl player's start): where it stands (a cell, the side's feature,
off the map, the nearest coast), ids made from names, each piece's count and properties, the
links between its pieces and to the chief chosen, and the options it sets.
"""
from __future__ import annotations

import re
import unicodedata
from collections import deque
from dataclasses import dataclass, field

from .declarations import Formation
from .edits import Compound, Edit, PieceEdits, PutRecord, SetField
from .force_changes import Refused, reassign, set_props
from .force_tree import OrderOfBattle
from .model import Piece, Scenario
from .piece_props import PieceRules, value_of


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
