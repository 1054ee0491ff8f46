"""The island draft's options, shared by `motu import` (a new map) and `motu map add-island`.

Scope: reading the options a designer gives (distances in km, miles or hexes, a land
fraction, LON,LAT points), the option group itself, the island plan they make from a
coastline file (motu/engine/io/island_file.py, motu/engine/io/coastline.py), and `motu import`'s
island draft as a new scenario.
"""
from __future__ import annotations

import argparse
import os
import re
from typing import Any

from motu.engine.scenario.edits import EditError

from .common import UsageError, non_negative_int, positive_int
from .common import load as _load

_DIST = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(km|mi|mile|miles|hex|hexes)?\s*$", re.I)
MILE_KM = 1.609344


def distance(text: str, default: str = "km", flag: str = "") -> tuple[float, str]:
    """'4km', '2.5mi', '3' (in `default` units) -> (value, 'km' | 'hex'). `flag` names the
    option in the refusal."""
    m = _DIST.match(str(text))
    if not m:
        raise UsageError(f"{flag + ' ' if flag else ''}{text!r} is not a distance: give a number from 0 with km, mi or "
                         "hexes, as 4km or 3")
    value, unit = float(m.group(1)), (m.group(2) or default).lower()
    if unit.startswith("mi"):
        return value * MILE_KM, "km"
    return value, "hex" if unit.startswith("hex") else "km"


def plain_margin(text: str | None) -> int:
    """`motu import --plain --margin N`: whole cells of water round the polygons (default 1)."""
    if text is None:
        return 1
    value, unit = distance(text, "hex", "--margin")
    if unit != "hex" or value != int(value):
        raise UsageError(f"--margin {text}: the margin of a plain import is a whole number of cells")
    return int(value)


def to_km(text: str, across_km: float, default: str = "km", flag: str = "") -> float:
    value, unit = distance(text, default, flag)
    return value * across_km if unit == "hex" else value


def _bands(text: str, names: list[str], across_km: float) -> tuple[float, ...]:
    """--bands D1,D2: where each inland band ends, in km, above 0 and going up."""
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) != len(names):
        raise UsageError(f"--bands {text}: give {len(names)} distances, where {' and '.join(names)} end, "
                         "as 1.8km,2.6km")
    ends = tuple(to_km(p, across_km, flag="--bands") for p in parts)
    if ends[0] <= 0 or any(b <= a for a, b in zip(ends, ends[1:])):
        raise UsageError(f"--bands {text}: give where {' ends, then where '.join(names)} ends, each above 0 and farther "
                         "from the sea than the one before, as 1.8km,2.6km")
    return ends


def _fraction(text: str) -> float:
    t = str(text).strip()
    try:
        v = float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        raise UsageError(f"--land-fraction {text!r} should be a fraction (0.12) or a percentage (12%)") from None
    if not 0 < v <= 1:  # a NaN fails this too
        raise UsageError(f"--land-fraction {text}: a fraction above 0 and at most 1 (100%)")
    return v


def _lonlat(text: str) -> tuple[float, float]:
    try:
        lon, lat = (float(x) for x in text.split(","))
    except ValueError:
        raise UsageError(f"--pass {text!r} should be LON,LAT in degrees, as -149.82,-17.47") from None
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):  # NaN fails too
        raise UsageError(f"--pass {text}: longitude is -180 to 180 and latitude -90 to 90 degrees, as -149.82,-17.47")
    return lon, lat


def island_options(sp: argparse.ArgumentParser, new_map: bool) -> None:
    g = sp.add_argument_group("Island draft (rule sets with an island recipe, as Tahiti)")
    if new_map:
        g.add_argument("--plain", action="store_true",
                       help="lay the polygons as land and named areas only: no lagoon, reef, inland terrain or "
                            "suggested areas (the only import for rule sets without an island recipe)")
        g.add_argument("--hex", metavar="SIZE", help="distance between hex centres, as 1mi or 1.6km "
                                                     "(default: the recipe's; --scale in km also works)")
        g.add_argument("--like", metavar="MAP.yaml", help="lay the hexes on this map's lattice (its georeference, "
                                                          "grid and hex size), so that the two can be merged hex for hex")
    g.add_argument("--island", metavar="NAME", help="the island's name (default: the polygon's name, else the file's)")
    g.add_argument("--region", metavar="NAME", help="the region of its areas (default: the island's name)")
    g.add_argument("--land-fraction", metavar="F", help="a hex at least this much land is land (default 0.12, or 12%%)")
    g.add_argument("--lagoon", type=non_negative_int, metavar="HEXES",
                   help="width of the lagoon ring (default 1; 0: no lagoon, no reef)")
    g.add_argument("--no-reef", action="store_true", help="no reef on the lagoon's outer hexsides")
    g.add_argument("--pass", dest="passes", action="append", metavar="LON,LAT",
                   help="a pass through the reef near this point (repeatable; or Point features with motu: pass)")
    g.add_argument("--bands", metavar="D1,D2", help="inland terrain by distance from the sea: clear to D1, jungle to "
                                                   "D2, mountain beyond, as 1.8km,2.6km (default: by the island's depth)")
    g.add_argument("--areas", choices=["auto", "wedges", "districts", "villages", "none"],
                   help="suggested areas: equal wedges from the centre, wedges from district points, the land round "
                        "village points, or none (default auto: villages, else districts, else wedges)")
    g.add_argument("--wedges", type=positive_int, metavar="N",
                   help="how many equal wedges (default: about 15 hexes each)")
    if not new_map:
        g.add_argument("--margin", metavar="DIST", help="open sea kept round the island's land, in hexes or km, "
                                                        "as 3 or 4km (the map grows to keep it; default: 3 hexes)")


def island_plan(args: argparse.Namespace, path: str, across_km: float, rules: str) -> Any:
    from motu.engine.io.coastline import Band, recipe
    from motu.engine.io.island_file import plan_from_file, read_island
    rec = recipe(rules)
    f = read_island(path)
    bands: tuple = ()
    if args.bands:
        names = list(rec.inland[:-1]) if rec else ["clear", "jungle"]
        bands = (Band(_bands(args.bands, names, across_km)),)
    return plan_from_file(f, args.island or f.name or os.path.splitext(os.path.basename(path))[0],
                          passes=tuple(_lonlat(p) for p in args.passes or ()), region=args.region,
                          land_fraction=_fraction(args.land_fraction) if args.land_fraction else None,
                          bands=bands, lagoon_width=args.lagoon, reef=not args.no_reef,
                          areas=args.areas or "auto", wedges=args.wedges)


def island_import_wanted(args: argparse.Namespace) -> bool:
    """`motu import` drafts an island for rule sets with an island recipe, unless --plain."""
    from motu.engine.io.coastline import recipe
    from motu.engine.io.geojson_import import motu_member
    # Motu's own export is a map's cells, not a coastline: it is laid back on its grid as it is.
    return not args.plain and recipe(args.rules) is not None and motu_member(args.file) is None


def import_island(args: argparse.Namespace) -> Any:
    """`motu import COAST.geojson --rules R OUT.yaml`, drafting the island: the new scenario."""
    from motu.engine.io.coastline import DraftError, new_map, recipe
    for opt in ("size", "land", "water", "coast"):
        if getattr(args, opt, None):
            raise UsageError(f"--{opt} is for --plain imports (the island draft sizes the map by --hex and --margin)")
    if args.units == "plane":
        raise UsageError("the island draft needs longitude and latitude: use --plain for plane units")
    rec = recipe(args.rules)
    like = _load(args.like) if args.like else None
    if like is not None and like.ruleset != args.rules:
        raise UsageError(f"{args.like} is a {like.ruleset} map, not {args.rules}")
    if args.hex and args.scale is not None:
        raise UsageError(f"--hex {args.hex} and --scale {args.scale:g} both give the hex size: give one")
    hex_km = to_km(args.hex, rec.hex_km, flag="--hex") if args.hex else args.scale
    if hex_km is not None and hex_km <= 0:
        raise UsageError(f"--hex {args.hex}: the distance between hex centres is above 0, as 1mi or 1.6km")
    if like is not None and hex_km is not None:
        raise UsageError("--like takes the hex size from the map: leave out --hex and --scale")
    across = hex_km or rec.hex_km
    if like is not None:
        from motu.engine.scenario.georef import Georef
        g = Georef.of(like)
        across = g.km_per_unit * (3 ** 0.5) if g else across
    plan = island_plan(args, args.file, across, args.rules)
    margin = to_km(args.margin, across, "hex", "--margin") if args.margin else None
    try:
        s, draft = new_map(args.rules, plan, hex_km=hex_km, margin_km=margin, like=like,
                           shape=args.grid, orientation=args.orientation, offset=args.offset, title=args.title or "")
    except (DraftError, EditError) as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    args.draft_summary = draft.summary
    return s


def draft_summary(d: dict[str, Any]) -> str:
    from motu.engine.io.coastline import describe_draft
    return describe_draft(d)
