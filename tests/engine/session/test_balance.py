"""A balance run with options overriding the scenario's: checked as the scenario they make,
refused before any game is played when the rule set refuses that scenario."""
import os

import pytest

from motu.engine.io.native import load_path
from motu.engine.session.balance import BalanceRun, OptionsRefused, run_balance

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")


def test_options_that_make_a_game_that_never_ends_are_refused_before_any_game():
    # With the Shaman rule and two tokens a player both players can end stuck for ever
    # (docs/rules/tiki.md): the scenario validates clean, the overriding options do not.
    s = load_path(TIKI)
    ticks = []
    run = BalanceRun(s, ["random", "random"], games=4, options=(("shaman_rule", True), ("tokens_per_player", 2)))
    with pytest.raises(OptionsRefused, match="tokens_per_player=2.*at least 4"):
        run_balance(run, lambda done, total: ticks.append(done))
    assert ticks == []
    assert s.options.get("tokens_per_player") != 2  # the scenario itself is left as it was


def test_options_the_rule_set_accepts_play_as_given():
    s = load_path(TIKI)
    report, interrupted = run_balance(BalanceRun(s, ["random", "random"], games=2,
                                                 options=(("shaman_rule", True), ("tokens_per_player", 5))))
    assert not interrupted and report["games"] == 2
