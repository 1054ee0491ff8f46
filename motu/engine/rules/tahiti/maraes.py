"""15.8's one Marae rule: how many full Maraes a region (or another island) may hold.

Scope: the one reading that validation (validation/map_rules.py), construction (builds.py) and
control (control.py for a scenario, queries.py for a game) share. "Only one Marae can be
constructed in each region (that is, only 3 on Tahiti) plus one on Mo'orea if the expansion kit
is in play ... There is no limit to the number of partly-built Maraes in a region." So:

- the main island is the island of the Home Villages (the first Home Village site in an area;
  with none, the island of most areas): on it each region holds at most its `marae_limit`
  (region prop; default construction.yaml `marae_per_region`, 1) full Maraes;
- an area of the main island in no region is a region of its own (one full Marae);
- any other island (Mo'orea) holds `marae_per_region` full Maraes however its areas are divided
  into regions, none with option `rule_15_11_moorea_marae` off;
- part-built Maraes are unlimited, and a Marae may stand on any hex (sites are a designer's
  marks of the historical temples, not a limit);
- where more full Maraes stand in one group than it may hold (a designer's map: validation says
  so), only the first `limit` of them count (`counted`, in the order given).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

from motu.engine.scenario.model import Scenario

from .data.tables import load


@dataclass(frozen=True)
class MaraeRule:
    main_island: str | None
    area_island: dict[str, str | None]
    area_region: dict[str, str | None]
    region_limit: dict[str, int]
    per_region: int

    def group(self, area: str) -> tuple:
        """Which full Maraes share a limit with one in `area`."""
        island = self.area_island.get(area)
        if island is not None and island != self.main_island:
            return ("island", island)
        region = self.area_region.get(area)
        if region is None:
            return ("area", area)
        return ("region", region)

    def limit(self, group: tuple, other_islands: bool = True) -> int:
        """Full Maraes a group may hold; `other_islands`: option rule_15_11_moorea_marae."""
        if group[0] == "island":
            return self.per_region if other_islands else 0
        if group[0] == "region":
            return self.region_limit.get(group[1], self.per_region)
        return self.per_region

    def counted(self, maraes: Iterable[tuple[Hashable, str | None]], other_islands: bool = True) -> list[Hashable]:
        """Of full Maraes given as (key, area), in order, those that count: at most each group's
        limit (a Marae in no area counts for nothing)."""
        used: dict[tuple, int] = {}
        out = []
        for key, area in maraes:
            if area is None:
                continue
            g = self.group(area)
            if used.get(g, 0) < self.limit(g, other_islands):
                used[g] = used.get(g, 0) + 1
                out.append(key)
        return out

    def over(self, maraes: Sequence[tuple[Hashable, str | None]], other_islands: bool = True) -> dict[tuple, list]:
        """Groups holding more full Maraes than they may: group -> the keys of all of them."""
        by_group: dict[tuple, list] = {}
        for key, area in maraes:
            if area is not None:
                by_group.setdefault(self.group(area), []).append(key)
        return {g: keys for g, keys in by_group.items() if len(keys) > self.limit(g, other_islands)}


def marae_rule(scenario: Scenario) -> MaraeRule:
    return scenario.cached(("tahiti", "marae-rule"), lambda: _from_scenario(scenario))


def _from_scenario(s: Scenario) -> MaraeRule:
    homes = [s.areas[s.cell_area[f.cell]].island for f in s.features
             if f.kind == "home_village" and f.side and s.cell_area[f.cell] in s.areas]
    return make_rule({a: area.island for a, area in s.areas.items()},
                     {a: (area.region if area.region in s.regions else None) for a, area in s.areas.items()},
                     {r: reg.props.get("marae_limit") for r, reg in s.regions.items()}, homes)


def make_rule(area_island: dict[str, str | None], area_region: dict[str, str | None],
              region_limit: dict[str, int | None], home_islands: Sequence[str | None]) -> MaraeRule:
    """The rule for a map: its areas' islands and regions, the regions' `marae_limit` (None: the
    default), the islands of its Home Village sites in order (the first is the main island)."""
    per = int(load("construction")["marae_per_region"])
    if home_islands:
        main = home_islands[0]
    else:
        islands = [i for i in area_island.values() if i is not None]
        main = max(sorted(set(islands)), key=islands.count) if islands else None
    return MaraeRule(main_island=main, area_island=dict(area_island), area_region=dict(area_region),
                     # a limit that is not a whole number (a designer's typo, reported by validation:
                     # RECORD_PROP_TYPE) is read as 15.8's one
                     region_limit={r: n if isinstance(n, int) and not isinstance(n, bool) else per
                                   for r, n in region_limit.items()},
                     per_region=per)
