"""The table tells what an action brought about from the typed events the game emitted (through the
rule set's presentation, seat by seat): in the event log, under the dice in the tray, and a roll made
within a move as a tray row of its own; a game that emits none is told by its narrative lines."""
import os
import sys

from PySide6.QtCore import Qt

from motu.engine.rules.events import ControlChanged, Roll, ScoreChanged, UnitLost
from motu.editor.playtest.telling import Entry

sys.path.insert(0, os.path.dirname(__file__))

from playtest_support import table  # noqa: E402


def tiki(qtbot):
    w = table(qtbot, "tiki.yaml", seed=5)
    w.auto_timer.stop()
    return w


def told(w, entry):
    w.entries = [entry]
    w._render_log()
    return w.log.lines(False)


def test_an_entrys_events_are_told_in_words_with_the_sides_names(qtbot):
    w = tiki(qtbot)
    w.shown_seat = None
    entry = Entry(0, "moves", "Create a totem", ("Create a totem", "Create a totem"), None, 1,
                  events=(ScoreChanged(0, "fruits", 1, 2, why="a +1 village"),
                          ControlChanged("village", "v11", "the top-left village", None, 0)),
                  narrative=["an old narrative line"])
    lines = told(w, entry)
    first, second = w.session.state.player_name(0), w.session.state.player_name(1)
    assert lines == [f"{first}: Create a totem", f"{first}'s fruits: 1 → 2 (a +1 village)",
                     f"{first} takes the top-left village"], "the events, not the narrative, once there are events"
    assert second not in "\n".join(lines)


def test_an_event_the_seat_on_view_may_not_know_is_not_told(qtbot):
    w = tiki(qtbot)
    entry = Entry(0, "moves", "a move", ("a move", "a move"), None, 1,
                  events=(UnitLost(1, "totem", seen_by=(1,)),))
    w.shown_seat = 0
    assert told(w, entry) == [f"{w.session.state.player_name(0)}: a move"]
    w.shown_seat = 1
    assert told(w, entry)[-1] == f"{w.session.state.player_name(1)} loses totem"
    kinds = [w.log.item(i).data(Qt.UserRole) for i in range(w.log.count())]
    assert kinds == ["moves", "combat"], "a unit lost is filed under combat"


def test_without_events_the_narrative_lines_are_told(qtbot):
    w = tiki(qtbot)
    w.shown_seat = None
    entry = Entry(0, "moves", "a move", ("a move", "a move"), None, 1, narrative=["turn 1: something happened"])
    assert told(w, entry)[-1] == "turn 1: something happened"


def test_events_of_a_chance_outcome_are_written_under_its_dice(qtbot):
    w = tiki(qtbot)
    w.shown_seat = None
    dice = {"group": "Roll", "face": 4, "text": "Roll: 4"}
    entry = Entry(-1, "dice", "4", ("4", "4"), dice, 1, events=(ScoreChanged(1, "fruits", 0, 1),))
    told(w, entry)
    assert w.dice.count() == 1
    assert w.dice.item(0).toolTip().splitlines() == ["Roll: 4", f"→ {w.session.state.player_name(1)}'s fruits: 0 → 1"]


def test_a_roll_within_a_move_is_a_tray_row_with_its_faces(qtbot):
    w = tiki(qtbot)
    w.shown_seat = None
    entry = Entry(0, "moves", "a move", ("a move", "a move"), None, 1,
                  events=(Roll((3, 5), "Panic check", player=0, outcome="they stand"),))
    lines = told(w, entry)
    words = f"Panic check, {w.session.state.player_name(0)}: 3, 5 — they stand"
    assert lines[-1] == words
    assert w.dice.count() == 1 and w.dice.item(0).data(Qt.UserRole) == ("Panic check", (3, 5))
    assert w.dice.item(0).text() == words


def test_events_a_played_action_brought_about_reach_its_entry(qtbot):
    w = tiki(qtbot)
    w.shown_seat = None
    state = w.session.state
    state.drain_events()
    state._emit(ScoreChanged(0, "fruits", 0, 0, why="a test of the telling"))  # as if the action emitted it
    entry = w._play(state.legal_actions()[0])
    assert any(isinstance(e, ScoreChanged) and e.why == "a test of the telling" for e in entry.events)
    assert f"{state.player_name(0)}'s fruits: 0 → 0 (a test of the telling)" in w.log.lines(False)


def test_a_turn_a_die_happens_to_begin_is_a_log_line_not_a_note_under_the_die(qtbot):
    from motu.engine.rules.events import TurnBegan
    w = tiki(qtbot)
    w.shown_seat = None
    dice = {"group": "Roll", "face": 4, "text": "Roll: 4"}
    told(w, Entry(-1, "dice", "4", ("4", "4"), dice, 1, events=(TurnBegan(4),)))
    assert w.dice.item(0).toolTip().splitlines() == ["Roll: 4"]
    assert "Turn 4 begins" in w.log.lines(False)


def test_a_long_log_line_is_whole_in_its_tooltip(qtbot):
    w = tiki(qtbot)
    w.log.add("combat", "Battle at 2919: " + "Clan Elder, " * 40 + "and Fighters")
    item = w.log.list.item(w.log.count() - 1)
    assert item.toolTip() == item.text() and item.text().endswith("and Fighters")


def test_fern_dice_are_told_once_not_again_as_their_roll_event(qtbot):
    """Every Fire in the Fern die is a chance node whose words say what it needed and did; its Roll
    event (for reports and the tray's causes) adds no second line to the log."""
    from playtest_support import bots_play
    w = table(qtbot, "fern-ambush.yaml", seed=5)
    bots_play(w, 60, bot="heuristic")
    lines = w.log.lines(False)
    assert any(line.startswith("Dice: motivation of ") for line in lines)
    assert not any(line.startswith("motivation (§2)") or "— motivates" in line for line in lines), lines
