"""Hypothesis strategies for random scenarios and random edits, shared by several tests."""
from __future__ import annotations

from hypothesis import strategies as st

from motu.engine.board.grids import HexGrid, Space, SpacesGrid, SquareGrid
from motu.engine.scenario import edits as E
from motu.engine.scenario.model import Area, CellFeature, Island, Piece, Region, Scenario, Side

IDS = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True)
TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\t\n"), max_size=20)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), TEXT,
                    st.floats(-2.0**53, 2.0**53, width=32))  # what the reader takes
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(IDS, inner, max_size=3)), max_leaves=6)
PROPS = st.dictionaries(IDS, VALUES, max_size=3)
TERRAINS = ["sea", "clear", "jungle", "open", "bush", "village"]


@st.composite
def grids(draw):
    kind = draw(st.sampled_from(["hex", "square", "spaces"]))
    if kind == "hex":
        orientation = draw(st.sampled_from(["flat", "pointy"]))
        offset = draw(st.sampled_from(["odd-q", "even-q"] if orientation == "flat" else ["odd-r", "even-r"]))
        return HexGrid(draw(st.integers(1, 9)), draw(st.integers(1, 9)), orientation, offset)
    if kind == "square":
        return SquareGrid(draw(st.integers(1, 9)), draw(st.integers(1, 9)))
    n = draw(st.integers(1, 7))
    spaces = [Space(f"s{i}", float(i % 3) * 1.5, float(i // 3) * 1.5) for i in range(n)]
    links = [(f"s{i}", f"s{i + 1}") for i in range(n - 1)]
    return SpacesGrid(spaces, links)


@st.composite
def scenarios(draw):
    grid = draw(grids())
    n = grid.size
    cells = st.integers(0, n - 1)
    terrain_ids = draw(st.lists(st.sampled_from(TERRAINS), min_size=1, max_size=4, unique=True))
    s = Scenario(ruleset=draw(st.sampled_from(["tahiti", "fern", "tiki", "pearls"])), grid=grid,
                 terrain=[draw(st.sampled_from(terrain_ids)) for _ in range(n)])
    s.title = draw(TEXT)
    s.briefing = draw(st.text(st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\t\n"), max_size=60))
    s.options = draw(st.dictionaries(IDS, SCALARS, max_size=3))
    for i in draw(st.lists(IDS, max_size=2, unique=True)):
        s.islands[i] = Island(i, draw(TEXT), draw(PROPS))
    for r in draw(st.lists(IDS, max_size=3, unique=True)):
        s.regions[r] = Region(r, draw(TEXT), draw(PROPS))
    for a in draw(st.lists(IDS, max_size=5, unique=True)):
        color = draw(st.one_of(st.none(), st.from_regex(r"#[0-9a-f]{6}", fullmatch=True)))
        s.areas[a] = Area(a, draw(TEXT), draw(st.one_of(st.none(), st.sampled_from(list(s.regions) or [None]))),
                          draw(st.one_of(st.none(), st.sampled_from(list(s.islands) or [None]))), color, draw(PROPS))
    if s.areas:
        s.cell_area = [draw(st.one_of(st.none(), st.sampled_from(list(s.areas)))) for _ in range(n)]
    edges = grid.edge_array().tolist()
    if edges:
        for a, b in draw(st.lists(st.sampled_from(edges), max_size=5, unique_by=tuple)):
            s.edges[(a, b)] = tuple(sorted(draw(st.sets(st.sampled_from(["stream", "reef", "portage"]), min_size=1))))
    for sd in draw(st.lists(IDS, max_size=3, unique=True)):
        s.sides[sd] = Side(sd, draw(TEXT), draw(st.one_of(st.none(), st.just("#123456"))), draw(PROPS))
    side_or_none = st.one_of(st.none(), st.sampled_from(list(s.sides))) if s.sides else st.none()
    for _ in range(draw(st.integers(0, 3))):
        s.features.append(CellFeature(draw(IDS), draw(cells), draw(side_or_none), draw(TEXT), draw(PROPS)))
    for pid in draw(st.lists(IDS, max_size=4, unique=True)):
        s.pieces[pid] = Piece(pid, draw(IDS), draw(side_or_none), draw(st.one_of(st.none(), cells)),
                              draw(st.integers(1, 20)), draw(TEXT), draw(PROPS))
    for c in draw(st.lists(cells, max_size=3, unique=True)):
        s.cell_props[c] = draw(PROPS.filter(bool))
    for sd in s.sides:
        if draw(st.booleans()):
            s.setup_zones[sd] = frozenset(draw(st.sets(cells, max_size=4)))
    s.victory = draw(st.dictionaries(IDS, VALUES, max_size=2))
    s.tables = draw(st.dictionaries(IDS, VALUES, max_size=2))
    return s


@st.composite
def edits_for(draw, s: Scenario):
    """One random edit that applies to `s` as it is now."""
    n = s.grid.size
    cells = st.integers(0, n - 1)
    choice = draw(st.sampled_from(["terrain", "area", "edge", "feature+", "feature-", "record", "field",
                                   "cellprops", "zone", "compound"]))
    if choice == "terrain":
        cs = tuple(draw(st.lists(cells, min_size=1, max_size=6)))
        return E.PaintTerrain(cs, tuple(draw(st.sampled_from(TERRAINS)) for _ in cs))
    if choice == "area" and s.areas:
        cs = tuple(draw(st.lists(cells, min_size=1, max_size=6)))
        return E.PaintArea(cs, tuple(draw(st.one_of(st.none(), st.sampled_from(list(s.areas)))) for _ in cs))
    if choice == "edge":
        edges = s.grid.edge_array().tolist()
        if edges:
            es = draw(st.lists(st.sampled_from(edges), min_size=1, max_size=3))
            return E.SetEdgeFeatures(tuple(tuple(e) for e in es),
                                     tuple(tuple(draw(st.sets(st.sampled_from(["stream", "reef"])))) for _ in es))
    if choice == "feature+":
        return E.InsertFeature(draw(st.integers(0, len(s.features))), CellFeature(draw(IDS), draw(cells)))
    if choice == "feature-" and s.features:
        return E.RemoveFeature(draw(st.integers(0, len(s.features) - 1)))
    if choice == "record":
        coll = draw(st.sampled_from(["areas", "regions", "sides", "pieces", "islands"]))
        table = getattr(s, coll)
        rid = draw(st.one_of(IDS, st.sampled_from(list(table))) if table else IDS)
        if table and rid in table and draw(st.booleans()):
            if coll == "areas" and rid in s.cell_area:
                return E.remove_area(s, rid)
            return E.PutRecord(coll, rid, None)
        rec = {"areas": lambda: Area(rid, draw(TEXT)), "regions": lambda: Region(rid, draw(TEXT)),
               "sides": lambda: Side(rid, draw(TEXT)), "islands": lambda: Island(rid, draw(TEXT)),
               "pieces": lambda: Piece(rid, draw(IDS), None, draw(st.one_of(st.none(), cells)))}[coll]()
        return E.PutRecord(coll, rid, rec, draw(st.one_of(st.none(), st.integers(0, 5))))
    if choice == "field":
        name = draw(st.sampled_from(["title", "briefing", "options", "victory", "tables"]))
        value = draw(TEXT) if name in ("title", "briefing") else draw(st.dictionaries(IDS, SCALARS, max_size=2))
        return E.SetField(name, value)
    if choice == "cellprops":
        return E.SetCellProps(draw(cells), draw(st.one_of(st.none(), PROPS)))
    if choice == "zone":
        return E.SetSetupZone(draw(IDS), draw(st.one_of(st.none(), st.frozensets(cells, max_size=3))))
    cs = tuple(draw(st.lists(cells, min_size=1, max_size=3)))
    return E.Compound((E.PaintTerrain(cs, ("sea",) * len(cs)), E.SetField("title", draw(TEXT))), "Several")
