"""Authoring a new island beside Tahiti, start to finish, with Motu's own operations: import a
Huahine-like coastline (tests/data/huahine.geojson: a polygon, five villages, two passes) on
Tahiti's lattice, a few Edits, room made on Tahiti's map, the island merged in beside it, the
Random Area Selection Table extended; the map validates clean and a seeded expedition from
Tahiti makes landfall there."""
from __future__ import annotations

import os
from dataclasses import replace

from motu.engine.io.coastline import new_map
from motu.engine.io.island_file import plan_from_file, read_island
from motu.engine.io.native import dumps, load_path, loads
from motu.engine.rules.registry import get_ruleset
from motu.engine.rules.tahiti.clan_events import ExpeditionEnded
from motu.engine.rules.tahiti.game_state import EXPED
from motu.engine.scenario.edits import Compound, InsertFeature, PutRecord, SetField
from motu.engine.scenario.ids import rename
from motu.engine.scenario.map_ops import merge_map, resize_map
from motu.engine.scenario.model import CellFeature, Region
from motu.engine.session.session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
HUAHINE = os.path.join(ROOT, "tests", "data", "huahine.geojson")
RULES = get_ruleset("tahiti")
SEED = 1


def author() -> tuple:
    tahiti = load_path(TAHITI)
    # 1. Import the coastline on Tahiti's hexes: land, coast, bands, lagoon, reef and its two
    #    passes, five areas round the villages, their village sites, a region of their own.
    huahine, draft = new_map("tahiti", plan_from_file(read_island(HUAHINE)), like=tahiti)
    assert draft.summary["passes"] == 2 and draft.summary["areas"] == ["Fare", "Maeva", "Faie", "Maroe", "Parea"]
    # 2. A few Edits, as in the editor: Huahine Iti's two areas get a region of their own and
    #    Maroe its real name; a Marae site at Maeva.
    maeva = next(f.cell for f in huahine.features if f.name == "Maeva")
    maeva_coast = next(n for n in huahine.grid.neighbours(maeva) if huahine.cell_area[n] == "maeva")
    Compound((PutRecord("regions", "huahine_iti", Region("huahine_iti", "Huahine Iti")),
              PutRecord("areas", "maroe", replace(huahine.areas["maroe"], region="huahine_iti")),
              PutRecord("areas", "parea", replace(huahine.areas["parea"], region="huahine_iti")))).apply(huahine)
    rename(huahine, "areas", "maroe", name="Maro'e").apply(huahine)
    InsertFeature(len(huahine.features), CellFeature("marae_site", maeva_coast, name="Manunu")).apply(huahine)
    # 3. Room east of Tahiti, then Huahine laid beside it (sides of the same id are the same clans).
    undo = []
    undo.append(resize_map(tahiti, right=20).apply(tahiti))
    edit, renames = merge_map(tahiti, huahine, 48, 6)
    assert renames == {}
    undo.append(edit.apply(tahiti))
    # 4. The Random Area Selection Table: the first die's 6 reads Huahine's five areas.
    table = tahiti.tables["random_area_selection"]
    groups = table["groups"][:2] + [{"first": [5], "second": table["groups"][2]["second"]},
                                    {"first": [6], "second": ["fare", "maeva", "faie", "maroe", "parea", "roll_again"]}]
    undo.append(SetField("tables", {**tahiti.tables, "random_area_selection": {"groups": groups}}).apply(tahiti))
    return tahiti, undo


def test_a_huahine_like_island_authored_beside_tahiti_validates_clean_and_undoes():
    s, undo = author()
    assert [(f.code, f.message) for f in RULES.validate(s)] == []
    assert [a.name for a in s.areas.values()][-5:] == ["Fare", "Maeva", "Faie", "Maro'e", "Parea"]
    assert {a.island for a in s.areas.values()} == {"tahiti", "huahine"}
    assert [r.name for r in s.regions.values()][-2:] == ["Huahine", "Huahine Iti"]
    again = loads(dumps(s))  # what the editor saves it opens
    assert dumps(again) == dumps(s)
    for u in reversed(undo):
        u.apply(s)
    assert dumps(s, TAHITI) == open(TAHITI, encoding="utf-8").read()  # saved where it is, modeline and all


def test_a_seeded_expedition_from_tahiti_makes_landfall_on_huahine():
    s, _ = author()
    options = {"rule_3_1_random_homes": False, "rule_15_12_random_events": False, "rule_15_6_arioi": False}
    session = Session(lambda: RULES.new_initial_state(s, options), seed=SEED)
    session.resolve_chance()
    st = session.state
    n = st.b.size
    player = st.current_player()
    to_huahine = [a for a in st.legal_actions() if EXPED <= a < EXPED + n * n
                  and st.b.area_island[st.b.area[(a - EXPED) % n]] == "huahine"]
    assert len(to_huahine) == 5  # one landing for each of its areas
    f, t = divmod(to_huahine[0] - EXPED, n)
    stack = [u.uid for u in st.units if u.cell == f and u.player == player]
    session.apply(to_huahine[0])
    session.resolve_chance()
    [voyage] = [e for entry in session.log for e in entry.events if isinstance(e, ExpeditionEnded)]
    assert (voyage.player, voyage.result, voyage.to) == (player, "landfall", t)
    landed = [u for u in st.units if u.cell == t]
    assert {u.uid for u in landed} <= set(stack) and {"head_chieftain", "war_canoe"} <= {u.kind for u in landed}
    assert s.areas[s.cell_area[t]].island == "huahine" and s.terrain[t] == "coast"
