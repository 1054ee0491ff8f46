"""What a Tahiti game needs of a scenario to start and play, and its set-up rules: validation.

Scope: the conditions `new_initial_state` and the rules read (docs/rules/tahiti.md "Set-up",
"Validates clean means plays"), each a finding with one registered code (docs/validation.md):
a Home Village site for at least one and at most four clans, and one a clan (3.1); no open sea
painted into an area (so no area of nothing but sea); option numbers the rules can play; per
clan at most one Head Chieftain and one Shaman on the map (warning: units and no Head
Chieftain); units inside a Marae compound only where a full Marae stands; Big Logs kept in a
Village; pieces of a side that takes no part. The map's own drawing (lagoons, coasts, regions, reefs) is map_rules.py's and
authoring_guide.py's; a scenario with no errors here and there starts a game and plays it
through (tests/engine/rules/tahiti/test_tahiti_validation_play.py mutates the shipped maps).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Scenario
from motu.engine.scenario.validation import Finding, describe_cells, finding, register_code

from ..constants import CLAN_UNITS
from ..control import home_villages
from ..geography import SEA, land_flags

TAHITI_NO_HOME_VILLAGE = register_code("TAHITI_NO_HOME_VILLAGE", "error", "No side has a Home Village site, so no clan can start (3.1).")
TAHITI_TOO_MANY_CLANS = register_code("TAHITI_TOO_MANY_CLANS", "error", "More than four sides have a Home Village site; Tahiti is for 1 to 4 players.")
TAHITI_SEA_IN_AREA = register_code("TAHITI_SEA_IN_AREA", "error", "Open-sea hexes are painted into an area; an area is land, and the lagoon along it.")
TAHITI_OPTION_RANGE = register_code("TAHITI_OPTION_RANGE", "error", "A Tahiti option's number is outside what the rules can play.")
TAHITI_CLAN_LEADERS = register_code("TAHITI_CLAN_LEADERS", "error", "A clan has more than one Head Chieftain, or more than one Shaman, on the map.")
TAHITI_CLAN_NO_CHIEFTAIN = register_code("TAHITI_CLAN_NO_CHIEFTAIN", "warning", "A clan has units on the map but no Head Chieftain: Playtest from This Position starts it without one.")
TAHITI_COMPOUND_NO_MARAE = register_code("TAHITI_COMPOUND_NO_MARAE", "error", "A unit is inside a Marae compound on a hex with no full Marae (15.8).")
TAHITI_LOG_NOT_IN_VILLAGE = register_code("TAHITI_LOG_NOT_IN_VILLAGE", "warning", "A Big Log stands on a hex with no Village to keep it: Playtest from This Position leaves it out.")
TAHITI_CLAN_HOME_VILLAGES = register_code("TAHITI_CLAN_HOME_VILLAGES", "error", "A clan has more than one Home Village site; 3.1 gives each clan one.")
TAHITI_SIDE_NO_HOME = register_code("TAHITI_SIDE_NO_HOME", "warning", "Pieces belong to a side with no Home Village site: that side takes no part in play.")

# The options whose numbers the rules divide by, count with or search with: the least each may be
# (and the most: `players`).
RANGES = {"players": (0, 4), "turn_limit": (1, None), "turns_per_season": (1, None), "conquest_strength": (0, None),
          "mountain_cost": (1, None), "miles_per_hex": (0, None)}


def check_clans(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    """3.1: the clans in play are the sides with a Home Village site, one to four of them, each
    with one Home Village."""
    homes = home_villages(s)
    clans = [side for side in s.sides if any(h == side for _, h in homes)]
    if not homes:
        yield finding(TAHITI_NO_HOME_VILLAGE, "no side has a Home Village site: place one for each clan "
                      "(the Home Village feature, with its side)")
    elif len(clans) > 4:
        cells = [c for c, side in homes if side in clans]
        yield finding(TAHITI_TOO_MANY_CLANS, f"{len(clans)} sides have a Home Village site ({', '.join(clans)}); "
                      "Tahiti is for 1 to 4 players", cells=cells)
    sites: dict[str, list[int]] = defaultdict(list)
    for cell, side in homes:
        if cell not in sites[side]:  # two sites on one hex are DUPLICATE_FEATURE's
            sites[side].append(cell)
    for side, cells in sites.items():
        if len(cells) > 1:
            name = s.sides[side].name if side in s.sides else side
            yield finding(TAHITI_CLAN_HOME_VILLAGES, f"{name} has {len(cells)} Home Village sites "
                          f"({describe_cells(s, cells)}); a clan has one Home Village (3.1)", cells=cells)
    sided = {p.side for p in s.pieces.values() if p.side is not None}
    for side in sorted(sided - set(clans)):
        if side not in s.sides or not homes:
            continue
        cells = [p.cell for p in s.pieces.values() if p.side == side and p.cell is not None]
        yield finding(TAHITI_SIDE_NO_HOME, f"side {s.sides[side].name} has pieces ({describe_cells(s, cells)}) "
                      "but no Home Village site: it takes no part in play", cells=cells)


def check_areas_hold_land(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    """An area is held by the clans standing in it (Area control): it is land; its water is the
    lagoon along it (15.6; a lagoon painted into an area is authoring_guide's LAGOON_IN_AREA), not
    open sea. An area of nothing but sea could be neither entered nor held."""
    land = land_flags(s, cat)
    cells: dict[str, list[int]] = defaultdict(list)
    for c, a in enumerate(s.cell_area):
        if a is not None and a in s.areas:
            cells[a].append(c)
    for a, cs in cells.items():
        sea = [c for c in cs if s.terrain[c] == SEA]
        if sea:
            what = "is nothing but sea" if not any(land[c] for c in cs) else "takes in open sea"
            yield finding(TAHITI_SEA_IN_AREA, f"area {s.areas[a].name} {what}: {describe_cells(s, sea)}", cells=sea,
                          areas=[a])


def check_option_ranges(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    for key, (low, high) in RANGES.items():
        value = s.options.get(key)
        if key not in cat.options or isinstance(value, bool) or not isinstance(value, int):
            continue  # not set, or BAD_OPTION's
        if value < low or (high is not None and value > high):
            want = f"{low} to {high}" if high is not None else f"{low} or more"
            yield finding(TAHITI_OPTION_RANGE, f"option {key!r} is {value}; the rules play {want}")


def check_clan_pieces(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    """Set-up: a clan has one Head Chieftain ("each player has a Head Chieftain on the board") and
    one Shaman ("the rolling player's Shaman"); units in a compound stand on a full Marae; Big Logs
    are kept in Villages."""
    clans = {side for _, side in home_villages(s)}
    count: dict[tuple[str, str], list[int]] = defaultdict(list)
    for p in s.pieces.values():
        if p.side in clans and p.cell is not None and p.kind in ("head_chieftain", "shaman"):
            count[(p.side, p.kind)] += [p.cell] * p.count
    for (side, kind), cells in sorted(count.items()):
        if len(cells) > 1:
            yield finding(TAHITI_CLAN_LEADERS, f"{s.sides[side].name if side in s.sides else side} has {len(cells)} "
                          f"{cat.pieces[kind].name} pieces ({describe_cells(s, sorted(set(cells)))}); a clan has one",
                          cells=sorted(set(cells)))
    units = {p.side for p in s.pieces.values() if p.side in clans and p.cell is not None and p.kind in CLAN_UNITS}
    for side in sorted(units):
        if side in s.sides and (side, "head_chieftain") not in count:
            yield finding(TAHITI_CLAN_NO_CHIEFTAIN, f"{s.sides[side].name} has units on the map but no Head Chieftain "
                          "(the standard set-up gives it one; Playtest from This Position does not)")
    full = {p.cell for p in s.pieces.values() if p.kind == "marae" and p.cell is not None}
    outside = sorted({p.cell for p in s.pieces.values() if p.props.get("in_marae") and p.cell is not None
                      and p.cell not in full})
    if outside:
        yield finding(TAHITI_COMPOUND_NO_MARAE, f"units inside a Marae compound with no full Marae on their hex: "
                      f"{describe_cells(s, outside)}", cells=outside)
    villages = {p.cell for p in s.pieces.values() if p.kind in ("village", "part_built_village")}
    villages |= {c for c, _ in home_villages(s)}
    loose = sorted({p.cell for p in s.pieces.values() if p.kind == "big_log" and p.cell is not None
                    and p.cell not in villages})
    if loose:
        yield finding(TAHITI_LOG_NOT_IN_VILLAGE, f"Big Logs on hexes without a Village: {describe_cells(s, loose)}",
                      cells=loose)


PLAY_VALIDATORS = (check_clans, check_areas_hold_land, check_option_ranges, check_clan_pieces)
