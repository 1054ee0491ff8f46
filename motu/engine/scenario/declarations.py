"""What a rule set declares about the things a designer edits, read from its catalogue.

Scope: the typed declarations only (no scenario is read here). A catalogue declares
- per piece kind, its count (figures, strength…) and the properties a designer may set
  (`piece_props:` once, each kind listing the ones it takes under `fields:`), with their
  types, choices, limits, references to other pieces and whether the rule set computes them;
- per record table (islands, regions, areas, sides), the typed properties its rules read from
  a record's `props` (`record_props:`; Tahiti's region `marae_limit`);
- its victory conditions and set-up as small forms (`victory:`, `set_up:`);
- its order of battle (`forces:`): how pieces nest, headings, and formations a designer
  makes in one step (a unit and its leader, a clan's set-up, a player's start).
The editor builds its forms from these, `piece_props.py` and `record_props.py` check scenarios
against them and `ruleset_schema.py` writes them into the file format's JSON Schema.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

PROP_TYPES = ("int", "bool", "choice", "text", "piece", "group", "group_ref")
VALUE_TYPES = ("int", "bool", "choice", "text")
SAME = ("", "side", "force")
RECORD_TABLES = ("islands", "regions", "areas", "sides")  # the scenario's records with `props`


class DeclarationError(ValueError):
    pass


@dataclass(frozen=True)
class ValueSpec:
    """A typed value a designer sets, in the rulebook's words: its choices, labels and limits."""

    id: str
    type: str
    text: str
    rule: str = ""
    help: str = ""
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    default: Any = None

    def label_of(self, value: Any) -> str:
        """The words for a choice (the rulebook's, from the declaration), else the value itself."""
        if self.type == "choice" and value in self.choices and self.labels:
            return self.labels[self.choices.index(value)]
        if isinstance(value, bool):
            return "yes" if value else "no"
        return "" if value is None else str(value)


def value_problem(spec: ValueSpec, v: Any) -> str | None:
    """Why a stored value does not fit a declaration of type int, bool, choice or text
    ("should be a whole number"), or None."""
    if spec.type == "int":
        if not isinstance(v, int) or isinstance(v, bool):
            return "should be a whole number"
        if spec.min is not None and v < spec.min or spec.max is not None and v > spec.max:
            return f"should be {spec.min if spec.min is not None else '…'} to {spec.max if spec.max is not None else '…'}"
    elif spec.type == "bool":
        if not isinstance(v, bool):
            return "should be true or false"
    elif spec.type == "choice":
        if v not in spec.choices:
            return f"should be one of {', '.join(map(str, spec.choices))}"
    elif spec.type == "text":
        if not isinstance(v, str):
            return "should be text"
    return None


@dataclass(frozen=True)
class PropSpec(ValueSpec):
    """One property a designer may set on a piece: `props[prop]` in the file.

    piece: names another piece (of `kinds`, or of kinds whose role is in `roles`);
    group: pieces with the same value are one group (a unit in several squares), default the
    piece's own id; group_ref: names such a group. `same` limits references to the piece's own
    side or force. `parent` nests the piece under what it names in the order of battle;
    `parent_of` nests the named group under the piece. `computed`: the rule set works the value
    out (attempts from figures, hidden from terrain) and a value set here is an override.
    A `default` of "kind" is the piece kind's own prop of the same name.
    """

    prop: str = ""
    computed: bool = False
    kinds: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    same: str = ""
    parent: bool = False
    parent_of: bool = False
    code: str = ""        # the finding for a bad value (default PIECE_PROP_TYPE / PIECE_PROP_REF)
    same_code: str = ""   # the finding for a reference to another side or force

    @property
    def is_reference(self) -> bool:
        return self.type in ("piece", "group_ref")


@dataclass(frozen=True)
class CountSpec:
    """What a piece's count means for its kind: figures, strength markers… (`fixed`: always that)."""

    text: str = "Count"
    min: int = 1
    max: int = 10000
    fixed: int | None = None
    suggest: tuple[int, int] | None = None  # the rules' usual range (a warning outside it is the rule set's)


@dataclass(frozen=True)
class FieldSpec(ValueSpec):
    """One field of a scenario-level form (victory, set-up): stored in `victory` or as an option."""

    option: str = ""  # the field is this rule-set option (kept under `options:`)


@dataclass(frozen=True)
class FormSpec:
    text: str = ""
    rule: str = ""
    fields: tuple[FieldSpec, ...] = ()


@dataclass(frozen=True)
class FormationPiece:
    """One piece a formation makes: a fixed kind, or a choice among `roles`; `ask` lists what the
    designer fills in (kind, count, name, and declared fields); `link` names the declaration that
    ties it to the formation's first piece; `place`: at the formation's cell, `off_map`, or
    `near:<terrain kind>` (the nearest such cell over land)."""

    kind: str = ""
    roles: tuple[str, ...] = ()
    count: int = 1
    count_option: str = ""  # the count is this rule-set option's value
    name: str = ""          # a name pattern: {side} and {kind} are filled in
    ask: tuple[str, ...] = ()
    link: str = ""
    place: str = "here"
    props: Mapping[str, Any] = field(default_factory=dict)
    inherit: tuple[str, ...] = ()  # declared properties it takes from the first piece (a kupapa chief's nation)


@dataclass(frozen=True)
class Formation:
    id: str
    text: str
    rule: str = ""
    help: str = ""
    at: str = "ask"  # ask: a cell the designer gives; off_map; feature:<kind> of the side
    pieces: tuple[FormationPiece, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)  # rule-set options the formation turns on


@dataclass(frozen=True)
class ForcesSpec:
    """How the Forces dock shows a side: headings per kind, off-map pieces, formations."""

    headings: Mapping[str, str] = field(default_factory=dict)  # kind → heading its pieces go under
    features: Mapping[str, str] = field(default_factory=dict)  # a side's cell features shown, kind → heading
    off_map: str = ""  # heading of off-map pieces (reserves, a player's supply); "" keeps them in place
    formations: tuple[Formation, ...] = ()
    columns: Mapping[str, str] = field(default_factory=dict)  # declared properties shown in columns → header

    def formation(self, fid: str) -> Formation | None:
        return next((f for f in self.formations if f.id == fid), None)


def _tuple(v: Any) -> tuple:
    if v is None:
        return ()
    return tuple(v) if isinstance(v, (list, tuple)) else (v,)


def _opt_int(v: Any) -> int | None:
    return None if v is None else int(v)


def prop_spec(pid: str, d: Mapping[str, Any]) -> PropSpec:
    t = str(d.get("type", "text"))
    if t not in PROP_TYPES:
        raise DeclarationError(f"piece property {pid!r}: type {t!r} is not one of {', '.join(PROP_TYPES)}")
    same = str(d.get("same", ""))
    if same not in SAME:
        raise DeclarationError(f"piece property {pid!r}: same must be side or force")
    choices, labels = _tuple(d.get("choices")), tuple(str(x) for x in _tuple(d.get("labels")))
    if t == "choice" and not choices:
        raise DeclarationError(f"piece property {pid!r}: a choice needs choices")
    if labels and len(labels) != len(choices):
        raise DeclarationError(f"piece property {pid!r}: one label per choice")
    return PropSpec(**_value_fields(pid, t, d, choices, labels), prop=str(d.get("prop", pid)),
                    computed=bool(d.get("computed", False)), kinds=tuple(map(str, _tuple(d.get("kinds")))),
                    roles=tuple(map(str, _tuple(d.get("roles")))), same=same, parent=bool(d.get("parent", False)),
                    parent_of=bool(d.get("parent_of", False)), code=str(d.get("code", "")),
                    same_code=str(d.get("same_code", "")))


def _value_fields(vid: str, t: str, d: Mapping[str, Any], choices: tuple, labels: tuple) -> dict[str, Any]:
    return {"id": vid, "type": t, "text": str(d.get("text", vid)), "rule": str(d.get("rule", "")),
            "help": str(d.get("help", "")), "choices": choices, "labels": labels,
            "min": _opt_int(d.get("min")), "max": _opt_int(d.get("max")), "default": d.get("default")}


def record_props_spec(d: Any) -> dict[str, dict[str, ValueSpec]]:
    """`record_props:` -- record table (RECORD_TABLES) -> property -> its declaration."""
    out: dict[str, dict[str, ValueSpec]] = {}
    for table, props in (d or {}).items():
        if table not in RECORD_TABLES:
            raise DeclarationError(f"record_props: {table!r} is not one of {', '.join(RECORD_TABLES)}")
        specs = {}
        for pid, v in (props or {}).items():
            t = str(v.get("type", "text"))
            if t not in VALUE_TYPES:
                raise DeclarationError(f"{table} property {pid!r}: type {t!r} is not int, bool, choice or text")
            choices, labels = _tuple(v.get("choices")), tuple(str(x) for x in _tuple(v.get("labels")))
            if t == "choice" and not choices:
                raise DeclarationError(f"{table} property {pid!r}: a choice needs choices")
            specs[str(pid)] = ValueSpec(**_value_fields(str(pid), t, v, choices, labels))
        out[str(table)] = specs
    return out


def count_spec(d: Any) -> CountSpec:
    if d is None:
        return CountSpec()
    if isinstance(d, int) and not isinstance(d, bool):
        return CountSpec(fixed=d, min=d, max=d)
    suggest = d.get("suggest")
    fixed = _opt_int(d.get("fixed"))
    lo = fixed if fixed is not None else int(d.get("min", 1))
    hi = fixed if fixed is not None else int(d.get("max", 10000))
    return CountSpec(str(d.get("text", "Count")), lo, hi, fixed, (int(suggest[0]), int(suggest[1])) if suggest else None)


def form_spec(d: Any, options: Mapping[str, Any] | None = None) -> FormSpec:
    """A form; a field naming a rule-set `option` takes its type, choices and default from it."""
    if not d:
        return FormSpec()
    fields = []
    for fid, f in (d.get("fields") or {}).items():
        f = dict(f)
        if f.get("option"):
            spec = (options or {}).get(f["option"])
            if spec is None:
                raise DeclarationError(f"form field {fid!r}: there is no option {f['option']!r}")
            f.setdefault("type", spec.type)
            f.setdefault("choices", list(spec.choices))
            f.setdefault("default", spec.default)
            f.setdefault("text", spec.text)
            f.setdefault("rule", spec.rule)
        t = str(f.get("type", "text"))
        if t not in ("int", "bool", "choice", "text"):
            raise DeclarationError(f"form field {fid!r}: type {t!r} is not int, bool, choice or text")
        choices, labels = _tuple(f.get("choices")), tuple(str(x) for x in _tuple(f.get("labels")))
        if labels and len(labels) != len(choices):
            raise DeclarationError(f"form field {fid!r}: one label per choice")
        fields.append(FieldSpec(**_value_fields(str(fid), t, f, choices, labels), option=str(f.get("option", ""))))
    return FormSpec(str(d.get("text", "")), str(d.get("rule", "")), tuple(fields))


def _formation_piece(d: Mapping[str, Any]) -> FormationPiece:
    count = d.get("count", 1)
    option = ""
    if isinstance(count, Mapping):
        option, count = str(count["option"]), 1
    return FormationPiece(str(d.get("kind", "")), tuple(map(str, _tuple(d.get("roles")))), int(count), option,
                          str(d.get("name", "")), tuple(map(str, _tuple(d.get("ask")))), str(d.get("link", "")),
                          str(d.get("place", "here")), dict(d.get("props") or {}),
                          tuple(map(str, _tuple(d.get("inherit")))))


def forces_spec(d: Any, read_resource=None) -> ForcesSpec:
    """`read_resource(name)` reads another YAML file of the rule set, for `pieces_from: file#key`."""
    if not d:
        return ForcesSpec()
    formations = []
    for fid, f in (d.get("formations") or {}).items():
        pieces = [_formation_piece(p) for p in (f.get("pieces") or [])]
        source = f.get("pieces_from")
        if source:
            if read_resource is None:
                raise DeclarationError(f"formation {fid!r}: pieces_from needs the rule set's resources")
            name, _, key = str(source["file"] if isinstance(source, Mapping) else source).partition("#")
            table = read_resource(name)
            for k in key.split("/") if key else ():
                table = table[k]
            skip = set(_tuple(source.get("except"))) if isinstance(source, Mapping) else set()
            place = dict(source.get("place") or {}) if isinstance(source, Mapping) else {}
            name_pattern = str(source.get("name", "")) if isinstance(source, Mapping) else ""
            for kind, n in table.items():
                if kind not in skip and int(n) > 0:
                    pieces.append(FormationPiece(str(kind), count=int(n), name=name_pattern,
                                                 place=str(place.get(kind, "here"))))
        formations.append(Formation(str(fid), str(f.get("text", fid)), str(f.get("rule", "")), str(f.get("help", "")),
                                    str(f.get("at", "ask")), tuple(pieces), dict(f.get("options") or {})))
    return ForcesSpec({str(k): str(v) for k, v in (d.get("headings") or {}).items()},
                      {str(k): str(v) for k, v in (d.get("features") or {}).items()}, str(d.get("off_map") or ""),
                      tuple(formations), _columns(d.get("columns")))


def _columns(d: Any) -> dict[str, str]:
    if isinstance(d, Mapping):
        return {str(k): str(v) for k, v in d.items()}
    return {str(k): "" for k in _tuple(d)}
