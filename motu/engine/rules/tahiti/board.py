"""The static board of a Tahiti game: everything about a scenario's map a game asks for, as lists.

Scope: read once from a Scenario (and cached in its cache) so a game state never touches the
Scenario again: cell neighbours, foot costs (catalogue + option `mountain_cost`), land, water
and coastal cells, areas (their cells, island, region, land-boundary neighbours, jungle
hexes, coastal hexes), Home Village, village and Marae sites, streams, reef and land
hexsides and portages (15.7), the area each lagoon hex lies along (15.6 reef movement), the
Random Area Selection Table (15.12). Geography is the one of motu/engine/rules/tahiti/geography.py.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario

from .data.bound import TahitiData, data_of
from .data.options import option
from .geography import COAST, LAGOON, adjacent_areas, coast_land_hexsides, land_flags, water_area, water_flags
from .maraes import MaraeRule, make_rule
from .data.rast import TABLE
from .scale import hexes_per_game_hex

INF = math.inf


@dataclass
class TahitiBoard:
    size: int
    labels: list[str]
    nb: list[list[int]]
    terrain: list[str]
    foot: list[float]               # MP to enter on foot (INF: cannot)
    land: list[bool]
    water: list[bool]
    coast: list[bool]
    lagoon: list[bool]
    area: list[int]                 # area index or -1
    along: list[int]                # area a water hex lies along (15.6), or -1
    areas: list[str]
    area_names: list[str]
    area_cells: list[list[int]]
    area_island: list[str | None]
    area_region: list[str | None]
    area_adj: list[frozenset[int]]
    area_jungle: list[list[int]]
    area_coast: list[list[int]]
    homes: list[tuple[int, str]]    # (cell, side) of every Home Village site
    village_sites: list[int]
    marae_sites: list[int]
    streams: frozenset[int]
    canoe_blocked: frozenset[tuple[int, int]]   # reef and land hexsides (a < b)
    portages: frozenset[tuple[int, int]]
    rast: dict | None
    region_limit: dict[str, int | None]  # a region's `marae_limit` prop (None: construction.yaml's)
    # Movement numbers (data: the catalogue's `mp` and portage cost, rules.yaml):
    names: dict[str, str]           # piece kind -> its name in the catalogue (what players read)
    allowance: dict[str, float]     # piece kind -> movement points (Leaders, Population, Shaman, canoes)
    hex_per_mp: int                 # 15.13: sea hexes in one movement point (3 game hexes)
    # The map's scale (scale.py): hexes of this map to one game hex; zones of influence reach
    # that many hexes, a retreat goes retreat_hexes, Panic is rolled every game hex of it.
    game_hex: int
    retreat_hexes: int
    first_step_mp: float            # 15.13: a Leader's first step
    portage_mp: float               # 15.7: to cross the portage hexside
    # Hexes a War Canoe may enter (water and coast), per storm (None: fair weather; 14-15 closes
    # terrains, rules.yaml `storm_canoe_terrain`); a storm that leaves nothing open maps to None.
    canoe_open: dict[str | None, list[bool] | None]
    # For the searches: each hex's neighbours a foot unit may enter, with the cost; and those a
    # canoe may paddle into in fair weather (not across a reef or land hexside), and across a portage.
    foot_links: list[tuple[tuple[int, float], ...]] = ()
    sea_links: list[tuple[int, ...]] = ()
    portage_links: list[tuple[int, ...]] = ()
    lagoon_cells: tuple[int, ...] = ()
    # What players read: each side's name in the scenario (side id -> name), each named site's
    # name (cell -> "Pare": a Home Village's or a village site's name in the scenario).
    side_names: dict[str, str] = field(default_factory=dict)
    site_names: dict[int, str] = field(default_factory=dict)
    canoe_shut: dict[str, frozenset[int]] | None = None  # per storm: the fair-weather canoe hexes it closes
    marae_rule: MaraeRule | None = None  # 15.8: how many full Maraes each region and island may hold
    data: TahitiData | None = None  # the rule set instance's numbers (data/bound.py): a variant's own

    # Foot costs in whole ticks (`ticks` to an MP: game_hex times the least whole number that makes
    # every cost whole, up to 60; beyond, costs round to the nearest tick), for the land search's
    # bucket queue.
    ticks: int = 1
    foot_tick_links: list[tuple[tuple[int, int], ...]] = ()

    def __post_init__(self):
        self.marae_rule = make_rule(dict(zip(self.areas, self.area_island)), dict(zip(self.areas, self.area_region)),
                                    self.region_limit,
                                    [self.area_island[self.area[c]] for c, _ in self.homes if self.area[c] >= 0])
        fair = self.canoe_open[None]
        finite = [c for c in self.foot if c != INF]
        per = next((d for d in range(1, 61) if all(abs(c * d - round(c * d)) < 1e-9 for c in finite)), 60)
        self.ticks = self.game_hex * per
        cost = [round(c * self.ticks) if c != INF else None for c in self.foot]
        self.foot_tick_links = [tuple((x, cost[x]) for x in xs if cost[x] is not None) for xs in self.nb]
        self.lagoon_cells = tuple(c for c, lg in enumerate(self.lagoon) if lg)
        self.canoe_shut = {storm: frozenset(c for c, ok in enumerate(fair) if ok and not (open_ and open_[c]))
                           for storm, open_ in self.canoe_open.items() if storm is not None}
        self.foot_links = [tuple((x, self.foot[x]) for x in xs if self.foot[x] != INF) for xs in self.nb]
        self.sea_links = [tuple(x for x in xs if fair[x] and self.edge(c, x) not in self.canoe_blocked
                                and self.edge(c, x) not in self.portages) for c, xs in enumerate(self.nb)]
        self.portage_links = [tuple(x for x in xs if fair[x] and self.edge(c, x) in self.portages)
                              for c, xs in enumerate(self.nb)]

    def edge(self, a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)


def _canoe_open(scenario: Scenario, water: list[bool], data: TahitiData) -> dict[str | None, list[bool] | None]:
    paddle = [w or t == COAST for w, t in zip(water, scenario.terrain)]
    out: dict[str | None, list[bool] | None] = {None: paddle}
    for storm, terrains in data.storm_terrain().items():
        out[storm] = [ok and t in terrains for ok, t in zip(paddle, scenario.terrain)] if terrains else None
    return out


def build_board(scenario: Scenario, cat: Catalogue, mountain_cost: float | None = None,
                miles_per_hex: float | None = None) -> TahitiBoard:
    """The board of a game; `mountain_cost` and `miles_per_hex` are the game's options (None:
    the scenario's own)."""
    return scenario.cached(("tahiti", "game-board", mountain_cost, miles_per_hex),
                           lambda: _read_board(scenario, cat, mountain_cost, miles_per_hex))


def _read_board(scenario: Scenario, cat: Catalogue, mountain_cost: float | None = None,
                miles_per_hex: float | None = None) -> TahitiBoard:
    g = scenario.grid
    n = g.size
    data = data_of(cat)
    mountain = float(option(scenario, cat, "mountain_cost") if mountain_cost is None else mountain_cost)
    h = hexes_per_game_hex(scenario, option(scenario, cat, "miles_per_hex") if miles_per_hex is None else miles_per_hex,
                           data.rule("game_hex_miles"))
    foot = []
    for t in scenario.terrain:
        k = cat.terrain.get(t)
        cost = k.enter_cost("foot") if k is not None else INF
        foot.append((mountain if t == "mountain" and cost != INF else cost) / h)
    areas = list(scenario.areas)
    index = {a: i for i, a in enumerate(areas)}
    area = [index.get(a, -1) if a is not None else -1 for a in scenario.cell_area] or [-1] * n
    along = [index.get(a, -1) if a is not None else -1 for a in water_area(scenario, cat)] if scenario.cell_area else [-1] * n
    land = land_flags(scenario, cat)
    cells: list[list[int]] = [[] for _ in areas]
    for c, a in enumerate(area):
        if a >= 0 and land[c]:
            cells[a].append(c)
    adj = adjacent_areas(scenario, cat) if areas else {}
    blocked = set(coast_land_hexsides(scenario, cat))
    portages = set()
    for key2, feats in scenario.edges.items():
        e = (min(key2), max(key2))
        if "reef" in feats:
            blocked.add(e)
        if "portage" in feats:
            portages.add(e)
            blocked.discard(e)
    board = TahitiBoard(
        size=n, labels=[g.label(c) for c in range(n)], nb=[list(x) for x in g.neighbour_lists],
        terrain=list(scenario.terrain), foot=foot, land=list(land), water=list(water_flags(scenario, cat)),
        coast=[t == COAST for t in scenario.terrain], lagoon=[t == LAGOON for t in scenario.terrain],
        area=area, along=along, areas=areas, area_names=[scenario.areas[a].name for a in areas],
        area_cells=cells, area_island=[scenario.areas[a].island for a in areas],
        area_region=[scenario.areas[a].region if scenario.areas[a].region in scenario.regions else None
                     for a in areas],
        area_adj=[frozenset(index[b] for b in adj.get(a, ())) for a in areas],
        area_jungle=[[c for c in cs if scenario.terrain[c] == "jungle"] for cs in cells],
        area_coast=[[c for c in cs if scenario.terrain[c] == COAST] for cs in cells],
        homes=[(f.cell, f.side) for f in scenario.features if f.kind == "home_village" and f.side],
        village_sites=[f.cell for f in scenario.features if f.kind == "village_site"],
        marae_sites=[f.cell for f in scenario.features if f.kind == "marae_site"],
        streams=frozenset(f.cell for f in scenario.features if f.kind == "stream"),
        canoe_blocked=frozenset(blocked), portages=frozenset(portages),
        rast=scenario.tables.get(TABLE),
        region_limit={r: reg.props.get("marae_limit") for r, reg in scenario.regions.items()},
        names={k: p.name for k, p in cat.pieces.items()},
        allowance={k: p.mp for k, p in cat.pieces.items() if p.mp}, hex_per_mp=data.hexes_per_mp() * h,
        game_hex=h, retreat_hexes=int(data.doc("combat")["retreat_hexes"]) * h,
        first_step_mp=float(data.rule("variable_movement_first_step_mp")),
        portage_mp=cat.edges["portage"].cross_cost("canoe") if "portage" in cat.edges else math.inf,
        canoe_open=_canoe_open(scenario, water_flags(scenario, cat), data), data=data,
        side_names={sid: side.name for sid, side in scenario.sides.items() if side.name},
        site_names={f.cell: f.name for f in scenario.features
                    if f.kind in ("home_village", "village_site") and getattr(f, "name", None)})
    return board
