"""How games ended, on a report: Tahiti's outcomes in the rulebook's words and reading order, each
split by what ended the game (an end-of-season event or the turn limit), recounted from the games."""
import os

from motu.engine.io.native import load_path
from motu.engine.session.balance import BalanceRun, run_balance
from motu.engine.session.batch import GameResult
from motu.engine.rules.tahiti.outcomes import OUTCOME_ORDER
from motu.engine.session.collect import ordered_outcomes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


def test_tahiti_outcomes_and_what_ended_them_recount_from_the_games():
    s = load_path(TAHITI)
    report, _ = run_balance(BalanceRun(s, ["random"] * 4, games=6, seed=3))
    games = [GameResult.from_json(r) for r in report["results"]]
    words = set(OUTCOME_ORDER)
    assert {g.record["outcome"] for g in games} <= words
    counts = {}
    for g in games:
        counts[g.record["outcome"]] = counts.get(g.record["outcome"], 0) + 1
    assert report["outcomes"] == counts
    assert list(report["outcomes"]) == [w for w in OUTCOME_ORDER if w in counts]
    for outcome, by in report["endings"].items():
        assert sum(by.values()) == counts[outcome]
        for why, n in by.items():
            assert n == sum(1 for g in games if g.record["outcome"] == outcome and g.record.get("ended", "other") == why)
    # a game counted by areas says what ended it; one ended at once (event 66, one clan left) does not
    by_areas = {"marginal victory", "substantive victory", "decisive victory", "draw"}
    assert all((g.record.get("ended") is not None) == (g.record["outcome"] in by_areas) for g in games)


def test_outcomes_read_from_the_greatest_victory_down_then_by_count():
    counts = {"draw": 3, "marginal victory": 9, "Total Victory (event 66)": 1, "something else": 5, "another": 7}
    assert list(ordered_outcomes("tahiti", counts)) == [
        "Total Victory (event 66)", "marginal victory", "draw", "another", "something else"]
    assert list(ordered_outcomes("tiki", {"a": 1, "b": 2})) == ["b", "a"]
