"""A fifth game plugs in through the declared interface alone: Raid, a third-party rule set.

tests/sample_game/ is a distribution of its own (pyproject.toml, package motu_raid) with a
`motu.rulesets` entry point. It is installed here, as a user would install a plug-in, into a
temporary folder, and then: it validates (`motu validate`), plays in the conformance check,
holds to "validates clean means plays", plays at the playtest table with bots (whose log tells
its battles in words from its events), and appears in a balance report with its own collector's
figures. Nothing outside tests/sample_game names it (the last test), so adding a game changed
no file of Motu's own. ARCHITECTURE.md's "A new game" lists what the folder holds.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motu.engine import plugins

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The sample distribution installed with pip into a folder on sys.path, its entry point found."""
    target, source = tmp_path_factory.mktemp("site"), tmp_path_factory.mktemp("src") / "sample_game"
    # built from a copy: pip's build leaves build/ and egg-info beside the sources it builds
    shutil.copytree(HERE, source, ignore=shutil.ignore_patterns("test_*.py", "__pycache__", "build", "*.egg-info"))
    subprocess.run([sys.executable, "-m", "pip", "install", "-qq", "--no-deps", "--no-build-isolation", "--no-index",
                    "--disable-pip-version-check", "--target", str(target), str(source)], check=True, timeout=300)
    sys.path.insert(0, str(target))
    plugins.reload_plugins()
    try:
        yield target
    finally:
        sys.path.remove(str(target))
        plugins._REGISTRY.pop("raid", None)
        plugins.ruleset_ids.cache_clear()
        for name in [m for m in sys.modules if m == "motu_raid" or m.startswith("motu_raid.")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def scenario_path(installed) -> Path:
    return installed / "motu_raid" / "raid.yaml"


def _env(installed) -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT)])}


def test_the_installed_game_is_found_by_its_entry_point(installed):
    rules = plugins.get_ruleset("raid")
    assert rules.name == "Raid" and rules.playable
    assert "raid" in plugins.ruleset_ids()


def test_it_validates_on_the_command_line(installed, scenario_path):
    done = subprocess.run([sys.executable, "-m", "motu.cli", "validate", str(scenario_path)], env=_env(installed),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    from motu.engine.io.native import load_path
    assert plugins.get_ruleset("raid").validate(load_path(str(scenario_path))) == []


def test_it_declares_its_facts(installed, scenario_path):
    from motu.engine.io.native import load_path
    info = plugins.get_ruleset("raid").game_info(load_path(str(scenario_path)))
    assert info.seats == ("North", "South") and info.num_players == 2 and info.perfect_information
    assert info.max_length == 8 * 20 + 8 and info.outcomes == ("win", "draw")


def test_it_plays_in_the_conformance_check(installed, scenario_path):
    from motu.engine.io.native import load_path
    from motu.engine.rules.conformance import check_conformance
    s = load_path(str(scenario_path))
    report = check_conformance(lambda: plugins.get_ruleset("raid").new_initial_state(s), games=30, seed=3)
    assert report.games == 30 and report.chance_nodes > 0
    assert {tuple(r) for r in report.terminal_returns} <= {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


def test_a_battle_is_told_as_events(installed, scenario_path):
    """Rule 3 with hand-worked dice: Ari attacks Tama in the open; 5 against 4 + 0, the attacker wins."""
    from motu.engine.io.native import load_path
    from motu.engine.rules.events import Battle, UnitLost
    s = load_path(str(scenario_path))
    rules = plugins.get_ruleset("raid")
    st_ = rules.new_initial_state(s)
    grid = s.grid
    st_.cells[0] = grid.parse_label("0203")  # Ari beside Tama (0204), both on clear ground
    st_.cells[3] = grid.parse_label("0204")
    k = st_.board.neighbours[st_.cells[0]].index(st_.cells[3])
    st_.drain_events()
    st_.apply_action(8 * 0 + k)
    assert st_.is_chance_node()
    st_.apply_action(100_000 + 5)
    st_.apply_action(100_000 + 4)
    battle, lost = [e for e in st_.drain_events() if isinstance(e, (Battle, UnitLost))]
    assert battle.label == "0204" and battle.winner == 0 and battle.sides[0].total == 5 and battle.sides[1].total == 4
    assert lost.unit == "Tama" and st_.cells[3] == -1 and st_.cells[0] == grid.parse_label("0204")
    text = rules.presentation().event_words(battle, 1, st_)
    assert "0204" in text and "North" in text and "South" in text


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_raid_that_validates_clean_plays(installed, scenario_path, data):
    from motu.engine.io.native import load_path
    from validates_clean import catalogue_edit, plays
    s = load_path(str(scenario_path))
    for _ in range(data.draw(st.integers(1, 5))):
        data.draw(catalogue_edit(s))
    plays(s)


def test_it_plays_at_the_table_with_bots(installed, scenario_path, qtbot):
    from motu.engine.io.native import dumps, load_path
    from motu.editor.playtest.window import PlaytestWindow
    w = PlaytestWindow(dumps(load_path(str(scenario_path))), seed=3)  # a game with a battle
    qtbot.addWidget(w)
    assert w.board is None  # its presentation's board kind is "map": the table draws the scenario's own map
    for box in w.seat_boxes:
        box.setCurrentText("random")
    while not w.session.state.is_terminal() and len(w.session.actions) < 400:
        w.step()
        w.wait_for_bot()
    assert w.session.state.is_terminal()
    lines = w.log.lines(False)
    assert any(line.startswith("Battle at 0") and "North" in line and "South" in line for line in lines), lines
    assert any(re.search(r"(attacks|defends): rolls [1-6]$", line) for line in lines), lines
    assert not any("motu_raid" in line or "RaidState" in line for line in lines)


def test_it_appears_in_a_balance_report(installed, scenario_path, tmp_path):
    out = tmp_path / "report"
    done = subprocess.run([sys.executable, "-m", "motu.cli", "play", str(scenario_path), "--games", "12",
                           "--workers", "1", "--ai", "north=random", "--ai", "south=random", "--report", str(out)],
                          env=_env(installed), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["games"] == 12 and [x["name"] for x in report["sides"]] == ["North", "South"]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Raid" in html and "warriors left" in html
    assert set(report["maps"]) == {"battles", "fallen"}  # its own collector's maps, from its events


def test_nothing_outside_its_folder_names_it():
    named = []
    for folder in ("motu", "bench", "tools"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".yaml", ".json", ".md", ".toml"):
                if re.search(r"\braid\b|motu_raid", path.read_text(encoding="utf-8", errors="replace"), re.I):
                    named.append(str(path.relative_to(ROOT)))
    assert named == []
