"""The playtest table speaks the rulebook's words: whole bot games of every rule set played through the
window, the game panel, the result panel, the dice tray, the legal actions and the event log read as a
player reads them — no engine identifiers (on_…, snake_case words, braces, "Returns:")."""
import re

import pytest

from playtest_support import bots_play, table

IDENTIFIER = re.compile(r"\bon_\w+|\b[a-z]+_[a-z0-9_]+\b|[{}]|Returns:|\b(?:True|False|None)\b"
                        r"|\b[vmt]\d+\b")  # and the ids of spaces: Tiki's v11, the pearls' m66 and t3


SHORT = {"turn_limit": 3}  # a whole Tahiti game, to its end by areas, in three turns


def window(qtbot, name, seed=3, options=None):
    return table(qtbot, name, seed, options)


def engine_words(text):
    return sorted({m.group(0) for m in IDENTIFIER.finditer(text)})


@pytest.mark.parametrize("name, bot", [("tahiti.yaml", "random"), ("tahiti-moorea.yaml", "random"),
                                       ("fern-ambush.yaml", "heuristic"), ("fern-pa-assault.yaml", "heuristic"),
                                       ("tiki.yaml", "random"), ("pearls.yaml", "random")])
def test_a_whole_bot_game_reads_in_words(qtbot, name, bot):
    w = window(qtbot, name, options=SHORT if name.startswith("tahiti") else None)
    for box in w.seat_boxes:
        box.setCurrentText(bot)
    found: set[str] = set()
    panel_heights = set()
    steps = 0
    while not w.session.state.is_terminal() and steps < 20000:
        w.step()
        w.wait_for_bot()
        steps += 1
        if steps % 25 == 0:  # the panel and the last lines as they stand mid-game
            found.update(engine_words(w.panel.text() + "\n" + w.info.text()))
            panel_heights.add(w.panel.sizeHint().height())
    assert w.session.state.is_terminal(), "the game reaches its end"
    text = w.table_text()
    found.update(engine_words(text))
    assert not found, f"engine words shown to the player: {found}"
    assert len(panel_heights) <= 1, "the game panel keeps its size while its words change"
    assert not w.result_panel.isHidden() and "Winner" in w.result_panel.text()
    assert w.dice.count() > 0 and w.log.count() > 0


def test_the_log_filters_and_copies_as_text(qtbot):
    w = window(qtbot, "tahiti.yaml", seed=7)
    bots_play(w, 150)
    every = w.log.lines()
    kinds = {w.log.item(i).data(256) for i in range(w.log.count())}
    assert {"moves", "dice", "events"} <= kinds
    w.log.filters["dice"].setChecked(False)
    shown = w.log.lines()
    assert shown and len(shown) < len(every) and not any(line.startswith("Dice:") for line in shown)
    assert w.log.copy() == "\n".join(shown)
    from PySide6.QtWidgets import QApplication
    assert QApplication.clipboard().text() == "\n".join(shown)


def test_the_dice_tray_draws_faces_grouped_by_roll_and_names_the_rule(qtbot):
    w = window(qtbot, "tahiti.yaml", seed=7)
    for box in w.seat_boxes:
        box.setCurrentText("random")
    while not any(e.dice and e.dice["group"] == "Random event" for e in w.entries) and not w.session.state.is_terminal():
        w.step()
        w.wait_for_bot()
    from PySide6.QtCore import Qt
    rows = [w.dice.item(i) for i in range(w.dice.count())]
    events = [r for r in rows if r.data(Qt.UserRole)[0] == "Random event"]
    assert events, "the Random Events Table's dice share a row"
    group, faces = events[0].data(Qt.UserRole)
    assert len(faces) >= 2 and all(1 <= f <= 6 for f in faces) and not events[0].icon().isNull()
    assert "(15.12)" in events[0].toolTip() and "first die" in events[0].toolTip()
    assert "random event" in events[0].toolTip(), "the event the dice drew is written under them"


def test_tahiti_panel_names_the_phase_and_what_the_player_is_asked(qtbot):
    w = window(qtbot, "tahiti.yaml")
    rows = dict(w.presenter.panel(w.session.state, 0))
    assert list(rows) == ["Turn", "Phase", "To move", "Initiative", "This turn", "Areas held",
                          "Counters in the cup"]
    assert rows["Phase"] == "Movement Phase"
    assert re.fullmatch(r".+ clan: move your stacks — 0 of \d+ moved", rows["To move"])
    assert rows["Turn"].startswith("1 of ")
