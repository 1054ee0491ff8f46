"""Bots take their turns by themselves at a table with a human (Auto-play, on from the start), at the
speed slider's pace and in their own process; unchecking Auto-play pauses them, and the table says so;
a table of bots only waits for Auto-play or Bot Move. Undo goes back to the human's last decision and
the bots wait for him; with bots only it takes back one bot move and pauses."""
import os
import sys

from motu.engine.rules.api import CHANCE

sys.path.insert(0, os.path.dirname(__file__))

from playtest_support import table  # noqa: E402

from motu.editor.playtest.seats import PAUSED  # noqa: E402

BOT_TIMEOUT = 60000  # a bot's worker process starts on the first question


def human_then_bot(qtbot, w):
    """The human (seat 0) plays; the bot answers by itself; the human is to move again."""
    n = len(w.session.actions)
    assert w.human_action(w.session.state.legal_actions()[0])
    qtbot.waitUntil(lambda: len(w.session.actions) > n + 1 and w.session.state.current_player() == 0,
                    timeout=BOT_TIMEOUT)
    return n


def test_the_bot_answers_the_human_by_itself(qtbot):
    w = table(qtbot, "tiki.yaml", 3)
    w.speed.setValue(0)
    assert w.actions_["auto"].isChecked(), "with a human at the table the bots play their turns"
    n = human_then_bot(qtbot, w)
    assert w.session.log[n + 1].player == 1, "the bot's move came after the human's"
    assert w.info.text() == "First player to move (human)"


def test_unchecking_auto_play_pauses_the_bots_and_the_table_says_so(qtbot):
    w = table(qtbot, "tiki.yaml", 3)
    w.actions_["auto"].trigger()  # F6: pause
    assert not w.actions_["auto"].isChecked()
    assert w.human_action(w.session.state.legal_actions()[0])
    assert w.bots_paused() and not w.auto_timer.isActive() and not w._thinking
    assert w.info.text() == "Second player to move (random bot, paused)"
    assert w.statusBar().currentMessage() == PAUSED
    w.step()  # Bot Move plays one move
    w.wait_for_bot(BOT_TIMEOUT)
    assert w.session.state.current_player() == 0 and w.statusBar().currentMessage() != PAUSED


def test_a_table_of_bots_only_waits_for_auto_play(qtbot):
    w = table(qtbot, "tiki.yaml", 3)
    for box in w.seat_boxes:
        box.setCurrentText("random")
    w.new_game(3)
    assert not w.actions_["auto"].isChecked() and w.bots_paused()
    assert w.info.text().endswith("(random bot, paused)")
    w.speed.setValue(0)
    w.actions_["auto"].trigger()  # F6: the bots play on
    qtbot.waitUntil(lambda: w.session.state.is_terminal(), timeout=BOT_TIMEOUT * 2)


def test_undo_goes_back_to_the_humans_decision_and_the_bots_wait_for_him(qtbot):
    w = table(qtbot, "tiki.yaml", 3)
    w.speed.setValue(0)
    assert not w.actions_["undo"].isEnabled(), "nothing of the human's to take back yet"
    before = list(w.session.actions)
    human_then_bot(qtbot, w)
    w.undo()
    assert w.session.actions == before and w.session.state.current_player() == 0
    assert w.actions_["auto"].isChecked(), "the bots will answer his next move"
    assert not w.auto_timer.isActive() and not w._thinking, "and do not play over his decision"
    assert w.legal.count() == len(w.session.state.legal_actions())


def test_undo_with_bots_only_takes_back_one_bot_move_and_pauses(qtbot):
    w = table(qtbot, "tiki.yaml", 3)
    for box in w.seat_boxes:
        box.setCurrentText("random")
    for _ in range(4):
        w.step()
        w.wait_for_bot(BOT_TIMEOUT)
    log = w.session.log
    last = max(i for i, e in enumerate(log) if e.player != CHANCE)
    kept = [e.action for e in log[:last]]
    w.actions_["auto"].setChecked(True)
    w.undo()
    assert w.session.actions == kept, "the last bot move (and the dice after it) is taken back, no more"
    assert not w.actions_["auto"].isChecked() and w.bots_paused()


def test_the_speed_slider_is_faster_to_the_right(qtbot):
    from PySide6.QtCore import QPoint, Qt
    w = table(qtbot, "tiki.yaml", 3)
    w.show()
    s = w.speed
    s.setValue(500)
    qtbot.mouseClick(s, Qt.LeftButton, pos=QPoint(s.width() - 2, s.height() // 2))  # a click to the right
    assert s.value() < 500, "right shortens the pause between bot moves"
    s.setValue(500)
    qtbot.mouseClick(s, Qt.LeftButton, pos=QPoint(2, s.height() // 2))
    assert s.value() > 500
