"""Words the table shows, as a player reads them: the stack panel names the grid's cells, a result
says who won (never the engine's returns as "score 1")."""
import os
import sys


sys.path.insert(0, os.path.dirname(__file__))

from playtest_support import table  # noqa: E402
from table_games import finished_record  # noqa: E402


def test_the_stack_panel_names_the_cells_of_the_grid(qtbot):
    assert table(qtbot, "fern-ambush.yaml", 1).stack_panel.caption.text() == "Click a square to see its stack."
    assert table(qtbot, "tahiti.yaml", 1).stack_panel.caption.text() == "Click a hex to see its stack."


def test_a_tiki_result_says_who_won_and_how(qtbot, tmp_path):
    w = table(qtbot, "tiki.yaml", 5)
    assert w.load_game(finished_record(w, tmp_path, 5))
    rows = dict(w.presenter.result(w.session.state))
    assert list(rows) == ["Winner", "How", "Fruits", "Fruit supply"]
    assert rows["Winner"] in ("First player", "Second player")
    assert "score" not in w.result_panel.text()
    assert w.info.text() == f"Game over. Winner: {rows['Winner']}."


def test_a_result_without_the_rule_sets_words_names_the_winner_and_the_last_panel(qtbot, tmp_path):
    from motu.engine.rules.presentation import Presentation
    w = table(qtbot, "pearls.yaml", 5)
    assert w.load_game(finished_record(w, tmp_path, 5))
    state = w.session.state
    rows = Presentation.result(w.presenter, state)  # the base's result, as a rule set without its own gets it
    assert rows[0][0] == "Winner" and "score" not in w.result_panel.text()
    assert rows[1:] == [r for r in w.presenter.panel(state, None) if r[0] != "Winner"]
    returns = state.returns()
    best = [state.player_name(p) for p, r in enumerate(returns) if r == max(returns)]
    assert all(name in rows[0][1] for name in best) or rows[0][1] == "nobody (a draw)"


def test_the_fern_menu_counts_points_in_the_singular_and_plural(qtbot):
    w = table(qtbot, "fern-ambush.yaml", 5)
    for box in w.seat_boxes:
        box.setCurrentText("heuristic")
    texts = []
    for _ in range(400):
        st = w.session.state
        if st.is_terminal():
            break
        if st.current_player() >= 0:
            texts += [w.presenter.action_text(st, a) for a in st.legal_actions()]
            if any(" observe " in t for t in texts):
                break
        w.step()
        w.wait_for_bot()
    observe = [t for t in texts if " observe " in t]
    assert observe and all(t.endswith(("(1 point)", " points)")) for t in observe)
    assert not any("(s)" in t or "(1 points)" in t for t in texts)
