"""What a designer asks of an island draft, and what a rule set says about drafting one.

Scope: the rule set's island recipe (`motu/resources/rulesets/<id>/island.yaml`: which terrains are
open sea, lagoon, coast and the inland bands, the reef feature, the defaults), and the plan of
one draft — the land ([lon, lat] polygons), the marked points (passes, districts, villages,
centre), the bands, the lagoon, how to suggest areas. Pure data; coastline.py drafts from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from shapely.geometry.base import BaseGeometry

from motu.engine.resources import resource_path

RECIPE_FILE = "island.yaml"
# Area colours when the designer gives none: light, distinct, and legible under black names.
PALETTE = ["#fbb4ae", "#b3cde3", "#ccebc5", "#decbe4", "#fed9a6", "#ffffcc", "#e5d8bd", "#fddaec",
           "#c7e9c0", "#fdd0a2", "#c6dbef", "#dadaeb"]
AREA_MODES = ("auto", "wedges", "districts", "villages", "none")


@dataclass(frozen=True)
class Recipe:
    """A rule set's data for drafting islands (island.yaml)."""

    open_sea: str
    lagoon: str
    coast: str
    inland: tuple[str, ...]
    reef: str | None
    lagoon_width: int = 1
    band_fractions: tuple[float, ...] = (0.4, 0.75)
    land_fraction: float = 0.12
    hex_km: float = 1.609344
    margin_hexes: int = 3
    village_feature: str | None = None
    area_hexes: int = 15


@lru_cache(maxsize=None)
def recipe(ruleset: str) -> Recipe | None:
    """The rule set's island recipe, or None when it has none (then imports stay plain)."""
    path = resource_path("rulesets", ruleset, RECIPE_FILE)
    if path.exists():
        import yaml
        d = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    else:  # a designer's rule set: its recipe, merged into its base's (through the registry)
        from motu.engine.plugins import get_ruleset, ruleset_ids
        if ruleset in ruleset_ids():
            return None
        try:
            d = get_ruleset(ruleset).document(RECIPE_FILE.removesuffix(".yaml"))
        except KeyError:
            return None
        if not d:
            return None
    return Recipe(d["open_sea"], d["lagoon"], d["coast"], tuple(d["inland"]), d.get("reef"),
                  int(d.get("lagoon_width", 1)), tuple(float(x) for x in d.get("band_fractions", (0.4, 0.75))),
                  float(d.get("land_fraction", 0.12)), float(d.get("hex_km", 1.609344)),
                  int(d.get("margin_hexes", 3)), d.get("village_feature"), int(d.get("area_hexes", 15)))


@dataclass(frozen=True)
class Band:
    """Where inland terrain changes, in km from the sea: `limits_km[i]` ends the recipe's
    inland terrain i (Tahiti: clear to 2.4 km, jungle to 5.8 km, mountain beyond). `zone`
    ([lon, lat] polygon) limits the band to hexes whose centre it holds; later bands win."""

    limits_km: tuple[float, ...]
    zone: BaseGeometry | None = None


@dataclass(frozen=True)
class Place:
    """A named point the designer marks: where a district begins on the coast, or a village."""

    name: str
    lon: float
    lat: float
    color: str | None = None


@dataclass(frozen=True)
class IslandPlan:
    """What to draft: the land ([lon, lat] polygons) and everything the designer asked."""

    land: BaseGeometry
    name: str
    region: str | None = None  # the region's name (default: the island's)
    land_fraction: float | None = None  # None: the recipe's
    bands: tuple[Band, ...] = ()  # none: the recipe's fractions of the deepest hex
    lagoon_width: int | None = None
    reef: bool = True
    passes: tuple[tuple[float, float], ...] = ()
    areas: str = "auto"
    wedges: int | None = None
    centre: tuple[float, float] | None = None  # [lon, lat] the wedges turn round (default: the land's centroid)
    districts: tuple[Place, ...] = ()
    villages: tuple[Place, ...] = ()


__all__ = ["Recipe", "recipe", "Band", "Place", "IslandPlan", "PALETTE", "AREA_MODES", "RECIPE_FILE"]
