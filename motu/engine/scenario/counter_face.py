"""What a counter shows: its side's colour, its symbol or name, its factors, a figure count.

The editor's map, the playtest and print-and-play draw pieces from the same
`CounterFace`, so a counter reads the same everywhere. What each piece kind shows
is rule-set data: the `counters:` section of `motu/resources/rulesets/<id>/catalogue.yaml`

    counters:
      tables: {cv: combat.yaml#combat_value}   # values looked up per kind in a rule table
      default: {label: symbol, bottom: "{count}"}
      leader: {label: name, top: symbol}

`label` is the big text (`symbol`, `name`: the piece's own name, else the kind's
symbol; or a template), `top` and `bottom` are small lines. A template fills in
{name}, {symbol}, {kind} (the kind's name), {count}, {mp}, any piece or kind
prop, and any `tables` value; a line whose fields are all missing (or a {count}
of one) is left out, so "{count}" shows only on a group of figures.
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from .catalogue import Catalogue
from .model import Piece, Scenario

DEFAULT_SIDE_COLOUR = "#6b6b6b"
_FIELD = re.compile(r"{([A-Za-z0-9_]+)}")
_DEFAULT = {"label": "symbol", "bottom": "{count}"}


@dataclass(frozen=True)
class CounterFace:
    """One counter as drawn: colours as #rrggbb, texts already filled in ("" shows nothing)."""

    piece: str
    fill: str
    ink: str  # the text colour that reads on `fill`
    label: str
    top: str = ""
    bottom: str = ""
    shape: str = "square"  # square | round (tokens, markers)


def ink_for(fill: str) -> str:
    """Black or white, whichever reads better on a colour (WCAG relative luminance)."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return "#111111" if lum > 0.3 else "#ffffff"


def _colour(value: object) -> str:
    text = str(value or "")
    return text if re.fullmatch(r"#[0-9A-Fa-f]{6}", text) else DEFAULT_SIDE_COLOUR


@lru_cache(maxsize=32)
def _declarations(ruleset: str) -> tuple[Mapping[str, Any], Mapping[str, Mapping[str, Any]]]:
    """(per-kind declarations, per-kind table values) from the rule set's catalogue file."""
    from motu.engine.plugins import lineage  # a variant reads its base's tables
    from motu.engine.resources import resource_path
    from .catalogue_data import read_section, read_table
    section = read_section(ruleset, "counters")
    decls = {k: v for k, v in section.items() if k != "tables" and isinstance(v, Mapping)}
    values: dict[str, dict[str, Any]] = {}
    for name, ref in (section.get("tables") or {}).items():
        for kind, value in read_table(resource_path("rulesets", lineage(ruleset)[-1]), str(ref)).items():
            values.setdefault(str(kind), {})[str(name)] = value
    return decls, values


class CounterFaces:
    """Faces for the pieces of one scenario under one catalogue."""

    def __init__(self, scenario: Scenario, catalogue: Catalogue):
        self.scenario = scenario
        self.catalogue = catalogue
        self.decls, self.values = _declarations(catalogue.ruleset)

    def declaration(self, kind: str) -> Mapping[str, Any]:
        return {**_DEFAULT, **self.decls.get("default", {}), **self.decls.get(kind, {})}

    def fields(self, piece: Piece) -> dict[str, Any]:
        kind = self.catalogue.pieces.get(piece.kind)
        out: dict[str, Any] = {}
        if kind is not None:
            out.update({k: v for k, v in kind.props.items() if isinstance(v, (str, int, float))})
            out.update(symbol=kind.symbol, kind=kind.name)
            if kind.mp:
                out["mp"] = int(kind.mp) if float(kind.mp).is_integer() else kind.mp
        else:
            out.update(symbol="?", kind=piece.kind)
        out.update(self.values.get(piece.kind, {}))
        out.update({k: v for k, v in piece.props.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)})
        if piece.name:
            out["name"] = piece.name
        if piece.count > 1:
            out["count"] = piece.count
        return out

    def face(self, piece: Piece) -> CounterFace:
        decl = self.declaration(piece.kind)
        fields = self.fields(piece)
        side = self.scenario.sides.get(piece.side or "")
        fill = _colour(side.color if side is not None else None)
        label = self._label(str(decl.get("label", "symbol")), fields)
        return CounterFace(piece.id, fill, ink_for(fill), label, _fill(decl.get("top"), fields),
                           _fill(decl.get("bottom"), fields), str(decl.get("shape", "square")))

    @staticmethod
    def _label(spec: str, fields: Mapping[str, Any]) -> str:
        if spec == "symbol":
            return str(fields.get("symbol", "?"))
        if spec == "name":
            return str(fields.get("name") or fields.get("symbol", "?"))
        return _fill(spec, fields) or str(fields.get("symbol", "?"))


def _fill(template: object, fields: Mapping[str, Any]) -> str:
    """A template with its fields filled in; "" when every field it names is missing."""
    if not template:
        return ""
    text = str(template)
    names = _FIELD.findall(text)
    if names and not any(n in fields for n in names):
        return ""
    return string.Formatter().vformat(text, (), _Missing(fields)).strip()


class _Missing(dict):
    def __init__(self, fields: Mapping[str, Any]):
        super().__init__(fields)

    def __missing__(self, key: str) -> str:
        return ""
