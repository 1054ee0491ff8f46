"""Balance reports: every figure agrees with report.json, and report.json with the games."""
import json
import math
import os
import statistics

import pytest

from motu.engine.io.native import load_path
from motu.engine.session import stats
from motu.engine.session.balance import BalanceRun, run_balance
from motu.engine.session.batch import GameResult
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.report import map_panels, matrix_bots, write_report

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
    # the turn axis: the start (0), then after each turn up to the end of the longest game
    assert tl["turns"] == list(range(report["length"]["max"] + 1))
    assert tl["per_player"][0]["mean"][0] == 0  # nobody has a fruit at the start


def _game(n: int, timeline) -> GameResult:
    return GameResult(n, [1.0, -1.0], 0, 10, 0, record={"turns": len(timeline) - 1, "timeline": timeline})


def test_the_timeline_carries_an_ended_games_final_value_to_the_last_turn():
    # one value a side a turn rising by one a turn: A plays three turns, B one, C two
    games = [_game(0, [[0, 0], [1, 2], [2, 4], [3, 6]]), _game(1, [[0, 0], [1, 2]]), _game(2, [[0, 0], [1, 2], [2, 4]])]
    tl = stats.timeline(games, 2)
    assert tl["turns"] == [0, 1, 2, 3]
    assert tl["per_player"][0]["mean"] == pytest.approx([0, 1, 5 / 3, 2])
    assert tl["per_player"][1]["mean"] == pytest.approx([0, 2, 10 / 3, 4])
    # the band: from the same carried values, never outside what the games reached
    assert tl["per_player"][0]["lo"][0] == tl["per_player"][0]["hi"][0] == 0
    last = [3, 1, 2]
    half = stats.Z95 * statistics.stdev(last) / math.sqrt(3)
    assert tl["per_player"][0]["lo"][-1] == pytest.approx(max(2 - half, 1))
    assert tl["per_player"][0]["hi"][-1] == pytest.approx(min(2 + half, 3))


def _drawn(monkeypatch, draw, report):
    """The matplotlib figure a function of figures.py draws, drawn, before it is saved."""
    from motu.engine.session import figures
    kept = []
    monkeypatch.setattr(figures, "_save", lambda fig, directory, name: kept.append(fig) or name)
    draw(report, "unused")
    fig = kept[0]
    fig.canvas.draw()
    return fig


def _report(rates_and_intervals, n=30):
    sides = [{"player": p, "side": f"s{p}", "name": f"Side {p + 1}", "colour": None, "bot": "random", "wins": round(r * n),
              "games": n, "rate": r, "interval95": [lo, hi]} for p, (r, lo, hi) in enumerate(rates_and_intervals)]
    return {"sides": sides, "games": n, "length": {"unit": "turns"},
            "convergence": {"games": [1, 2, 3], "per_player": [[[r, lo, hi]] * 3 for r, lo, hi in rates_and_intervals]},
            "timeline": {"turns": [0, 1, 2], "what": "fruits", "per_player": [
                {"mean": [0, 1, 2], "lo": [0, 0.5, 1], "hi": [0, 1.5, 3]} for _ in rates_and_intervals]},
            "seat": {"games": n, "bots": ["random"], "even": 1 / len(sides),
                     "per_seat": [{**x, "seat": x["player"]} for x in sides]}}


def test_a_win_rate_is_never_written_across_its_whisker(monkeypatch):
    from motu.engine.session import figures
    # a small rate, a middling rate whose interval starts near zero, a large rate with room inside
    rows = [(0.10, 0.035, 0.256), (0.25, 0.102, 0.495), (0.667, 0.488, 0.808)]
    fig = _drawn(monkeypatch, figures.wins, _report(rows))
    ax = fig.axes[0]
    texts = [t for t in ax.texts if t.get_text().endswith("%")]
    assert len(texts) == 3
    to_data = ax.transData.inverted()
    for t, (_, lo, hi) in zip(texts, rows):
        (x0, _), (x1, _) = to_data.transform(t.get_window_extent())
        assert x1 < lo * 100 or x0 > hi * 100, (t.get_text(), x0, x1, lo, hi)


@pytest.mark.parametrize("draw", ["convergence", "timeline", "seat"])
def test_legends_stand_clear_of_what_the_figures_draw(monkeypatch, draw):
    from motu.engine.session import figures
    report = _report([(0.65, 0.52, 0.81), (0.35, 0.19, 0.48)])
    fig = _drawn(monkeypatch, getattr(figures, draw), report)
    ax = fig.axes[0]
    legend, area = ax.get_legend().get_window_extent(), ax.get_window_extent()
    assert legend.y1 <= area.y0 or legend.y0 >= area.y1  # under or over the axes, never on them


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


def test_the_seat_verdict_says_the_test_over_all_seats_in_words():
    from motu.engine.session.report_html import _seat_verdict
    uneven = _seat_verdict({"test": stats.seats_even_test([30, 10])})
    assert "not even" in uneven and "p = 0.002" in uneven
    even = _seat_verdict({"test": stats.seats_even_test([21, 19])})
    assert "No seat advantage shows" in even and "not even" not in even
    few = _seat_verdict({"test": stats.seats_even_test([3, 1])})
    assert "Only 4 of these games had a single winner" in few
