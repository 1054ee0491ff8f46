"""This turn's storm, rain and truce as map markers (presentation_table.map_markers), on the shipped
map with a hand-set state: each is drawn where the event's text bites while it holds, and gone
when it ends. Rule texts are the Random Events Table's (15.12): 14-15 storm, 52-53 rain, 44-45 truce."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from motu.engine.rules.tahiti.presentation.table import LEGEND, LEGEND_STYLE, map_markers  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control  # noqa: E402
from motu.engine.rules.tahiti.movement.reach import land_reach  # noqa: E402

from test_tahiti_game_support import RED, feed, game, scenario  # noqa: E402

WEATHER = ("storm", "rain", "truce")


def cells_of(st, key):
    return [m[0] for m in map_markers(st) if m[1] == key]


def started():
    st = game()
    return feed(st, 100 + RED)  # Red wins the initiative: the Movement Phase, fair weather, no truce


def test_fair_weather_and_no_truce_draw_none_of_them():
    st = started()
    assert not st.cond.get("storm") and not st.cond.get("rain") and not st.cond.get("truce")
    assert not [m for m in map_markers(st) if m[1] in WEATHER]


def test_rule_15_12_event_14_15_a_storm_hatches_the_sea_hexes_it_shuts_and_no_others():
    st = started()
    s = scenario()
    st.cond["storm"] = "coastal"  # 1-2: "No sea movement this turn except in coastal hexes."
    coastal = set(cells_of(st, "storm"))
    assert coastal, "the open sea is marked"
    assert all(s.terrain[c] in ("sea", "lagoon") for c in coastal), "only water hexes, no land"
    assert not any(s.terrain[c] == "coast" for c in coastal), "coastal hexes stay open"
    st.cond["storm"] = "major"    # 3-5: "Major storm. No sea movement this turn."
    major = set(cells_of(st, "storm"))
    assert coastal < major and any(s.terrain[c] == "coast" for c in major), "the coastal hexes shut too"
    assert all(s.terrain[c] != "clear" for c in major)
    del st.cond["storm"]          # the next turn: fair weather
    assert cells_of(st, "storm") == []


def test_rule_15_12_event_52_53_rain_marks_every_hex_with_a_stream_where_no_one_may_move():
    st = started()
    streams = {f.cell for f in scenario().features if f.kind == "stream"}
    assert streams
    st.cond["rain"] = 2           # 1-4: "no movement is allowed in all hexes containing a stream"
    assert set(cells_of(st, "rain")) == streams
    # What is drawn is what the move search closes: from 2405, beside the stream hex 2305, a
    # stack steps into 2305 in fair weather and not in the rain.
    beside, stream = st.b.labels.index("2405"), st.b.labels.index("2305")
    assert stream in streams and stream in cells_of(st, "rain")
    assert stream not in land_reach(st, RED, beside, 2)
    del st.cond["rain"]
    assert stream in land_reach(st, RED, beside, 2)
    st.cond["rain"] = 2
    del st.cond["rain"]
    assert cells_of(st, "rain") == []


def test_rule_15_12_event_44_45_a_truce_marks_every_controlled_area_in_its_clans_colour():
    st = started()
    st.cond["truce"] = True       # "movement into enemy controlled territory is prohibited"
    held = area_control(st)
    marks = [(st.b.area[c], side) for c, key, _, side in map_markers(st) if key == "truce"]
    want = sorted((a, st.players[p]) for a, p in enumerate(held) if p >= 0)
    assert sorted(marks) == want and len(want) == 4, "each clan's home area, in that clan's colour"
    st.cond["truce"] = False
    assert cells_of(st, "truce") == []


def test_the_legend_names_each_in_the_rulebook_s_words_and_says_how_it_is_drawn():
    assert "no sea movement" in LEGEND["storm"] and "(14-15)" in LEGEND["storm"]
    assert "no movement in hexes containing a stream" in LEGEND["rain"] and "(52-53)" in LEGEND["rain"]
    assert "enemy controlled territory" in LEGEND["truce"] and "(44-45)" in LEGEND["truce"]
    assert LEGEND_STYLE["storm"]["draw"] == LEGEND_STYLE["rain"]["draw"] == "hatch"
    assert LEGEND_STYLE["truce"]["draw"] == "token" and LEGEND_STYLE["truce"]["side_colour"]
