"""How a rule set's map reads: how each edge and cell feature is drawn, and what the editor offers.

From the `map_key:` section of `motu/resources/rulesets/<id>/catalogue.yaml`:

    map_key:
      edges: {reef: reef, portage: portage}    # edge feature → line style
      features: {stream: stream}               # cell feature → drawing (default: badge)
      uses: {areas: false}                     # editor tools and panels a rule set does without

Edge styles: line (a coloured line along the side), stream (blue, along the side),
reef (a pale band with a dark zig-zag), portage (a bold dashed line with a canoe mark),
wall (a thick line with posts). Feature drawings: badge (its symbol on a plate), stream
(a blue line through the cell). What a rule set `uses` defaults from its catalogue:
edges and features when it has some, pieces and set-up zones when it has piece kinds,
movement points when a piece kind has an allowance, areas unless it says otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .catalogue import Catalogue
from .catalogue_data import read_section

EDGE_STYLES = ("line", "stream", "reef", "portage", "wall")
FEATURE_STYLES = ("badge", "stream")
USES = ("areas", "edges", "features", "pieces", "zones", "movement_points", "measure")


@dataclass(frozen=True)
class MapKey:
    edges: Mapping[str, str]  # edge feature id → style
    features: Mapping[str, str]  # cell feature id → style
    uses: Mapping[str, bool]

    def edge_style(self, edge: str) -> str:
        return self.edges.get(edge, "line")

    def feature_style(self, feature: str) -> str:
        return self.features.get(feature, "badge")


def map_key(cat: Catalogue) -> MapKey:
    section = read_section(cat.ruleset, "map_key")
    edges = {k: str(v) if str(v) in EDGE_STYLES else "line" for k, v in (section.get("edges") or {}).items()}
    features = {k: str(v) if str(v) in FEATURE_STYLES else "badge" for k, v in (section.get("features") or {}).items()}
    uses = {
        "areas": True,
        "edges": bool(cat.edges),
        "features": bool(cat.features),
        "pieces": bool(cat.pieces),
        "zones": bool(cat.pieces),
        "movement_points": any(p.mp > 0 for p in cat.pieces.values()),
        "measure": bool(cat.movement_classes),
    }
    for k, v in (section.get("uses") or {}).items():
        if k in uses:
            uses[k] = bool(v)
    return MapKey({e: edges.get(e, "line") for e in cat.edges}, {f: features.get(f, "badge") for f in cat.features}, uses)
