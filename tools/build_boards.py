"""Rebuilds the Tiki and pearl-game boards (motu/resources/rulesets/{tiki,pearls}/board.yaml) and the
playable scenarios on them (scenarios/tiki.yaml, scenarios/pearls.yaml: the same boards with
every rule option written out, so the editor shows what can be changed).

Run from the project root: .venv/bin/python tools/build_boards.py
"""
from motu.engine.board.grids import SpacesGrid, Space
from motu.engine.scenario.model import Scenario, Side
from motu.engine.io.native import dumps
from motu.engine.rules.registry import get_ruleset

# Tiki: 3x3 village tiles with gaps between them, orthogonal links.
sp=[]; links=[]
for r in range(3):
    for c in range(3):
        sp.append(Space(f"v{r+1}{c+1}", c*1.25, r*1.25))
        if c<2: links.append((f"v{r+1}{c+1}", f"v{r+1}{c+2}"))
        if r<2: links.append((f"v{r+1}{c+1}", f"v{r+2}{c+1}"))
g=SpacesGrid(sp,links)
cat=get_ruleset("tiki").catalogue
s=Scenario(ruleset="tiki", grid=g, terrain=["village"]*9, title="Tiki on Manami Island",
  terrain_tokens={"village":"v"})
values=[1,0,2, 1,-1,0, 0,1,1]
for i,v in enumerate(values): s.cell_props[i]={"value":v}
for d in cat.default_sides: s.sides[d["id"]]=Side(d["id"],d["name"],d["color"])
open("motu/resources/rulesets/tiki/board.yaml","w").write(dumps(s, "motu/resources/rulesets/tiki/board.yaml"))
s.title="Tiki: the shipped villages"
s.briefing="One +2 village, one -1 village, four 1s and three 0s (docs/rules/tiki.md). Turn shaman_rule on once you know the game."
s.options={"shaman_rule":False,"shuffle_tiles":False,"fruit_supply":7,"tokens_per_player":8,"fruits_to_win":4}
open("scenarios/tiki.yaml","w").write(dumps(s, "scenarios/tiki.yaml"))

# Pearls: 7x7 map (m<col><row>) with the island at the centre, 12 track spaces round it, clockwise.
sp=[]; links=[]; terrain=[]
for r in range(7):
    for c in range(7):
        sp.append(Space(f"m{c+1}{r+1}", c+1.5, r+1.5)); terrain.append("island" if (c,r)==(3,3) else "water")
        if c<6: links.append((f"m{c+1}{r+1}", f"m{c+2}{r+1}"))
        if r<6: links.append((f"m{c+1}{r+1}", f"m{c+1}{r+2}"))
pos=[0,3,6,9]
ring=[(x,0) for x in pos]+[(9,y) for y in pos[1:]]+[(x,9) for x in reversed(pos[:-1])]+[(0,y) for y in reversed(pos[1:-1])]
assert len(ring)==12
for i,(x,y) in enumerate(ring):
    sp.append(Space(f"t{i+1}", x, y)); terrain.append("track")
    links.append((f"t{i+1}", f"t{(i+1)%12+1}"))
g=SpacesGrid(sp,links)
s=Scenario(ruleset="pearls", grid=g, terrain=terrain, title="Tahiti: the pearl banks",
  terrain_tokens={"water":"w","island":"i","track":"t"})
colours=["green","white","black","blue"]
for i in range(12):
    s.cell_props[49+i]={"letter":"ABCDEF"[i%6], "colour":colours[i%4]}
s.tables={"map_letters":{"columns":["A","B","C",None,"D","E","F"],"rows":["A","B","C",None,"D","E","F"]}}
cat=get_ruleset("pearls").catalogue
for d in cat.default_sides: s.sides[d["id"]]=Side(d["id"],d["name"],d["color"])
open("motu/resources/rulesets/pearls/board.yaml","w").write(dumps(s, "motu/resources/rulesets/pearls/board.yaml"))
s.title="Tahiti pearls: three players"
s.briefing="The track's letters and colours are Motu's choice: the real board's are not known (docs/rules/pearls.md)."
s.options={"group_ties":"all","max_bid":30}
open("scenarios/pearls.yaml","w").write(dumps(s, "scenarios/pearls.yaml"))
