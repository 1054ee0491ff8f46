"""A rule set's catalogue: the terrain, edge features, cell features and pieces it knows.

Catalogues are data (`motu/resources/rulesets/<id>/catalogue.yaml`), so a designer can
add a terrain without code. Movement costs are per movement class: a terrain's
`move` gives the cost to enter it (a class that is not listed cannot enter), an
edge feature's `move` gives the extra cost to cross it (`null`: cannot cross).
What a designer sets on a piece (its count, its properties) or on a region, area, island or
side (`record_props`), the victory and set-up forms and the order of battle are declarations
too (`declarations.py`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .declarations import (
    CountSpec, DeclarationError, FormSpec, ForcesSpec, PropSpec, ValueSpec, count_spec, forces_spec, form_spec,
    prop_spec, record_props_spec,
)


@dataclass(frozen=True)
class TerrainKind:
    id: str
    name: str
    token: str
    color: str
    move: Mapping[str, float]  # movement class → cost to enter
    blocks_sight: bool = False
    kind: str = "land"  # land | water | coast | space: what validators reason about
    props: Mapping[str, Any] = field(default_factory=dict)

    def enter_cost(self, movement_class: str) -> float:
        cost = self.move.get(movement_class)
        return math.inf if cost is None else float(cost)


@dataclass(frozen=True)
class EdgeKind:
    id: str
    name: str
    color: str
    move: Mapping[str, float | None]  # movement class → extra cost; None: cannot cross
    blocks_sight: bool = False
    props: Mapping[str, Any] = field(default_factory=dict)

    def cross_cost(self, movement_class: str) -> float:
        if movement_class not in self.move:
            return 0.0
        cost = self.move[movement_class]
        return math.inf if cost is None else float(cost)


@dataclass(frozen=True)
class FeatureKind:
    id: str
    name: str
    symbol: str
    needs_side: bool = False
    terrain: tuple[str, ...] = ()  # terrains it may stand on; empty: any
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PieceKind:
    id: str
    name: str
    symbol: str
    movement_class: str | None = None
    mp: float = 0
    terrain: tuple[str, ...] = ()  # terrains it may be set up on; empty: any it can enter
    props: Mapping[str, Any] = field(default_factory=dict)  # what every piece of the kind is (role, nation…)
    count: CountSpec = field(default_factory=CountSpec)
    fields: tuple[PropSpec, ...] = ()  # the properties a designer sets on a piece of this kind

    @property
    def role(self) -> str:
        return str(self.props.get("role", ""))

    def spec_of(self, prop: str) -> PropSpec | None:
        """The declaration of a stored prop (`props[prop]`) for this kind, if it has one."""
        return next((f for f in self.fields if f.prop == prop), None)


@dataclass(frozen=True)
class OptionSpec:
    id: str
    type: str  # bool | int | choice | text
    default: Any
    text: str
    choices: tuple[Any, ...] = ()
    rule: str = ""


@dataclass(frozen=True)
class Catalogue:
    ruleset: str
    name: str
    grids: tuple[str, ...]
    default_terrain: str
    terrain: Mapping[str, TerrainKind]
    edges: Mapping[str, EdgeKind]
    features: Mapping[str, FeatureKind]
    pieces: Mapping[str, PieceKind]
    movement_classes: tuple[str, ...]
    options: Mapping[str, OptionSpec]
    default_grid: Mapping[str, Any]
    default_sides: tuple[Mapping[str, Any], ...] = ()
    template: str | None = None  # a scenario file the rule set's boards start from
    implements: tuple[str, ...] = ()
    piece_props: Mapping[str, PropSpec] = field(default_factory=dict)
    # record table (islands, regions, areas, sides) -> the typed properties the rules read
    record_props: Mapping[str, Mapping[str, ValueSpec]] = field(default_factory=dict)
    victory: FormSpec = field(default_factory=FormSpec)
    set_up: FormSpec = field(default_factory=FormSpec)
    forces: ForcesSpec = field(default_factory=ForcesSpec)

    def default_options(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def kinds_with_roles(self, roles) -> list[str]:
        return [k for k, p in self.pieces.items() if p.role in roles]


class CatalogueError(ValueError):
    pass


def _piece_kind(k: str, v: Mapping[str, Any], form: Mapping[str, Any], declared: Mapping[str, PropSpec]) -> PieceKind:
    """A piece kind from its `pieces:` entry and its `piece_fields:` entry (count and properties)."""
    names = [str(x) for x in (form.get("fields") or ())]
    missing = [n for n in names if n not in declared]
    if missing:
        raise CatalogueError(f"piece {k!r} lists undeclared properties: {', '.join(missing)}")
    fields = tuple(declared[n] for n in names)
    props = [f.prop for f in fields]
    if len(set(props)) != len(props):
        raise CatalogueError(f"piece {k!r} declares one stored property twice")
    return PieceKind(k, str(v.get("name", k)), str(v.get("symbol", k[:1].upper())), v.get("movement_class"),
                     float(v.get("mp", 0)), tuple(v.get("terrain") or ()), dict(v.get("props") or {}),
                     count_spec(form.get("count")), fields)


def catalogue_from_dict(data: Mapping[str, Any], read_resource: Callable[[str], Any] | None = None) -> Catalogue:
    """Build a catalogue from its YAML mapping; CatalogueError names what is wrong.
    `read_resource(name)` reads another file of the rule set (a formation's `pieces_from`)."""
    try:
        rid = str(data["id"])
        terrain = {
            k: TerrainKind(k, str(v.get("name", k)), str(v["token"]), str(v.get("color", "#888888")),
                           dict(v.get("move") or {}), bool(v.get("blocks_sight", False)),
                           str(v.get("kind", "land")), dict(v.get("props") or {}))
            for k, v in (data.get("terrain") or {}).items()
        }
        tokens = [t.token for t in terrain.values()]
        if len(set(tokens)) != len(tokens):
            raise CatalogueError(f"{rid}: two terrains share a token")
        edges = {
            k: EdgeKind(k, str(v.get("name", k)), str(v.get("color", "#000000")), dict(v.get("move") or {}),
                        bool(v.get("blocks_sight", False)), dict(v.get("props") or {}))
            for k, v in (data.get("edge_features") or {}).items()
        }
        features = {
            k: FeatureKind(k, str(v.get("name", k)), str(v.get("symbol", k[:1].upper())),
                           bool(v.get("needs_side", False)), tuple(v.get("terrain") or ()), dict(v.get("props") or {}))
            for k, v in (data.get("cell_features") or {}).items()
        }
        declared = {str(k): prop_spec(str(k), v) for k, v in (data.get("piece_props") or {}).items()}
        forms = data.get("piece_fields") or {}
        unknown = [k for k in forms if k not in (data.get("pieces") or {})]
        if unknown:
            raise CatalogueError(f"{rid}: piece_fields names pieces it does not have: {', '.join(map(str, unknown))}")
        pieces = {k: _piece_kind(k, v, forms.get(k) or {}, declared) for k, v in (data.get("pieces") or {}).items()}
        options = {
            k: OptionSpec(k, str(v.get("type", "bool")), v.get("default"), str(v.get("text", "")),
                          tuple(v.get("choices") or ()), str(v.get("rule", "")))
            for k, v in (data.get("options") or {}).items()
        }
        default_terrain = str(data["default_terrain"])
        if default_terrain not in terrain:
            raise CatalogueError(f"{rid}: default terrain {default_terrain!r} is not in the catalogue")
        return Catalogue(
            ruleset=rid, name=str(data.get("name", rid)), grids=tuple(data.get("grids") or ()),
            default_terrain=default_terrain, terrain=terrain, edges=edges, features=features, pieces=pieces,
            movement_classes=tuple(data.get("movement_classes") or ()), options=options,
            default_grid=dict(data.get("default_grid") or {}),
            default_sides=tuple(data.get("default_sides") or ()),
            template=data.get("template"),
            implements=tuple(str(x) for x in (data.get("implements") or ())),
            piece_props=declared, record_props=record_props_spec(data.get("record_props")),
            victory=form_spec(data.get("victory"), options), set_up=form_spec(data.get("set_up"), options),
            forces=forces_spec(data.get("forces"), read_resource or _resource_reader(rid)),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, CatalogueError):
            raise
        if isinstance(exc, DeclarationError):
            raise CatalogueError(f"catalogue {data.get('id', '?')!r}: {exc}") from exc
        raise CatalogueError(f"catalogue {data.get('id', '?')!r}: {exc!r}") from exc


def _resource_reader(ruleset: str) -> Callable[[str], Any]:
    """Reads `motu/resources/rulesets/<ruleset>/<name>`: the files beside a catalogue."""
    def read(name: str) -> Any:
        import yaml

        from motu.engine.resources import resource_path
        with open(resource_path("rulesets", ruleset, name), encoding="utf-8") as fh:
            return yaml.load(fh, Loader=yaml.CSafeLoader)
    return read
