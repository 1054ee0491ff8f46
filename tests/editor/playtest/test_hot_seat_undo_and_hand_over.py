"""Two players at one table (hot seat), on a small Fire in the Fern! board: each takes back only his
own last decision and what followed it, never the other's; and a player whose decision had outcomes
(the British's reaction fire: its die and its volley) reads them before the screen is passed."""
import random
import sys

sys.path.insert(0, __file__.rsplit("/tests/", 1)[0] + "/tests/engine/rules/fern")
from fern_helpers import table as fern_table, unit  # noqa: E402

from motu.engine.io.native import dumps  # noqa: E402
from motu.engine.rules.fern import motivation  # noqa: E402
from motu.engine.rules.fern.model import BRITISH_PLAYER, HOLD, MAORI_PLAYER, MOVE, REACT, SEL_UNIT0  # noqa: E402

OPEN = [". . . . . ."] * 6


class Sixes(random.Random):
    """The table's dice all rolling 6 (the last outcome of every d6): every roll known beforehand."""

    def random(self):
        return 0.999


def hot_seat(qtbot):
    """Maori warriors at 2,2 (in the open, seen) to move first; British regulars at 2,6; both seats human."""
    from motu.editor.playtest.window import PlaytestWindow  # a QApplication first (the map's cursor)
    scenario = fern_table(OPEN, unit("a", "regulars", "british", "2,6", 6) + unit("w", "warriors", "maori", "2,2", 6),
                          options={"first_side": "maori"})
    w = PlaytestWindow(dumps(scenario), seed=1)
    qtbot.addWidget(w)
    for box in w.seat_boxes:
        box.setCurrentText("human")
    w.session.rng = Sixes()
    assert w.curtain.down and "Pass the screen to Maori" in w.curtain.label.text()
    w.curtain.button.click()
    assert w.shown_seat == MAORI_PLAYER and not w.curtain.down
    b = w.session.state.b
    warriors = b.unit_index["w"]
    at = next(g.cell for g in w.session.state.groups.values() if g.unit == warriors)
    assert w.human_action(motivation.encode(b, b.leader_index["l-w"], SEL_UNIT0 + warriors, at))
    assert w.session.state.stack[-1][0] == "act", "motivated, with activation points to spend"
    return w


def cell(w, label):
    return w.scenario.grid.parse_label(label)


def test_a_player_takes_back_his_own_last_step_and_never_the_other_players_decision(qtbot):
    w = hot_seat(qtbot)
    w.human_action(MOVE + cell(w, "2,3"))
    at_2_3 = list(w.session.actions)
    w.human_action(MOVE + cell(w, "2,4"))
    assert w.actions_["undo"].isEnabled()
    w.undo()
    assert w.session.actions == at_2_3, "the Maori player takes back his last step"
    w.human_action(MOVE + cell(w, "2,4"))
    w.human_action(MOVE + cell(w, "2,5"))  # next to the British: they are offered reaction fire
    assert w.session.state.current_player() == BRITISH_PLAYER
    assert w.curtain.down and not w.curtain.holding, "nothing came of the step yet: the screen goes straight over"
    w.curtain.button.click()
    assert w.shown_seat == BRITISH_PLAYER
    offered = list(w.session.actions)
    assert w.undo_point() is None and not w.actions_["undo"].isEnabled(), "the British may not take back a Maori step"
    w.undo()
    assert w.session.actions == offered
    w.human_action(HOLD)
    w.curtain.button.click()
    assert w.shown_seat == MAORI_PLAYER and w.session.state.current_player() == MAORI_PLAYER
    assert w.undo_point() is None and not w.actions_["undo"].isEnabled(), \
        "the Maori may not take back past the British decision that answered them"
    w.undo()
    assert w.session.actions == offered + [HOLD]


def test_the_british_read_what_came_of_their_reaction_fire_before_the_screen_is_passed(qtbot):
    w = hot_seat(qtbot)
    for label in ("2,3", "2,4", "2,5"):
        w.human_action(MOVE + cell(w, label))
    w.curtain.button.click()
    assert w.shown_seat == BRITISH_PLAYER
    before = list(w.session.actions)
    lines = w.log.count()
    w.human_action(REACT)  # a 6: the reaction fire succeeds; the volley is fired and resolved
    assert w.session.state.current_player() == MAORI_PLAYER, "the Maori move on"
    assert w.curtain.holding and w.curtain.isHidden(), "no sheet yet: the British still see their side"
    assert w.shown_seat == BRITISH_PLAYER
    told = w.log.lines(False)[lines:]
    assert any("reaction fire by" in line and "1 volley" in line for line in told)
    assert any("fires from 2,6 at 2,5 (reaction fire, §6): dice 6, 6, 6, 6, 6, 6" in line for line in told), told
    assert any("Reaction fire" in row for row in w.dice.shown()), "the die is in their tray too"
    assert w.curtain.bar.button.text() == "Pass the screen to Maori" and "Maori is to move" in w.curtain.bar.label.text()
    assert w.legal.count() == 0 and not w.human_action(w.session.state.legal_actions()[0]), "nobody moves meanwhile"
    # The British may still take back their own decision: their reaction fire, its die and its volley.
    w.undo()
    assert w.session.actions == before and not w.curtain.holding and w.shown_seat == BRITISH_PLAYER
    w.human_action(REACT)
    assert w.curtain.holding
    w.curtain.bar.button.click()
    assert w.curtain.down and not w.curtain.holding and "Pass the screen to Maori" in w.curtain.label.text()
    assert w.shown_seat == MAORI_PLAYER
    w.curtain.button.click()
    assert not w.curtain.down and w.legal.count() == len(w.session.state.legal_actions())



def test_where_one_player_looked_is_not_where_the_next_players_map_opens(qtbot):
    """A player who pans the map somewhere and passes the screen must not leave it looking there
    (for a hidden side, at his hidden figures): the next player's map opens over his own stacks."""
    from PySide6.QtCore import QPointF

    from motu.editor.playtest.window import PlaytestWindow
    wide = [" ".join(["."] * 30)] * 30
    scenario = fern_table(wide, unit("a", "regulars", "british", "2,6", 6) + unit("w", "warriors", "maori", "2,2", 6),
                          options={"first_side": "maori"})
    w = PlaytestWindow(dumps(scenario), seed=1)
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    for box in w.seat_boxes:
        box.setCurrentText("human")
    w.session.rng = Sixes()
    w.curtain.button.click()
    assert w.shown_seat == MAORI_PLAYER
    b = w.session.state.b
    warriors = b.unit_index["w"]
    assert w.human_action(motivation.encode(b, b.leader_index["l-w"], SEL_UNIT0 + warriors, cell(w, "2,2")))
    view = w.view
    view.centerOn(QPointF(w.map_item.boundingRect().bottomRight()))  # the Maori player looks far away
    looked = view.mapToScene(view.viewport().rect().center())
    for label in ("2,3", "2,4", "2,5"):
        w.human_action(MOVE + cell(w, label))
    w.curtain.button.click()
    assert w.shown_seat == BRITISH_PLAYER and not w.curtain.down
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert not seen.contains(looked), "the British see where the Maori player looked"
    corner = w.map_item.boundingRect().topLeft()
    assert seen.left() <= corner.x() + seen.width() and seen.top() <= corner.y() + seen.height(), \
        "the British map opens over their own stacks, by the top left corner"


def test_casualty_markers_lie_under_the_unit_they_fell_from_never_over_its_name(qtbot):
    """§8's casualty markers are round tokens on the table: in a square where a unit stands they go
    under its counter, so the pile's front is the unit and its name reads."""
    w = hot_seat(qtbot)
    for label in ("2,3", "2,4", "2,5"):
        w.human_action(MOVE + cell(w, label))
    state = w.session.state
    at = cell(w, "2,5")
    state.cas[(at, MAORI_PLAYER)] = 2  # two warriors fallen where they stand, their markers left there (§8)
    w.map_item.set_view(state, w.presenter)
    faces = w.map_item.stack_faces(at)
    shapes = [f.shape for f in faces]
    assert "round" in shapes and shapes[-1] != "round", shapes
    assert shapes == sorted(shapes, key=lambda s: s != "round"), "every marker under every counter"
