"""What a variant takes away that a scenario still uses: its terrains, piece kinds and features.

Scope: the one refusal of a variant that needs maps: a terrain, edge or cell feature, or piece
kind of the base that the variant's `remove:` takes away while a scenario of the base (a shipped
one, or one beside the variant's `rulesets/` folder) uses it. Each is named with its places (the
scenario's file, a few cells by their labels, the pieces by id), at the `remove:` entry.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable

from motu.engine.io.errors import LoadError
from motu.engine.resources import scenarios_dir

SHOWN = 5  # places named in full; more are counted
_RULESET_LINE = re.compile(r"^ruleset:\s*['\"]?([A-Za-z0-9_-]+)", re.M)


def _scenario_files(base_id: str, variant_id: str, folder: Path | None) -> list[Path]:
    """The shipped scenarios of the base, and those beside the variant's `rulesets/` folder."""
    roots = [scenarios_dir()]
    if folder is not None and folder.parent.name == "rulesets":
        roots.append(folder.parent.parent)
    out = []
    for root in roots:
        for path in sorted(Path(root).glob("*.yaml")):
            try:
                head = path.read_text(encoding="utf-8", errors="replace")[:4000]
            except OSError:
                continue
            m = _RULESET_LINE.search(head)
            if m and m.group(1) in (base_id, variant_id):
                out.append(path)
    return out


def _places(labels: list[str]) -> str:
    shown = ", ".join(labels[:SHOWN])
    return shown + (f" and {len(labels) - SHOWN} more" if len(labels) > SHOWN else "")


def _uses(s: Any, gone: dict[str, set[str]]) -> Iterable[tuple[str, str, str]]:
    """(what, id, places) for each removed thing the scenario uses."""
    g = s.grid
    for t in sorted(gone["terrain"]):
        cells = [g.label(c) for c, x in enumerate(s.terrain) if x == t]
        if cells:
            yield "terrain", t, f"{len(cells)} cell{'s' if len(cells) > 1 else ''}: {_places(cells)}"
    for k in sorted(gone["pieces"]):
        pieces = [p.id for p in s.pieces.values() if p.kind == k]
        if pieces:
            yield "piece kind", k, f"pieces {_places(pieces)}"
    for k in sorted(gone["cell_features"]):
        cells = [g.label(f.cell) for f in s.features if f.kind == k]
        if cells:
            yield "cell feature", k, f"at {_places(cells)}"
    for k in sorted(gone["edge_features"]):
        edges = [f"{g.label(a)}-{g.label(b)}" for (a, b), feats in s.edges.items() if k in feats]
        if edges:
            yield "edge feature", k, f"on {_places(edges)}"


def removed_in_use(base: Any, variant: Any, catalogue_file: Any) -> list[LoadError]:
    """One LoadError for each removed thing a scenario uses, at its `remove:` entry when there is one."""
    old, new = base.catalogue, variant.catalogue
    gone = {"terrain": set(old.terrain) - set(new.terrain), "pieces": set(old.pieces) - set(new.pieces),
            "cell_features": set(old.features) - set(new.features),
            "edge_features": set(old.edges) - set(new.edges)}
    if not any(gone.values()):
        return []
    from motu.engine.io.native import load_path
    out: list[LoadError] = []
    removes = (catalogue_file.doc or {}).get("remove") or [] if catalogue_file is not None else []
    for path in _scenario_files(base.id, variant.id, variant.folder):
        try:
            s = load_path(path)
        except LoadError:
            continue
        for what, thing, places in _uses(s, gone):
            section = {"terrain": "terrain", "piece kind": "pieces", "cell feature": "cell_features",
                       "edge feature": "edge_features"}[what]
            message = f"removes {what} {thing!r}, which {path.name} uses ({places})"
            entry = f"{section}.{thing}"
            if entry in removes:
                out.append(catalogue_file.error(("remove", removes.index(entry)), message))
            else:
                source = catalogue_file.source if catalogue_file is not None else str(variant.folder)
                out.append(LoadError(message, source, 1, 1))
    return out
