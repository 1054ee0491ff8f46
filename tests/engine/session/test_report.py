"""Balance reports: every figure agrees with report.json, and report.json with the games."""
import json
import os

import pytest

from engine.io.native import load_path
from engine.session import stats
from engine.session.balance import BalanceRun, run_balance
from engine.session.batch import GameResult
from engine.rules.registry import get_ruleset
from engine.session.report import map_panels, matrix_bots, write_report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")
STRONG = matrix_bots(get_ruleset("tiki"))[1]  # Tiki's heuristic (or greedy) bot


@pytest.fixture(scope="module")
def tiki_report(tmp_path_factory):
    s = load_path(TIKI)
    report, interrupted = run_balance(BalanceRun(s, [STRONG, "random"], games=16, seed=4, matrix_games=1))
    directory = tmp_path_factory.mktemp("tiki")
    paths = write_report(s, report, str(directory))
    return s, report, paths


def test_wins_outcomes_and_lengths_recount_from_the_games(tiki_report):
    s, report, paths = tiki_report
    games = [GameResult.from_json(r) for r in report["results"]]
    assert len(games) == report["games"] == 16
    for side in report["sides"]:
        wins = sum(g.winner == side["player"] for g in games)
        assert side["wins"] == wins and side["rate"] == wins / 16
        assert side["interval95"] == list(stats.wilson(wins, 16))
    assert sum(report["outcomes"].values()) == 16
    hist = report["length"]["histogram"]
    assert sum(hist.values()) == 16
    assert sorted(int(k) for k, n in hist.items() for _ in range(n)) == sorted(g.record["turns"] for g in games)
    # the convergence line ends at the final rates
    assert [series[-1][0] for series in report["convergence"]["per_player"]] == [x["rate"] for x in report["sides"]]


def test_maps_and_timeline_are_the_sums_and_means_of_the_games(tiki_report):
    s, report, _ = tiki_report
    games = [GameResult.from_json(r) for r in report["results"]]
    for p in ("0", "1"):
        total = {}
        for g in games:
            for label, n in g.record["maps"]["influenced"][p].items():
                total[label] = total.get(label, 0) + n
        assert report["maps"]["influenced"][p] == total
    panels = {m["name"]: m for m in map_panels(s, report)}["influenced"]["panels"]
    first_label, first_values = panels[0]
    assert first_label == "First player"
    for label, n in report["maps"]["influenced"]["0"].items():
        assert first_values[s.grid.parse_label(label)] == n / 16
    tl = report["timeline"]
    last = [g.record["timeline"][-1][0] for g in games]  # a finished game keeps its last value
    assert tl["per_player"][0]["mean"][-1] == pytest.approx(sum(last) / len(last))


def test_the_page_and_its_figures_say_what_the_json_says(tiki_report):
    s, report, paths = tiki_report
    on_disk = json.load(open(paths["json"]))
    assert on_disk["sides"] == json.loads(json.dumps(report["sides"]))
    html = open(paths["html"]).read()
    for side in report["sides"]:
        assert f"{side['rate'] * 100:.1f} %" in html
    for key in ("wins", "convergence", "seat", "outcomes", "length", "timeline", "matrix", "map-influenced"):
        assert os.path.getsize(paths[key]) > 1000
        assert f'src="{os.path.basename(paths[key])}"' in html
    assert "http" not in html.replace("http-equiv", "")  # no network


def test_unequal_bots_measure_seats_only_in_games_with_one_bot_everywhere(tiki_report):
    _, report, paths = tiki_report
    assert report["bots_differ"]
    seat = report["seat"]
    assert seat["bots"] == sorted([STRONG, "random"]) and seat["games"] == 16
    assert all(len(set(g["bots"])) == 1 for g in seat["results"])
    assert "different bots" in open(paths["html"]).read()


def test_seat_figure_is_the_same_whichever_side_the_bots_are_named_for():
    s = load_path(TIKI)
    one, _ = run_balance(BalanceRun(s, [STRONG, "random"], games=8, seed=2))
    other, _ = run_balance(BalanceRun(s, ["random", STRONG], games=8, seed=2))
    assert one["seat"]["per_seat"] == other["seat"]["per_seat"]
    assert one["seat"]["games"] == 8


def test_identical_bots_measure_seats_in_the_games_themselves():
    s = load_path(TIKI)
    report, _ = run_balance(BalanceRun(s, ["random", "random"], games=10, seed=1))
    assert not report["bots_differ"]
    assert [r["wins"] for r in report["seat"]["per_seat"]] == [x["wins"] for x in report["sides"]]


def test_until_ci_plays_batches_until_every_interval_is_narrow_enough():
    s = load_path(TIKI)
    report, _ = run_balance(BalanceRun(s, ["random", "random"], games=10, seed=1, until_ci=0.2, cap=200))
    n = report["games"]
    assert report["stopping"]["reached"] and n % 10 == 0
    games = [GameResult.from_json(r) for r in report["results"]]
    assert stats.precise_enough(games, 2, 0.2)
    assert not stats.precise_enough(games[:n - 10], 2, 0.2)


def test_until_ci_stops_at_the_cap_and_says_so():
    s = load_path(TIKI)
    report, _ = run_balance(BalanceRun(s, ["random", "random"], games=5, seed=1, until_ci=0.01, cap=10))
    assert report["games"] == 10 and not report["stopping"]["reached"]


def test_bot_matrix_cells_count_the_row_bots_wins(tiki_report):
    _, report, _ = tiki_report
    m = report["matrix"]
    assert m["bots"] == ["random", STRONG, "mcts"]
    for seat in m["seats"]:
        for row in seat["cells"]:
            for cell in row:
                assert cell["games"] == 1 and cell["wins"] in (0, 1)
    # seat 1 with A against B is the same game as seat 2 with B against A (the same line-up)
    a, b = m["seats"]
    assert a["cells"][0][1]["wins"] + b["cells"][1][0]["wins"] <= 1
