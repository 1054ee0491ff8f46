"""Choices by hand that come up in battle and in events: a beaten Tahiti stack's retreat hex
(9.2) picked by clicking it on the map, and the three Combat Units kept at a truce and
demobilization (44-45-6) picked by clicking their hexes and the menu of what can be kept there.
The positions are set by hand as the rule tests set them (tests/engine/rules/tahiti), with the
battle's dice fed; every choice after is a click."""
import os
import sys

from PySide6.QtCore import Qt

from playtest_support import table
from test_playtest_by_hand import click_hex

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "engine", "rules", "tahiti"))
from tahiti_positions import BLUE_HOME, PAEA_AREA, PAEA_HEX, PAEA_MARAE, RED_HOME  # noqa: E402
from test_tahiti_game_combat import RED_STACK, battle  # noqa: E402
from test_tahiti_game_support import BLUE, RED, feed, run_only  # noqa: E402

from motu.engine.rules.tahiti.constants import COMBAT  # noqa: E402
from motu.engine.rules.tahiti.game_state import CELL  # noqa: E402


def seated(qtbot, state, human):
    """A Tahiti table on the shipped map playing `state`, with only `human` a human seat."""
    w = table(qtbot, "tahiti.yaml", seed=3, show=True)
    w.session.state = state
    for p, box in enumerate(w.seat_boxes):
        box.setCurrentText("human" if p == human else "random")
    w._refresh()
    w.view.reset_zoom()
    return w


def test_rule_9_2_the_beaten_stack_s_retreat_hex_is_a_click_on_the_map(qtbot):
    def home_taken(st):  # Blue has no Home Village: he chooses where to go (9.2)
        st.villages[BLUE_HOME][0] = RED
        st.maraes[PAEA_MARAE] = 1
        st.control_markers[PAEA_AREA] = BLUE
    st = battle(RED_STACK, ["militia", "militia"], setup=home_taken, rule_15_8_maraes=True)
    feed(st, 4, 5)  # 6 + 4 = 10 against 2 + 5 = 7: margin 3, Blue loses a Militia and retreats
    targets = [a - CELL for a in st.legal_actions()]
    assert st.node[3] == "on_retreat_target" and 714 in targets
    w = seated(qtbot, st, BLUE)
    assert "Blue clan: choose the hex to retreat toward" in w.panel.text()
    assert w.legal.count() == len(targets), "the choice is listed in words too"
    n = len(w.session.actions)
    click_hex(qtbot, w, w.scenario.label(PAEA_HEX))  # the battle's hex is no target: nothing is played
    assert len(w.session.actions) == n
    click_hex(qtbot, w, w.scenario.label(714))
    assert w.session.actions[n] == CELL + 714
    assert w.session.log[n].text == f"retreat toward {w.scenario.label(714)}"
    assert "Blue clan: retreat toward" in "\n".join(w.log.lines())
    st = w.session.state
    assert not [u for u in st.units if u.player == BLUE and u.cell == PAEA_HEX], "Blue has left the battle's hex"


def test_rule_44_45_6_the_three_units_kept_are_clicked_on_the_map(qtbot):
    st = battle(RED_STACK, [])  # Red's Heavy Troops and Slingers on PAEA_HEX, and no one else
    for kind in ("fighters", "militia", "militia"):
        st.add_unit(kind, RED, RED_HOME)
    run_only(st, ("demobilise", RED, 3, ()))  # 6: "each player selects any three Combat Units"
    mine = sorted((u.kind, u.cell) for u in st.units if u.player == RED and u.kind in COMBAT)
    assert len(mine) == 5 and st.node[3] == "on_keep_unit"
    w = seated(qtbot, st, RED)
    assert "Red clan: choose the Combat Units to keep" in w.panel.text() and "0 of 3 kept" in w.panel.text()
    home = w.scenario.label(RED_HOME)

    def keep_at(label, kind):
        """Click the hex; with more than one kind to keep there, a menu in words asks which."""
        n = len(w.session.actions)
        click_hex(qtbot, w, label)
        if len(w.session.actions) == n:
            menu = w.choice_menu
            texts = [a.text() for a in menu.actions()]
            assert all(t.startswith("keep ") and t.endswith(f" at {label} (44-45)") for t in texts), texts
            next(a for a in menu.actions() if a.text() == f"keep {kind} at {label} (44-45)").trigger()
            menu.close()
        assert w.session.log[n].text == f"keep {kind} at {label} (44-45)"
    paea = w.scenario.label(PAEA_HEX)
    keep_at(paea, "Heavy Troops")
    assert "1 of 3 kept" in w.panel.text()
    keep_at(home, "Fighters")
    keep_at(home, "Militia")
    st = w.session.state
    kept = sorted(u.kind for u in st.units if u.player == RED and u.kind in COMBAT)
    assert kept == ["fighters", "heavy_troops", "militia"], "the three clicked are kept"
    assert sorted((u.kind, u.cell) for u in st.units if u.player == RED and u.kind not in COMBAT) == \
        [("population", RED_HOME), ("population", PAEA_HEX)], "the other two, a Militia and the Slingers, became Population"


def test_storm_rain_and_truce_are_drawn_on_the_map_and_named_in_the_legend(qtbot):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    w = table(qtbot, "tahiti.yaml", seed=7, show=True)
    w.view.reset_zoom()
    st = w.session.state
    sea = st.b.labels.index("3114")   # open sea east of Hitiaa
    stream = next(iter(sorted(st.b.streams)))

    def shot(cell):
        """The hex and its neighbours as the scene draws them, at a fixed scale."""
        r = w.map_item.geo.cell_rect(cell)
        source = r.adjusted(-r.width(), -r.height(), r.width(), r.height())
        img = QImage(300, int(300 * source.height() / source.width()), QImage.Format_ARGB32)
        img.fill(0)
        p = QPainter(img)
        w.view.scene().render(p, QRectF(img.rect()), source)
        p.end()
        return img

    def legend_line(key):
        words = w.presenter.legend()[key]
        return next(t for t in w.legend.texts() if t.startswith(words))
    fair_sea, fair_stream = shot(sea), shot(stream)
    assert w.map_item.hatched == {}
    assert legend_line("storm").endswith("(none now)") and legend_line("truce").endswith("(none now)")
    st.cond.update({"storm": "major", "rain": 2, "truce": True})
    w._refresh()
    assert sea in w.map_item.hatched["storm"] and set(w.map_item.hatched["rain"]) == set(st.b.streams)
    truce = [m for m in w.map_item._markers if m[1] == "truce"]
    assert len(truce) == 4 and {m[3] for m in truce} == set(st.players), "a truce token for each clan's area"
    for key in ("storm", "rain", "truce"):
        assert not legend_line(key).endswith("(none now)"), f"{key} is on the map and in the legend"
    assert w.legend.texts().index(legend_line("storm")) < w.legend.texts().index(legend_line("cursed"))

    def changed(a, b):
        return sum(a.pixel(x, y) != b.pixel(x, y) for x in range(0, a.width(), 2) for y in range(0, a.height(), 2))
    stormy, rainy = shot(sea), shot(stream)
    assert changed(fair_sea, stormy) > 1000, "the sea is hatched"
    assert changed(fair_stream, rainy) > 200, "rain streaks the stream hexes"
    for key in ("storm", "rain", "truce"):
        del st.cond[key]
    w._refresh()
    assert w.map_item.hatched == {} and not [m for m in w.map_item._markers if m[1] == "truce"]
    assert legend_line("rain").endswith("(none now)")
    assert changed(fair_sea, shot(sea)) == 0 and changed(fair_stream, shot(stream)) == 0, \
        "fair weather again: the hatching and the streaks are gone"


def test_a_long_asked_row_fits_its_lines_and_keeps_the_whole_text(qtbot):
    """The pearls auction's "Asked" runs to four lines at the panel's width: it keeps its fixed
    height, its lines end in an ellipsis instead of being cut through, and the tooltip and the
    panel's text say it all."""
    from motu.editor.playtest.panel import GamePanel
    panel = GamePanel()
    qtbot.addWidget(panel)
    panel.resize(400, 400)
    panel.show()
    qtbot.waitExposed(panel)
    long = ("Auction of a move of 2: Player 1, bid or pass (highest bid $1 by Player 3); "
            "the last bidder pays the announced sum to the player who passed first")
    panel.set_rows([("Asked", "Player 1: place a boat"), ("Pearls left", "green 6")])
    qtbot.wait(10)  # the rows are laid out
    value = panel.rows.values[0]
    height = value.height()
    panel.set_rows([("Asked", long), ("Pearls left", "green 6")])
    assert value.height() == height, "the row does not grow: the layout does not jump"
    shown = value.text()
    assert shown.endswith("…") and long.startswith(shown[:-1].rstrip()[:40])
    assert value.heightForWidth(value.width()) <= value.height(), "what is shown fits the row's lines"
    assert value.toolTip() == long and f"Asked: {long}" in panel.text()
    panel.resize(900, 400)
    qtbot.wait(10)
    assert value.text() == long or len(value.text()) > len(shown), "wider: more of it is shown"
    assert value.height() == height
