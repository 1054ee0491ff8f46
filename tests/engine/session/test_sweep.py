"""Sweeps: the same games under every setting, identical in any number of workers and on Dask."""
import json
import os

import pytest

from motu.engine.io.native import load_path
from motu.engine.session.sweep import (SweepError, Vary, apply_setting, new_sweep, parse_vary, play_sweep,
                                  setting_scenarios, summarise)
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.report import matrix_bots

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TIKI = os.path.join(ROOT, "scenarios", "tiki.yaml")
VARY = [Vary("fruits_to_win", (2, 4))]
BOTS = [matrix_bots(get_ruleset("tiki"))[1], "random"]  # Tiki's heuristic (or greedy) bot against random


def sweep_of(games, workers=1, scheduler=None):
    s = load_path(TIKI)
    sweep = new_sweep(s, VARY, BOTS, 3)
    assert not play_sweep(sweep, s, games, workers, scheduler)
    return sweep


def test_one_and_two_workers_give_the_same_sweep():
    assert json.dumps(sweep_of(6, 1)) == json.dumps(sweep_of(6, 2))


def test_a_dask_local_cluster_gives_the_same_sweep():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            remote = sweep_of(6, scheduler=client)
    assert json.dumps(remote) == json.dumps(sweep_of(6))


def test_every_setting_is_played_on_the_same_dice_and_the_setting_changes_the_game():
    sweep = sweep_of(6)
    two, four = sweep["settings"]
    assert two["setting"] == {"fruits_to_win": 2} and four["setting"] == {"fruits_to_win": 4}
    assert sum(two["turns"]) < sum(four["turns"])  # two fruits win sooner than four, game for game
    assert sweep["nearest_even"]["index"] in (0, 1)
    assert 0 <= sweep["nearest_even"]["chance_nearest"] <= 1


def test_extending_a_sweep_is_playing_the_games_at_once():
    s = load_path(TIKI)
    part = new_sweep(s, VARY, BOTS, 3)
    play_sweep(part, s, 4)
    play_sweep(part, s, 2)
    assert json.dumps(part) == json.dumps(sweep_of(6))


def test_nearest_to_even_and_how_sure_from_hand_made_winners():
    sweep = {"settings": [{"setting": {"x": 1}, "winners": [0] * 9 + [1]},
                          {"setting": {"x": 2}, "winners": [0] * 50 + [1] * 50},
                          {"setting": {"x": 3}, "winners": [1] * 10}]}
    summarise(sweep, 2)
    near = sweep["nearest_even"]
    assert near["setting"] == {"x": 2} and near["distance_from_even"] == 0.0 and near["even_within_interval"]
    assert near["chance_nearest"] > 0.95


def test_paths_into_the_scenario_document():
    s = load_path(os.path.join(ROOT, "scenarios", "fern-ambush.yaml"))
    (setting, text), = setting_scenarios(s, [Vary("pieces.a-coy.count", (6,))])
    changed = load_path_text(text)
    assert changed.pieces["a-coy"].count == 6 and s.pieces["a-coy"].count == 10
    doc = {"options": {}, "tables": {"t": {"groups": [{"first": [1, 2]}]}}}
    apply_setting(doc, get_ruleset("tahiti"), "tables.t.groups.0.first.1", 3)
    assert doc["tables"]["t"]["groups"][0]["first"] == [1, 3]


def load_path_text(text):
    from motu.engine.io.native import loads
    return loads(text, "<test>")


@pytest.mark.parametrize("item, words", [
    ("fruit_to_win=3,4", "names neither an option of Tiki"),
    ("fruits_to_win=many", "does not fit the option 'fruits_to_win'"),
    ("sides.nobody.name=x", "no item 'nobody'"),
    ("sides=1,2", "names a group of values"),
    ("fruits_to_win", "should be PATH=V1,V2"),
])
def test_bad_paths_and_values_are_refused_with_one_clear_message(item, words):
    s = load_path(TIKI)
    with pytest.raises(SweepError, match=words):
        path, values = parse_vary(item)
        setting_scenarios(s, [Vary(path, tuple(values))])


def test_an_interrupted_sweep_keeps_the_same_games_in_every_setting(monkeypatch):
    import motu.engine.session.batch as batch
    real = batch.play_one

    def play(spec, game):
        if game == 4 and "fruits_to_win: 4" in spec.scenario_text:
            raise KeyboardInterrupt
        return real(spec, game)

    monkeypatch.setattr(batch, "play_one", play)
    s = load_path(TIKI)
    sweep = new_sweep(s, VARY, BOTS, 3)
    assert play_sweep(sweep, s, 6)
    assert [e["games"] for e in sweep["settings"]] == [4, 4]
    monkeypatch.setattr(batch, "play_one", real)
    play_sweep(sweep, s, 2)  # extending goes on from game 4: the same as six games at once
    assert json.dumps(sweep) == json.dumps(sweep_of(6))
