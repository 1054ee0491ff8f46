"""Tahiti's presentation (TahitiRules.presentation()): its random events in the narrative's words,
hexes by their labels in battles, and the table's questions answered without the table reading the
state (areas and their holders, the conditions of the turn)."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from motu.engine.rules.events import Battle, BattleSide  # noqa: E402
from motu.engine.rules.tahiti.presentation import TahitiPresentation  # noqa: E402
from motu.engine.rules.tahiti.random_event import RandomEvent  # noqa: E402

from test_tahiti_game_support import BLUE, RED, RULES, game  # noqa: E402


def test_tahiti_rules_present_with_their_own_presentation_on_the_map():
    p = RULES.presentation()
    assert isinstance(p, TahitiPresentation) and p.board_kind == "map"


def test_a_random_event_is_told_as_the_narrative_tells_it_with_the_clan_it_concerned():
    st = game()
    p = RULES.presentation()
    e = RandomEvent(2, 52, "The rain in Tahiti falls mainly on the plain", "rain: 3 movement points", player=RED)
    assert p.event_words(e, None, st) == ("turn 2: random event 52 (Red clan): The rain in Tahiti falls mainly on "
                                          "the plain — rain: 3 movement points")
    assert p.event_words(RandomEvent(1, 11, "Calm seas"), BLUE, st) == "turn 1: random event 11: Calm seas"
    assert p.event_words(RandomEvent(1, 11, "Calm seas", seen_by=(RED,)), BLUE, st) is None
    assert p.event_kind(e) == "events"


def test_a_battle_retreat_names_the_hex_by_its_label():
    st = game()
    p = RULES.presentation()
    cell = 5
    e = Battle(cell, st.b.labels[cell], (BattleSide((RED,), ("Fighters",), 3, (6,), 9),
                                         BattleSide((BLUE,), ("Militia",), 1, (1,), 2, retreated_to=cell + 1)), winner=0)
    assert p.event_words(e, None, st).endswith(f"Blue clan retreats to {st.b.labels[cell + 1]}")


def test_areas_and_their_holders_and_the_turns_conditions_come_from_the_presentation():
    st = game()
    p = RULES.presentation()
    cells = p.area_of_cells(st)
    assert len(cells) == st.b.size
    holders = p.area_holders(st)
    assert holders and set(holders.values()) <= set(st.players)
    assert all(0 <= a < len(st.b.areas) for a in holders)
    assert p.conditions(st) == set()
    st.cond["truce"] = True
    st.cond["rain"] = 3
    assert p.conditions(st) == {"truce", "rain"}
