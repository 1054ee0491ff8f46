"""What a counter shows: its side's colour, its symbol or name, its factors, a figure count.

The editor's map, the playtest and print-and-play draw pieces from the same
`CounterFace`, so a counter reads the same everywhere. What each piece kind shows
is rule-set data: the `counters:` section of `motu/resources/rulesets/<id>/catalogue.yaml`

    counters:
      tables: {cv: combat.yaml#combat_value}   # values looked up per kind in a rule table
      default: {label: kind, bottom: "{count}"}
      leader: {label: name, top: "{short}", short: Leader}
      warriors: {short: Warriors}

`label` is the big text: `kind` (the kind's counter name, below), `name` (the
piece's own name, else the kind's counter name), `symbol` (the kind's symbol, for
markers), or a template. `top` and `bottom` are small lines. `short` is the kind's
name on a counter, a word or two of the rulebook's, where the catalogue's name is
long or carries a rule reference ("Leader (officer or chief)" reads "Leader");
without it, the kind's name. A template fills in {name}, {symbol}, {kind} (the
kind's name), {short}, {count}, {mp}, any piece or kind prop, and any `tables`
value; a line whose fields are all missing (or a {count} of one) is left out, so
"{count}" shows only on a group of figures.

A counter reads by names, never by abbreviations or ids ("Regulars 10", not "Reg
10"). A face also says the shorter form of its label where room is short
(`CounterFace.short`: a person's own name from his full name, "Lt Carey" →
"Carey"; `name_word`), and whether its lines show the piece's count.
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
_DEFAULT = {"label": "kind", "bottom": "{count}"}


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
    short: str = ""  # the label where it does not fit whole ("" : the label has no shorter form)
    shows_count: bool = False  # a line of the face shows the piece's count


def name_word(text: str) -> str:
    """The word a person's name is known by: its last capitalised word ("Capt Brown" → "Brown",
    "Red Head Chieftain" → "Chieftain"; a rank before it is never taken alone), else its first
    word ("Hone the war chief" → "Hone"); a one-word name is itself."""
    words = text.split()
    if len(words) < 2:
        return text
    capital = [w for w in words if w[:1].isupper() and len(w) > 2]
    return capital[-1] if capital else words[0]


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
        short = self.declaration(piece.kind).get("short")
        if kind is not None:
            out.update({k: v for k, v in kind.props.items() if isinstance(v, (str, int, float))})
            out.update(symbol=kind.symbol, kind=kind.name, short=str(short or kind.name))
            if kind.mp:
                out["mp"] = int(kind.mp) if float(kind.mp).is_integer() else kind.mp
        else:
            out.update(symbol="?", kind=piece.kind, short=str(short or piece.kind))
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
        spec = str(decl.get("label", "kind"))
        label = self._label(spec, fields)
        short = name_word(label) if spec == "name" and fields.get("name") else ""
        counted = piece.count > 1 and any("{count}" in str(decl.get(k) or "") for k in ("label", "top", "bottom"))
        return CounterFace(piece.id, fill, ink_for(fill), label, _fill(decl.get("top"), fields),
                           _fill(decl.get("bottom"), fields), str(decl.get("shape", "square")),
                           short if short != label else "", counted)

    @staticmethod
    def _label(spec: str, fields: Mapping[str, Any]) -> str:
        if spec == "symbol":
            return str(fields.get("symbol", "?"))
        if spec == "kind":
            return str(fields.get("short", "?"))
        if spec == "name":
            return str(fields.get("name") or fields.get("short", "?"))
        return _fill(spec, fields) or str(fields.get("short", "?"))


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
