"""Rebuilds scenarios/example-hex.yaml and example-square.yaml: small maps that use every part of the format.

Run from the project root: .venv/bin/python tools/build_examples.py
"""
from engine.rules.registry import get_ruleset
from engine.scenario.model import *
from engine.io.native import dumps, loads

# --- hex example: a small island for the Tahiti rule set ---
rows = [
 "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
 "~ ~ ~ l l l l l l ~ ~ ~",
 "~ ~ l c c c c c c l ~ ~",
 "~ l c . . j j . . c l ~",
 "~ l c . j m m j . c l ~",
 "~ l c . j m j j . c l ~",
 "~ l c . . j . . c c l ~",
 "~ ~ l c c c c c l l ~ ~",
 "~ ~ ~ l l l l l ~ ~ ~ ~",
 "~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~",
]
rs = get_ruleset("tahiti")
s = rs.new_scenario("hex", 12, 10, "Example island")
tok = {t.token: t.id for t in rs.catalogue.terrain.values()}
s.terrain = [tok[t] for r in rows for t in r.split()]
g = s.grid
L = g.parse_label
s.briefing = "A small island showing every part of Motu's scenario format:\nterrain, areas, regions, an island, hexsides, sites, sides, pieces, set-up zones,\nvictory and a random table."
s.options = {"rule_15_7_portage": True, "rule_15_8_maraes": True}
s.islands["example"] = Island("example", "Example Island")
s.regions["north"] = Region("north", "North", {"marae_limit": 1})
s.regions["south"] = Region("south", "South")
s.areas["west"] = Area("west", "Westbay", "north", "example", "#e6b85c")
s.areas["east"] = Area("east", "Eastpoint", "north", "example", "#7fb3d5")
s.areas["south"] = Area("south", "Southcape", "south", "example", "#c39bd3", {"note": "the cape"})
land = [c for c in range(g.size) if s.terrain[c] in ("coast", "clear", "jungle", "mountain")]
for c in land:
    col, row = g.col_row(c)
    s.cell_area[c] = "south" if row >= 6 else ("west" if col <= 5 else "east")
# hexsides: a stream, a reef with a pass, a portage
def e(a, b):
    a, b = L(a), L(b); return (a, b) if a < b else (b, a)
for a, b in [("0402", "0401"), ("0502", "0501"), ("0702", "0701"), ("0802", "0801"), ("0902", "0901")]:
    s.edges[e(a, b)] = ("reef",)
s.edges[e("0907", "0807")] = ("portage",)
s.features = [
    CellFeature("home_village", L("0404"), "red"),
    CellFeature("home_village", L("0904"), "blue"),
    CellFeature("village_site", L("0507")),
    CellFeature("marae_site", L("0605"), name="Example marae"),
    CellFeature("stream", L("0705")),
    CellFeature("stream", L("0706")),
    CellFeature("stream", L("0707")),
]
s.cell_props[L("0606")] = {"name": "Mount Example"}
del s.sides["green"]; del s.sides["yellow"]
s.pieces["red-hc"] = Piece("red-hc", "head_chieftain", "red", L("0404"), name="Red Head Chieftain")
s.pieces["red-pop"] = Piece("red-pop", "population", "red", L("0404"), count=3)
s.pieces["red-canoe"] = Piece("red-canoe", "war_canoe", "red", L("0303"))
s.pieces["blue-hc"] = Piece("blue-hc", "head_chieftain", "blue", L("0904"), name="Blue Head Chieftain")
s.pieces["blue-fighters"] = Piece("blue-fighters", "fighters", "blue", L("0904"), count=2, props={"veteran": True})
s.pieces["blue-reserve"] = Piece("blue-reserve", "militia", "blue", None, count=2)
s.setup_zones["red"] = frozenset(L(x) for x in ("0303", "0403", "0404", "0304"))
s.setup_zones["blue"] = frozenset(L(x) for x in ("0904", "0903", "1004"))
s.victory = {"areas_to_win": 2, "turns": 6}
s.tables = {"random_area": {"dice": "1d6", "entries": {"1-2": "west", "3-4": "east", "5-6": "south"}}}
text = dumps(s)
assert dumps(loads(text)) == text
open("scenarios/example-hex.yaml", "w").write(text)

# --- square example: a skirmish table for Fire in the Fern ---
rows = [
 ". . . . b b b . . . . .",
 ". . . b b b b b . . . .",
 ". . . . b b . . . . . .",
 ". . . . . . . . b b . .",
 ". . . . . . . b b b . .",
 ". . b b . . . . b . . .",
 ". b b b . . . . . . . .",
 ". . b . . . . . . . . .",
]
rs = get_ruleset("fern")
s = rs.new_scenario("square", 12, 8, "Example skirmish")
tok = {t.token: t.id for t in rs.catalogue.terrain.values()}
s.terrain = [tok[t] for r in rows for t in r.split()]
g = s.grid; L = g.parse_label
s.briefing = "A column crosses a stream below a small pa."
s.options = {"bush_blocks_sight": True}
for col in range(1, 13):
    s.edges[tuple(sorted((L(f"{col},4"), L(f"{col},5"))))] = ("stream",)
for a, b in [("9,1", "10,1"), ("9,2", "10,2"), ("10,2", "10,3"), ("11,2", "11,3")]:
    s.edges[tuple(sorted((L(a), L(b))))] = ("palisade",)
s.features = [CellFeature("rifle_pit", L("10,1")), CellFeature("rifle_pit", L("11,1"))]
s.features += [CellFeature("base_edge", L(f"{c},8"), "british") for c in range(1, 13)]
s.features.append(CellFeature("track", L("6,7"), name="the track"))
del s.sides["kupapa"]
s.pieces["coy-a"] = Piece("coy-a", "regulars", "british", L("4,8"), count=10, name="A Company", props={"weapon": "muzzle_loader"})
s.pieces["lt-a"] = Piece("lt-a", "leader", "british", L("4,8"), name="Lt Smith", props={"unit": "coy-a", "attempts": 3})
s.pieces["capt"] = Piece("capt", "senior_officer", "british", L("5,8"), name="Capt Jones")
s.pieces["hapu"] = Piece("hapu", "warriors", "maori", L("10,1"), count=8, name="Hapu", props={"hidden": True})
s.pieces["chief"] = Piece("chief", "leader", "maori", L("10,1"), name="Chief", props={"unit": "hapu", "attempts": 3})
s.setup_zones["british"] = frozenset(L(f"{c},8") for c in range(1, 13) if s.terrain[L(f"{c},8")] == "open")
s.setup_zones["maori"] = frozenset(c for c in range(g.size) if g.col_row(c)[1] < 6)
s.victory = {"ends": "one side retires or is broken", "points": "§11"}
text = dumps(s)
assert dumps(loads(text)) == text
open("scenarios/example-square.yaml", "w").write(text)
