"""Piece properties as the catalogue declares them: their values, what a rule set computes, the checks.

Scope: reading a piece's declared properties (the stored value, the kind's default, or what
the rule set computes), the groups pieces form (a unit set up in several squares), which
pieces a reference may name, and the validator every rule set runs on them
(`PIECE_PROP_TYPE`, `PIECE_PROP_REF`; a declaration may name its rule set's own code instead).
A rule set adds what its catalogue cannot say through `PieceRules` (registered by its package
with `register_piece_rules`; `RuleSet.piece_rules` and the validator find it by the catalogue):
which force a piece fights for, and the values it works out (Fire in the Fern!'s attempts and
set-up hiding, motu/engine/rules/fern/forces.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .catalogue import Catalogue, PieceKind
from .declarations import VALUE_TYPES, PropSpec, value_problem
from .model import Piece, Scenario, is_ident
from .validation import CODES, Finding, finding, register_code

PROP_TYPE = register_code("PIECE_PROP_TYPE", "error",
                          "A piece's count or property has a value of the wrong type or outside its declared choices.")
PROP_REF = register_code("PIECE_PROP_REF", "error",
                         "A piece's property names a piece or group that is not there, or one it may not name.")


@dataclass(frozen=True)
class Computed:
    """A value the rule set works out for a piece; `overridable`: a designer may set another,
    up to `limit` for a number; `why` says where the value comes from, in the rulebook's words."""

    value: Any
    overridable: bool = False
    limit: Any = None
    why: str = ""


class PieceRules:
    """What a rule set adds to its catalogue's piece declarations. The base answers from the
    catalogue alone: a piece fights for its side, and nothing is computed."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue

    def force_of(self, scenario: Scenario, piece: Piece) -> str:
        """The force a piece belongs to, in words (the rules' forces; by default its side)."""
        side = scenario.sides.get(piece.side or "")
        return side.name if side else (piece.side or "no side")

    def computed(self, scenario: Scenario, piece: Piece, spec: PropSpec) -> Computed | None:
        return None

    def kinds_for_side(self, scenario: Scenario, side: str | None, kinds: list[str]) -> list[str]:
        """Which of `kinds` a designer may give to `side` (a New unit's choice of kind)."""
        return kinds


_FACTORIES: dict[str, Callable[[Catalogue], PieceRules]] = {}
_MADE: dict[int, tuple[Catalogue, PieceRules]] = {}


def register_piece_rules(ruleset: str, factory: Callable[[Catalogue], PieceRules]) -> None:
    """A rule set's own PieceRules (its package registers it when imported: the model sits below it)."""
    _FACTORIES[ruleset] = factory


def piece_rules_for(catalogue: Catalogue) -> PieceRules:
    """The rule set's PieceRules for this catalogue (the base ones if it registered none), made once."""
    got = _MADE.get(id(catalogue))
    if got is None or got[0] is not catalogue:
        from motu.engine.plugins import lineage  # a variant's pieces follow its base's rules
        factory = next((_FACTORIES[r] for r in lineage(catalogue.ruleset) if r in _FACTORIES), PieceRules)
        got = _MADE[id(catalogue)] = (catalogue, factory(catalogue))
    return got[1]


def kind_default(kind: PieceKind, spec: PropSpec) -> Any:
    return kind.props.get(spec.prop) if spec.default == "kind" else spec.default


def value_of(rules: PieceRules, scenario: Scenario, piece: Piece, spec: PropSpec) -> Any:
    """What the property is for this piece: as set, else what the rule set computes, else the default."""
    v = piece.props.get(spec.prop)
    if v is not None:
        return v
    if spec.computed:
        c = rules.computed(scenario, piece, spec)
        if c is not None:
            return c.value
    kind = rules.catalogue.pieces.get(piece.kind)
    if spec.type == "group":
        return piece.id
    return kind_default(kind, spec) if kind is not None else spec.default


def group_of(catalogue: Catalogue, piece: Piece) -> str:
    """The group (unit) a piece is part of: its kind's `group` property, by default its own id."""
    kind = catalogue.pieces.get(piece.kind)
    if kind is not None:
        for f in kind.fields:
            if f.type == "group":
                v = piece.props.get(f.prop)
                return str(v) if isinstance(v, str) and v else piece.id
    return piece.id


def accepts(catalogue: Catalogue, spec: PropSpec, kind_id: str) -> bool:
    """May a reference of this declaration name a piece (or group) of this kind?"""
    kind = catalogue.pieces.get(kind_id)
    if kind is None:
        return False
    if spec.kinds and kind_id not in spec.kinds:
        return False
    return not spec.roles or kind.role in spec.roles


class Groups:
    """Every group of a scenario, built once: group id → its pieces, in order."""

    def __init__(self, scenario: Scenario, catalogue: Catalogue):
        self.members: dict[str, list[Piece]] = {}
        self.group: dict[str, str] = {}  # piece id → its group
        prop = {k: next((f.prop for f in kind.fields if f.type == "group"), None) for k, kind in catalogue.pieces.items()}
        for p in scenario.pieces.values():
            gp = prop.get(p.kind)
            v = p.props.get(gp) if gp else None
            g = v if isinstance(v, str) and v else p.id
            self.group[p.id] = g
            self.members.setdefault(g, []).append(p)

    def of(self, group: str, spec: PropSpec | None = None, catalogue: Catalogue | None = None) -> list[Piece]:
        ps = self.members.get(group, [])
        if spec is None or catalogue is None:
            return ps
        return [p for p in ps if accepts(catalogue, spec, p.kind)]


def groups(scenario: Scenario, catalogue: Catalogue) -> Groups:
    return scenario.cached(("piece-groups", catalogue.ruleset), lambda: Groups(scenario, catalogue))


def same_ok(rules: PieceRules, scenario: Scenario, spec: PropSpec, piece: Piece, other: Piece) -> bool:
    if spec.same == "side":
        return piece.side == other.side
    if spec.same == "force":
        return rules.force_of(scenario, piece) == rules.force_of(scenario, other)
    return True


def candidates(rules: PieceRules, scenario: Scenario, piece: Piece, spec: PropSpec) -> list[tuple[str, str]]:
    """What a reference may name: (value, words) for each eligible piece or group, in file order."""
    cat = rules.catalogue
    out: list[tuple[str, str]] = []
    if spec.type == "piece":
        for q in scenario.pieces.values():
            if q.id != piece.id and accepts(cat, spec, q.kind) and same_ok(rules, scenario, spec, piece, q):
                out.append((q.id, q.name or q.id))
    elif spec.type == "group_ref":
        for g, ps in groups(scenario, cat).members.items():
            ok = [q for q in ps if accepts(cat, spec, q.kind)]
            if ok and same_ok(rules, scenario, spec, piece, ok[0]) and piece.id not in (q.id for q in ok):
                out.append((g, ok[0].name or g))
    return out


def _type_ok(spec: PropSpec, v: Any) -> str | None:
    """Why a stored value does not fit its declaration, or None."""
    if spec.type in VALUE_TYPES:
        return value_problem(spec, v)
    return None if is_ident(v) else "should be an id"


def _name(p: Piece) -> str:
    return p.name or p.id


def check_piece(rules: PieceRules, s: Scenario, p: Piece, gs: Groups, index: int = -1) -> Iterable[Finding]:
    """`index`: the piece's place in the file's `pieces` list, for the findings' `path` (-1: none)."""
    cat = rules.catalogue
    kind = cat.pieces.get(p.kind)
    if kind is None:
        return
    cells = [] if p.cell is None else [p.cell]
    c = kind.count
    if not c.min <= p.count <= c.max:
        want = f"is always {c.fixed}" if c.fixed is not None else f"is {c.min} to {c.max}"
        yield finding(PROP_TYPE, f"{_name(p)} has a count of {p.count}; a {kind.name}'s count {want}",
                      cells=cells, pieces=[p.id])
    for spec in kind.fields:
        v = p.props.get(spec.prop)
        if v is None:
            continue
        why = _type_ok(spec, v)
        if why is not None:
            code = spec.code if spec.code in CODES else PROP_TYPE
            yield finding(code, f"{spec.text}: {_name(p)} has {v!r}; it {why}", cells=cells, pieces=[p.id],
                          path=("pieces", index, "props", spec.prop) if index >= 0 else ())
            continue
        if not spec.is_reference:
            continue
        if spec.type == "piece":
            targets = [s.pieces[v]] if v in s.pieces and v != p.id and accepts(cat, spec, s.pieces[v].kind) else []
        else:
            targets = [q for q in gs.of(v, spec, cat) if q.id != p.id]
        code = spec.code if spec.code in CODES else PROP_REF
        if not targets:
            wanted = " or ".join(cat.pieces[k].name for k in cat.pieces if accepts(cat, spec, k)) or "piece"
            yield finding(code, f"{spec.text}: {_name(p)} names {v!r}, which is no {wanted}"
                          + (" with figures" if spec.type == "group_ref" else ""), cells=cells, pieces=[p.id])
        elif not same_ok(rules, s, spec, p, targets[0]):
            code = spec.same_code if spec.same_code in CODES else code
            t = targets[0]
            where = (f"of side {s.sides[t.side].name if t.side in s.sides else t.side}" if spec.same == "side"
                     else f"of the {rules.force_of(s, t)} force")
            mine = (f"of side {s.sides[p.side].name if p.side in s.sides else p.side}" if spec.same == "side"
                    else f"of the {rules.force_of(s, p)} force")
            yield finding(code, f"{spec.text}: {_name(p)} ({mine}) names {_name(t)} ({where})",
                          cells=cells + ([t.cell] if t.cell is not None else []), pieces=[p.id, t.id])


def check_piece_props(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    """Every piece's count and declared properties against the catalogue's declarations."""
    if not any(k.fields or k.count.fixed is not None or k.count.max < 10000 for k in cat.pieces.values()):
        return
    rules = piece_rules_for(cat)
    gs = Groups(s, cat)
    for i, p in enumerate(s.pieces.values()):
        yield from check_piece(rules, s, p, gs, i)
