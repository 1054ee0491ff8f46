"""Recalls (events 26 and 31) in the Movement Phase: "must return to his Home Village by the
shortest possible route", for a Shaman or Head Chieftain who has no land route home; hand-set
positions on tahiti-moorea.yaml, where Red's Home Village (3308) is on Tahiti and hexes 1208,
1409 are in Afareaitu on Mo'orea (1409 a coastal hex).
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import EXPED, PICK  # noqa: E402

from test_tahiti_game_movement_support import SPARE, cell, label, position, targets, where  # noqa: E402
from test_tahiti_game_support import RED, at_step, clear_board, feed, game  # noqa: E402

MOOREA = "tahiti-moorea.yaml"


def recalled(kind: str, *units, **opts):
    """Red's `kind` is recalled (as events 26 / 31 leave him) before Red's Movement Phase."""
    st = game(MOOREA, **opts)
    feed(st, PICK + RED)
    clear_board(st)
    for k, player, where_ in (("population", RED, SPARE),) + units:
        st.add_unit(k, player, cell(st, where_))
    st.recalled.add((RED, kind))
    return at_step(st, ("movement", RED))


def expeditions_from(st, f: str) -> set[str]:
    n = st.b.size
    fc = cell(st, f)
    return {label(st, (a - EXPED) % n) for a in st.legal_actions() if EXPED <= a < EXPED + n * n and (a - EXPED) // n == fc}


def test_rule_15_12_event_31_recalled_head_chieftain_without_land_route_sails_home():
    # On Mo'orea no land route leads to 3308 on Tahiti: the recall ends at once (he is not walked
    # anywhere), and he may lead an expedition home with his War Canoe -- the one way back.
    st = recalled("head_chieftain", ("head_chieftain", RED, "1409"), ("war_canoe", RED, "1409"),
                  expeditions=True)
    assert (RED, "head_chieftain") not in st.recalled
    assert where(st, "head_chieftain") == ["1409"]
    landings = expeditions_from(st, "1409")
    assert landings and all(st.b.area_island[st.b.area[cell(st, h)]] == "tahiti" for h in landings)


def test_rule_15_12_event_26_recalled_shaman_without_land_route_moves_freely():
    st = recalled("shaman", ("shaman", RED, "1208"))
    assert (RED, "shaman") not in st.recalled
    assert where(st, "shaman") == ["1208"]
    assert "1209" in targets(st, "1208")  # he moves like any Shaman (3 MP on his own)


def test_rule_15_12_event_31_recalled_head_chieftain_with_land_route_still_walks():
    # The same map, on Tahiti: 3308 is reachable on foot, so he walks and makes no other move.
    st = position(("head_chieftain", RED, "3313"), name=MOOREA)
    st.recalled.add((RED, "head_chieftain"))
    at_step(st, ("movement", RED))
    assert (RED, "head_chieftain") in st.recalled  # 3313 is 5 hexes from 3308, beyond his 4 MP
    assert where(st, "head_chieftain") != ["3313"]
    assert not targets(st, where(st, "head_chieftain")[0])
