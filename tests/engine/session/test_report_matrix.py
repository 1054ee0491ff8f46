"""The bot matrix of a balance report: every cell recounts from the matrix's games in report.json,
those games are the games a batch plays, the seats-rotated panel is the seats' sum, and the page
says how many games a cell holds and how many playouts MCTS had."""
import json
import os
import random

import pytest

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.session import stats
from motu.engine.session.balance import BalanceRun, run_balance
from motu.engine.session.batch import BatchSpec, make_bot, play_one
from motu.engine.session.matrix import bot_label, lineup, matrix_bots, matrix_lineups, skill_pays
from motu.engine.session.report import write_report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PEARLS = os.path.join(ROOT, "scenarios", "pearls.yaml")  # three seats: a matrix of every seat, cheaply
GAMES = 3
PLAYOUTS = 4


@pytest.fixture(scope="module")
def pearls_report(tmp_path_factory):
    s = load_path(PEARLS)
    rules = get_ruleset(s.ruleset)
    bots = [matrix_bots(rules)[1]] * 3
    ticks = []
    report, interrupted = run_balance(BalanceRun(s, bots, games=4, seed=5, matrix_games=GAMES,
                                                 matrix_playouts=PLAYOUTS), lambda done, total: ticks.append((done, total)))
    assert not interrupted
    report["ticks"] = ticks
    directory = tmp_path_factory.mktemp("pearls")
    paths = write_report(s, report, str(directory))
    return s, report, paths


def _games(m, up):
    return next(x["games"] for x in m["results"] if tuple(x["lineup"]) == tuple(up))


def test_the_matrix_plays_random_heuristic_and_mcts_with_the_playouts_asked(pearls_report):
    s, report, _ = pearls_report
    m = report["matrix"]
    rules = get_ruleset(s.ruleset)
    assert m["bots"] == ["random", "heuristic", f"mcts:{PLAYOUTS}"]
    assert m["labels"] == ["random", "heuristic", f"MCTS, {PLAYOUTS} playouts"]
    own = rules.bot_factories()["mcts"](random.Random(0)).iterations
    assert m["own_mcts"] == f"MCTS, {own} playouts" and own != PLAYOUTS
    # 3 seats x 9 pairs, the three line-ups of one bot everywhere shared by every seat
    assert m["lineups"] == len(m["results"]) == 3 * 9 - 2 * 3 == len(matrix_lineups(m["bots"], 3))
    assert all(len(x["games"]) == GAMES for x in m["results"])
    assert all(g["bots"] == x["lineup"] for x in m["results"] for g in x["games"])


def test_every_cell_recounts_from_the_matrix_games(pearls_report):
    _, report, _ = pearls_report
    m = report["matrix"]
    for seat in m["seats"]:
        for i, a in enumerate(m["bots"]):
            for j, b in enumerate(m["bots"]):
                games = _games(m, lineup(seat["seat"], a, b, 3))
                won = sum(g["winner"] == seat["seat"] for g in games)
                cell = seat["cells"][i][j]
                assert (cell["row_bot"], cell["other_bots"]) == (a, b)
                assert cell["wins"] == won and cell["games"] == GAMES
                assert cell["rate"] == won / GAMES and cell["interval95"] == list(stats.wilson(won, GAMES))


def test_seats_rotated_is_the_sum_over_the_seats(pearls_report):
    _, report, _ = pearls_report
    m = report["matrix"]
    for i in range(3):
        for j in range(3):
            cell = m["seats_rotated"][i][j]
            won = sum(seat["cells"][i][j]["wins"] for seat in m["seats"])
            assert cell["wins"] == won and cell["games"] == 3 * GAMES
            assert cell["interval95"] == list(stats.wilson(won, 3 * GAMES))
            assert cell.get("same_bot", False) == (i == j)
    pairs = skill_pays(m)
    assert [(p["stronger"], p["weaker"]) for p in pairs] == [
        ("heuristic", "random"), (f"MCTS, {PLAYOUTS} playouts", "random"), (f"MCTS, {PLAYOUTS} playouts", "heuristic")]
    for p in pairs:
        lo, hi = p["interval95"]
        assert p["verdict"] == ("above" if lo > m["even"] else "below" if hi < m["even"] else "around")


def test_the_matrix_games_are_the_games_a_batch_plays(pearls_report):
    s, report, _ = pearls_report
    m = report["matrix"]
    text = dumps(s)
    for x in m["results"][::4]:
        up = tuple(x["lineup"])
        for g in x["games"]:
            again = play_one(BatchSpec(text, up, 5, lineups=(up,)), g["game"])
            assert (again.winner, again.returns, again.record["turns"]) == (g["winner"], g["returns"], g["turns"])


def test_the_progress_total_counts_the_matrix_from_the_first_game(pearls_report):
    _, report, _ = pearls_report
    ticks = report["ticks"]
    total = 4 + report["matrix"]["lineups"] * GAMES
    assert {t for _, t in ticks} == {total}  # never "4 of 4" while the matrix is still to play
    assert [d for d, _ in ticks] == list(range(1, total + 1))


def test_a_playout_count_reaches_the_bot():
    factories = get_ruleset("pearls").bot_factories()
    bot = make_bot(factories, "mcts:7", random.Random(1))
    assert bot.iterations == 7
    assert make_bot(factories, "mcts", random.Random(1)).iterations != 7
    assert bot_label(get_ruleset("tahiti"), "mcts:50") == "MCTS, 50 playouts"


def test_the_page_says_the_games_a_cell_and_the_playouts(pearls_report):
    _, report, paths = pearls_report
    on_disk = json.load(open(paths["json"]))
    assert on_disk["matrix"] == json.loads(json.dumps(report["matrix"]))
    html = open(paths["html"]).read()
    assert f"{GAMES} games a cell" in html
    assert f"MCTS, {PLAYOUTS} playouts" in html and report["matrix"]["own_mcts"] in html
    assert f'src="{os.path.basename(paths["matrix"])}"' in html and os.path.getsize(paths["matrix"]) > 1000
    for p in skill_pays(report["matrix"]):
        assert f"its seat won {p['wins']} of {p['games']}" in html


def test_the_default_bot_is_named_on_the_page(pearls_report):
    s, report, paths = pearls_report
    assert report["balance_bot"] != "random"
    assert f"balance bot, {report['balance_bot']}, which plays to a result" in open(paths["html"]).read()


def test_the_page_says_the_winner_is_the_highest_score_not_the_most_money(pearls_report):
    _, report, paths = pearls_report
    assert set(report["outcomes"]) <= {"won with the highest score (chest + groups)",
                                       "tie for the highest score (chest + groups)"}
    # the timeline counts money, cash included, which decides nothing at the end: the page says so
    assert "Cash in hand does not count at the end" in open(paths["html"]).read()
