"""What a counter shows at a given size (motu/editor/canvas/counters.py), the one drawing the editor's map and
the playtest share: a counter reads the same at sizes a pixel or two apart (the playtest opens a
little smaller than the editor), a leader shows his name and never his rank alone, and a pile's
box holds all it draws."""
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from motu.editor.canvas.counters import TOP_LINE_PX, counter_texts, paint_stack, pile_box
from motu.engine.scenario.counter_face import CounterFace, name_word


def leader(name: str) -> CounterFace:
    return CounterFace("p", "#b22222", "#ffffff", name, top="Leader", short=name_word(name))


def shown(face: CounterFace, px: int) -> list[str]:
    return [text for _, _, text in counter_texts(face, px, px)]


def test_fern_leaders_read_the_same_at_the_playtests_opening_size_as_at_the_editors(qapp):
    # Fire in the Fern at 1400 x 900: the editor opens with counters 28 pixels wide, the playtest 25.
    for name in ("Capt Brown", "Rawiri", "Lt Carey"):
        assert shown(leader(name), 25)[-1] == shown(leader(name), 28)[-1], name
        assert shown(leader(name), 28)[-1].replace("\n", " ") in (name, name_word(name)), name


@pytest.mark.parametrize("name, word", [("Capt Brown", "Brown"), ("Lt Hill", "Hill"), ("Inspector Roberts", "Roberts"),
                                        ("General Cameron", "Cameron"), ("Rangatira of the pa", "Rangatira")])
def test_a_name_too_long_for_its_counter_shows_the_name_not_the_rank(qapp, name, word):
    rank = name.split()[0]
    for px in range(20, 61):
        label = shown(leader(name), px)[-1]
        assert label != rank or rank == word, (px, label)
        whole = label.replace("\n", " ")
        assert whole in (name, word) or (label.endswith("…") and word.startswith(label[:-1])), (px, label)
    assert shown(leader(name), 44)[-1].replace("\n", " ") in (name, word)  # a fanned-out counter: never cut


@pytest.mark.parametrize("label", ["War Canoe", "Naval Brigade", "Heavy Troops"])
def test_a_kind_s_two_word_name_wraps_rather_than_being_cut(qapp, label):
    face = CounterFace("u", "#2c5aa0", "#ffffff", label, bottom="3")
    assert shown(face, 44)[-1] in (label, label.replace(" ", "\n"))


def test_the_top_line_shows_from_one_size_on_and_is_never_cut(qapp):
    seen = [px for px in range(12, 61) if "Leader" in shown(leader("Rawiri"), px)]
    assert seen == list(range(seen[0], 61)) and TOP_LINE_PX <= seen[0] <= 32  # from one size on, whole
    for px in range(12, 61):
        chief = CounterFace("hc", "#c0392b", "#ffffff", "HC", top="Red Head Chieftain", bottom="2-4")
        assert not any("…" in t for t in shown(chief, px)), px


def test_a_stack_draws_nothing_outside_its_pile_box(qapp):
    cell = QRectF(0, 0, 120, 104)  # a flat-topped hex's box
    faces = [CounterFace(f"u{i}", "#2c5aa0", "#ffffff", "CE", bottom="1-3") for i in range(5)]
    img = QImage(140, 124, QImage.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing)
    p.translate(10, 10)
    paint_stack(p, cell, faces, set(), 1.0)
    p.end()
    box = pile_box(cell, len(faces)).translated(10, 10).adjusted(-1.5, -1.5, 1.5, 1.5)  # the pens' half widths
    drawn = [(x, y) for y in range(img.height()) for x in range(img.width()) if img.pixel(x, y) != QColor("white").rgb()]
    assert drawn
    assert all(box.contains(x + 0.5, y + 0.5) for x, y in drawn)
    assert box.width() < cell.width() * 0.75, "room is left beside the pile"
