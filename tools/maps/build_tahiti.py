"""Builds the bundled Tahiti maps from the real coastlines: scenarios/tahiti.yaml (Tahiti)
and scenarios/tahiti-moorea.yaml (Tahiti and Mo'orea, 17 km apart).

Run from the project root:  .venv/bin/python tools/maps/build_tahiti.py [--out DIR]
Writes both files into DIR (default scenarios/); the same inputs give the same bytes, and
tests/tools/test_tahiti_maps.py rebuilds them to check the shipped files.

Scope: the Tahiti data (scale, district boundaries, passes, rivers, sites, the Random Area
Selection Table) and the steps a designer takes with it, in Motu's own operations — so that
the tutorial (docs/authoring-moorea.md) and the shipped maps cannot drift apart:

- Tahiti: the coastline import (motu/engine/io/coastline.py `new_map`, what `motu import` runs)
  lays land, coast, inland bands, lagoon, reef and passes; then Edits paint the districts
  (wedges from two centres, rivers pinned), the regions, the portage, the sites and pieces;
- Mo'orea: `add_island` (what `motu map add-island` runs) grows the Tahiti map and drafts
  Mo'orea at its real place, with its five districts; then Edits place its sites and extend
  the Random Area Selection Table.

Positions are [lon, lat] in degrees, approximate (to a few hundred metres, the coastline's own
precision); docs/maps/tahiti.md says where each choice comes from.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from shapely.geometry import Polygon

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: make `engine` and `tools.maps` importable
    sys.path.insert(0, str(ROOT))

from motu.engine.board.geometry import cell_centres
from motu.engine.io import coastline_areas as areas
from motu.engine.io.coastline import Band, IslandPlan, add_island, new_map
from motu.engine.io.island_file import plan_from_file, read_island
from motu.engine.io.native import dumps
from motu.engine.scenario.edits import (
    Edit, InsertFeature, PaintArea, PaintTerrain, PutRecord, SetCellProps, SetEdgeFeatures, SetField,
)
from motu.engine.scenario.georef import TABLE, Georef
from motu.engine.scenario.model import Area, CellFeature, Piece, Region, Scenario
from tools.maps import geo

COASTLINES = Path(__file__).with_name("coastlines.json")  # copy of shared/reference/coastlines.json
# Mo'orea's coastline (the same ring) as the tutorial's input, with its passes, district
# boundaries and centre marked as Point features.
MOOREA_FILE = Path(__file__).with_name("moorea.geojson")
MILE_KM = 1.609344
# One mile to the hex: a quarter of the game's 4-mile hex, so each of the 17 areas has a
# dozen or more hexes. The lattice origin is fixed so that both maps put a hex on the same
# ground, and placed so that the Taravao isthmus is two coastal hexes wide (the portage).
LATTICE = geo.lattice(MILE_KM, -24.0, 21.0)
MARGIN_KM = 4.0  # open sea beyond the reef on every side
# Port Phaeton, the bay on the south-west side of the Taravao isthmus, is only a notch in the
# 1:10m coastline, which leaves the isthmus 4 km wide instead of its real 2-2.5 km; this
# outline (approximate) cuts it back in so that the isthmus is one hexside across.
PORT_PHAETON = [(-149.366, -17.727), (-149.358, -17.707), (-149.346, -17.699), (-149.336, -17.706),
                (-149.339, -17.727)]

# Tahiti Nui's districts are wedges from the coast to the head of the Papenoo valley, where
# the Papenoo runs down north and the Vaihiria south, so both rivers stay in their district.
NUI_CENTRE = (-149.445, -17.630)
# (area, [lon, lat] on the coast where it begins), clockwise from Papeete.
NUI_DISTRICTS = [
    ("pare", (-149.585, -17.535)), ("arue", (-149.525, -17.515)), ("mahina", (-149.490, -17.505)),
    ("papenoo", (-149.445, -17.500)), ("tiarei", (-149.370, -17.530)), ("mahaena", (-149.336, -17.562)),
    ("hitiaa", (-149.325, -17.605)),
    ("papeari", (-149.320, -17.688)),  # takes in the Taravao isthmus: 15.7's portage is in Papeari
    ("mataiea", (-149.385, -17.752)), ("papara", (-149.470, -17.762)), ("paea", (-149.560, -17.735)),
    ("punaauia", (-149.605, -17.662)), ("faaa", (-149.632, -17.576)),
]
# Tahiti Iti (Taiarapu) begins east of a line across the isthmus; wedges round its centre.
ITI_DIVIDE = [(-149.2935, -17.700), (-149.3315, -17.780)]
# Heights as depth from the sea (km): the centre of Tahiti Nui is mountain, Tahiti Iti's
# smaller centre too, Mo'orea's smaller still. (In longitude/latitude north is up, so Tahiti
# Iti, on the map's left of the divide drawn north-east to south-west, is on its right here.)
NUI_BANDS = Band((2.4, 5.8), geo.half_plane(*ITI_DIVIDE, left=True))
ITI_BANDS = Band((2.0, 3.6), geo.half_plane(*ITI_DIVIDE, left=False))
MOOREA_BANDS = Band((1.8, 2.6))
ITI_CENTRE = (-149.237, -17.795)
ITI_DISTRICTS = [("pueu", (-149.297, -17.718)), ("tautira", (-149.205, -17.727)),
                 ("teahupoo", (-149.155, -17.846)), ("vairao", (-149.283, -17.834))]

# Reef passes, [lon, lat] just outside the reef: a few round each island, not all the real ones.
TAHITI_PASSES = [(-149.575, -17.515), (-149.650, -17.600), (-149.600, -17.740), (-149.430, -17.775),
                 (-149.322, -17.808), (-149.265, -17.866), (-149.170, -17.722), (-149.314, -17.645),
                 (-149.417, -17.492)]

# Rivers, mouth to source (the mouth a little out to sea, so the line meets the coarse coast).
# The Papenoo (23 km) drains the centre northward; the Vaihiria runs south from its lake.
RIVERS = {
    "Papenoo": ("papenoo", [(-149.417, -17.495), (-149.420, -17.545), (-149.425, -17.585), (-149.423, -17.630)]),
    "Punaruu": ("punaauia", [(-149.645, -17.622), (-149.600, -17.635), (-149.560, -17.645), (-149.540, -17.655)]),
    "Vaihiria": ("mataiea", [(-149.415, -17.775), (-149.416, -17.720), (-149.418, -17.668)]),
}

# Regions: the six chiefdoms in three blocks, one historical marae in each (docs/maps/tahiti.md).
REGIONS = [("north", "Porionu'u and Aharoa (north and east)"), ("west", "Tefana and Oropa'a (west)"),
           ("south", "Teva (south and Taiarapu)")]
# The 17 areas in the order of the Random Area Selection Table (15.12): (id, name, chiefdom, region).
AREAS = [
    ("faaa", "Faaa", "Tefana i Ahura'i", "west"), ("punaauia", "Punaauia", "Te Oropa'a", "west"),
    ("paea", "Paea", "Te Oropa'a", "west"), ("pare", "Pare", "Te Porionu'u", "north"),
    ("arue", "Arue", "Te Porionu'u", "north"), ("mahina", "Mahina", "Te Aharoa", "north"),
    ("papenoo", "Papenoo", "Te Aharoa", "north"), ("tiarei", "Tiarei", "Te Aharoa", "north"),
    ("mahaena", "Mahaena", "Te Aharoa", "north"), ("hitiaa", "Hitiaa", "Te Aharoa", "north"),
    ("papara", "Papara", "Teva i Uta", "south"), ("mataiea", "Mataiea", "Teva i Uta", "south"),
    ("papeari", "Papeari", "Teva i Uta", "south"), ("vairao", "Vairao", "Teva i Tai", "south"),
    ("teahupoo", "Teahupoo", "Teva i Tai", "south"), ("tautira", "Tautira", "Teva i Tai", "south"),
    ("pueu", "Pueu", "Teva i Tai", "south"),
]
MOOREA_AREAS = ["afareaitu", "teavaro", "paopao", "papetoai", "haapiti"]
MOOREA_NAMES = {"afareaitu": "Afareaitu", "teavaro": "Teavaro", "paopao": "Paopao",
                "papetoai": "Papetoai", "haapiti": "Haapiti"}
# One letter per area in the file's area layer, so its rows stay one character a hex.
TOKENS = dict(zip([a[0] for a in AREAS] + MOOREA_AREAS, "fuepamntshirMPvTAUFVOYH"))
COLOURS = {"north": ["#9ecae1", "#6baed6", "#c6dbef", "#4292c6", "#a6bddb", "#74a9cf", "#d0d1e6"],
           "west": ["#fdae6b", "#fd8d3c", "#fdd0a2"],
           "south": ["#a1d99b", "#74c476", "#c7e9c0", "#bcbddc", "#9e9ac8", "#dadaeb", "#807dba"]}

# Sites: [lon, lat] of the real place; the site goes on the nearest hex of the area that can hold it.
HOME_VILLAGES = [("red", "pare", (-149.566, -17.536)), ("yellow", "hitiaa", (-149.295, -17.600)),
                 ("blue", "papara", (-149.515, -17.752)), ("green", "tautira", (-149.160, -17.745))]
MARAES = [("Ahutoru", "arue", (-149.508, -17.518), "coast"), ("Arahurahu", "paea", (-149.579, -17.700), None),
          ("Mahaiatea", "papara", (-149.540, -17.757), "coast")]
MOOREA_MARAE = ("'Umare'a", "afareaitu", (-149.790, -17.545), "coast")
VILLAGES = {  # the district's main village, on the coast
    "faaa": (-149.605, -17.555), "punaauia": (-149.610, -17.630), "paea": (-149.585, -17.690),
    "arue": (-149.515, -17.520), "mahina": (-149.485, -17.506), "papenoo": (-149.417, -17.505),
    "tiarei": (-149.352, -17.537), "mahaena": (-149.327, -17.566), "mataiea": (-149.418, -17.765),
    "papeari": (-149.360, -17.752), "vairao": (-149.290, -17.800), "teahupoo": (-149.255, -17.845),
    "pueu": (-149.230, -17.738), "afareaitu": (-149.790, -17.550), "teavaro": (-149.780, -17.495),
    "paopao": (-149.820, -17.505), "papetoai": (-149.870, -17.490), "haapiti": (-149.930, -17.560),
}
INLAND_VILLAGES = [("papenoo", "Papenoo valley", (-149.422, -17.560)),
                   ("punaauia", "Punaruu valley", (-149.585, -17.640))]
NAMED_CELLS = [((-149.4667, -17.6167), {"name": "Mount Orohena", "height_m": 2241}),
               ((-149.418, -17.668), {"name": "Lake Vaihiria"}),
               ((-149.827, -17.540), {"name": "Mount Tohiea", "height_m": 1207})]

RAST_GROUPS = [([1, 2], ["faaa", "punaauia", "paea", "pare", "arue", "mahina"]),
               ([3, 4], ["papenoo", "tiarei", "mahaena", "hitiaa", "papara", "mataiea"]),
               ([5, 6], ["papeari", "vairao", "teahupoo", "tautira", "pueu", "roll_again"])]
# With Mo'orea: the seed's 5-6 group keeps first die 5 only; a 6 picks a Mo'orea area.
RAST_MOOREA = RAST_GROUPS[:2] + [([5], RAST_GROUPS[2][1]), ([6], MOOREA_AREAS + ["roll_again"])]

SCALE_TEXT = ("Scale: one mile (1.6 km) between hex centres, a quarter of the 4-mile hex of the 1994 "
              "game: four hexes here make one of its hexes. North is up.")


def load_coasts() -> dict[str, Polygon]:
    """The coastlines in km east and north of (geo.LON0, geo.LAT0)."""
    return {name: Polygon([geo.project(lon, lat) for lon, lat in ring]) for name, ring in _rings().items()}


def _rings() -> dict[str, list]:
    return json.loads(COASTLINES.read_text(encoding="utf-8"))["islands"]


def tahiti_plan() -> IslandPlan:
    """What `motu import` is asked for Tahiti: its coastline with Port Phaeton cut in, the two
    parts' inland bands, the passes; the districts are painted after, by `_districts`."""
    land = Polygon(_rings()["Tahiti"]).difference(Polygon(PORT_PHAETON))
    return IslandPlan(land, "Tahiti", bands=(NUI_BANDS, ITI_BANDS), passes=tuple(TAHITI_PASSES), areas="none")


def moorea_plan() -> IslandPlan:
    """What `motu map add-island` is asked for Mo'orea (docs/authoring-moorea.md, step 2): its
    coastline file, which marks the passes, the district boundaries and the centre, with
    Mo'orea's inland bands."""
    return plan_from_file(read_island(str(MOOREA_FILE)), bands=(MOOREA_BANDS,))


def build_tahiti() -> Scenario:
    sc, _ = new_map("tahiti", tahiti_plan(), hex_km=MILE_KM, margin_km=MARGIN_KM, lattice=LATTICE, title="Tahiti")
    for edit in tahiti_edits(sc):
        edit.apply(sc)
    sc.area_tokens = {a: TOKENS[a] for a in sc.areas}  # presentation: one letter a hex in the file
    sc.revision = 0
    return sc


def build_moorea(tahiti: Scenario) -> Scenario:
    sc = tahiti.copy()
    edit, _ = add_island(sc, moorea_plan(), margin_km=MARGIN_KM)
    edit.apply(sc)
    for edit in moorea_edits(sc):
        edit.apply(sc)
    sc.area_tokens = {a: TOKENS[a] for a in sc.areas}
    sc.revision = 0
    return sc


def build(with_moorea: bool) -> Scenario:
    tahiti = build_tahiti()
    return build_moorea(tahiti) if with_moorea else tahiti


class _Map:
    """The scenario's hexes in layout units, and [lon, lat] placed on them."""

    def __init__(self, sc: Scenario):
        self.sc = sc
        self.geo = Georef.of(sc)
        self.xy = cell_centres(sc.grid)

    def at(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.geo.point(*p)

    def land(self) -> list[int]:
        return [c for c, t in enumerate(self.sc.terrain) if t in LAND]


LAND = ("coast", "clear", "jungle", "mountain")


def tahiti_edits(sc: Scenario) -> list[Edit]:
    """The designer's edits after importing Tahiti, in order: regions and districts, rivers,
    the portage, sites and pieces, the Random Area Selection Table, the briefing."""
    m = _Map(sc)
    out: list[Edit] = [PutRecord("regions", rid, Region(rid, name)) for rid, name in REGIONS]
    for aid, name, chiefdom, region in AREAS:
        colour = COLOURS[region][[a for a in AREAS if a[3] == region].index((aid, name, chiefdom, region))]
        out.append(PutRecord("areas", aid, Area(aid, name, region, "tahiti", colour, {"chiefdom": chiefdom})))
    cell_area, rivers, valley = _districts(m)
    cells = tuple(c for c, a in enumerate(cell_area) if a is not None)
    out.append(PaintArea(cells, tuple(cell_area[c] for c in cells)))
    if valley:  # the valleys cut through the mountains: the cross-island track
        out.append(PaintTerrain(tuple(valley), ("jungle",) * len(valley)))
    terrain = list(sc.terrain)
    for c in valley:
        terrain[c] = "jungle"
    out.append(SetEdgeFeatures((_portage(m, terrain, cell_area),), (("portage",),)))
    features = _sites(m, terrain, cell_area, rivers, HOME_VILLAGES, MARAES, {a: p for a, p in VILLAGES.items()
                                                                          if a not in MOOREA_AREAS}, INLAND_VILLAGES)
    out += [InsertFeature(i, f) for i, f in enumerate(features)]
    out += _named_cells(m, terrain)
    for f in features:
        if f.kind == "home_village":
            name = f"{sc.sides[f.side].name.split()[0]} Head Chieftain"
            out.append(PutRecord("pieces", f"{f.side}-chieftain",
                                 Piece(f"{f.side}-chieftain", "head_chieftain", f.side, f.cell, name=name)))
            out.append(PutRecord("pieces", f"{f.side}-canoe", Piece(f"{f.side}-canoe", "war_canoe", f.side, f.cell)))
    out.append(SetField("tables", _tables(sc, RAST_GROUPS)))
    out.append(SetField("briefing", _briefing(False)))
    return out


def moorea_edits(sc: Scenario) -> list[Edit]:
    """The designer's edits after adding Mo'orea: its Marae site and village sites (listed
    beside Tahiti's of their kind), Mount Tohiea, the Random Area Selection Table, the title."""
    m = _Map(sc)
    feats = sc.features
    used = {f.cell for f in feats}
    cell_area, terrain = sc.cell_area, sc.terrain
    after_maraes = max(i for i, f in enumerate(feats) if f.kind == "marae_site") + 1
    valleys = {name for _, name, _ in INLAND_VILLAGES}
    before_valleys = min(i for i, f in enumerate(feats) if f.kind == "village_site" and f.name in valleys)
    name, area, p, want = MOOREA_MARAE
    marae = CellFeature("marae_site", _place(m, cell_area, terrain, used, area, p, want), name=name)
    villages = [CellFeature("village_site", _place(m, cell_area, terrain, used, a, VILLAGES[a], "coast"),
                            name=MOOREA_NAMES[a]) for a in VILLAGES if a in MOOREA_AREAS]
    out: list[Edit] = [InsertFeature(after_maraes, marae)]
    out += [InsertFeature(before_valleys + 1 + i, f) for i, f in enumerate(villages)]
    out += _named_cells(m, terrain, only=("Mount Tohiea",))
    out.append(SetField("tables", _tables(sc, RAST_MOOREA)))
    out.append(SetField("title", "Tahiti and Mo'orea"))
    out.append(SetField("briefing", _briefing(True)))
    return out


def _tables(sc: Scenario, groups: list) -> dict:
    # So that exports (GeoJSON) can give real longitude and latitude: the import's georeference.
    return {"random_area_selection": {"groups": [{"first": f, "second": s} for f, s in groups]},
            TABLE: sc.tables[TABLE]}


def _districts(m: _Map) -> tuple[list[str | None], dict[str, list[int]], list[int]]:
    """Tahiti's districts as wedges round Tahiti Nui's and Tahiti Iti's centres, river hexes
    pinned to their district, made connected; the rivers' hexes; the mountain hexes the
    rivers' valleys cut through."""
    sc = m.sc
    land_cells = m.land()
    # Tahiti Iti is east of a line across the isthmus (drawn north-east to south-west, so on
    # its left as seen on the map).
    iti = geo.half_plane(m.at(ITI_DIVIDE[0]), m.at(ITI_DIVIDE[1]), left=True)
    in_iti = [c for c in land_cells if geo.point_in(iti, *m.xy[c])]
    in_nui = [c for c in land_cells if c not in set(in_iti)]
    cell_area: list[str | None] = [None] * sc.grid.size
    for cells, centre, districts in ((in_nui, NUI_CENTRE, NUI_DISTRICTS), (in_iti, ITI_CENTRE, ITI_DISTRICTS)):
        starts = [(a, m.at(p)) for a, p in districts]
        for c, a in areas.wedges(m.xy, cells, m.at(centre), starts).items():
            cell_area[c] = a
    rivers = {name: geo.hexes_on_line(sc.grid, geo.layout_line(m.geo, line), set(land_cells))
              for name, (_, line) in RIVERS.items()}
    valley = []
    for name, cells in rivers.items():
        for c in cells:
            cell_area[c] = RIVERS[name][0]
            if sc.terrain[c] == "mountain" and c not in valley:
                valley.append(c)
    areas.make_connected(sc.grid, cell_area, {c for cells in rivers.values() for c in cells})
    return cell_area, rivers, sorted(valley)


def _named_cells(m: _Map, terrain: list[str], only: tuple[str, ...] | None = None) -> list[Edit]:
    out: list[Edit] = []
    for p, props in NAMED_CELLS:
        if only is not None and props["name"] not in only:
            continue
        c = m.sc.grid.cell_at(*m.at(p))
        if c is not None and terrain[c] in LAND:
            out.append(SetCellProps(c, props))
    return out

def _briefing(with_moorea: bool) -> str:
    text = ("Tahiti in the later 18th century: four clans contend for the island's 17 districts, "
            "each running from the reef-sheltered coast up to the mountain centre. ")
    if with_moorea:
        text += ("Mo'orea, with five districts more, lies 17 km west-north-west across open sea "
                 "(the planned expansion, rules 15.10-15.11). ")
    return text + SCALE_TEXT + " Coastlines: Natural Earth 1:10m."


def _portage(m: _Map, terrain: list[str], cell_area: list[str | None]) -> tuple[int, int]:
    """15.7: the land hexside across the Taravao isthmus, between a coastal hex on its
    north-east shore and a coastal hex on its south-west shore, both in Papeari."""
    grid, xy = m.sc.grid, m.xy
    # Water hexes are on the north-east or south-west shore by which side of the line from
    # Tahiti Nui's centre to Tahiti Iti's they lie.
    (px, py), (qx, qy) = m.at(NUI_CENTRE), m.at(ITI_CENTRE)
    def shore(c: int) -> set[str]:
        out = set()
        for n in grid.neighbours(c):
            if terrain[n] in ("sea", "lagoon"):
                cross = (qx - px) * (xy[n, 1] - py) - (qy - py) * (xy[n, 0] - px)
                out.add("ne" if cross < 0 else "sw")  # layout y points south
        return out
    (x0, y0), (x1, y1) = (m.at(p) for p in ITI_DIVIDE)
    taravao = ((x0 + x1) / 2, (y0 + y1) / 2)  # the middle of the isthmus
    best = None
    for a, b in map(tuple, grid.edge_array()):
        a, b = int(a), int(b)
        if terrain[a] != "coast" or terrain[b] != "coast" or cell_area[a] != "papeari" or cell_area[b] != "papeari":
            continue
        sa, sb = shore(a), shore(b)
        if {frozenset(sa), frozenset(sb)} != {frozenset({"ne"}), frozenset({"sw"})}:
            continue
        d = sum((xy[c, 0] - taravao[0]) ** 2 + (xy[c, 1] - taravao[1]) ** 2 for c in (a, b))
        if best is None or (d, a, b) < best[0]:
            best = ((d, a, b), (min(a, b), max(a, b)))
    if best is None:
        raise RuntimeError("no two coastal hexes meet across the Taravao isthmus: "
                           "check PORT_PHAETON or move the lattice origin")
    return best[1]


def _place(m: _Map, cell_area: list[str | None], terrain: list[str], used: set[int], area: str,
           p: tuple[float, float], want: str | None) -> int:
    """The site's hex: the hex of `area` nearest the real place, on a terrain it allows."""
    ok = ("coast",) if want == "coast" else ("coast", "clear", "jungle")
    cells = [c for c, a in enumerate(cell_area) if a == area and terrain[c] in ok and c not in used]
    c = areas.nearest_cell(m.xy, cells, m.at(p))
    used.add(c)
    return c


def _sites(m: _Map, terrain: list[str], cell_area: list[str | None], rivers: dict[str, list[int]],
           homes: list, maraes: list, villages: dict, inland: list) -> list[CellFeature]:
    used: set[int] = set()
    out = [CellFeature("home_village", _place(m, cell_area, terrain, used, a, p, "coast"), side, a.capitalize())
           for side, a, p in homes]
    out += [CellFeature("marae_site", _place(m, cell_area, terrain, used, a, p, want), name=name)
            for name, a, p, want in maraes]
    home_areas = {a for _, a, _ in homes}
    out += [CellFeature("village_site", _place(m, cell_area, terrain, used, a, p, "coast"), name=a.capitalize())
            for a, p in villages.items() if a not in home_areas]
    out += [CellFeature("village_site", _place(m, cell_area, terrain, used, a, p, None), name=name)
            for a, name, p in inland]
    for name, cells in rivers.items():
        out += [CellFeature("stream", c, name=name) for c in cells]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "scenarios"), help="folder to write the two files into")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tahiti = build_tahiti()
    for name, sc in (("tahiti.yaml", tahiti), ("tahiti-moorea.yaml", build_moorea(tahiti))):
        # With the modeline a save in scenarios/ writes.
        (out / name).write_text(dumps(sc, ROOT / "scenarios" / name), encoding="utf-8")
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
