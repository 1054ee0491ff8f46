"""The table says what happened, in the rulebook's words and the scenario's names: a Tahiti battle read
from the log as a player reads it (who fought with what, the dice, the margin, the losses, the retreat;
the Combat filter shows it), Tiki's villages influenced and fruit taken, the pearls' paydays and every
player's total, a Fern volley's dice on one line of the tray; and whole seeded games of every rule set
with no side's id, no identifier and no side named twice in any log line."""
import os
import re
import sys

import pytest
from PySide6.QtCore import Qt

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.events import Battle, ControlChanged, Roll, ScoreChanged
from motu.engine.rules.fern.volley_event import Volley
from motu.engine.rules.tahiti.retreat_event import Retreat

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))

from playtest_support import ROOT, bots_play, table  # noqa: E402

NAMES = {"red": "Te Porionuu", "blue": "Te Teva", "green": "Te Oropaa", "yellow": "Te Aharoa"}
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
DOUBLED = re.compile(r"^([^:]{1,40}): \1: ")


def renamed_tahiti(qtbot, seed):
    """A copy of the shipped Tahiti whose clans bear names of their own (not "Red clan"), at the table."""
    from dataclasses import replace
    from motu.editor.playtest.window import PlaytestWindow
    s = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    for sid, name in NAMES.items():
        s.sides[sid] = replace(s.sides[sid], name=name)
    w = PlaytestWindow(dumps(s), seed=seed)
    qtbot.addWidget(w)
    return w


def play_until(w, found, most):
    """Random bots at every seat play until `found(event)` holds for an event, or `most` actions."""
    for box in w.seat_boxes:
        box.setCurrentText("random")
    while len(w.session.actions) < most and not w.session.state.is_terminal():
        if any(found(e) for entry in w.entries for e in entry.events):
            return
        w.step()
        w.wait_for_bot()


def test_a_tahiti_battle_reads_who_fought_with_what_the_dice_the_losses_and_the_retreat(qtbot):
    w = renamed_tahiti(qtbot, 21)  # seed 21: the random bots fight a battle in the first turn
    play_until(w, lambda e: isinstance(e, Battle), 80)
    [battle] = [e for entry in w.entries for e in entry.events if isinstance(e, Battle)]
    lines = w.log.lines(False)
    line = next(x for x in lines if x.startswith("Battle at "))
    attacker, defender = battle.sides
    a, d = (NAMES[w.session.state.players[s.players[0]]] for s in battle.sides)
    assert line.startswith(f"Battle at {battle.label}: {a} attacks with ")
    assert f"({attacker.strength:g} + die {attacker.dice[0]} = {attacker.total:g}) against {d} with " in line
    assert f"({defender.strength:g} + die {defender.dice[0]} = {defender.total:g})" in line
    winner = (a, d)[battle.winner]
    assert f" — {winner} wins by {abs(attacker.total - defender.total):g}" in line
    for who, side in ((a, attacker), (d, defender)):
        if side.losses:
            assert f"; {who} loses " in line
    assert line.endswith("(9.2)")
    # the dice before it, the retreat after it
    at = lines.index(line)
    assert lines[at - 2] == f"Dice: Combat, attacker's die: {attacker.dice[0]} (9.2)"
    assert lines[at - 1] == f"Dice: Combat, defender's die: {defender.dice[0]} (9.2)"
    retreats = [e for entry in w.entries for e in entry.events if isinstance(e, Retreat)]
    if retreats:
        r = retreats[0]
        assert lines[at + 1] == f"{NAMES[w.session.state.players[r.player]]} retreats from {r.label} to {r.to_label} (9.2)"
    # the clans by their own names everywhere, never "Red clan" nor an id
    text = "\n".join(lines)
    assert not re.search(r"\b(Red|Blue|Green|Yellow) clan\b|\b(red|blue|green|yellow)\b", text)
    # the Combat filter alone shows the battle, its dice and its retreat
    for kind in ("moves", "events", "dice"):
        w.log.filters[kind].setChecked(False)
    shown = w.log.lines()
    assert line in shown and all(x in shown for x in lines[at - 2:at])
    assert all(x in shown for x in lines if "in a retreat (9.2)" in x), "the retreat's Panic dice and what they did"
    assert not any(x.startswith(tuple(f"{n}: move" for n in NAMES.values())) for x in shown)


def test_tiki_says_which_village_was_influenced_and_who_took_fruit(qtbot):
    w = table(qtbot, "tiki.yaml", 3)
    bots_play(w, 10_000)
    lines = w.log.lines(False)
    name = w.session.state.player_name
    events = [e for entry in w.entries for e in entry.events]
    influenced = [e for e in events if isinstance(e, ControlChanged)]
    fruit = [e for e in events if isinstance(e, ScoreChanged) and e.what == "fruits"]
    assert influenced and fruit
    for e in influenced:
        assert f"{name(e.after)} influences {e.name} (the top token of three); the tokens go back to their owners" in lines
    for e in fruit:
        gained = e.after - e.before
        if gained > 0:
            said = f"{name(e.player)} wins {gained:g} fruit{'s' if gained != 1 else ''} from {e.why}"
        else:
            said = f"{name(e.player)} removes {-gained:g} fruit{'s' if gained != -1 else ''} from the game at {e.why}"
        assert f"{said} (fruits {e.before:g} → {e.after:g})" in lines


def test_pearls_say_payday_and_what_each_player_received_and_every_players_total(qtbot):
    w = table(qtbot, "pearls.yaml", 3)
    bots_play(w, 10_000)
    st = w.session.state
    lines = w.log.lines(False)
    paydays = [i for i, x in enumerate(lines) if x == "Dice: The die shows a white face: payday"]
    assert paydays, "the seeded game has a payday"
    at = paydays[0]
    told = lines[at + 1:at + 1 + st.n]
    assert [x.split(" receives ")[0] for x in told] == [f"Payday: {st.player_name(p)}" for p in range(st.n)]
    assert all(re.fullmatch(r"Payday: .+ receives \$\d+, \$\d+ → \$\d+", x) for x in told)
    assert "Dice: The die shows a white face: to the savings bank" in lines
    result = w.result_panel.text()
    scores = st.scores()
    for p in range(st.n):
        assert f"{scores[p]} points: chest ${st.chest[p]} + pearl banks" in result


def test_a_fern_volleys_dice_share_a_line_in_the_tray(qtbot):
    w = table(qtbot, "fern-ambush.yaml", 3)
    for box in w.seat_boxes:
        box.setCurrentText("heuristic")
    while not any(isinstance(e, Volley) for entry in w.entries for e in entry.events) and len(w.session.actions) < 1500:
        w.step()
        w.wait_for_bot()
    volley = next(e for entry in w.entries for e in entry.events if isinstance(e, Volley))
    faces = ", ".join(str(f) for f in volley.dice)
    rows = [line for row in w.dice.shown() for line in row.splitlines()]
    hit = f" — {volley.hits} hit{'s' if volley.hits != 1 else ''} in all"
    assert any("to hit needing" in r and r.endswith(f": {faces}{hit}") for r in rows), \
        "the volley's words once, then every die's face, then how many hit"
    assert not any(re.search(r"die \d+ of \d+", r) for r in rows if "to hit needing" in r)
    # the log tells the volley once, its casualties counted, not a line a figure
    lines = w.log.lines(False)
    shooter = w.session.state.player_name(volley.player)
    said = [x for x in lines if x.startswith(f"{shooter}'s {volley.unit} fires from {volley.label} at {volley.target_label}")]
    assert said and not any(x.endswith("(fire)") for x in lines)
    if len(volley.casualties) > len(set(volley.casualties)):
        assert " figures of " in said[0]


GAMES = [("tahiti.yaml", "random", {"turn_limit": 3}), ("tiki.yaml", "random", None), ("pearls.yaml", "random", None),
         ("fern-ambush.yaml", "heuristic", None)]


@pytest.mark.parametrize("name, bot, options", GAMES)
def test_whole_seeded_games_log_no_side_id_no_identifier_and_no_side_twice(qtbot, name, bot, options):
    w = table(qtbot, name, 5, options=options)
    bots_play(w, 20_000, bot=bot)
    st = w.session.state
    assert st.is_terminal(), "the whole game"
    sides = load_path(os.path.join(ROOT, "scenarios", name)).sides
    ids = [sid for sid, side in sides.items() if sid != side.name]
    names = [st.player_name(p) for p in range(st.num_players())]
    lines = w.log.lines(False) + [x for row in w.dice.shown() for x in row.splitlines()]
    assert len(lines) > 50
    for line in lines:
        assert not any(re.search(rf"\b{re.escape(sid)}\b", line) for sid in ids), f"a side's id: {line}"
        assert not SNAKE.search(line), f"an identifier: {line}"
        assert not DOUBLED.match(line), f"the side named twice: {line}"
        if line.startswith(tuple(f"{n}: " for n in names)):  # a player's own move, told in the third person
            assert not re.search(r"\byou(r|rs)?\b", line, re.I), f"the player addressed as 'you': {line}"
    assert not any(isinstance(e, Roll) and "_" in e.cause for entry in w.entries for e in entry.events)
