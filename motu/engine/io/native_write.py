"""Writing Motu's scenario format: the model as plain data, layers as rows of short tokens.

`scenario_to_document` is the inverse of `native.document_to_scenario`; `native.dumps` adds
the YAML and the modeline.
"""
from __future__ import annotations

import string
from typing import Any, Iterator

from motu.engine.board.grids import Grid
from motu.engine.scenario.model import FORMAT_VERSION, Scenario

from .yaml_dump import FlowMap, FlowSeq, Label

NO_AREA = "."
_TOKEN_ALPHABET = string.ascii_lowercase + string.ascii_uppercase + string.digits


def _token_candidates(first: str) -> Iterator[str]:
    """Short tokens in a fixed order: the id's initial, then one letter or digit, then two."""
    yield first[:1]
    yield first[:1].upper()
    yield from _TOKEN_ALPHABET
    for a in _TOKEN_ALPHABET:
        for b in _TOKEN_ALPHABET:
            yield a + b
    n = 0
    while True:  # beyond 3,900 ids: numbered tokens never run out
        n += 1
        yield f"_{n}"


def _assign_tokens(ids: list[str], preferred: dict[str, str], reserved: set[str]) -> dict[str, str]:
    """A token for each id: its own if it has one, else a short free one, deterministically."""
    out: dict[str, str] = {}
    used = set(reserved)
    for i in ids:
        tok = preferred.get(i)
        if tok and tok not in used and not any(ch.isspace() for ch in tok):
            out[i] = tok
            used.add(tok)
    shared = _token_candidates("")
    for i in ids:
        if i in out:
            continue
        # The id's own initial when free reads best; after that, the next free short token.
        tok = next((c for c in (i[:1], i[:1].upper()) if c and c not in used), None)
        while tok is None:
            c = next(shared)
            if c and c not in used:
                tok = c
        out[i] = tok
        used.add(tok)
    return out


def _rows(grid: Grid, values: list[Any], tokens: dict[Any, str]) -> list[str]:
    width = max(len(t) for t in tokens.values())
    padded = {v: t.ljust(width) for v, t in tokens.items()}
    seq = [padded[v] for v in values]
    c = grid.text_layout()[0]
    return [" ".join(seq[i: i + c]).rstrip() for i in range(0, len(seq), c)]


def _with_props(d: dict[str, Any], props: Any) -> FlowMap:
    if props:
        d["props"] = _flow(props)
    return FlowMap(d)


def _flow(value: Any) -> Any:
    if isinstance(value, dict):
        return FlowMap({k: _flow(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return FlowSeq(_flow(v) for v in value)
    return value


def _leaf_flow(value: Any) -> Any:
    """Block mappings, but lists of plain values on one line."""
    if isinstance(value, dict):
        return {k: _leaf_flow(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if all(not isinstance(v, (dict, list, tuple)) for v in value):
            return FlowSeq(value)
        return [_leaf_flow(v) for v in value]
    return value


def _grid_doc(grid: Grid) -> dict[str, Any]:
    d = grid.to_dict()
    if d["shape"] != "spaces":
        return FlowMap(d)
    d["spaces"] = [_flow(sp) for sp in d["spaces"]]
    return d


def scenario_to_document(s: Scenario) -> dict[str, Any]:
    grid = s.grid

    def label(cell: int) -> Label:
        return Label(grid.label(cell))

    doc: dict[str, Any] = {"motu": FORMAT_VERSION, "ruleset": s.ruleset, "title": s.title}
    if s.briefing:
        doc["briefing"] = s.briefing
    if s.options:
        doc["options"] = _leaf_flow(s.options)
    terrain_ids = list(dict.fromkeys(s.terrain))
    t_tokens = _assign_tokens(sorted(terrain_ids, key=lambda t: (t not in s.terrain_tokens, t)), s.terrain_tokens, set())
    m: dict[str, Any] = {"grid": _grid_doc(grid)}
    m["terrain"] = {"legend": {t_tokens[t]: t for t in sorted(terrain_ids, key=lambda t: t_tokens[t])},
                    "rows": _rows(grid, s.terrain, t_tokens)}
    if any(a is not None for a in s.cell_area):
        present = set(s.cell_area)
        used = [a for a in s.areas if a in present]
        a_tokens = _assign_tokens(used, s.area_tokens, {NO_AREA})
        m["areas"] = {"legend": {a_tokens[a]: a for a in used},
                      "rows": _rows(grid, s.cell_area, {**a_tokens, None: NO_AREA})}
    if s.edges:
        by_feature: dict[str, list[str]] = {}
        for key in sorted(s.edges):
            for f in s.edges[key]:
                by_feature.setdefault(f, []).append(grid.edge_label(*key))
        m["edges"] = {f: by_feature[f] for f in sorted(by_feature)}
    if s.features:
        feats = []
        for f in s.features:
            d: dict[str, Any] = {"kind": f.kind, "cell": label(f.cell)}
            if f.side is not None:
                d["side"] = f.side
            if f.name:
                d["name"] = f.name
            feats.append(_with_props(d, f.props))
        m["features"] = feats
    if s.cell_props:
        m["cells"] = {label(c): _flow(dict(s.cell_props[c])) for c in sorted(s.cell_props)}
    doc["map"] = m
    if s.islands:
        doc["islands"] = [_with_props({"id": i.id, "name": i.name}, i.props) for i in s.islands.values()]
    if s.regions:
        doc["regions"] = [_with_props({"id": r.id, "name": r.name}, r.props) for r in s.regions.values()]
    if s.areas:
        areas = []
        for a in s.areas.values():
            d = {"id": a.id, "name": a.name}
            for k in ("region", "island", "color"):
                if getattr(a, k) is not None:
                    d[k] = getattr(a, k)
            areas.append(_with_props(d, a.props))
        doc["areas"] = areas
    if s.sides:
        sides = []
        for sd in s.sides.values():
            d = {"id": sd.id, "name": sd.name}
            if sd.color is not None:
                d["color"] = sd.color
            sides.append(_with_props(d, sd.props))
        doc["sides"] = sides
    if s.pieces:
        pieces = []
        for p in s.pieces.values():
            d = {"id": p.id, "kind": p.kind}
            if p.side is not None:
                d["side"] = p.side
            if p.cell is not None:
                d["cell"] = label(p.cell)
            if p.count != 1:
                d["count"] = p.count
            if p.name:
                d["name"] = p.name
            pieces.append(_with_props(d, p.props))
        doc["pieces"] = pieces
    if s.setup_zones:
        doc["setup"] = {side: FlowSeq(label(c) for c in sorted(cells)) for side, cells in s.setup_zones.items()}
    if s.victory:
        doc["victory"] = _leaf_flow(s.victory)
    if s.tables:
        doc["tables"] = _leaf_flow(s.tables)
    return doc
