"""Playtest from the editor: games to their end with bots, a human move by clicks, undo, save and reload;
the document, its history and its saved state stay exactly as they were."""
import json
import os

import pytest
from PySide6.QtCore import QPoint, Qt

from editor_test_support import make_window

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIKI = os.path.join(ROOT, "motu", "resources", "rulesets", "tiki", "board.yaml")
PEARLS = os.path.join(ROOT, "motu", "resources", "rulesets", "pearls", "board.yaml")
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


def open_playtest(qtbot, tmp_path, source, show=True):
    win = make_window(qtbot, tmp_path, source=source)
    before = (win.document.snapshot_text(), win.document.undo_stack.count(), win.document.undo_stack.index(),
              win.isWindowModified())
    pt = win.start_playtest()
    assert pt is not None
    qtbot.addWidget(pt)
    pt.new_game(7)  # a fixed seed: the same dice every run
    if show:  # a hidden window plays the same game without repainting after every move
        pt.show()
        qtbot.waitExposed(pt)
    return win, pt, before


def play_to_end(pt, limit=5000, bot="random"):
    for box in pt.seat_boxes:
        box.setCurrentText(bot)
    steps = 0
    while not pt.session.state.is_terminal() and steps < limit:
        pt.step()
        pt.wait_for_bot()
        steps += 1
    assert pt.session.state.is_terminal(), "the game reaches its end"
    assert pt.info.text().startswith("Game over")


def unchanged(win, before):
    return (win.document.snapshot_text(), win.document.undo_stack.count(), win.document.undo_stack.index(),
            win.isWindowModified()) == before


TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")


@pytest.mark.parametrize("source, bot", [(TIKI, "random"), (PEARLS, "random"), (FERN, "heuristic"), (TAHITI, "random")],
                         ids=["tiki", "pearls", "fern", "tahiti"])
def test_bots_play_a_game_to_its_end_and_the_document_is_untouched(qtbot, tmp_path, source, bot):
    win, pt, before = open_playtest(qtbot, tmp_path, source, show=False)
    play_to_end(pt, bot=bot)
    assert pt.log.count() >= len(pt.session.log)
    assert unchanged(win, before)


def test_a_human_move_by_clicking_the_map(qtbot, tmp_path):
    win, pt, before = open_playtest(qtbot, tmp_path, TIKI)
    assert pt.seat(0) == "human" and pt.session.state.current_player() == 0
    assert pt.legal.count() == 9, "the legal actions are listed for the human seat"
    cell = pt.scenario.grid.parse_label("v22")
    pos = pt.view.mapFromScene(pt.map_item.geo.centre(cell))
    qtbot.mouseClick(pt.view.viewport(), Qt.LeftButton, pos=QPoint(pos.x(), pos.y()))
    assert pt.session.log[-1].text == "create a totem on v22"
    assert any(c == cell for c, _, _ in pt.session.state.markers())
    assert unchanged(win, before)


def test_hot_seat_undo_never_takes_back_the_other_players_move(qtbot, tmp_path):
    win, pt, _ = open_playtest(qtbot, tmp_path, TIKI)
    pt.seat_boxes[1].setCurrentText("human")
    dealt = list(pt.session.actions)  # the shuffle of the village tiles, rolled at the start
    first = pt.session.state.legal_actions()[0]
    assert pt.human_action(first)
    second = pt.session.state.legal_actions()[-1]
    assert pt.curtain.down and not pt.human_action(second), "two humans: the screen is passed first"
    pt.curtain.button.click()
    assert pt.human_action(second)
    if pt.curtain.holding:  # the second player reads what came of his move, then hands over
        pt.curtain.bar.button.click()
    pt.curtain.button.click()
    assert pt.shown_seat == 0 and pt.undo_point() is None and not pt.actions_["undo"].isEnabled()
    pt.undo()
    assert pt.session.actions[len(dealt):len(dealt) + 2] == [first, second], "the first player's undo is refused"


def test_a_saved_game_reloads_and_continues(qtbot, tmp_path):
    win, pt, before = open_playtest(qtbot, tmp_path, PEARLS)
    for box in pt.seat_boxes:
        box.setCurrentText("random")
    for _ in range(15):
        pt.step()
        pt.wait_for_bot()
    path = str(tmp_path / "game.motugame.json")
    assert pt.save_game(path)
    record = json.load(open(path))
    assert record["seed"] == pt.seed and [e["action"] for e in record["actions"]] == pt.session.actions
    key = pt.session.state.state_key()
    pt.new_game(12345)
    assert pt.session.state.state_key() != key
    assert pt.load_game(path)
    assert pt.session.state.state_key() == key
    pt.step()
    pt.wait_for_bot()
    assert len(pt.session.actions) > len(record["actions"]), "the reloaded game goes on"
    assert unchanged(win, before)


def test_a_game_of_another_scenario_is_refused(qtbot, tmp_path, monkeypatch):
    win, pt, _ = open_playtest(qtbot, tmp_path, TIKI)
    path = tmp_path / "other.motugame.json"
    path.write_text(json.dumps({"format": "motu-game/1", "fingerprint": "0123456789abcdef", "seed": 1, "actions": []}))
    shown = []
    import motu.editor.playtest.game_files as module
    monkeypatch.setattr(module.QMessageBox, "warning", staticmethod(lambda *a: shown.append(a[2])))
    assert not pt.load_game(str(path))
    assert "different version" in shown[0]


def test_errors_stop_the_playtest_and_show_the_problems(qtbot, tmp_path):
    from motu.engine.scenario import edits as E
    win = make_window(qtbot, tmp_path, source=TIKI)
    cell = win.document.scenario.grid.parse_label("v11")
    win.push(E.SetCellProps(cell, {"value": 7}))
    assert win.start_playtest() is None
    assert any(f.severity == "error" for f in win.problems.findings)


def test_a_bot_error_ends_its_move_with_a_message(qtbot, tmp_path, monkeypatch):
    win, pt, _ = open_playtest(qtbot, tmp_path, TIKI)
    dealt = list(pt.session.actions)  # the shuffle of the village tiles, rolled at the start

    class Broken:
        def __init__(self, rng):
            pass

        def choose(self, state):
            raise RuntimeError("bot crashed")

    monkeypatch.setattr(pt.rules, "bot_factories", lambda: {"random": Broken})
    pt.bot_objects = True  # a bot given as an object thinks on a worker thread
    pt.seat_boxes[0].setCurrentText("random")
    pt.step()
    pt.wait_for_bot()
    assert not pt._thinking
    assert "bot crashed" in pt.log.item(pt.log.count() - 1).text()
    assert pt.session.actions == dealt


def test_picking_a_piece_shows_where_it_can_go_what_it_sees_and_what_it_can_attack(qtbot, tmp_path):
    from motu.engine.rules.api import CHANCE
    win, pt, _ = open_playtest(qtbot, tmp_path, FERN)
    state = pt.session.state
    # A cell with the moving side's markers: its overlay lights targets and the cells in sight.
    side_cells = [c for c, _, side in state.markers() if side == "british"]
    assert side_cells
    cell = side_cells[0]
    moves = [(a, *state.action_cells(a)) for a in state.legal_actions()]
    overlay = pt.reach_overlay(cell, moves)
    sight = pt.rules.sight(pt.scenario)
    assert overlay.seen == {c for c in range(pt.scenario.grid.size) if c != cell and sight.visible(cell, c)}
    targets = {dst for a, src, dst in moves if dst is not None and src in (cell, None)}
    assert set(overlay.cells) | overlay.attack == targets
    enemy = {c for c, _, side in state.markers() if side not in (None, "british")}
    assert overlay.attack <= enemy
    assert state.current_player() != CHANCE


def test_playtest_from_this_position_starts_from_the_pieces_as_set_up(qtbot, tmp_path):
    hex_example = os.path.join(ROOT, "scenarios", "example-hex.yaml")
    win = make_window(qtbot, tmp_path, source=hex_example)
    s = win.document.scenario
    pt = win.start_playtest(from_position=True)
    qtbot.addWidget(pt)
    assert pt.options == {"start_from_position": True}
    # The game's first state, before any dice (random events may sink a canoe once they roll):
    first = pt._new_state()
    units = sorted((u.kind, s.grid.label(u.cell)) for u in first.units)
    expected = sorted((p.kind, s.grid.label(p.cell)) for p in s.pieces.values() if p.cell is not None
                      for _ in range(p.count))
    assert units == expected
    assert pt.session.state.markers(), "the pieces show on the playtest map"
    plain = win.start_playtest()
    qtbot.addWidget(plain)
    assert plain.options == {}
