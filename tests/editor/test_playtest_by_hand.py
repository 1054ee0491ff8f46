"""Every choice by hand: a human plays a Tahiti turn by clicks alone — picking part of a stack in the
stack panel and paddling it off in the War Canoe — and a Fire in the Fern! hot-seat turn in which the
other side's hidden units are neither drawn, nor listed, nor logged; the curtain falls between seats;
a seat switched from bot to human mid-game gets its legal actions at once."""
import os

from PySide6.QtCore import QPoint, Qt

from playtest_support import bots_play, table



def window(qtbot, name, seed):
    return table(qtbot, name, seed, show=True)


def click_hex(qtbot, w, label):
    cell = w.scenario.grid.parse_label(label)
    w.view.centerOn(w.map_item.geo.centre(cell))
    pos = w.view.mapFromScene(w.map_item.geo.centre(cell))
    qtbot.mouseClick(w.view.viewport(), Qt.LeftButton, pos=QPoint(pos.x(), pos.y()))
    return cell


def tick_unit(qtbot, w, name):
    """Click the check box of the first unticked unit of that name in the stack panel."""
    units = w.stack_panel.units
    for i in range(units.count()):
        item = units.item(i)
        if item.text().startswith(name) and item.flags() & Qt.ItemIsUserCheckable and item.checkState() == Qt.Unchecked:
            units.scrollToItem(item)
            rect = units.visualItemRect(item)
            box = QPoint(rect.left() + 10, rect.center().y())  # the check box is at the item's left
            qtbot.mouseClick(units.viewport(), Qt.LeftButton, pos=box)
            return
    raise AssertionError(f"no {name} to tick in {w.stack_panel.names()}")


def test_a_tahiti_turn_by_clicks_moving_part_of_a_stack_by_canoe(qtbot):
    w = window(qtbot, "tahiti.yaml", seed=7)
    st = w.session.state
    assert w.seat(st.current_player()) == "human" and st.player_name(st.current_player()) == "Red clan"
    w.view.reset_zoom()
    home = click_hex(qtbot, w, "2913")
    assert len(w.stack_panel.names()) == 11, "the stack panel lists every unit of the stack"
    split = [w.stack_panel.buttons.itemAt(i).widget() for i in range(w.stack_panel.buttons.count())]
    assert [b.text() for b in split] == ["Choose which units on 2913 move together"]
    qtbot.mouseClick(split[0], Qt.LeftButton)
    assert w.session.state.stack_choice() is not None
    for name in ("War Canoe", "Head Chieftain", "Militia"):
        tick_unit(qtbot, w, name)
    choice = w.session.state.stack_choice()
    assert len(choice["picked"]) == 3, "three units picked by their check boxes"
    done = w.stack_panel.buttons.itemAt(0).widget()
    assert done.text().startswith("These units move together: Head Chieftain")
    qtbot.mouseClick(done, Qt.LeftButton)
    # The group paddles off: click its hex, then a far coastal hex only a canoe reaches this turn.
    click_hex(qtbot, w, "2913")
    assert w.map_item.overlay.cells, "where the group can go lights up"
    far = click_hex(qtbot, w, "3520")
    st = w.session.state
    assert "paddle" in w.session.log[-1].text and "3520" in w.session.log[-1].text
    moved = sorted(u.kind for u in st.units if u.cell == far)
    assert moved == ["head_chieftain", "militia", "war_canoe"]
    assert len([u for u in st.units if u.cell == home]) == 8, "the rest of the stack stays at home"
    assert "Red clan: paddle" in "\n".join(w.log.lines())


def test_a_seat_switched_from_bot_to_human_gets_its_legal_actions_at_once(qtbot):
    w = window(qtbot, "tahiti.yaml", seed=7)
    w.seat_boxes[0].setCurrentText("random")
    assert w.legal.count() == 0
    w.seat_boxes[0].setCurrentText("human")
    assert w.legal.count() == len(w.session.state.legal_actions())


def _hidden_enemy(state, side):
    b = state.b
    return {gid: g for gid, g in state.groups.items() if g.hidden and b.units[g.unit].player != side}


def test_a_fern_hot_seat_turn_hides_the_other_sides_hidden_units(qtbot):
    w = window(qtbot, "fern-ambush.yaml", seed=5)
    w.seat_boxes[1].setCurrentText("human")  # two humans at one machine
    st = w.session.state
    assert st.current_player() == 0 and not w.curtain.down
    hidden = _hidden_enemy(st, 0)
    assert hidden, "the Maori start hidden in the bush"
    # Drawn: no counter of a hidden Maori group, nor anything at all in its squares.
    drawn = {f.piece for faces in w.map_item._faces_by_cell.values() for f in faces}
    names = {st.b.units[g.unit].id for g in hidden.values()}
    assert not any(p.split("#")[0] in names for p in drawn)
    for g in hidden.values():
        assert not w.map_item.stack_faces(g.cell)
        click_hex(qtbot, w, w.scenario.label(g.cell))
        assert w.stack_panel.names() == [], "the stack panel lists nothing in a hidden square"
    play_turn(w, 0, "British")
    assert w.curtain.down, "the screen is passed to the Maori player"
    assert w.legal.count() == 0 and "Pass the screen to Maori" in w.curtain.label.text()
    w.curtain.button.click()
    assert w.shown_seat == 1
    maori_view = {f.piece.split("#")[0] for faces in w.map_item._faces_by_cell.values() for f in faces}
    assert names & maori_view, "the Maori see their own hidden figures"
    assert w.legal.count() == len(w.session.state.legal_actions())
    play_turn(w, 1, "Maori")  # hidden figures move in the bush: the British learn nothing of it
    assert w.curtain.down
    w.curtain.button.click()
    assert w.shown_seat == 0
    secret = [e.full for e in w.entries if e.texts[0] is None]
    assert secret, "the Maori did things the British could not know"
    shown = "\n".join(w.log.lines(False) + w.dice.texts() + [w.panel.text()])
    assert all(text not in shown for text in secret), "nor are they logged"
    drawn = {f.piece for faces in w.map_item._faces_by_cell.values() for f in faces}
    st = w.session.state
    still = {f"{st.b.units[g.unit].id}#{gid}" for gid, g in _hidden_enemy(st, 0).items()}
    assert still and not (drawn & still), "still hidden, still not drawn"


def play_turn(w, seat, side):
    """The side to move plays by hand from the legal actions: moves first, then ends the turn."""
    start = len(w.session.actions)
    for _ in range(400):
        st = w.session.state
        if st.current_player() != seat or w.curtain.down:
            return
        legal = st.legal_actions()
        texts = [st.action_to_string(a) for a in legal]
        end = [a for a, t in zip(legal, texts) if t == "end the turn"]
        moving = [a for a, t in zip(legal, texts) if " move " in t]
        if end and len(w.session.actions) - start > 30:
            pick = end[0]
        else:
            pick = moving[0] if moving else legal[0] if not end or legal[0] != end[0] else legal[-1]
        assert w.human_action(pick)


def test_a_senior_officer_reads_the_same_in_play_and_in_the_editor(qtbot):
    from motu.engine.scenario.counter_face import CounterFaces
    w = window(qtbot, "fern-ambush.yaml", seed=5)
    s = w.scenario
    officers = [p for p in s.pieces.values() if p.kind == "senior_officer" and p.side == "british"]
    assert officers  # the British seat's own: the Maori's starts hidden
    editor = CounterFaces(s, w.map_item.catalogue)
    for officer in officers:
        drawn = [f for faces in w.map_item._faces_by_cell.values() for f in faces if f.piece == officer.id]
        assert drawn, "the officer is drawn"
        want = editor.face(officer)
        assert (drawn[0].label, drawn[0].top, drawn[0].fill) == (want.label, want.top, want.fill)


def test_a_stack_fans_out_under_the_pointer_and_keeps_its_badge(qtbot):
    from PySide6.QtGui import QImage, QPainter
    w = window(qtbot, "tahiti.yaml", seed=7)
    w.view.reset_zoom()
    home = click_hex(qtbot, w, "2913")
    assert len(w.map_item.stack_faces(home)) == 11
    assert [f.label for f in w.map_item.stack_faces(home)][:2] == ["Head Chieftain", "Clan Elder"], "names, not symbols"

    def shot():
        img = QImage(w.view.viewport().size(), QImage.Format_ARGB32)
        p = QPainter(img)
        w.view.render(p)
        p.end()
        return img
    before = shot()
    pos = w.view.mapFromScene(w.map_item.geo.centre(home))
    w.view.tool.move(w.map_item.geo.centre(home), None)  # the pointer comes to rest on the stack
    assert w.map_item.hover_cell == home
    after = shot()
    above = pos.y() - int(w.map_item.geo.cell_rect(home).height() * w.view.transform().m11())
    changed = sum(before.pixel(x, above) != after.pixel(x, above) for x in range(max(0, pos.x() - 200), pos.x() + 200))
    assert changed > 100, "a row of counters is drawn above the hex"


def test_tahiti_markers_have_a_legend_and_the_victory_track_counts_areas(qtbot):
    from motu.engine.rules.tahiti.queries import areas_held
    w = window(qtbot, "tahiti.yaml", seed=7)
    bots_play(w, 200)
    legend = w.legend.texts()
    for shown in ("Village", "Control marker", "Red clan"):
        assert shown in legend, f"{shown} is on the map and in the legend"
    keys = {key for _, key, _, _ in w.map_item._markers}
    assert {"village", "control"} <= keys
    held = areas_held(w.session.state)
    track = w.victory.text()
    for p, n in enumerate(held):
        assert f"{w.session.state.player_name(p)}: {n} of " in track
    assert "decisive victory at a lead of 4" in track


def test_a_fern_volley_by_clicking_its_target(qtbot):
    w = window(qtbot, "fern-ambush.yaml", seed=5)
    for box in w.seat_boxes:
        box.setCurrentText("heuristic")

    def fire_actions():
        st = w.session.state
        if st.current_player() != 0:
            return []
        return [a for a in st.legal_actions() if " fire at " in st.action_to_string(a)]
    for _ in range(3000):
        if fire_actions() or w.session.state.is_terminal():
            break
        w.step()
        w.wait_for_bot()
    fire = fire_actions()
    assert fire, "the British get a chance to fire"
    w.seat_boxes[0].setCurrentText("human")  # take the seat over mid-game
    st = w.session.state
    target = st.action_cells(fire[0])[1]
    n = len(w.session.actions)
    click_hex(qtbot, w, w.scenario.label(target))
    if len(w.session.actions) == n:  # several things to do at that square: the menu, in words
        menu = w.choice_menu
        texts = [a.text() for a in menu.actions()]
        assert any(" fire at " in t for t in texts)
        next(a for a in menu.actions() if " fire at " in a.text()).trigger()
        menu.close()
    assert " fire at " in w.session.log[n].text
