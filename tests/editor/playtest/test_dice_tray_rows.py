"""A dice tray row shows every die of its roll and what the roll drew, and is as tall as its words;
the tray has room for a few rows."""
import os
import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from motu.editor.playtest.dice_tray import ROOM, DiceTray

sys.path.insert(0, os.path.dirname(__file__))

from playtest_support import table  # noqa: E402

FIRST, SECOND, OWN = ("Random event, first die: 5 (15.12)", "Random event, second die: 2 (15.12)",
                      "Random event, the event's own die: 6 (15.12)")
RAIN = "turn 2: random event 52: The rain in Tahiti falls..."


def random_event(tray, batch=1):
    tray.add("Random event", 5, FIRST, batch)
    tray.add("Random event", 2, SECOND, batch)
    tray.note(RAIN)
    tray.add("Random event", 6, OWN, batch)


def test_a_row_shows_every_die_and_the_event_drawn(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    random_event(tray)
    assert tray.count() == 1
    assert tray.shown() == ["\n".join([FIRST, SECOND, OWN, "→ " + RAIN])], "the event under all its dice"
    assert tray.item(0).data(Qt.UserRole) == ("Random event", (5, 2, 6))


def test_a_second_event_drawn_in_the_same_turn_is_a_row_of_its_own(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    random_event(tray)
    tray.add("Random event", 3, "Random event, first die: 3 (15.12)", 1)
    assert tray.count() == 2 and tray.shown()[1] == "Random event, first die: 3 (15.12)"


def test_dice_rolled_alike_share_a_line_and_picks_stay_apart(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.add("Independence", 1, "Independence, die: 1 (15.5)", 1)
    tray.add("Independence", 4, "Independence, die: 4 (15.5)", 1)
    tray.add("Home Villages", None, "Home Villages: drawn at random, number 1 of 3 (3.1)", 2)
    tray.add("Home Villages", None, "Home Villages: drawn at random, number 1 of 2 (3.1)", 2)
    assert tray.shown() == ["Independence, dice: 1, 4 (15.5)",
                            "Home Villages: drawn at random, number 1 of 3 (3.1)\n"
                            "Home Villages: drawn at random, number 1 of 2 (3.1)"]


def test_a_row_is_as_tall_as_its_words_and_the_tray_has_room_for_a_few(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(400, 400)
    tray.show()
    random_event(tray)
    QApplication.processEvents()
    line = tray.fontMetrics().lineSpacing()
    assert tray.visualItemRect(tray.item(0)).height() >= 4 * line, "four lines of words, none cut off"
    assert tray.minimumHeight() >= ROOM * line >= 8 * line


def test_the_tables_tray_writes_the_event_under_its_dice(qtbot):
    w = table(qtbot, "tahiti.yaml", 7)  # seed 7: turn 1's random event 43 is rolled at the start
    rows = [r for r in w.dice.shown() if r.startswith("Random event, first die")]
    assert rows, "the Random Events Table's dice share a row"
    lines = rows[0].split("\n")
    assert lines[:3] == ["Random event, first die: 4 (15.12)", "Random event, second die: 3 (15.12)",
                         "Random event, the event's own die: 1 (15.12)"]
    # the RandomEvent in the presentation's words: who rolled it, its headline, what it did
    assert lines[3].startswith("→ turn 1: random event 43 (") and "): Damn fleas! — " in lines[3]


def test_a_roll_of_more_than_six_dice_draws_every_face_six_to_a_line(qtbot):
    """A volley of twelve dice (or the Mauve Death's seventeen) shows every face the words list,
    on lines of six, and its row is as tall as those lines: none is dropped."""
    from PySide6.QtGui import QColor

    from motu.editor.playtest.dice_tray import FACE, MAX_FACES
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(420, 400)
    tray.show()
    faces = (1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 1, 6, 1)
    tray.add_roll("Firing", faces, "volley: " + ", ".join(map(str, faces)), 1)
    row = tray.visualItemRect(tray.item(0))
    lines = -(-len(faces) // MAX_FACES)
    assert row.height() >= lines * FACE, "the row holds three lines of faces"
    image = tray.viewport().grab().toImage()
    red = QColor("#b01818").rgb()
    # A face of 1 is one red pip at its centre: count the ones drawn, line by line.
    ones = 0
    for line in range(lines):
        for col in range(MAX_FACES):
            x = row.left() + 3 + 1 + col * (FACE + 3) + FACE // 2
            y = row.top() + 3 + 1 + line * (FACE + 3) + FACE // 2
            ones += image.pixel(x, y) == red
    assert ones == faces.count(1), (ones, faces.count(1))
