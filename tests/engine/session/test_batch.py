"""Headless batches: the same seed plays the same games in any number of workers, locally or on Dask."""
import json
import os

import pytest

from motu.engine.io.native import dumps
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.batch import BatchSpec, play_batch, play_one
from motu.engine.session.report import build_report, wilson, write_report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture(scope="module")
def tiki_spec():
    s = get_ruleset("tiki").new_scenario()
    return s, BatchSpec(dumps(s), ("random", "random"), seed=11)


def as_json(results):
    return json.dumps([r.to_json() for r in results], sort_keys=True)


def test_one_game_is_the_same_every_time(tiki_spec):
    _, spec = tiki_spec
    assert as_json([play_one(spec, 5)]) == as_json([play_one(spec, 5)])
    assert as_json([play_one(spec, 5)]) != as_json([play_one(spec, 6)])


def test_one_and_two_workers_give_the_same_games_byte_for_byte(tiki_spec):
    _, spec = tiki_spec
    assert as_json(play_batch(spec, 12, workers=1)) == as_json(play_batch(spec, 12, workers=2))


def test_a_dask_local_cluster_gives_exactly_the_local_results(tiki_spec):
    distributed = pytest.importorskip("distributed")
    _, spec = tiki_spec
    local = play_batch(spec, 8, workers=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            remote = play_batch(spec, 8, scheduler=client)
    assert as_json(remote) == as_json(local)


def test_report_counts_wins_lengths_and_first_player(tiki_spec, tmp_path):
    s, spec = tiki_spec
    results = play_batch(spec, 10)
    report = build_report(s, results, ["random", "random"], 11)
    assert report["games"] == 10
    assert sum(x["wins"] for x in report["sides"]) + report["draws"] == 10
    assert [x["side"] for x in report["sides"]] == ["first", "second"]
    assert report["length"]["min"] <= report["length"]["median"] <= report["length"]["max"]
    decided = [r for r in results if r.winner is not None]
    assert report["first_player"]["decided_games"] == len(decided)
    assert report["first_player"]["first_player_wins"] == sum(r.winner == r.first_player for r in decided)
    paths = write_report(s, report, str(tmp_path))
    assert json.load(open(paths["json"]))["games"] == 10
    assert "Balance report" in open(paths["html"]).read()


def test_wilson_interval_hand_checked():
    lo, hi = wilson(5, 10)
    assert round(lo, 3) == 0.237 and round(hi, 3) == 0.763
    assert wilson(0, 0) == (0.0, 1.0)
