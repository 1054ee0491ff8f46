"""Fire in the Fern's presentation (FernRules.presentation()): a volley told in words with its dice,
hits, saves and casualties; sides by name; a volley a side may not know is not told to it."""
from __future__ import annotations

import os

from motu.engine.io.native import load_path
from motu.engine.rules.fern.presentation import FernPresentation
from motu.engine.rules.fern.volley_event import Volley
from motu.engine.rules.registry import get_ruleset

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))


def state():
    rules = get_ruleset("fern")
    return rules.new_initial_state(load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml")))


def test_fern_rules_present_with_their_own_presentation_on_the_map():
    p = get_ruleset("fern").presentation()
    assert isinstance(p, FernPresentation) and p.board_kind == "map"


def test_a_volley_tells_its_dice_hits_saves_and_casualties():
    st = state()
    p = FernPresentation()
    e = Volley(0, "2nd Company", 3, "C4", 9, "E6", dice=(1, 5, 6), hits=2, saved=1, casualties=("Te Rangi",),
               reaction=True)
    assert p.event_words(e, None, st) == ("British's 2nd Company fires from C4 at E6 (reaction fire, §6): dice 1, 5, 6 "
                                          "— 2 hits, 1 saved; casualties: Te Rangi (§5)")
    assert p.event_words(Volley(1, "Taua", 3, "C4", 9, "E6", dice=(2,), hits=1, ambush=True), None, st) == \
        "Maori's Taua fires from C4 at E6 (from hiding, §12): die 2 — 1 hit (§5)"
    assert p.event_kind(e) == "combat"


def test_a_volley_from_hiding_is_not_told_to_the_side_that_cannot_know_it():
    st = state()
    e = Volley(1, "Taua", 3, "C4", 9, "E6", ambush=True, seen_by=(1,))
    assert FernPresentation().event_words(e, 0, st) is None
    assert FernPresentation().event_words(e, 1, st) is not None
