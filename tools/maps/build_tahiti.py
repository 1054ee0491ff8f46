"""Builds the bundled Tahiti maps from the real coastlines: scenarios/tahiti.yaml (Tahiti)
and scenarios/tahiti-moorea.yaml (Tahiti and Mo'orea, 17 km apart).

Run from the project root:  .venv/bin/python tools/maps/build_tahiti.py [--out DIR]
Writes both files into DIR (default scenarios/); the same inputs give the same bytes, and
tests/tools/test_tahiti_maps.py rebuilds them to check the shipped files.

Scope: the Tahiti data (scale, district boundaries, passes, rivers, sites, the Random Area
Selection Table) and putting the scenario together; the geometry is in geo.py. Positions
are [lon, lat] in degrees, approximate (to a few hundred metres, the coastline's own
precision); docs/maps/tahiti.md says where each choice comes from.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from shapely.geometry import Polygon
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: make `engine` and `tools.maps` importable
    sys.path.insert(0, str(ROOT))

from engine.io.native import dumps
from engine.rules.registry import get_ruleset
from engine.scenario.model import Area, CellFeature, Island, Piece, Region, Scenario
from tools.maps import geo

COASTLINES = Path(__file__).with_name("coastlines.json")  # copy of shared/reference/coastlines.json
MILE_KM = 1.609344
# One mile to the hex: a quarter of the game's 4-mile hex, so each of the 17 areas has a
# dozen or more hexes. The lattice origin is fixed so that both maps put a hex on the same
# ground, and placed so that the Taravao isthmus is two coastal hexes wide (the portage).
LATTICE = geo.Lattice(MILE_KM, -24.0, 21.0)
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
ITI_CENTRE = (-149.237, -17.795)
ITI_DISTRICTS = [("pueu", (-149.297, -17.718)), ("tautira", (-149.205, -17.727)),
                 ("teahupoo", (-149.155, -17.846)), ("vairao", (-149.283, -17.834))]
MOOREA_CENTRE = (-149.861, -17.514)
MOOREA_DISTRICTS = [("paopao", (-149.862, -17.485)), ("teavaro", (-149.800, -17.466)),
                    ("afareaitu", (-149.790, -17.528)), ("haapiti", (-149.860, -17.567)),
                    ("papetoai", (-149.943, -17.500))]

# Reef passes, [lon, lat] just outside the reef: a few round each island, not all the real ones.
TAHITI_PASSES = [(-149.575, -17.515), (-149.650, -17.600), (-149.600, -17.740), (-149.430, -17.775),
                 (-149.322, -17.808), (-149.265, -17.866), (-149.170, -17.722), (-149.314, -17.645),
                 (-149.417, -17.492)]
MOOREA_PASSES = [(-149.890, -17.466), (-149.820, -17.470), (-149.777, -17.528), (-149.948, -17.535)]

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
           "south": ["#a1d99b", "#74c476", "#c7e9c0", "#bcbddc", "#9e9ac8", "#dadaeb", "#807dba"],
           "moorea": ["#fbb4b9", "#f768a1", "#fcc5c0", "#dd3497", "#fa9fb5"]}

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


def km(lonlat: tuple[float, float]) -> tuple[float, float]:
    return geo.project(*lonlat)


def load_coasts() -> dict[str, Polygon]:
    rings = json.loads(COASTLINES.read_text(encoding="utf-8"))["islands"]
    return {name: Polygon([geo.project(lon, lat) for lon, lat in ring]) for name, ring in rings.items()}


def build(with_moorea: bool) -> Scenario:
    coasts = load_coasts()
    islands = [coasts["Tahiti"]] + ([coasts["Moorea"]] if with_moorea else [])
    land_km = unary_union(islands)
    w, s_, e, n = land_km.bounds
    win = LATTICE.window(w - MARGIN_KM, s_ - MARGIN_KM, e + MARGIN_KM, n + MARGIN_KM)
    grid = win.grid()
    land = unary_union([win.geometry(list(p.exterior.coords)) for p in islands])
    land = land.difference(win.geometry([km(p) for p in PORT_PHAETON]))
    to_layout = lambda p: win.to_layout(*km(p))
    # Tahiti Iti is east of a line across the isthmus (drawn north-east to south-west, so on
    # its left); Mo'orea is what lies within 5 hexes of its coast.
    divide = to_layout(ITI_DIVIDE[0]), to_layout(ITI_DIVIDE[1])
    iti, nui = geo.half_plane(*divide, left=True), geo.half_plane(*divide, left=False)
    moorea = win.geometry(list(coasts["Moorea"].exterior.coords)).buffer(5) if with_moorea else Polygon()
    nui = nui.difference(moorea)
    # Heights as depth from the sea (km): the centre of Tahiti Nui is mountain, Tahiti Iti's
    # smaller centre too, Mo'orea's smaller still.
    terrain = geo.classify(win, land, [(nui, 2.4, 5.8), (iti, 2.0, 3.6), (moorea, 1.8, 2.6)])

    # Areas: wedges, made connected. River hexes are pinned to their district.
    land_cells = [c for c in range(grid.size) if terrain[c] in geo.LAND]
    xy = geo.cell_centres(grid)
    in_iti = [c for c in land_cells if geo.point_in(iti, *xy[c])]
    in_moorea = [c for c in land_cells if geo.point_in(moorea, *xy[c])]
    in_nui = [c for c in land_cells if c not in set(in_iti) | set(in_moorea)]
    cell_area: list[str | None] = [None] * grid.size
    for cells, centre, districts in ((in_nui, NUI_CENTRE, NUI_DISTRICTS), (in_iti, ITI_CENTRE, ITI_DISTRICTS),
                                     (in_moorea, MOOREA_CENTRE, MOOREA_DISTRICTS)):
        if cells:
            starts = [(a, km(p)) for a, p in districts]
            for c, a in geo.wedges(win, cells, km(centre), starts).items():
                cell_area[c] = a
    rivers = {name: geo.hexes_on_line(win, win.geometry([km(p) for p in line], line=True), set(land_cells))
              for name, (_, line) in RIVERS.items()}
    for name, cells in rivers.items():
        for c in cells:
            cell_area[c] = RIVERS[name][0]
            if terrain[c] == "mountain":  # the valleys cut through the mountains: the cross-island track
                terrain[c] = "jungle"
    geo.make_connected(grid, cell_area, {c for cells in rivers.values() for c in cells})

    rs = get_ruleset("tahiti")
    sc = rs.new_scenario("hex", grid.columns, grid.rows, "Tahiti and Mo'orea" if with_moorea else "Tahiti")
    sc.terrain, sc.cell_area = terrain, cell_area
    sc.briefing = _briefing(with_moorea)
    sc.islands["tahiti"] = Island("tahiti", "Tahiti")
    for rid, name in REGIONS:
        sc.regions[rid] = Region(rid, name)
    for i, (aid, name, chiefdom, region) in enumerate(AREAS):
        colour = COLOURS[region][[a for a in AREAS if a[3] == region].index(AREAS[i])]
        sc.areas[aid] = Area(aid, name, region, "tahiti", colour, {"chiefdom": chiefdom})
    if with_moorea:
        sc.islands["moorea"] = Island("moorea", "Mo'orea")
        sc.regions["moorea"] = Region("moorea", "Mo'orea")
        for i, aid in enumerate(MOOREA_AREAS):
            sc.areas[aid] = Area(aid, MOOREA_NAMES[aid], "moorea", "moorea", COLOURS["moorea"][i])
    sc.area_tokens = {a: TOKENS[a] for a in sc.areas}

    # Reef: every lagoon/open-sea hexside but the passes.
    passes = TAHITI_PASSES + (MOOREA_PASSES if with_moorea else [])
    gaps = {geo.pass_side(win, terrain, *km(p)) for p in passes}
    for key in geo.reef_sides(grid, terrain, gaps):
        sc.edges[key] = ("reef",)
    sc.edges[_portage(win, terrain, cell_area)] = ("portage",)

    sc.features = _sites(win, terrain, cell_area, rivers, with_moorea)
    for p, props in NAMED_CELLS:
        c = win.cell_at_km(*km(p))
        if c is not None and terrain[c] in geo.LAND:
            sc.cell_props[c] = props
    for f in sc.features:
        if f.kind == "home_village":
            sc.pieces[f"{f.side}-chieftain"] = Piece(f"{f.side}-chieftain", "head_chieftain", f.side, f.cell,
                                                     name=f"{sc.sides[f.side].name.split()[0]} Head Chieftain")
            sc.pieces[f"{f.side}-canoe"] = Piece(f"{f.side}-canoe", "war_canoe", f.side, f.cell)
    groups = RAST_MOOREA if with_moorea else RAST_GROUPS
    sc.tables = {"random_area_selection": {"groups": [{"first": f, "second": s} for f, s in groups]},
                 # So that exports (GeoJSON) can give real longitude and latitude.
                 "georeference": win.georeference()}
    return sc


def _briefing(with_moorea: bool) -> str:
    text = ("Tahiti in the later 18th century: four clans contend for the island's 17 districts, "
            "each running from the reef-sheltered coast up to the mountain centre. ")
    if with_moorea:
        text += ("Mo'orea, with five districts more, lies 17 km west-north-west across open sea "
                 "(the planned expansion, rules 15.10-15.11). ")
    return text + SCALE_TEXT + " Coastlines: Natural Earth 1:10m."


def _portage(win: geo.Window, terrain: list[str], cell_area: list[str | None]) -> tuple[int, int]:
    """15.7: the land hexside across the Taravao isthmus, between a coastal hex on its
    north-east shore and a coastal hex on its south-west shore, both in Papeari."""
    grid = win.grid()
    xy = geo.cell_centres(grid)
    # Water hexes are on the north-east or south-west shore by which side of the line from
    # Tahiti Nui's centre to Tahiti Iti's they lie.
    (px, py), (qx, qy) = win.to_layout(*km(NUI_CENTRE)), win.to_layout(*km(ITI_CENTRE))
    def shore(c: int) -> set[str]:
        out = set()
        for n in grid.neighbours(c):
            if terrain[n] in geo.WATER:
                cross = (qx - px) * (xy[n, 1] - py) - (qy - py) * (xy[n, 0] - px)
                out.add("ne" if cross < 0 else "sw")  # layout y points south
        return out
    (x0, y0), (x1, y1) = (km(p) for p in ITI_DIVIDE)
    taravao = win.to_layout((x0 + x1) / 2, (y0 + y1) / 2)  # the middle of the isthmus
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


def _sites(win: geo.Window, terrain: list[str], cell_area: list[str | None],
           rivers: dict[str, list[int]], with_moorea: bool) -> list[CellFeature]:
    used: set[int] = set()

    def place(area: str, p: tuple[float, float], want: str | None) -> int:
        ok = ("coast",) if want == "coast" else ("coast", "clear", "jungle")
        cells = [c for c, a in enumerate(cell_area) if a == area and terrain[c] in ok and c not in used]
        c = geo.nearest(win, cells, *km(p))
        used.add(c)
        return c

    out = [CellFeature("home_village", place(a, p, "coast"), side, a.capitalize())
           for side, a, p in HOME_VILLAGES]
    maraes = MARAES + ([MOOREA_MARAE] if with_moorea else [])
    out += [CellFeature("marae_site", place(a, p, want), name=name) for name, a, p, want in maraes]
    homes = {a for _, a, _ in HOME_VILLAGES}
    for a, p in VILLAGES.items():
        if a not in homes and (with_moorea or a not in MOOREA_AREAS):
            out.append(CellFeature("village_site", place(a, p, "coast"), name=(MOOREA_NAMES.get(a) or a.capitalize())))
    out += [CellFeature("village_site", place(a, p, None), name=name) for a, name, p in INLAND_VILLAGES]
    for name, cells in rivers.items():
        out += [CellFeature("stream", c, name=name) for c in cells]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "scenarios"), help="folder to write the two files into")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, with_moorea in (("tahiti.yaml", False), ("tahiti-moorea.yaml", True)):
        text = dumps(build(with_moorea), ROOT / "scenarios" / name)  # with the modeline a save in scenarios/ writes
        (out / name).write_text(text, encoding="utf-8")
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
