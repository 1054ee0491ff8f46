"""What a game of Tahiti tells its players, in words (the log's lines, through TahitiPresentation): a
battle with both sides' units, strength, die and total, the winner by his margin, the losses and the
retreat; what a random event did (16: a Village flooded); builds in construction.yaml's words; what a
clan is chosen for; a season's end in the singular; the clans by the scenario's own names. Hand-worked
dice on the positions of the combat and event tests."""
from __future__ import annotations

import os
import re
import sys
from dataclasses import replace

sys.path.insert(0, os.path.dirname(__file__))
from test_tahiti_game_combat import panics  # noqa: E402
from test_tahiti_game_combat_retreat import red_attacks  # noqa: E402
from test_tahiti_game_events import rolled  # noqa: E402
from test_tahiti_game_support import BLUE, GREEN, RED, RULES, feed, game, scenario  # noqa: E402

from motu.engine.rules.events import Battle, GameEnded, Roll  # noqa: E402
from motu.engine.rules.tahiti.constants import BUILDS, CELL, PICK  # noqa: E402
from motu.engine.rules.tahiti.effect_event import EventDid  # noqa: E402
from motu.engine.rules.tahiti.presentation import TahitiPresentation  # noqa: E402

SAY = TahitiPresentation()


def said(st, events):
    """The lines the log adds for these events (a die's own Roll, told by its die, left out as the table does)."""
    return [w for w in (SAY.event_words(e, None, st) for e in events if not (isinstance(e, Roll) and not e.outcome)) if w]


def test_rule_9_2_a_battle_is_told_with_both_sides_the_dice_the_margin_the_losses_and_the_retreat():
    st = red_attacks(["militia", "militia"])
    st.drain_events()
    feed(st, 4, 5)  # 6 + 4 = 10 against 2 + 5 = 7: margin 3, Blue loses a Militia and retreats
    lines = said(st, st.drain_events())
    hex_ = st.b.labels[807]
    assert lines[0] == (f"Battle at {hex_}: Red clan attacks with Slingers and Heavy Troops (6 + die 4 = 10) against "
                        f"Blue clan with 2 Militia (2 + die 5 = 7) — Red clan wins by 3; Blue clan loses Militia (9.2)")
    assert lines[1] == f"Blue clan retreats from {hex_} to {st.b.labels[855]} (9.2)"
    assert not any(line.startswith("Blue clan loses Militia at") for line in lines), "the loss told once, in the battle"
    panics(st, ("militia", 808, 2), ("militia", 855, 4))


def test_rule_15_12_event_16_a_flooded_village_is_told_by_its_name():
    st = rolled(1, 6, 4)
    st.drain_events()
    feed(st, 1, 4)  # the Random Area Selection Table: 1-2 / 4, Pare
    events = st.drain_events()
    [flood] = [e for e in events if isinstance(e, EventDid)]
    assert (flood.what, flood.player) == ("village_flooded", RED)
    assert said(st, [flood]) == [f"The Village of Pare ({st.b.labels[245]}) is flooded: it becomes a Part-built Village "
                                 f"and a Population unit"]


def test_rule_6_1_builds_are_told_in_construction_yamls_words_with_the_village_building():
    st = game()
    home = st.home[RED]
    n = st.b.size
    legal = [CELL + BUILDS.index(b) * n + home for b in BUILDS] + [CELL + BUILDS.index("part_village") * n + 807]
    st.node = ("decide", RED, legal, "on_build", (RED, home, 1))
    label = st.b.labels[home]
    assert st.action_to_string(CELL + BUILDS.index("grow") * n + home) == \
        f"raise a Population unit in the Village of Pare ({label})"
    assert st.action_to_string(CELL + BUILDS.index("train_heavy") * n + home) == \
        f"train Fighters into Heavy Troops in the Village of Pare ({label})"
    assert st.action_to_string(CELL + BUILDS.index("part_canoe") * n + home) == \
        f"spend a Big Log of the Village of Pare ({label}) on a Part-built Canoe"
    assert st.action_to_string(CELL + BUILDS.index("part_village") * n + 807) == \
        f"spend a Big Log of the Village of Pare ({label}) on a Part-built Village at {st.b.labels[807]}"
    assert not re.search(r"\b(grow|cut log|part village|part canoe|train heavy)\b", " ".join(
        st.action_to_string(a) for a in st.node[2]))


def test_rule_15_12_the_rolling_player_chooses_a_clan_for_what_the_event_does():
    st = game()
    st.node = ("decide", RED, [PICK, PICK + 1], "on_choose_player", ("kill_shaman", (BLUE, GREEN), ()))
    assert st.action_to_string(PICK + 1) == "choose Green clan: his Shaman dies"
    st.node = ("decide", RED, [PICK, PICK + 1], "on_choose_player", ("recall_piece", (BLUE, GREEN), ("shaman",)))
    assert st.action_to_string(PICK) == "choose Blue clan: his Shaman is recalled to the Home Village"


def test_rule_15_12_event_11_after_one_season_in_the_singular():
    st = rolled(1, 1, turn=8)  # turn 8 of 6-turn seasons: one season has passed
    [end] = [e for e in st.drain_events() if isinstance(e, GameEnded)]
    assert end.why == ("event 11 after 1 season: a draw between Red clan, Blue clan, Green clan and Yellow clan "
                       "with 1 area each")


def test_a_clan_is_named_by_the_scenario_never_by_its_id():
    renamed = scenario().copy()
    renamed.sides["red"] = replace(renamed.sides["red"], name="Te Porionuu")
    st = RULES.new_initial_state(renamed, {"rule_3_1_random_homes": False, "miles_per_hex": 4})
    assert st.player_name(RED) == "Te Porionuu" and st.player_name(BLUE) == "Blue clan"
    fight = red_attacks(["militia"])
    fight.drain_events()
    feed(fight, 4, 5)
    [battle] = [e for e in fight.drain_events() if isinstance(e, Battle)]
    line = SAY.event_words(battle, None, st)
    assert line.startswith("Battle at 0918: Te Porionuu attacks with") and "— Te Porionuu wins" in line
    assert not re.search(r"\b[Rr]ed\b", line)


def test_rule_15_12_event_21_the_shaman_who_dies_and_when_his_successor_comes_are_told():
    st = rolled(2, 1, 3)  # 21-1..3: the rolling player's (Red's) Shaman dies, replaced in two turns (events.yaml)
    lines = said(st, st.drain_events())
    assert "Red clan's Shaman dies; a new one comes in 2 turns" in lines
    assert lines.index("Red clan's Shaman dies; a new one comes in 2 turns") == len(lines) - 1, "after the event drawn"
