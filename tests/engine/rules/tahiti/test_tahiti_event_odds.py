"""15.12: the odds of each way a Tahiti game ends when only the Random Events Table and the turn
limit end it (event_odds.py), against the rule text's dice rolled one by one."""
from __future__ import annotations

import random

import pytest

from motu.engine.rules.tahiti.events.odds import ENDINGS, endings, no_play_wins

OPTS = {"turn_limit": 36, "turns_per_season": 6, "rule_15_12_random_events": True}


def test_rule_15_12_without_random_events_every_game_runs_to_the_turn_limit():
    e = endings({**OPTS, "rule_15_12_random_events": False})
    assert e["share"]["turn_limit"] == 1.0
    assert e["mean_turns"] == 36
    assert no_play_wins({**OPTS, "rule_15_12_random_events": False}) == 0.0


def test_rule_15_12_the_three_endings_of_66_are_equally_likely_and_the_shares_add_up():
    e = endings(OPTS)
    s = e["share"]
    assert set(s) == set(ENDINGS)
    assert sum(s.values()) == pytest.approx(1.0, abs=1e-12)
    assert s["decisive_battle"] == pytest.approx(s["divine_intervention"]) == pytest.approx(s["armageddon"])
    assert no_play_wins(OPTS) == pytest.approx(s["divine_intervention"] + s["armageddon"])


def test_rule_15_12_a_one_turn_game_ends_by_areas_only_at_its_limit():
    # Turn 1: no season has passed, so 11-13 stop the turn's events instead of ending the game.
    e = endings({**OPTS, "turn_limit": 1})
    assert e["share"]["areas"] == 0.0
    assert e["mean_turns"] == 1.0
    # One roll: 66 then 6 is 1 in 216; event 46's extra rolls add a little to it.
    assert 1 / 216 < e["share"]["armageddon"] < 1 / 216 * 1.1


def _simulated(games: int, rng: random.Random) -> dict[str, float]:
    """The rule text's dice, rolled: two dice a random event; 11, 12, 13 end the game once one,
    two, three seasons have passed, else stop the turn's events; 46 with a third die of 1-3,
    4-5, 6 adds two, three, four events this turn; 66 with a third die of 4, 5, 6 ends it
    (decisive battle, Divine Intervention, Armageddon)."""
    counts = dict.fromkeys(ENDINGS, 0)
    for _ in range(games):
        how = "turn_limit"
        for turn in range(1, 37):
            passed = (turn - 1) // 6
            left = 1
            while left and how == "turn_limit":
                left -= 1
                number = rng.randint(1, 6) * 10 + rng.randint(1, 6)
                if number in (11, 12, 13):
                    if passed >= number - 10:
                        how = "areas"
                    break
                if number == 46:
                    left += {1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4}[rng.randint(1, 6)]
                elif number == 66:
                    how = {4: "decisive_battle", 5: "divine_intervention", 6: "armageddon"}.get(rng.randint(1, 6), how)
            if how != "turn_limit":
                break
        counts[how] += 1
    return {k: v / games for k, v in counts.items()}


def test_rule_15_12_the_odds_match_the_dice_rolled_game_after_game():
    seen = _simulated(20_000, random.Random(1512))
    worked = endings(OPTS)["share"]
    for k in ENDINGS:  # 20,000 games: a share's standard error is at most 0.0035
        assert seen[k] == pytest.approx(worked[k], abs=0.012), k
    # About one game in six is lost by whoever leads on areas, whatever he played.
    assert 0.15 < no_play_wins(OPTS) < 0.20
